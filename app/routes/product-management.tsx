import { ArrowLeft, LayoutDashboard, Send, Sparkles } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  data,
  Link,
  useFetcher,
  useNavigate,
  useRevalidator,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { toast } from "~/components/shell/toasts";
import { BulkPublishDialog } from "~/components/studio/bulk-publish-dialog";
import { ReplaceFields } from "~/components/studio/replace-fields";
import { isReadyToPublish, StudioFileList } from "~/components/studio/studio-file-list";
import { ProductForm } from "~/components/studio/product-form";
import { localePath, useLocale } from "~/components/use-locale";
import { formValuesOf, useAiMetadata, type AiAnswer } from "~/components/studio/use-ai-metadata";
import { textTranslator } from "~/modules/ai/translator.server";
import { services } from "~/modules/app.server";
import { inLocale } from "~/modules/i18n/bilingual-text";
import { requireAccess } from "~/modules/http/guard.server";
import { pageMeta } from "~/modules/http/meta";
import { readForm } from "~/modules/http/read-form.server";
import { isLocale } from "~/modules/i18n/locale";
import { saveBlocker, type StudioErrorCode } from "~/modules/studio/product-form";
import { productFieldsFrom, productFieldsSchema } from "~/modules/studio/product-fields.server";
import { studioPageData } from "~/modules/studio/studio-page.server";
import type { ProductFormValues } from "~/modules/studio/studio-view";
import type { ProposalField } from "~/modules/studio/proposal-merge";
import { StudioError } from "~/modules/studio/studio-error";
import {
  listStudioFiles,
  markProposalReviewed,
  publishReadyProducts,
  saveStudioProduct,
} from "~/modules/studio/submissions.server";
import type { Route } from "./+types/product-management";

/** Delay before the seller is taken to the dashboard once everything is published (docs/product.md, "Uploads and the seller's studio"). */
const redirectDelayMs = 2000;

const guard = { message: "sellerOnly", visitorMessage: "unauthorized" } as const;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "productManagement");
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const viewer = await requireAccess(context, "seller", guard);
  const locale = isLocale(params.lang) ? params.lang : "fr";
  return {
    ...(await studioPageData((await services()).db, viewer.id, locale)),
    /** Whether the AI provider can fill one language from the other (decision 0049). */
    canTranslate: textTranslator().configured,
  };
}

type ActionResult =
  | { ok: true; intent: "draft" | "publish"; uploadId: string; title: string; remaining: number }
  | { ok: true; intent: "publishAll"; published: number; remaining: number }
  | { ok: true; intent: "reviewed" }
  | { ok: false; intent: string; uploadId?: string; error: StudioErrorCode };

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

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireAccess(context, "seller", guard);
  const locale = isLocale(params.lang) ? params.lang : "fr";
  const app = await services();
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const fail = (error: StudioErrorCode, status: number, uploadId?: string) =>
    data<ActionResult>({ ok: false, intent, uploadId, error }, { status });
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
      } satisfies ActionResult;
    }
    if (intent === "reviewed") {
      await markProposalReviewed(app.db, viewer, String(form.get("uploadId") ?? ""));
      return { ok: true, intent } satisfies ActionResult;
    }
    if (intent === "publishAll") {
      const { published } = await publishReadyProducts(
        app,
        viewer,
        draftsFrom(form.get("products")),
      );
      return { ok: true, intent, published, remaining: await remaining() } satisfies ActionResult;
    }
  } catch (error) {
    if (error instanceof StudioError)
      return fail(error.code, error.status, String(form.get("uploadId") ?? ""));
    throw error;
  }
  throw data(null, { status: 400 });
}

