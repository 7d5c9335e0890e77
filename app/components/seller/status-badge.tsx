import { CircleCheck, CircleHelp, CircleX, Clock, PencilLine } from "lucide-react";
import { useTranslation } from "react-i18next";
import { knownSubmissionStatuses } from "~/modules/studio/submission-view";

type Known = (typeof knownSubmissionStatuses)[number];

const styles: Record<Known | "unknown", { className: string; Icon: typeof Clock }> = {
  pending: {
    className:
      "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200",
    Icon: Clock,
  },
  approved: {
    className:
      "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-200",
    Icon: CircleCheck,
  },
  rejected: {
    className:
      "border-red-300 bg-red-50 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-200",
    Icon: CircleX,
  },
  draft: { className: "border-border bg-surface-2 text-fg", Icon: PencilLine },
  unknown: { className: "border-border bg-surface-2 text-muted", Icon: CircleHelp },
};

function isKnown(status: string): status is Known {
  return (knownSubmissionStatuses as readonly string[]).includes(status);
}

/**
 * A submission's status as sellers see it (docs/product.md, "Seller dashboard"): pending yellow with a clock, approved
 * green, rejected red, draft grey, anything else 'Inconnu'.
 */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const key = isKnown(status) ? status : "unknown";
  const { className, Icon } = styles[key];
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap ${className}`}
    >
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      {t(`submissionStatus.${key}`)}
    </span>
  );
}
