import { useTranslation } from "react-i18next";
import { isRejectionCode } from "~/modules/admin/rejection-reasons";

/**
 * A rejected submission's reason (the admin's coded reason, translated, and any details), or a
 * note that none was given (docs/product.md, "Seller dashboard").
 */
export function RejectionReason({ reason, code }: { reason: string | null; code?: string | null }) {
  const { t } = useTranslation();
  const text = [isRejectionCode(code) ? t(`admin.reasons.${code}`) : null, reason?.trim()]
    .filter(Boolean)
    .join(" — ");
  return (
    <p className="text-sm text-danger">
      {text
        ? t("sellerDashboard.content.rejectionReason", { reason: text })
        : t("sellerDashboard.content.noReason")}
    </p>
  );
}
