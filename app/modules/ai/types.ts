import type { MediaMetadata } from "~/modules/db/schema";
import type { MediaKind } from "~/modules/media/media-kind";

export type { MediaKind };

/** A title, a description and tags proposed for a listing, in one language. */
export interface MetadataProposal {
  title: string;
  description: string;
  tags: string[];
}

/** Why a proposal came from the local generator instead of the AI provider. */
export type AiWarningCode = "fallback" | "insufficientBalance" | "missingApiKey" | "providerError";

/** Every warning code, in the order of the `ai.warnings` catalog keys. */
export const aiWarningCodes = [
  "fallback",
  "insufficientBalance",
  "missingApiKey",
  "providerError",
] as const satisfies readonly AiWarningCode[];

export interface GeneratedMetadata {
  fr: MetadataProposal;
  en: MetadataProposal;
  /** `ai` when the provider answered with a valid proposal, `local` otherwise. */
  source: "ai" | "local";
  /**
   * Set whenever `source` is `local`: `fallback` when no provider is configured, the other codes
   * when the configured provider failed. The page shows `ai.warnings.<code>`.
   */
  warning?: AiWarningCode;
}

/** What the generator knows about one uploaded file. */
export interface MetadataInput {
  /** The seller's file name, as uploaded (folders are ignored). */
  fileName: string;
  kind: MediaKind;
  /** Type detected from the bytes, e.g. `image/jpeg`. */
  mime: string;
  metadata: MediaMetadata;
  /** What the seller already wrote, used as context. */
  sellerDescription?: string;
}

export interface MetadataGenerator {
  /**
   * Proposes French and English metadata. Provider failures never reject: they give the local
   * proposal with a warning. Rejects only when `signal` (the caller's own) is aborted.
   */
  generate(input: MetadataInput, signal?: AbortSignal): Promise<GeneratedMetadata>;
}
