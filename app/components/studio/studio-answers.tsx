import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { toast } from "~/components/shell/toasts";
import { localePath, useLocale } from "~/components/use-locale";
import { finishedAll, type StudioActionResult } from "~/modules/studio/studio-action-result";

/** Delay before the seller is taken to the dashboard once everything is published (docs/product.md, "Uploads and the seller's studio"). */
export const redirectDelayMs = 2000;

/** Toasts for a fetcher's answer, once per answer. */
export function useAnswerToasts(result: StudioActionResult | undefined, state: string) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!result || state !== "idle") return;
    if (!result.ok) {
      const message = t(`studio.errors.${result.error}`);
      if (result.intent === "publishAll")
        toast.error(result.error === "noneReady" ? message : t("studio.toasts.bulkError"));
      else if (result.intent === "publish")
        toast.error(t("studio.toasts.publishError", { message }));
      else toast.error(t("studio.toasts.saveError", { message }));
      return;
    }
    if (result.intent === "publishAll")
      toast.success(t("studio.toasts.publishedAll", { count: result.published }));
    else if (result.intent === "publish") toast.success(t("studio.toasts.published"));
    else if (result.intent === "draft")
      toast.success(t("studio.toasts.draftSaved", { title: result.title }));
    if (finishedAll(result)) toast.info(t("studio.toasts.redirecting"));
  }, [result, state, t]);
}

/** Nothing uploaded yet: say so, then go to the upload step (docs/product.md, "Uploads and the seller's studio"). */
export function StudioNoFiles() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(
      () => void navigate(localePath(locale, "/file-upload")),
      redirectDelayMs,
    );
    return () => clearTimeout(timer);
  }, [locale, navigate]);
  return (
    <div className="container-page py-16 text-center">
      <p role="status" className="text-lg">
        {t("studio.noFiles")}
      </p>
      <Link to={localePath(locale, "/file-upload")} className="btn-primary mt-6">
        {t("studio.actions.backToUpload")}
      </Link>
    </div>
  );
}
