import type { Viewer } from "../auth/roles";
import { inLocale } from "../i18n/bilingual-text";
import type { Locale } from "../i18n/locale";
import type { StudioErrorCode } from "./product-form";
import { productFieldsFrom, productFieldsSchema } from "./product-fields.server";
import type { StudioActionResult } from "./studio-action-result";
import type { ProductFormValues } from "./studio-view";
import { StudioError } from "./studio-error";
import {
  listStudioFiles,
  markProposalReviewed,
  publishReadyProducts,
  saveStudioProduct,
  type StudioDependencies,
} from "./submissions.server";

function firstIssue(issues: ReadonlyArray<{ message: string }>): StudioErrorCode {
  return (issues[0]?.message ?? "titleRequired") as StudioErrorCode;
}

/** The bulk publish sends every form's values as JSON; each is checked like a single save. */
function draftsFrom(raw: FormDataEntryValue | null) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof raw === "string" ? raw : "[]");
  } catch {
    parsed = [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((entry: unknown) => {
    const item = entry as Partial<ProductFormValues> & { uploadId?: unknown };
    const fields = productFieldsSchema.safeParse(item);
    if (typeof item.uploadId !== "string" || !fields.success) return [];
    const cover =
      typeof item.coverUploadId === "string" && item.coverUploadId !== ""
        ? item.coverUploadId
        : undefined;
    return [{ uploadId: item.uploadId, fields: fields.data, coverUploadId: cover }];
  });
}

/**
 * The studio step's posts (docs/product.md, "Uploads and the seller's studio"): save one product
 * as a draft or publish it, mark a proposal as looked at, publish every ready product. Null for
 * an intent it does not know.
 */
export async function studioAction(
  app: StudioDependencies,
  viewer: Viewer,
  form: FormData,
  locale: Locale,
): Promise<StudioActionResult | null> {
  const intent = String(form.get("intent") ?? "");
  const fail = (error: StudioErrorCode, status: number, uploadId?: string) =>
    ({ ok: false, intent, uploadId, error, status }) satisfies StudioActionResult;
  const remaining = async () => (await listStudioFiles(app.db, viewer.id)).length;

  try {
    if (intent === "draft" || intent === "publish") {
      const uploadId = String(form.get("uploadId") ?? "");
      const fields = productFieldsFrom(form);
      if (!fields.success) return fail(firstIssue(fields.error.issues), 400, uploadId);
      const cover = String(form.get("coverUploadId") ?? "");
      await saveStudioProduct(app, viewer, {
        uploadId,
        intent,
        fields: fields.data,
        coverUploadId: cover === "" ? undefined : cover,
      });
      return {
        ok: true,
        intent,
        uploadId,
        title: inLocale(fields.data.title, locale),
        remaining: await remaining(),
      } satisfies StudioActionResult;
    }
    if (intent === "reviewed") {
      await markProposalReviewed(app.db, viewer, String(form.get("uploadId") ?? ""));
      return { ok: true, intent } satisfies StudioActionResult;
    }
    if (intent === "publishAll") {
      const { published } = await publishReadyProducts(
        app,
        viewer,
        draftsFrom(form.get("products")),
      );
      return {
        ok: true,
        intent,
        published,
        remaining: await remaining(),
      } satisfies StudioActionResult;
    }
  } catch (error) {
    if (error instanceof StudioError)
      return fail(error.code, error.status, String(form.get("uploadId") ?? ""));
    throw error;
  }
  return null;
}
