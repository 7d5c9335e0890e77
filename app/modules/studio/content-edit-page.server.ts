import type { Viewer } from "../auth/roles";
import type { Database } from "../db/client.server";
import { bilingual } from "../i18n/bilingual-text";
import type { Locale } from "../i18n/locale";
import { mediaKindOf } from "../media/media-kind";
import { allowedContentKinds, contentKinds } from "./content-kind";
import {
  findEditableSubmission,
  listCategories,
  listUnusedStudioFiles,
} from "./seller-content.server";
import { submissionHasSales } from "./sales.server";
import { categoryName, fileTile } from "./submission-view";

/**
 * What the edit page of one item shows: its fields in both languages, files, the kinds its
 * first file allows, the categories and the seller's unused studio files. Null when the viewer
 * may not edit it (someone else's, deleted, or no such item).
 */
export async function contentEditPageData(
  db: Database,
  viewer: Viewer,
  submissionId: string,
  locale: Locale,
) {
  const found = await findEditableSubmission(db, viewer, submissionId);
  if (!found) return null;
  const { submission } = found;
  const [categories, studioFiles, sold] = await Promise.all([
    listCategories(db),
    listUnusedStudioFiles(db, submission.creatorId),
    submissionHasSales(db, submission.id),
  ]);
  const first = found.files[0];
  const collator = new Intl.Collator(locale);
  return {
    submission: {
      id: submission.id,
      title: bilingual(submission.titleFr, submission.titleEn),
      description: bilingual(submission.descriptionFr, submission.descriptionEn),
      categoryId: submission.categoryId,
      kind: submission.kind,
      tags: bilingual(submission.tagsFr, submission.tagsEn),
      priceCents: submission.priceCents,
      status: submission.status,
      rejectionReason: submission.rejectionReason,
      rejectionCode: submission.rejectionCode,
      sold,
    },
    files: found.files.map(fileTile),
    cover: found.cover ? fileTile(found.cover) : null,
    kinds: first
      ? allowedContentKinds(mediaKindOf(first.detectedMime ?? "", first.fileName))
      : contentKinds,
    categories: categories
      .map((category) => ({ id: category.id, name: categoryName(category, locale) }))
      .sort((a, b) => collator.compare(a.name, b.name)),
    studioFiles: studioFiles.map(fileTile),
  };
}

export type ContentEditPageData = NonNullable<Awaited<ReturnType<typeof contentEditPageData>>>;
