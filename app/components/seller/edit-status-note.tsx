import { useTranslation } from "react-i18next";
import { RejectionReason } from "./rejection-reason";

/** What the item's status means for an edit: the rejection and how to send it again, or a note. */
export function StatusNote({
  status,
  reason,
  code,
}: {
  status: string;
  reason: string | null;
  code: string | null;
}) {
  const { t } = useTranslation();
  if (status === "rejected") {
    return (
      <div className="rounded-xl border border-danger/40 bg-danger/10 p-4">
        <p className="font-semibold text-danger">{t("sellerDashboard.edit.rejectedTitle")}</p>
        <RejectionReason reason={reason} code={code} />
        <p className="mt-1 text-sm text-muted">{t("sellerDashboard.edit.rejectedHint")}</p>
      </div>
    );
  }
  const note =
    status === "approved"
      ? t("sellerDashboard.edit.approvedNote")
      : status === "pending"
        ? t("sellerDashboard.edit.pendingNote")
        : status === "draft"
          ? t("sellerDashboard.edit.draftNote")
          : null;
  return note ? <p className="text-sm text-muted">{note}</p> : null;
}
