import { Popover } from "radix-ui";
import { useTranslation } from "react-i18next";
import { proposalFields, type ProposalField } from "~/modules/studio/proposal-merge";
import { ReplaceFieldsLabel } from "./replace-fields-label";

/**
 * One box per field the AI may overwrite, behind a button that says which are ticked. Unticked
 * (the default), generation fills empty fields only, so nothing the seller wrote is lost. The
 * boxes live in a popover so their names never compete with the form's own fields. Loaded when
 * the seller reaches for its button (replace-fields.tsx), then shown open.
 */
export default function ReplaceFieldsPopover({
  value,
  onChange,
  defaultOpen = false,
}: {
  value: ReadonlySet<ProposalField>;
  onChange: (next: ReadonlySet<ProposalField>) => void;
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Popover.Root defaultOpen={defaultOpen}>
      <Popover.Trigger className="btn-ghost">
        <ReplaceFieldsLabel value={value} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          className="z-50 w-72 rounded-xl border border-border bg-surface p-4 shadow-xl"
        >
          <fieldset>
            <legend className="text-sm font-medium">{t("ai.replace.legend")}</legend>
            <p className="mt-1 text-xs text-muted">{t("ai.replace.hint")}</p>
            <div className="mt-2 grid gap-1">
              {proposalFields.map((field) => (
                <label key={field} className="inline-flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
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
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
