import { BadgeCheck, Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { localePath, useLocale } from "~/components/use-locale";
import type { ProductPage } from "~/modules/catalogue/product-page.server";

/** The licences the viewer already holds: their certificates and the item's files. */
export function OwnedLicences({
  owned,
  files,
}: {
  owned: ProductPage["owned"];
  files: ProductPage["ownedFiles"];
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div
      className="mt-4 rounded-lg border border-accent bg-accent-soft p-3"
      data-testid="owned-licences"
    >
      <p className="flex items-center gap-2 font-semibold">
        <BadgeCheck className="h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
        {t("commerce.owned.title")}
      </p>
      <ul className="mt-2 space-y-1 text-sm">
        {owned.map((licence) => (
          <li key={licence.licenceId} className="break-words">
            {t("commerce.owned.licence", { name: licence.name })} ·{" "}
            <Link
              to={localePath(locale, `/certificates/${licence.certificateNumber}`)}
              className="underline"
            >
              {t("commerce.owned.certificate", { number: licence.certificateNumber })}
            </Link>
          </li>
        ))}
      </ul>
      <ul className="mt-3 flex flex-col gap-2">
        {files.map((file) => (
          <li key={file.id}>
            <a href={`/downloads/${file.id}`} className="btn-primary w-full" download>
              <Download className="h-4 w-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0 truncate">
                {t("commerce.owned.download", { name: file.fileName })}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