/** Once nothing is left in the studio the page leaves on its own; don't reload it meanwhile. */
export function shouldRevalidate({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const result = actionResult as ActionResult | undefined;
  if (result?.ok && "remaining" in result && result.remaining === 0) return false;
  return defaultShouldRevalidate;
}

/** The answer that ends the page: everything published, the dashboard comes next. */
function finishedAll(result: ActionResult | undefined): boolean {
  return Boolean(
    result?.ok &&
    (result.intent === "publishAll" || ("remaining" in result && result.remaining === 0)),
  );
}

export default function ProductManagement({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const saver = useFetcher<ActionResult>();
  const bulk = useFetcher<ActionResult>();
  const leaving = finishedAll(saver.data) || finishedAll(bulk.data);
  const files = leaving ? [] : loaderData.files;
  // Without JavaScript, the page comes back from a post showing the file that was posted.
  const posted = actionData as ActionResult | undefined;
  const postedId = posted && "uploadId" in posted ? posted.uploadId : undefined;
  const [selectedId, setSelectedId] = useState(postedId ?? files[0]?.id ?? "");
  const [forms, setForms] = useState<Record<string, ProductFormValues>>({});
  // Errors found by the form's own checks, before anything is sent.
  const [localErrors, setLocalErrors] = useState<Record<string, StudioErrorCode | null>>({});
  const selected = files.find((file) => file.id === selectedId) ?? files[0];
  const valuesOf = (id: string) =>
    forms[id] ?? loaderData.files.find((file) => file.id === id)!.values;
  // Fields the seller allows the AI to overwrite; none by default (decision record 0050).
  const [replace, setReplace] = useState<ReadonlySet<ProposalField>>(new Set());
  // Files whose kind the seller changed in the form, and proposals looked at or not.
  const [kindChosen, setKindChosen] = useState<ReadonlySet<string>>(new Set());
  const [reviewState, setReviewState] = useState<Record<string, boolean>>({});
  const unreviewed = (id: string) =>
    reviewState[id] ?? loaderData.files.find((file) => file.id === id)?.proposalUnreviewed ?? false;
  // Batches read the forms as they are when each request leaves, not as they were at the click.
  const latest = useRef({ forms, kindChosen });
  useEffect(() => {
    latest.current = { forms, kindChosen };
  }, [forms, kindChosen]);
  const reviewer = useFetcher<ActionResult>();
  function markReviewed(id: string) {
    if (!unreviewed(id)) return;
    setReviewState((current) => ({ ...current, [id]: false }));
    void reviewer.submit({ intent: "reviewed", uploadId: id }, { method: "post" });
  }
  const ai = useAiMetadata(
    locale,
    (id) => ({
      values: latest.current.forms[id] ?? loaderData.files.find((file) => file.id === id)!.values,
      kindChosen: latest.current.kindChosen.has(id),
    }),
    (id: string, answer: AiAnswer) => {
      setForms((current) => {
        const before = current[id] ?? loaderData.files.find((file) => file.id === id)!.values;
        // Both languages of the text go to their own side of the form (decision 0049).
        return { ...current, [id]: { ...before, ...formValuesOf(answer.values) } };
      });
      setReviewState((current) => ({ ...current, [id]: answer.unreviewed }));
    },
  );
  // With the admin's "AI auto-generate" on, new files arrive with a proposal (once per visit);
  // it fills empty fields only and waits for the seller to look at it.
  const autoGenerated = useRef(false);
  useEffect(() => {
    if (!loaderData.aiAutoGenerate || autoGenerated.current) return;
    autoGenerated.current = true;
    const blank = loaderData.files.filter(
      (file) => !file.savedAsDraft && file.values.title.fr === "" && file.values.title.en === "",
    );
    if (blank.length > 0)
      void ai.generateAll(
        blank.map((file) => file.id),
        new Set(),
      );
  }, [ai, loaderData.aiAutoGenerate, loaderData.files]);
  // The fetcher's answer, or the page's own when the form was posted without JavaScript.
  const answer = saver.data ?? (actionData as ActionResult | undefined);
  const serverError = answer && !answer.ok ? answer : null;
  const errorFor = (id: string) =>
    localErrors[id] ?? (serverError?.uploadId === id ? serverError.error : null);

  // Previews are made in the background: look again while some are on their way.
  const processing = files.some(
    (file) => file.processingStatus === "queued" || file.processingStatus === "processing",
  );
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 3000);
    return () => clearInterval(timer);
  }, [processing, revalidator]);

  // Each answer is told once, as a toast (sonner dedupes by id).
  useAnswerToasts(saver.data, saver.state);
  useAnswerToasts(bulk.data, bulk.state);

  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(
      () => void navigate(localePath(locale, "/seller-dashboard")),
      redirectDelayMs,
    );
    return () => clearTimeout(timer);
  }, [leaving, locale, navigate]);

  const [confirming, setConfirming] = useState(false);
  const ready = files.filter((file) =>
    isReadyToPublish(forms[file.id] ?? file.values, file, unreviewed(file.id)),
  );
  function askPublishAll() {
    if (ready.length === 0) {
      toast.error(t("studio.errors.noneReady"));
      return;
    }
    setConfirming(true);
  }
  // Sends exactly the products the dialog listed.
  function publishAll() {
    const products = ready.map((file) => ({
      uploadId: file.id,
      ...(forms[file.id] ?? file.values),
    }));
    setConfirming(false);
    void bulk.submit(
      { intent: "publishAll", products: JSON.stringify(products) },
      { method: "post" },
    );
  }

  // A refusal that no visible form can show (another seller's file, the bulk publish).
  const bulkAnswer = bulk.data ?? (actionData as ActionResult | undefined);
  const pageError =
    (serverError && !files.some((file) => file.id === serverError.uploadId)
      ? serverError.error
      : null) ??
    (bulkAnswer && !bulkAnswer.ok && bulkAnswer.intent === "publishAll" ? bulkAnswer.error : null);
  const pageAlert = pageError ? (
    <p role="alert" className="container-page mt-6 field-error">
      {t(`studio.errors.${pageError}`)}
    </p>
  ) : null;

  if (!selected) {
    return leaving ? (
      <p role="status" className="container-page py-16 text-center text-lg">
        {t("studio.toasts.redirecting")}
      </p>
    ) : (
      <>
        {pageAlert}
        <NoFiles />
      </>
    );
  }
  const values = valuesOf(selected.id);

  return (
    <div className="container-page py-8">
      <p className="text-sm font-medium text-accent">{t("studio.step")}</p>
      <h1 className="mt-1 text-2xl font-bold sm:text-3xl">{t("studio.title")}</h1>
      <p className="mt-2 max-w-3xl text-muted">{t("studio.intro")}</p>
      {pageAlert}

      <div className="mt-6 flex flex-wrap gap-2" role="toolbar" aria-label={t("studio.title")}>
        <Link to={localePath(locale, "/file-upload")} className="btn-ghost">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          {t("studio.actions.backToUpload")}
        </Link>
        <button
          type="button"
          className="btn-primary"
          onClick={askPublishAll}
          disabled={bulk.state !== "idle"}
        >
          <Send className="h-4 w-4" aria-hidden="true" />
          {t("studio.actions.publishAll")}
        </button>
        <button
          type="button"
          className="btn-secondary"
          disabled={ai.pending.size > 0}
          onClick={() =>
            void ai.generateAll(
              files.map((file) => file.id),
              replace,
            )
          }
        >
          <Sparkles className="h-4 w-4" aria-hidden="true" />
          {ai.pending.size > 0 ? t("ai.status.generating") : t("ai.actions.generateAll")}
        </button>
        <ReplaceFields value={replace} onChange={setReplace} />
        <Link to={localePath(locale, "/seller-dashboard")} className="btn-ghost">
          <LayoutDashboard className="h-4 w-4" aria-hidden="true" />
          {t("studio.actions.toDashboard")}
        </Link>
      </div>
      <BulkPublishDialog
        open={confirming}
        onOpenChange={setConfirming}
        busy={bulk.state !== "idle"}
        onConfirm={publishAll}
        skipped={files.length - ready.length}
        items={ready.map((file) => {
          const form = forms[file.id] ?? file.values;
          return {
            id: file.id,
            title: inLocale(form.title, locale).trim(),
            price: form.price,
            categoryName:
              loaderData.categories.find((category) => category.id === form.categoryId)?.name ??
              null,
          };
        })}
      />

      <div className="mt-6 grid gap-6 lg:grid-cols-[18rem_1fr]">
        <StudioFileList
          files={files}
          forms={forms}
          unreviewed={unreviewed}
          selectedId={selected.id}
          onSelect={(id) => {
            setSelectedId(id);
            markReviewed(id);
          }}
        />
        <div className="card p-4 sm:p-6">
          <ProductForm
            key={selected.id}
            file={selected}
            values={values}
            onChange={(next) => {
              if (next.kind !== values.kind)
                setKindChosen((current) => new Set(current).add(selected.id));
              setForms((current) => ({ ...current, [selected.id]: next }));
              markReviewed(selected.id);
            }}
            categories={loaderData.categories}
            canTranslate={loaderData.canTranslate}
            fetcher={saver}
            error={errorFor(selected.id)}
            onCoverError={(message) => toast.error(message)}
            aiSlot={
              <button
                type="button"
                className="btn-secondary"
                disabled={ai.pending.has(selected.id)}
                onClick={() => {
                  markReviewed(selected.id);
                  void ai.generateOne(selected.id, replace);
                }}
              >
                <Sparkles className="h-4 w-4" aria-hidden="true" />
                {ai.pending.has(selected.id) ? t("ai.status.generating") : t("ai.actions.generate")}
              </button>
            }
            onBeforeSubmit={(intent) => {
              markReviewed(selected.id);
              const blocker = saveBlocker(
                { kind: values.kind, title: values.title, description: values.description },
                intent,
                Boolean(values.coverUploadId || selected.cover),
              );
              setLocalErrors((current) => ({ ...current, [selected.id]: blocker }));
              if (blocker) toast.error(t(`studio.errors.${blocker}`));
              return blocker === null;
            }}
          />
        </div>
      </div>
    </div>
  );
}

