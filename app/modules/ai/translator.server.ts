import { z } from "~/modules/validation/zod";
import { env } from "~/modules/config/env.server";
import type { Locale } from "~/modules/i18n/locale";
import { logger } from "~/modules/log/logger.server";
import { maxDescriptionLength, maxTitleLength } from "~/modules/studio/product-form";
import { addTags, maxTagLength, maxTags } from "~/modules/studio/tags";
import { ProviderFailure, requestChatJson } from "./chat-completion.server";
import {
  defaultAiModel,
  defaultAiTimeoutMs,
  type MetadataGeneratorConfig,
} from "./metadata-generator.server";
import type { AiWarningCode, MetadataProposal } from "./types";

/**
 * What a seller wrote in one language, translated into the other (decision 0049): the studio's
 * "translate from …" button. Only the configured OpenAI-compatible provider translates; there is
 * no local translation, so without a provider the seller writes the other language.
 */
export type TranslationResult =
  { ok: true; text: MetadataProposal } | { ok: false; warning: Exclude<AiWarningCode, "fallback"> };

export interface TextTranslator {
  /** False when no provider is configured: the page shows a hint instead of the button. */
  readonly configured: boolean;
  translate(
    text: MetadataProposal,
    from: Locale,
    to: Locale,
    signal?: AbortSignal,
  ): Promise<TranslationResult>;
}

const languageNames: Record<Locale, string> = { fr: "French", en: "English" };

const answerSchema = z.object({
  title: z.string().trim().max(maxTitleLength),
  description: z.string().trim().max(maxDescriptionLength),
  tags: z
    .array(z.string())
    .transform((tags) =>
      addTags(
        [],
        tags
          .map((tag) => tag.replace(/^#/, "").trim().toLowerCase().slice(0, maxTagLength))
          .join("\n"),
      ).slice(0, maxTags),
    ),
});

export function translationPrompt(from: Locale, to: Locale): string {
  return [
    "You translate listings of a stock-media marketplace.",
    `Translate the listing from ${languageNames[from]} into ${languageNames[to]}, naturally, as a native seller would write it.`,
    'Answer with one JSON object and nothing else: {"title":"…","description":"…","tags":["…"]}.',
    `Keep the meaning, add nothing; an empty field stays empty. Title at most ${maxTitleLength} characters; tags lower case, one per source tag.`,
  ].join("\n");
}

export function createTranslator(config: MetadataGeneratorConfig): TextTranslator {
  const apiUrl = config.apiUrl?.trim().replace(/\/+$/, "");
  const apiKey = config.apiKey?.trim();
  if (!apiUrl || !apiKey) {
    return { configured: false, translate: async () => ({ ok: false, warning: "providerError" }) };
  }
  const model = config.model?.trim() || defaultAiModel;
  const timeoutMs = config.timeoutMs ?? defaultAiTimeoutMs;
  const fetchImpl = config.fetch ?? globalThis.fetch;
  const host = URL.parse(apiUrl)?.host ?? "(invalid URL)";
  const provider = { apiUrl, apiKey, model, fetch: fetchImpl, timeoutMs };

  async function call(
    text: MetadataProposal,
    from: Locale,
    to: Locale,
    signal: AbortSignal,
  ): Promise<TranslationResult> {
    try {
      const { json } = await requestChatJson({
        ...provider,
        system: translationPrompt(from, to),
        user: JSON.stringify(text),
        temperature: 0.2,
        signal,
      });
      const answer = answerSchema.safeParse(json);
      return answer.success
        ? { ok: true, text: answer.data }
        : { ok: false, warning: "providerError" };
    } catch (error) {
      return {
        ok: false,
        warning: error instanceof ProviderFailure ? error.code : "providerError",
      };
    }
  }

  return {
    configured: true,
    async translate(text, from, to, signal) {
      const timeout = AbortSignal.timeout(timeoutMs);
      const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
      const result = await call(text, from, to, combined);
      if (signal?.aborted) throw signal.reason;
      if (!result.ok) {
        // Logged without the key or the provider's message, as for metadata (decision 0006).
        logger().warn(
          { event: "ai.translate.failed", code: result.warning, model, host },
          "AI translation failed",
        );
      }
      return result;
    },
  };
}

let shared: TextTranslator | undefined;

/** The translator configured by AI_API_URL, AI_API_KEY and AI_MODEL, built once. */
export function textTranslator(): TextTranslator {
  const { AI_API_URL, AI_API_KEY, AI_MODEL } = env();
  shared ??= createTranslator({ apiUrl: AI_API_URL, apiKey: AI_API_KEY, model: AI_MODEL });
  return shared;
}
