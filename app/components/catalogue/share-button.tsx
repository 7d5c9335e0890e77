import { Share2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/shell/toasts";

/** Shares the page through the system's sheet where there is one, else copies its link. */
export function ShareButton({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn-secondary"
      onClick={async () => {
        const url = window.location.href;
        if (typeof navigator.share === "function") {
          try {
            await navigator.share({ title, url });
            return;
          } catch {
            // Cancelled or refused: fall back to copying the link.
          }
        }
        await navigator.clipboard?.writeText(url);
        toast.success(t("catalogue.product.linkCopied"));
      }}
    >
      <Share2 className="h-4 w-4" aria-hidden="true" />
      {t("catalogue.product.share")}
    </button>
  );
}
