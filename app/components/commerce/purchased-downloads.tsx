import { Download, FileText } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { localePath } from "~/components/use-locale";
import type { BuyerPurchase } from "~/modules/commerce/buyer-dashboard.server";
import type { Locale } from "~/modules/i18n/locale";
import { StatusNote } from "./purchase-table";
import { ZipCheckbox, ZipSelection } from "./zip-selection";

/** The downloads tab: each purchase with its picture and its original files to download. */
export function PurchasedDownloads({
  purchases,
  locale,
}: {
  purchases: BuyerPurchase[];
  locale: Locale;
}) {
  const { t } = useTranslation();
  return (
    <>
      {purchases.some((purchase) => purchase.active) ? <ZipSelection locale={locale} /> : null}
      <ul className="mt-6 space-y-3">
        {purchases.map((purchase) => (
          <li
            key={purchase.entitlementId}
            className="card flex gap-4 p-4"
            data-testid="download-entry"
          >
            <span className="w-20 shrink-0 sm:w-28" aria-hidden="true">
              {purchase.picture ? (
                <img
                  src={purchase.picture}
                  alt=""
                  loading="lazy"
                  className="aspect-[4/3] w-full rounded-md bg-surface-2 object-cover"
                />
              ) : (
                <span className="flex aspect-[4/3] w-full items-center justify-center rounded-md bg-surface-2 text-muted">
                  <FileText className="h-6 w-6" />
                </span>
              )}
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-semibold break-words">
                <Link
                  to={localePath(locale, `/product/${purchase.submissionId}`)}
                  className="hover:underline"
                >
                  {purchase.title ?? t("commerce.dashboard.deletedItem")}
                </Link>
              </p>
              <p className="text-sm text-muted">
                {t(`commerce.licence.${purchase.licenceId}`)} · {purchase.date}
              </p>
              {purchase.active ? (
                <ul className="mt-2 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
                  {purchase.files.map((file) => (
                    <li key={file.id} className="min-w-0">
                      <ZipCheckbox id={file.id} name={file.fileName} bytes={file.bytes} />
                      <a
                        href={`/downloads/${file.id}`}
                        className="btn-secondary max-w-full"
                        download
                      >
                        <Download className="h-4 w-4 shrink-0" aria-hidden="true" />
                        <span className="min-w-0 truncate">
                          {t("commerce.dashboard.downloadFile", { name: file.fileName })}
                        </span>
                      </a>
                      <span className="mt-1 block text-xs text-muted" data-testid="file-facts">
                        {t("commerce.dashboard.fileFacts", {
                          format: file.format,
                          size: file.size,
                        })}
                      </span>
                    </li>
                  ))}
                </ul>
              ) : (
                <StatusNote purchase={purchase} />
              )}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
