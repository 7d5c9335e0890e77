import { useTranslation } from "react-i18next";
import { useLocale } from "~/components/use-locale";
import type { ProductFile } from "~/modules/catalogue/catalogue.server";
import type { CatalogueKind } from "~/modules/catalogue/catalogue-query";
import { formatDuration } from "~/modules/i18n/format-media";
import { formatBytes } from "~/modules/i18n/i18n";

/** The product's main file as facts: dimensions, format, size, duration, pages, kind. */
export function InfoPanel({ kind, files }: { kind: CatalogueKind; files: ProductFile[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const main = files.find((file) => file.purpose === "original") ?? files[0];
  const meta = main?.metadata ?? {};
  const rows: Array<[string, string]> = [];
  if (meta.width && meta.height)
    rows.push([t("catalogue.product.dimensions"), `${meta.width} × ${meta.height} px`]);
  if (meta.format || main?.mime)
    rows.push([t("catalogue.product.format"), (meta.format ?? main?.mime ?? "").toUpperCase()]);
  if (main)
    // In the unit that suits the size: "512 ko" rather than "0 Mo".
    rows.push([t("catalogue.product.size"), formatBytes(locale, main.size)]);
  if (meta.durationSeconds)
    rows.push([t("catalogue.product.duration"), formatDuration(meta.durationSeconds)]);
  if (meta.pages) rows.push([t("catalogue.product.pages"), String(meta.pages)]);
  rows.push([t("catalogue.product.kind"), t(`categories.${kind}`)]);
  return (
    <section className="card p-5" aria-labelledby="info-title">
      <h2 id="info-title" className="text-lg font-semibold">
        {t("catalogue.product.info")}
      </h2>
      <dl
        className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm"
        data-testid="info-panel"
      >
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
