import { useTranslation } from "react-i18next";
import { useLocale } from "~/components/use-locale";
import { formatDuration } from "~/modules/i18n/format-media";
import { formatBytes } from "~/modules/i18n/i18n";
import type { StudioFileView } from "~/modules/studio/studio-view";

/** What was read from the file itself (real metadata, not 'à déterminer': decision record 0007). */
export function FileInfo({ file }: { file: StudioFileView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { info } = file;
  const rows: Array<[string, string]> = [];
  if (info.width && info.height)
    rows.push([
      t("studio.info.dimensions"),
      t("studio.info.dimensionsValue", { width: info.width, height: info.height }),
    ]);
  if (info.durationSeconds !== undefined)
    rows.push([t("studio.info.duration"), formatDuration(info.durationSeconds)]);
  if (info.pages) rows.push([t("studio.info.pages"), String(info.pages)]);
  rows.push([t("studio.info.format"), info.format ?? file.mime]);
  rows.push([t("studio.info.size"), formatBytes(locale, file.size)]);
  return (
    <section aria-labelledby={`info-${file.id}`} className="rounded-lg bg-surface-2 p-4 text-sm">
      <h3 id={`info-${file.id}`} className="mb-2 font-semibold">
        {t("studio.info.heading")}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
