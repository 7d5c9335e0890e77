import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { runInBatches } from "~/modules/ai/batches";
import type { MetadataProposal } from "~/modules/ai/types";
import type { Bilingual } from "~/modules/i18n/bilingual-text";
import type { Locale } from "~/modules/i18n/locale";

interface AiAnswer {
  proposal: MetadataProposal;
  proposals: Bilingual<MetadataProposal>;
  warning: string | null;
}

async function requestProposal(uploadId: string, locale: Locale, sellerDescription: string) {
  const body = new FormData();
  body.set("uploadId", uploadId);
  body.set("lang", locale);
  body.set("sellerDescription", sellerDescription);
  const response = await fetch("/api/studio/ai-metadata", { method: "POST", body });
  const answer = (await response.json().catch(() => ({}))) as Partial<AiAnswer> & {
    message?: string;
  };
  if (!response.ok || !answer.proposals) throw new Error(answer.message ?? response.statusText);
  return answer as AiAnswer;
}

/**
 * Generating metadata for one file or for all of them (3 at a time, a 1 s pause between
 * batches: docs/product.md, "Uploads and the seller's studio"). Proposals go to `apply`; warnings and errors become toasts.
 */
export function useAiMetadata(
  locale: Locale,
  apply: (uploadId: string, proposals: Bilingual<MetadataProposal>) => void,
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

  async function generateOne(uploadId: string, sellerDescription = "") {
    mark([uploadId], true);
    try {
      const answer = await requestProposal(uploadId, locale, sellerDescription);
      apply(uploadId, answer.proposals);
      if (answer.warning) toast.warning(answer.warning);
      return answer;
    } catch (error) {
      toast.error(t("ai.errors.generic", { message: (error as Error).message }));
      return null;
    } finally {
      mark([uploadId], false);
    }
  }

  async function generateAll(uploadIds: string[]) {
    mark(uploadIds, true);
    try {
      const results = await runInBatches(uploadIds, (id) => requestProposal(id, locale, ""));
      const warnings = new Set<string>();
      results.forEach((result, index) => {
        if (result.status === "fulfilled") {
          apply(uploadIds[index]!, result.value.proposals);
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
