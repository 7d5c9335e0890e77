import { SlidersHorizontal } from "lucide-react";
import { useTranslation } from "react-i18next";
import { proposalFields, type ProposalField } from "~/modules/studio/proposal-merge";

/** What the replace button says: which fields the AI may overwrite, if any. */
export function ReplaceFieldsLabel({ value }: { value: ReadonlySet<ProposalField> }) {
  const { t } = useTranslation();
  const ticked = proposalFields.filter((field) => value.has(field));
  return (
    <>
      <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
      {ticked.length === 0
        ? t("ai.replace.none")
        : t("ai.replace.some", {
            fields: ticked.map((field) => t(`ai.replace.${field}`)).join(", "),
          })}
    </>
  );
}
