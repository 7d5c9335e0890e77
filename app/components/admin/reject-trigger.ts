export interface RejectProps {
  submissionId: string;
  title: string;
  /** Several at once: the bulk rejection. */
  submissionIds?: readonly string[];
}

/** The reject button's looks and marks, the same before and after its dialog is loaded. */
export function rejectTriggerProps({ submissionId, submissionIds }: Omit<RejectProps, "title">) {
  return {
    className: "btn border border-danger/50 text-danger hover:bg-danger/10",
    // The keyboard shortcut presses it (use-moderation-shortcuts.ts).
    "data-reject-trigger": submissionIds ? undefined : submissionId,
    disabled: submissionIds !== undefined && submissionIds.length === 0,
  };
}
