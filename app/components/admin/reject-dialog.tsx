import { Dialog } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { rejectionCodes, rejectionNoteMax } from "~/modules/admin/rejection-reasons";
import { rejectTriggerProps, type RejectProps } from "./reject-trigger";

/**
 * Asks for a coded reason (and optional details) before rejecting a pending submission, or
 * several at once (`submissionIds`, the bulk rejection). Loaded when the administrator reaches
 * for its button (reject-button.tsx), then shown open.
 */
export default function RejectDialog({
  submissionId,
  title,
  submissionIds,
  defaultOpen = false,
}: RejectProps & { defaultOpen?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(defaultOpen);
  const navigation = useNavigation();
  const bulk = submissionIds !== undefined;
  const intent = bulk ? "bulkReject" : "reject";
  const sending =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    (bulk || navigation.formData.get("submissionId") === submissionId);
  const wasSending = useRef(false);
  useEffect(() => {
    if (wasSending.current && !sending) setOpen(false);
    wasSending.current = sending;
  }, [sending]);
  const id = `reject-${submissionId}`;
  return (
    <Dialog.Root open={open || sending} onOpenChange={setOpen}>
      <Dialog.Trigger {...rejectTriggerProps({ submissionId, submissionIds })}>
        {bulk ? t("admin.moderation.bulkReject") : t("admin.moderation.reject")}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-border bg-surface p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">
            {bulk
              ? t("admin.moderation.bulkRejectTitle", { count: submissionIds.length })
              : t("admin.moderation.rejectTitle", { title })}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted">
            {t("admin.moderation.reasonHint")}
          </Dialog.Description>
          <Form method="post" className="mt-4 space-y-4">
            <input type="hidden" name="intent" value={intent} />
            {(submissionIds ?? [submissionId]).map((id) => (
              <input key={id} type="hidden" name="submissionId" value={id} />
            ))}
            <div>
              <label htmlFor={`${id}-code`} className="field-label">
                {t("admin.moderation.reasonLabel")}
              </label>
              <select
                id={`${id}-code`}
                name="code"
                className="field-input"
                defaultValue="quality"
                required
              >
                {rejectionCodes.map((code) => (
                  <option key={code} value={code}>
                    {t(`admin.reasons.${code}`)}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${id}-note`} className="field-label">
                {t("admin.moderation.noteLabel")}
              </label>
              <textarea
                id={`${id}-note`}
                name="note"
                rows={3}
                maxLength={rejectionNoteMax}
                className="field-input"
              />
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              <Dialog.Close className="btn-secondary" disabled={sending}>
                {t("admin.moderation.cancel")}
              </Dialog.Close>
              <button
                type="submit"
                className="btn bg-danger text-white hover:opacity-90 dark:text-bg"
                disabled={sending}
              >
                {t("admin.moderation.confirmReject")}
              </button>
            </div>
          </Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
