import { z } from "~/modules/validation/zod";
import { env } from "~/modules/config/env.server";
import { logger } from "~/modules/log/logger.server";
import { ProviderFailure, requestChatJson } from "./chat-completion.server";
import { fileFacts, formatDuration } from "./file-facts.server";
import {
  localMetadata,
  maxDescriptionLength,
  maxTagLength,
  maxTags,
  maxTitleLength,
} from "./local-metadata.server";
import type { AiWarningCode, GeneratedMetadata, MetadataGenerator, MetadataInput } from "./types";
import { colours } from "./vocabulary.server";

export const defaultAiModel = "gpt-4o-mini";
export const defaultAiTimeoutMs = 15_000;

export interface MetadataGeneratorConfig {
  /** Base URL of an OpenAI-compatible API, e.g. https://api.openai.com/v1. */
  apiUrl?: string;
  apiKey?: string;
  model?: string;
  timeoutMs?: number;
  /** Injected in tests; defaults to the global fetch. */
  fetch?: typeof fetch;
}

const tagList = z.preprocess(
  (value) => {
    if (!Array.isArray(value)) return value;
    // Models write tags loosely ("#Sunset ", duplicates, a few too many): tidy before checking.
    const tags: unknown[] = [];
    for (const item of value) {
      const tag =
        typeof item === "string"
          ? item.replace(/^#/, "").replace(/\s+/g, " ").trim().toLowerCase()
          : item;
      if (tag === "" || tags.includes(tag)) continue;
      tags.push(tag);
    }
    return tags.slice(0, maxTags);
  },
  z.array(z.string().min(1).max(maxTagLength)).min(3).max(maxTags),
);

const proposalSchema = z.object({
  title: z.string().trim().min(3).max(maxTitleLength),
  description: z.string().trim().min(1).max(maxDescriptionLength),
  tags: tagList,
});

/** The JSON the model must answer with. */
export const aiAnswerSchema = z.object({ fr: proposalSchema, en: proposalSchema });

export const systemPrompt = [
  "You write listings for a stock-media marketplace (photos, videos, audio, vectors, ebooks, 3D models).",
  "From the facts about one uploaded file, propose a title, a description and search tags, in French and in English.",
  'Answer with one JSON object and nothing else: {"fr":{"title":"…","description":"…","tags":["…"]},"en":{"title":"…","description":"…","tags":["…"]}}.',
  `Rules: title 3 to ${maxTitleLength} characters, specific and natural, no file name, no file extension;`,
  "description 1 to 3 sentences a buyer finds useful (subject, mood, possible uses, technical facts given), at most 600 characters;",
  `5 to ${maxTags} tags, lower case, single words or short phrases of at most ${maxTagLength} characters, no '#', no duplicates;`,
  "each language written natively (not word-for-word translation); invent nothing that the facts do not support;",
  "camera-generated names such as IMG_1234 carry no meaning.",
].join("\n");

/** What the model is told about the file: the same facts the local generator reads. */
export function userPrompt(input: MetadataInput): string {
  const facts = fileFacts(input);
  const lines = [
    `File name: ${input.fileName}`,
    `Kind: ${facts.variant} (${input.mime})`,
    facts.width && facts.height
      ? `Size: ${facts.width} × ${facts.height} px${facts.orientation ? `, ${facts.orientation}` : ""}${facts.videoClass ? `, ${facts.videoClass}` : ""}`
      : "",
    facts.durationSeconds ? `Duration: ${formatDuration(facts.durationSeconds)}` : "",
    facts.pages ? `Pages: ${facts.pages}` : "",
    facts.colours.length > 0
      ? `Dominant colours: ${facts.colours.map((c) => colours[c].en).join(", ")}`
      : "",
    facts.embeddedTitle ? `Title embedded in the file: ${facts.embeddedTitle}` : "",
    facts.embeddedDescription
      ? `Description embedded in the file: ${facts.embeddedDescription}`
      : "",
    facts.embeddedAuthor ? `Author embedded in the file: ${facts.embeddedAuthor}` : "",
    facts.embeddedGenre ? `Genre embedded in the file: ${facts.embeddedGenre}` : "",
    facts.embeddedKeywords.length > 0
      ? `Keywords embedded in the file: ${facts.embeddedKeywords.join(", ")}`
      : "",
    input.sellerDescription?.trim()
      ? `The seller's own description: ${input.sellerDescription.trim().slice(0, maxDescriptionLength)}`
      : "",
  ];
  return lines.filter(Boolean).join("\n");
}

/**
 * The metadata generator: an OpenAI-compatible chat-completions provider when both `apiUrl` and
 * `apiKey` are set, the local generator otherwise or whenever the provider fails.
 */
export function createMetadataGenerator(config: MetadataGeneratorConfig): MetadataGenerator {
  const apiUrl = config.apiUrl?.trim().replace(/\/+$/, "");
  const apiKey = config.apiKey?.trim();
  const model = config.model?.trim() || defaultAiModel;
  const timeoutMs = config.timeoutMs ?? defaultAiTimeoutMs;
  const fetchImpl = config.fetch ?? globalThis.fetch;

  const local = (input: MetadataInput, warning: AiWarningCode): GeneratedMetadata => ({
    ...localMetadata(input),
    source: "local",
    warning,
  });

  if (!apiUrl || !apiKey) {
    return { generate: async (input) => local(input, "fallback") };
  }
  const provider = { apiUrl, apiKey, model, fetch: fetchImpl, timeoutMs };
  // Logged instead of the URL, which could carry credentials.
  const host = URL.parse(apiUrl)?.host ?? "(invalid URL)";

  async function callProvider(input: MetadataInput, signal: AbortSignal) {
    const { json, status } = await requestChatJson({
      ...provider,
      system: systemPrompt,
      user: userPrompt(input),
      temperature: 0.4,
      signal,
    });
    const answer = aiAnswerSchema.safeParse(json);
    if (!answer.success)
      throw new ProviderFailure("providerError", "answer does not match the schema", status);
    return answer.data;
  }

  return {
    async generate(input, signal) {
      const timeout = AbortSignal.timeout(timeoutMs);
      const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
      try {
        const answer = await callProvider(input, combined);
        return { fr: answer.fr, en: answer.en, source: "ai" };
      } catch (error) {
        // The caller gave up (the seller left, the request closed): that is not a provider failure.
        if (signal?.aborted) throw signal.reason;
        const failure =
          error instanceof ProviderFailure
            ? error
            : new ProviderFailure(
                "providerError",
                error instanceof Error ? error.message : String(error),
              );
        logger().warn(
          {
            event: "ai.metadata.fallback",
            code: failure.code,
            status: failure.status,
            model,
            host,
          },
          `AI metadata provider failed, local metadata used: ${failure.message}`,
        );
        return local(input, failure.code);
      }
    },
  };
}

let shared: MetadataGenerator | undefined;

/** The generator configured by AI_API_URL, AI_API_KEY and AI_MODEL, built once. */
export function metadataGenerator(): MetadataGenerator {
  const { AI_API_URL, AI_API_KEY, AI_MODEL } = env();
  shared ??= createMetadataGenerator({ apiUrl: AI_API_URL, apiKey: AI_API_KEY, model: AI_MODEL });
  return shared;
}
