import type { MediaMetadata } from "~/modules/db/schema";
import type { PageVariant } from "./document-pages";
import type { CardVariant, StillVariant } from "./responsive-images";

/** What `processMedia` receives: the original's path, its detected type and name, a work dir. */
export interface MediaInput {
  path: string;
  mime: string;
  fileName: string;
  workDir: string;
}

/** Absolute paths of the files a step wrote inside the work directory. */
export type MediaFiles = {
  thumbnail?: string;
  preview?: string;
  poster?: string;
  clip?: string;
  audio?: string;
} & Partial<Record<CardVariant | StillVariant | PageVariant, string>>;

/** One kind's processing: what was read from the file and what was made from it. */
export type MediaStep = (
  input: MediaInput,
) => Promise<{ metadata: MediaMetadata; files: MediaFiles }>;

/** The metadata without absent fields, so the stored JSON holds only what was read. */
export function compactMetadata(metadata: MediaMetadata): MediaMetadata {
  return Object.fromEntries(
    Object.entries(metadata).filter(([, value]) => value !== undefined),
  ) as MediaMetadata;
}
