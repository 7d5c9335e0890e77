import { useTranslation } from "react-i18next";
import { proposalFields, type ProposalField } from "~/modules/studio/proposal-merge";

/**
 * One box per field the AI may overwrite. Unticked (the default), generation fills empty
 * fields only, so nothing the seller wrote is lost.
 */
export function ReplaceFields({
  value,
  onChange,
}: {
  value: ReadonlySet<ProposalField>;
  onChange: (next: ReadonlySet<ProposalField>) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="mt-3 rounded-lg border border-border px-3 py-2">
      <legend className="px-1 text-sm font-medium">{t("ai.replace.legend")}</legend>
      <p className="text-xs text-muted">{t("ai.replace.hint")}</p>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {proposalFields.map((field) => (
          <label key={field} className="inline-flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="replace"
              value={field}
              checked={value.has(field)}
              onChange={(event) => {
                const next = new Set(value);
                if (event.target.checked) next.add(field);
                else next.delete(field);
                onChange(next);
              }}
            />
            {t(`ai.replace.${field}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
