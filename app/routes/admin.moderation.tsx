import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  data,
  Form,
  redirect,
  useNavigation,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { toast } from "~/components/shell/toasts";
import { AdminFrame } from "~/components/admin/admin-frame";
import { Pager } from "~/components/admin/pager";
import { ModerationFilters } from "~/components/admin/moderation-filters";
import { OriginalViewer } from "~/components/admin/original-viewer";
import { RejectDialog } from "~/components/admin/reject-dialog";
import { useModerationShortcuts } from "~/components/admin/use-moderation-shortcuts";
import { FormAlert } from "~/components/auth/field";
import { mediaUrl, MediaThumb } from "~/components/seller/media-thumb";
import { useLocale } from "~/components/use-locale";
import { AdminError } from "~/modules/admin/admin-error";
import { isRejectionCode } from "~/modules/admin/rejection-reasons";
import {
  listPendingSubmissions,
  moderateSubmission,
  moderateSubmissions,
  moderationFiltersFrom,
  rejectionFrom,
  type PendingSubmission,
} from "~/modules/admin/moderation.server";
import { pageFrom } from "~/modules/admin/pagination";
import { services } from "~/modules/app.server";
import { setFlash } from "~/modules/http/flash.server";
import { requireAccess } from "~/modules/http/guard.server";
import { pageMeta } from "~/modules/http/meta";
import { readForm } from "~/modules/http/read-form.server";
import { formatBytes, formatDate, formatMoney } from "~/modules/i18n/i18n";
import { localeFromUrl } from "~/modules/i18n/locale";
import type { Route } from "./+types/admin.moderation";

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, "adminModeration"), { name: "robots", content: "noindex" }];
}

const guard = { message: "adminOnly" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAccess(context, "admin", guard);
  const url = new URL(request.url);
  const { db } = await services();
  const filters = moderationFiltersFrom(url.searchParams);
  const list = await listPendingSubmissions(
    db,
    localeFromUrl(url),
    pageFrom(url.searchParams.get("page")),
    filters,
  );
  return { ...list, filters };
}

/** The list's address with its filters and page, where a decision comes back to. */
function listAddress(url: URL): string {
  const kept = new URLSearchParams();
  for (const key of ["kind", "seller", "from", "to", "resubmitted", "page"]) {
    const value = url.searchParams.get(key);
    if (value) kept.set(key, value);
  }
  const query = kept.toString();
  return `/${localeFromUrl(url)}/admin/moderation${query ? `?${query}` : ""}`;
}

