import { metadataGenerator } from "~/modules/ai/metadata-generator.server";
import { services } from "~/modules/app.server";
import { access } from "~/modules/auth/roles";
import { readForm } from "~/modules/http/read-form.server";
import { getViewer } from "~/modules/http/request-context.server";
import { getT } from "~/modules/i18n/i18n";
import { bilingual, inLocale } from "~/modules/i18n/bilingual-text";
import { isLocale } from "~/modules/i18n/locale";
import { mediaKindOf } from "~/modules/media/media-kind";
import { currentFormSchema, saveProposalDraft } from "~/modules/studio/proposal-drafts.server";
import { isProposalField } from "~/modules/studio/proposal-merge";
import { StudioError } from "~/modules/studio/studio-error";
import { findStudioUpload } from "~/modules/studio/submissions.server";
import type { Route } from "./+types/api.studio-ai-metadata";

function parseJson(raw: FormDataEntryValue | null): unknown {
  try {
    return JSON.parse(typeof raw === "string" ? raw : "{}");
  } catch {
    return {};
  }
}

/**
 * Proposes a title, a description, tags, a kind and a category for one of the seller's studio
 * files (POST uploadId, lang, current = the form's values as JSON, replace = fields to
 * overwrite, mode = single | batch), applies it to the empty fields (and those in `replace`) and
 * keeps the result as a draft. Answers JSON with the new values (both languages, decision 0049)
 * and the proposal in both languages; the generator falls back to its local proposal, with a warning code, whenever the
 * AI provider is missing or fails.
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

  const app = await services();
  const uploadId = String(form.get("uploadId") ?? "");
  const found = await findStudioUpload(app.db, viewer, uploadId);
  if (!found || found.upload.status !== "complete")
    return Response.json({ message: t("studio.errors.notFound") }, { status: 404 });
  const sent = form.get("current");
  const current = currentFormSchema.nullable().safeParse(sent === null ? null : parseJson(sent));
  if (!current.success)
    return Response.json({ message: t("studio.errors.notFound") }, { status: 400 });
  const { upload } = found;
  // What the seller wrote about the file, in the page's language or else the other one.
  const sellerDescription = current.data
    ? inLocale(bilingual(current.data.description_fr, current.data.description_en), locale)
        .trim()
        .slice(0, 2000)
    : "";
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
  try {
    const result = await saveProposalDraft(app, viewer, {
      uploadId,
      current: current.data,
      replace: new Set(form.getAll("replace").filter(isProposalField)),
      automatic: form.get("mode") === "batch",
      generated,
    });
    return Response.json({
      ...result,
      proposal: { fr: generated.fr, en: generated.en },
      source: generated.source,
      warning: generated.warning ? t(`ai.warnings.${generated.warning}`) : null,
    });
  } catch (error) {
    if (error instanceof StudioError)
      return Response.json({ message: t(`studio.errors.${error.code}`) }, { status: error.status });
    throw error;
  }
}
