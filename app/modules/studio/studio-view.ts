import type { Bilingual } from "../i18n/bilingual-text";
import type { MediaKind } from "../media/media-kind";
import type { ContentKind } from "./content-kind";

/** What the product form holds for one file; the browser edits it, the server re-checks it. */
export interface ProductFormValues {
  /** Both languages side by side (decision 0049); an empty one is "not written yet". */
  title: Bilingual<string>;
  description: Bilingual<string>;
  categoryId: string;
  kind: ContentKind;
  tags: Bilingual<string[]>;
  price: string;
  coverUploadId: string;
}

/** One studio file as the product-management page shows it. */
export interface StudioFileView {
  id: string;
  fileName: string;
  size: number;
  mime: string;
  mediaKind: MediaKind;
  processingStatus: "none" | "queued" | "processing" | "ready" | "failed";
  processingError: string | null;
  info: {
    width?: number;
    height?: number;
    durationSeconds?: number;
    pages?: number;
    format?: string;
  };
  waveform: number[];
  variants: {
    thumbnail: boolean;
    preview: boolean;
    poster: boolean;
    clip: boolean;
    audio: boolean;
  };
  allowedKinds: readonly ContentKind[];
  savedAsDraft: boolean;
  /** An automatic proposal filled the draft and the seller has not looked at it since. */
  proposalUnreviewed: boolean;
  cover: { id: string; thumbnail: boolean } | null;
  values: ProductFormValues;
}
