import { metadataGenerator } from "~/modules/ai/metadata-generator.server";
import { services } from "~/modules/app.server";
import { access } from "~/modules/auth/roles";
import { readForm } from "~/modules/http/read-form.server";
import { getViewer } from "~/modules/http/request-context.server";
import { getT } from "~/modules/i18n/i18n";
import { isLocale } from "~/modules/i18n/locale";
import { mediaKindOf } from "~/modules/media/media-kind";
import { findStudioUpload } from "~/modules/studio/submissions.server";
import type { Route } from "./+types/api.studio-ai-metadata";

/**
 * Proposes a title, a description and tags for one of the seller's studio files (POST uploadId,
 * lang, optional sellerDescription). Answers JSON; the generator falls back to its local
 * proposal, with a warning code, whenever the AI provider is missing or fails.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const lang = String(form.get("lang") ?? "fr");
  const locale = isLocale(lang) ? lang : "fr";
  const t = getT(locale);
  const viewer = await getViewer(context);
  if (!viewer)
    return Response.json({ message: t("uploads.errors.notAuthenticated") }, { status: 401 });
  if (!(access.seller as readonly string[]).includes(viewer.role))
    return Response.json({ message: t("uploads.errors.forbidden") }, { status: 403 });

  const found = await findStudioUpload(
    (await services()).db,
    viewer,
    String(form.get("uploadId") ?? ""),
  );
  if (!found || found.upload.status !== "complete")
    return Response.json({ message: t("studio.errors.notFound") }, { status: 404 });
  const { upload } = found;
  const sellerDescription = String(form.get("sellerDescription") ?? "")
    .trim()
    .slice(0, 2000);
  const generated = await metadataGenerator().generate(
    {
      fileName: upload.fileName,
      kind: mediaKindOf(upload.detectedMime ?? "", upload.fileName),
      mime: upload.detectedMime ?? "",
      metadata: upload.metadata,
      sellerDescription: sellerDescription || undefined,
    },
    request.signal,
  );
  return Response.json({
    proposal: generated[locale],
    // Both languages, for the studio's side-by-side text (decision 0049).
    proposals: { fr: generated.fr, en: generated.en },
    source: generated.source,
    warning: generated.warning ? t(`ai.warnings.${generated.warning}`) : null,
  });
}
