import { FileUp, PenLine } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { localePath, useLocale } from "../use-locale";

/** The upload tab: the two steps of publishing (docs/product.md, "Uploads and the seller's studio"), and the way to the first. */
export function UploadPanel() {
  const { t } = useTranslation();
  const locale = useLocale();
  const steps = [
    {
      Icon: FileUp,
      title: t("sellerDashboard.upload.step1Title"),
      text: t("sellerDashboard.upload.step1Text"),
    },
    {
      Icon: PenLine,
      title: t("sellerDashboard.upload.step2Title"),
      text: t("sellerDashboard.upload.step2Text"),
    },
  ];
  return (
    <section aria-labelledby="upload-title" className="card p-4 sm:p-6">
      <h2 id="upload-title" className="text-lg font-semibold">
        {t("sellerDashboard.upload.title")}
      </h2>
      <ol className="mt-4 grid gap-4 md:grid-cols-2">
        {steps.map(({ Icon, title, text }) => (
          <li key={title} className="flex gap-3 rounded-xl bg-surface-2 p-4">
            <Icon className="mt-0.5 h-6 w-6 shrink-0 text-accent" aria-hidden="true" />
            <div>
              <h3 className="font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-muted">{text}</p>
            </div>
          </li>
        ))}
      </ol>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={localePath(locale, "/file-upload")} className="btn-primary">
          {t("sellerDashboard.upload.cta")}
        </Link>
        <Link to={localePath(locale, "/product-management")} className="btn-secondary">
          {t("sellerDashboard.upload.step2Cta")}
        </Link>
      </div>
    </section>
  );
}
