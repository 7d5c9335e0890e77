import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/shell/toasts";
import { runInBatches } from "~/modules/ai/batches";
import type { MetadataProposal } from "~/modules/ai/types";
import type { Locale } from "~/modules/i18n/locale";
import type { ProposalField, ProposalSlot, ProposalValues } from "~/modules/studio/proposal-merge";
import type { ProductFormValues } from "~/modules/studio/studio-view";

/** The server's answer: the form's values after the proposal, kept as a draft. */
export interface AiAnswer {
  values: ProposalValues;
  filled: ProposalSlot[];
  unreviewed: boolean;
  proposal: { fr: MetadataProposal; en: MetadataProposal };
  warning: string | null;
}

/** A file's form as the page holds it, and whether the seller changed its kind. */
export interface CurrentForm {
  values: ProductFormValues;
  kindChosen: boolean;
}

/** The server's values as the side-by-side form holds them (decision 0049). */
export function formValuesOf(values: ProposalValues): Partial<ProductFormValues> {
  return {
    title: { fr: values.title_fr, en: values.title_en },
    description: { fr: values.description_fr, en: values.description_en },
    tags: { fr: values.tags_fr, en: values.tags_en },
    categoryId: values.categoryId,
    kind: values.kind,
  };
}

async function requestProposal(
  uploadId: string,
  locale: Locale,
  current: CurrentForm,
  replace: ReadonlySet<ProposalField>,
  mode: "single" | "batch",
) {
  const body = new FormData();
  body.set("uploadId", uploadId);
  body.set("lang", locale);
  body.set("mode", mode);
  const { values } = current;
  body.set(
    "current",
    JSON.stringify({
      title_fr: values.title.fr,
      title_en: values.title.en,
      description_fr: values.description.fr,
      description_en: values.description.en,
      tags_fr: values.tags.fr,
      tags_en: values.tags.en,
      categoryId: values.categoryId,
      kind: values.kind,
      kindChosen: current.kindChosen,
      price: values.price,
    }),
  );
  for (const field of replace) body.append("replace", field);
  const response = await fetch("/api/studio/ai-metadata", { method: "POST", body });
  const answer = (await response.json().catch(() => ({}))) as Partial<AiAnswer> & {
    message?: string;
  };
  if (!response.ok || !answer.values) throw new Error(answer.message ?? response.statusText);
  return answer as AiAnswer;
}

/**
 * Generating metadata for one file or for all of them (3 at a time, a 1 s pause between
 * batches: docs/product.md, "Uploads and the seller's studio"). The server fills empty fields
 * only (and those in `replace`) and keeps the draft; answers go to `apply`, warnings and
 * errors become toasts.
 */
export function useAiMetadata(
  locale: Locale,
  currentOf: (uploadId: string) => CurrentForm,
  apply: (uploadId: string, answer: AiAnswer) => void,
) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const mark = (ids: string[], on: boolean) =>
    setPending((current) => {
      const next = new Set(current);
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });

  async function generateOne(uploadId: string, replace: ReadonlySet<ProposalField>) {
    mark([uploadId], true);
    try {
      const answer = await requestProposal(
        uploadId,
        locale,
        currentOf(uploadId),
        replace,
        "single",
      );
      apply(uploadId, answer);
      if (answer.warning) toast.warning(answer.warning);
      if (answer.filled.length === 0) toast.info(t("ai.status.nothingToFill"));
      return answer;
    } catch (error) {
      toast.error(t("ai.errors.generic", { message: (error as Error).message }));
      return null;
    } finally {
      mark([uploadId], false);
    }
  }

  async function generateAll(uploadIds: string[], replace: ReadonlySet<ProposalField>) {
    mark(uploadIds, true);
    try {
      const results = await runInBatches(uploadIds, (id) =>
        requestProposal(id, locale, currentOf(id), replace, "batch"),
      );
      const warnings = new Set<string>();
      results.forEach((result, index) => {
        if (result.status === "fulfilled") {
          apply(uploadIds[index]!, result.value);
          if (result.value.warning) warnings.add(result.value.warning);
        }
      });
      for (const warning of warnings) toast.warning(warning);
      if (results.some((result) => result.status === "rejected")) toast.error(t("ai.errors.batch"));
    } finally {
      mark(uploadIds, false);
    }
  }

  return { pending, generateOne, generateAll };
}