/** Toasts for a fetcher's answer, once per answer. */
function useAnswerToasts(result: ActionResult | undefined, state: string) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!result || state !== "idle") return;
    if (!result.ok) {
      const message = t(`studio.errors.${result.error}`);
      if (result.intent === "publishAll")
        toast.error(result.error === "noneReady" ? message : t("studio.toasts.bulkError"));
      else if (result.intent === "publish")
        toast.error(t("studio.toasts.publishError", { message }));
      else toast.error(t("studio.toasts.saveError", { message }));
      return;
    }
    if (result.intent === "publishAll")
      toast.success(t("studio.toasts.publishedAll", { count: result.published }));
    else if (result.intent === "publish") toast.success(t("studio.toasts.published"));
    else if (result.intent === "draft")
      toast.success(t("studio.toasts.draftSaved", { title: result.title }));
    if (finishedAll(result)) toast.info(t("studio.toasts.redirecting"));
  }, [result, state, t]);
}

/** Nothing uploaded yet: say so, then go to the upload step (docs/product.md, "Uploads and the seller's studio"). */
function NoFiles() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(
      () => void navigate(localePath(locale, "/file-upload")),
      redirectDelayMs,
    );
    return () => clearTimeout(timer);
  }, [locale, navigate]);
  return (
    <div className="container-page py-16 text-center">
      <p role="status" className="text-lg">
        {t("studio.noFiles")}
      </p>
      <Link to={localePath(locale, "/file-upload")} className="btn-primary mt-6">
        {t("studio.actions.backToUpload")}
      </Link>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
