import { useEffect } from "react";
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
import { RejectDialog } from "~/components/admin/reject-dialog";
import { FormAlert } from "~/components/auth/field";
import { mediaUrl, MediaThumb } from "~/components/seller/media-thumb";
import { useLocale } from "~/components/use-locale";
import { AdminError } from "~/modules/admin/admin-error";
import { isRejectionCode } from "~/modules/admin/rejection-reasons";
import {
  listPendingSubmissions,
  moderateSubmission,
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
  return listPendingSubmissions(db, localeFromUrl(url), pageFrom(url.searchParams.get("page")));
}

/** Approves (intent=approve) or rejects (intent=reject, code, note) one pending submission. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAccess(context, "admin", guard);
  const url = new URL(request.url);
  const form = await readForm(request);
  const intent = form.get("intent");
  const submissionId = String(form.get("submissionId") ?? "");
  const app = await services();
  try {
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
    const page = pageFrom(url.searchParams.get("page"));
    return redirect(`/${localeFromUrl(url)}/admin/moderation${page > 1 ? `?page=${page}` : ""}`, {
      headers,
    });
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
  const files = item.cover ? [...item.files, item.cover] : item.files;
  return (
    <div>
      <h4 className="text-sm font-medium">
        {t("admin.moderation.files", { count: files.length })}
      </h4>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2">
        {files.map((file) => (
          <li key={file.id} className="flex items-center gap-3 rounded-lg border border-border p-2">
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
            </div>
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
  const { rows, total, page, pageCount } = loaderData;

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
      {total === 0 ? (
        <p className="card p-10 text-center text-muted">{t("admin.moderation.empty")}</p>
      ) : (
        <>
          <p className="text-sm text-muted">{t("admin.moderation.count", { count: total })}</p>
          <ul className="mt-4 space-y-4">
            {rows.map((item) => {
              const title = item.title.trim() || t("admin.untitled");
              return (
                <li key={item.id} className="card p-4 sm:p-5" aria-label={title}>
                  <div className="flex flex-wrap items-start justify-between gap-3">
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
                    <div className="flex flex-wrap gap-2">
                      <Form method="post">
                        <input type="hidden" name="intent" value="approve" />
                        <input type="hidden" name="submissionId" value={item.id} />
                        <button type="submit" className="btn-primary" disabled={busy(item.id)}>
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

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
