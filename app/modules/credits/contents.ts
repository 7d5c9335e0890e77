import type { TFunction } from "i18next";
import type { Counts } from "./plans";

const kinds = ["photos", "videos", "vectors", "audios", "aiImages"] as const;

/**
 * What a pack or plan is worth, in the reader's language with each kind's plural form
 * ("1 vidéo · 0 audio" in French, "1 video · 0 audio tracks" in English).
 */
export function describeContents(t: TFunction, counts: Counts): string {
  return kinds.map((kind) => t(`credits.contents.${kind}`, { count: counts[kind] })).join(" · ");
}
