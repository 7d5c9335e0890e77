import type { MediaDerivatives } from "../db/schema";
import { bilingual, inLocale } from "../i18n/bilingual-text";
import type { Locale } from "../i18n/locale";
import { mediaKindOf, type MediaKind } from "../media/media-kind";
import type { ContentKind } from "./content-kind";

/** The statuses a seller's view knows; anything else is shown as unknown (docs/product.md, "Seller dashboard"). */
export const knownSubmissionStatuses = ["draft", "pending", "approved", "rejected"] as const;

/** How many file tiles a submission shows in lists (docs/product.md, "Uploads and the seller's studio"), and the recent list's length. */
export const fileTilesShown = 4;
export const recentSubmissionsShown = 5;

/** The picture of a file the media route can serve, if the media worker made one. */
export type PictureVariant = "thumbnail" | "poster";

/** One file as the seller's pages show it: never its storage paths or checksum. */
export interface FileTile {
  id: string;
  fileName: string;
  media: MediaKind;
  picture: PictureVariant | null;
  size: number;
  processing: "none" | "queued" | "processing" | "ready" | "failed";
}

/** One submission as the seller's lists show it. */
export interface SubmissionCard {
  id: string;
  title: string;
  kind: ContentKind;
  status: string;
  priceCents: number | null;
  rejectionReason: string | null;
  /** The admin's coded reason (see admin/rejection-reasons), when rejected. */
  rejectionCode: string | null;
  categoryName: string | null;
  createdAt: Date;
  /** The first files, at most `fileTilesShown`, and how many there are in all. */
  files: FileTile[];
  fileCount: number;
  /** What stands for the submission in a grid: an ebook's cover, else its first file. */
  picture: FileTile | null;
}

interface UploadRow {
  id: string;
  fileName: string;
  detectedMime: string | null;
  size: number;
  processingStatus: FileTile["processing"];
  derivatives: MediaDerivatives;
}

export function fileTile(upload: UploadRow): FileTile {
  const { derivatives } = upload;
  return {
    id: upload.id,
    fileName: upload.fileName,
    media: mediaKindOf(upload.detectedMime ?? "", upload.fileName),
    picture: derivatives.thumbnail ? "thumbnail" : derivatives.poster ? "poster" : null,
    size: upload.size,
    processing: upload.processingStatus,
  };
}

interface SubmissionRow {
  submission: {
    id: string;
    titleFr: string;
    titleEn: string;
    kind: ContentKind;
    status: string;
    priceCents: number | null;
    rejectionReason: string | null;
    rejectionCode: string | null;
    createdAt: Date;
  };
  category: { nameFr: string; nameEn: string } | null;
  files: UploadRow[];
  cover: UploadRow | null;
}

/** A category's name in the page's language. */
export function categoryName(category: { nameFr: string; nameEn: string }, locale: Locale) {
  return locale === "fr" ? category.nameFr : category.nameEn;
}

export function submissionCard(row: SubmissionRow, locale: Locale): SubmissionCard {
  const { submission } = row;
  const files = row.files.map(fileTile);
  const cover = row.cover ? fileTile(row.cover) : null;
  return {
    id: submission.id,
    title: inLocale(bilingual(submission.titleFr, submission.titleEn), locale),
    kind: submission.kind,
    status: submission.status,
    priceCents: submission.priceCents,
    rejectionReason: submission.rejectionReason,
    rejectionCode: submission.rejectionCode,
    categoryName: row.category ? categoryName(row.category, locale) : null,
    createdAt: submission.createdAt,
    files: files.slice(0, fileTilesShown),
    fileCount: files.length,
    picture: cover?.picture ? cover : (files.find((file) => file.picture) ?? files[0] ?? null),
  };
}

/** The last `count` calendar months ("YYYY-MM", UTC), oldest first, ending with `now`'s. */
export function lastMonths(now: Date, count = 12): string[] {
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(`${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`);
  }
  return months;
}

/** What the dashboards count (see sellerStats). */
export interface SellerStatsView {
  draft: number;
  pending: number;
  approved: number;
  rejected: number;
  total: number;
  /** Approved among decided items, as a percentage with one decimal; null before any decision. */
  approvalRate: number | null;
}

/** One month of the analytics chart. */
export interface MonthCount {
  month: string;
  submitted: number;
  approved: number;
}