/**
 * Approves (intent=approve) or rejects (intent=reject, code, note) one pending submission, or
 * several (intent=bulkApprove / bulkReject with repeated submissionId).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAccess(context, "admin", guard);
  const url = new URL(request.url);
  const form = await readForm(request);
  const intent = form.get("intent");
  const submissionId = String(form.get("submissionId") ?? "");
  const app = await services();
  try {
    if (intent === "bulkApprove" || intent === "bulkReject") {
      const decision =
        intent === "bulkApprove"
          ? ({ decision: "approve" } as const)
          : rejectionFrom(form.get("code"), form.get("note"));
      const ids = form.getAll("submissionId").map(String);
      const result = await moderateSubmissions(app, viewer, ids, decision);
      const headers = new Headers();
      await setFlash(headers, {
        kind: result.refused > 0 ? "error" : "success",
        key: result.refused > 0 ? "admin.moderation.bulkRefused" : "admin.moderation.bulkDone",
        params: { count: result.refused > 0 ? result.refused : result.decided },
      });
      return redirect(listAddress(url), { headers });
    }
    if (intent !== "approve" && intent !== "reject") throw new AdminError("notFound", 404);
    const decision =
      intent === "approve"
        ? ({ decision: "approve" } as const)
        : rejectionFrom(form.get("code"), form.get("note"));
    const result = await moderateSubmission(app, viewer, submissionId, decision);
    const headers = new Headers();
    await setFlash(headers, {
      kind: "success",
      key: result.status === "approved" ? "admin.moderation.approved" : "admin.moderation.rejected",
    });
    // Back to the same page of the list (the request's own URL may be the data endpoint's).
    return redirect(listAddress(url), { headers });
  } catch (error) {
    if (error instanceof AdminError) return data({ error: error.code }, error.status);
    throw error;
  }
}

/** After a refusal (another admin was faster), reload the list so it shows the truth. */
export function shouldRevalidate({
  actionStatus,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return actionStatus === 404 || actionStatus === 409 || defaultShouldRevalidate;
}

function ReviewFiles({ item }: { item: PendingSubmission }) {
  const { t } = useTranslation();
  const locale = useLocale();
  // The cover first: it is what stands for an ebook everywhere else.
  const files = item.cover ? [item.cover, ...item.files] : item.files;
  return (
    <div>
      <h4 className="text-sm font-medium">
        {t("admin.moderation.files", { count: files.length })}
      </h4>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2">
        {files.map((file) => (
          <li key={file.id} className="rounded-lg border border-border p-2">
            <div className="flex items-center gap-3">
              <MediaThumb file={file} className="h-14 w-14 shrink-0" />
              <div className="min-w-0 text-sm">
                <p className="truncate font-medium">
                  {file === item.cover ? `${t("admin.moderation.cover")} · ` : ""}
                  {file.fileName}
                </p>
                <p className="text-xs text-muted">{formatBytes(locale, file.size)}</p>
                {file.review ? (
                  <a
                    href={mediaUrl(file.id, file.review)}
                    target="_blank"
                    rel="noreferrer"
                    className="text-xs font-medium text-accent underline"
                  >
                    {t("admin.moderation.openPreview", { name: file.fileName })}
                  </a>
                ) : (
                  <p className="text-xs text-muted">{t("admin.moderation.noPreview")}</p>
                )}
                {file.original !== "video" && file.original !== "audio" ? (
                  <p>
                    <OriginalViewer file={file} />
                  </p>
                ) : null}
              </div>
            </div>
            {file.original === "video" || file.original === "audio" ? (
              <OriginalViewer file={file} />
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function AdminModeration({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigation = useNavigation();
  const { rows, total, page, pageCount, filters } = loaderData;
  const ids = rows.map((row) => row.id);
  const { current, setCurrent } = useModerationShortcuts(ids);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // A reloaded list keeps only the ticks of items still in it.
  const chosen = ids.filter((id) => selected.has(id));
  const toggle = (id: string, on: boolean) =>
    setSelected((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  useEffect(() => {
    if (actionData?.error)
      toast.error(t("admin.moderation.updateError"), {
        description: t(`admin.errors.${actionData.error}`),
      });
  }, [actionData, t]);

  const busy = (id: string) =>
    navigation.state !== "idle" && navigation.formData?.get("submissionId") === id;

  return (
    <AdminFrame current="moderation" title={t("admin.moderation.title")}>
      {actionData?.error ? (
        <div className="mb-4">
          <FormAlert
            title={t("admin.moderation.updateError")}
            message={t(`admin.errors.${actionData.error}`)}
          />
        </div>
      ) : null}
      <ModerationFilters filters={filters} />
      <ShortcutHelp />
      {total === 0 ? (
        <p className="card p-10 text-center text-muted">{t("admin.moderation.empty")}</p>
      ) : (
        <>
          <p className="text-sm text-muted">{t("admin.moderation.count", { count: total })}</p>
          <div
            className="mt-3 flex flex-wrap items-center gap-3 rounded-lg border border-border bg-surface p-3"
            role="group"
            aria-label={t("admin.moderation.selected", { count: chosen.length })}
          >
            <label className="inline-flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={chosen.length === ids.length}
                onChange={(event) => setSelected(new Set(event.target.checked ? ids : []))}
              />
              {t("admin.moderation.selectAll")}
            </label>
            <span className="text-sm text-muted" aria-live="polite">
              {t("admin.moderation.selected", { count: chosen.length })}
            </span>
            <Form method="post">
              <input type="hidden" name="intent" value="bulkApprove" />
              {chosen.map((id) => (
                <input key={id} type="hidden" name="submissionId" value={id} />
              ))}
              <button
                type="submit"
                className="btn-primary"
                disabled={chosen.length === 0 || navigation.state !== "idle"}
              >
                {t("admin.moderation.bulkApprove")}
              </button>
            </Form>
            <RejectDialog submissionId="bulk" title="" submissionIds={chosen} />
          </div>
          <ul className="mt-4 space-y-4">
            {rows.map((item) => {
              const title = item.title.trim() || t("admin.untitled");
              return (
                <li
                  key={item.id}
                  className="card p-4 outline-none focus:ring-4 focus:ring-accent sm:p-5 data-[current=true]:border-accent"
                  aria-label={title}
                  tabIndex={-1}
                  data-moderation-card={item.id}
                  data-current={current === item.id}
                  onFocus={() => setCurrent(item.id)}
                >
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div className="flex min-w-0 items-start gap-3">
                      <input
                        type="checkbox"
                        className="mt-2 h-4 w-4"
                        data-select
                        aria-label={t("admin.moderation.select", { title })}
                        checked={selected.has(item.id)}
                        onChange={(event) => toggle(item.id, event.target.checked)}
                      />
                      <div className="min-w-0">
                        <h3 className="text-lg font-semibold break-words">{title}</h3>
                        <p className="text-sm text-muted">
                          {t("admin.moderation.by", {
                            name: item.creatorName ?? t("admin.anonymousCreator"),
                          })}
                          {item.creatorEmail ? ` · ${item.creatorEmail}` : ""}
                          {" · "}
                          {t("admin.moderation.submittedOn", {
                            date: formatDate(locale, item.submittedAt),
                          })}
                        </p>
                      </div>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <Form method="post">
                        <input type="hidden" name="intent" value="approve" />
                        <input type="hidden" name="submissionId" value={item.id} />
                        <button
                          type="submit"
                          className="btn-primary"
                          data-approve
                          disabled={busy(item.id)}
                        >
                          {t("admin.moderation.approve")}
                        </button>
                      </Form>
                      <RejectDialog submissionId={item.id} title={title} />
                    </div>
                  </div>
                  {item.previousRejection ? (
                    <p className="mt-2 text-sm text-danger">
                      {t("admin.moderation.previousRejection", {
                        reason: [
                          isRejectionCode(item.previousRejection.code)
                            ? t(`admin.reasons.${item.previousRejection.code}`)
                            : null,
                          item.previousRejection.note,
                        ]
                          .filter(Boolean)
                          .join(" — "),
                      })}
                    </p>
                  ) : null}
                  {item.description ? (
                    <p className="mt-3 text-sm whitespace-pre-line">{item.description}</p>
                  ) : null}
                  <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
                    <div>
                      <dt className="text-muted">{t("admin.moderation.category")}</dt>
                      <dd>{item.categoryName ?? "—"}</dd>
                    </div>
                    <div>
                      <dt className="text-muted">{t("admin.moderation.price")}</dt>
                      <dd>
                        {item.priceCents ? formatMoney(locale, item.priceCents) : t("admin.free")}
                      </dd>
                    </div>
                    <div className="col-span-2 sm:col-span-1">
                      <dt className="text-muted">{t("admin.moderation.tags")}</dt>
                      <dd className="break-words">{item.tags.join(", ") || "—"}</dd>
                    </div>
                  </dl>
                  <div className="mt-4">
                    <ReviewFiles item={item} />
                  </div>
                </li>
              );
            })}
          </ul>
          <Pager page={page} pageCount={pageCount} />
        </>
      )}
    </AdminFrame>
  );
}

/** The shortcuts, written on the page so they can be found without a manual. */
function ShortcutHelp() {
  const { t } = useTranslation();
  const keys = [
    ["j", "next"],
    ["k", "previous"],
    ["a", "approve"],
    ["r", "reject"],
    ["x", "toggle"],
  ] as const;
  return (
    <details className="mb-4 text-sm">
      <summary className="cursor-pointer font-medium">
        {t("admin.moderation.shortcuts.title")}
      </summary>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        {keys.map(([key, action]) => (
          <li key={key}>
            <kbd className="rounded border border-border px-1.5 font-mono">{key}</kbd>{" "}
            {t(`admin.moderation.shortcuts.${action}`)}
          </li>
        ))}
      </ul>
      <p className="mt-1 text-muted">{t("admin.moderation.shortcuts.note")}</p>
    </details>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
