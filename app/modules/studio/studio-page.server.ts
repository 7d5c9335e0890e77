import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { categories, platformSettings } from "../db/schema";
import { bilingual } from "../i18n/bilingual-text";
import type { Locale } from "../i18n/locale";
import { mediaKindOf } from "../media/media-kind";
import { allowedContentKinds, defaultContentKind } from "./content-kind";
import { centsToInput, defaultPriceCents } from "./pricing";
import type { StudioFileView } from "./studio-view";
import { listStudioFiles } from "./submissions.server";

export async function studioPageData(db: Database, ownerId: string, locale: Locale) {
  const [files, categoryRows, settings] = await Promise.all([
    listStudioFiles(db, ownerId),
    db.select().from(categories).orderBy(asc(categories.position)),
    db.query.platformSettings.findFirst({ where: eq(platformSettings.id, 1) }),
  ]);
  const views: StudioFileView[] = files.map(({ upload, submission, cover }) => {
    const mediaKind = mediaKindOf(upload.detectedMime ?? "", upload.fileName);
    const kind = submission?.kind ?? defaultContentKind(mediaKind);
    const { derivatives, metadata } = upload;
    return {
      id: upload.id,
      fileName: upload.fileName,
      size: upload.size,
      mime: upload.detectedMime ?? "",
      mediaKind,
      processingStatus: upload.processingStatus,
      processingError: upload.processingError,
      info: {
        width: metadata.width,
        height: metadata.height,
        durationSeconds: metadata.durationSeconds,
        pages: metadata.pages,
        format: metadata.format,
      },
      waveform: metadata.waveform ?? [],
      variants: {
        thumbnail: Boolean(derivatives.thumbnail),
        preview: Boolean(derivatives.preview),
        poster: Boolean(derivatives.poster),
        clip: Boolean(derivatives.clip),
        audio: Boolean(derivatives.audio),
      },
      allowedKinds: allowedContentKinds(mediaKind),
      savedAsDraft: Boolean(submission),
      proposalUnreviewed: submission?.proposalUnreviewed ?? false,
      cover: cover ? { id: cover.id, thumbnail: Boolean(cover.derivatives.thumbnail) } : null,
      values: {
        title: bilingual(submission?.titleFr ?? "", submission?.titleEn ?? ""),
        description: bilingual(submission?.descriptionFr ?? "", submission?.descriptionEn ?? ""),
        categoryId: submission?.categoryId ?? "",
        kind,
        tags: bilingual(submission?.tagsFr ?? [], submission?.tagsEn ?? []),
        price: centsToInput(
          submission ? submission.priceCents : defaultPriceCents(kind, upload.fileName, metadata),
          locale,
        ),
        coverUploadId: "",
      },
    };
  });
  return {
    /** The admin's switch: propose AI metadata for new files without being asked. */
    aiAutoGenerate: settings?.aiAutoGenerateEnabled ?? false,
    files: views,
    categories: categoryRows.map((row) => ({
      id: row.id,
      kind: row.kind,
      name: locale === "fr" ? row.nameFr : row.nameEn,
    })),
  };
}
