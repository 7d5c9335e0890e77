import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect } from "react-router";
import { z } from "~/modules/validation/zod";
import { AdminFrame } from "~/components/admin/admin-frame";
import { Pager } from "~/components/shared/pager";
import { ScrollRegion } from "~/components/scroll-region";
import { localePath, useLocale } from "~/components/use-locale";
import { jobStateFrom, jobStates } from "~/modules/admin/job-states";
import { listJobs, retryJobByAdmin } from "~/modules/admin/jobs.server";
import { pageFrom } from "~/modules/admin/pagination";
import { services } from "~/modules/app.server";
import { setFlash } from "~/modules/http/flash.server";
import { readForm } from "~/modules/http/read-form.server";
import { requireAccess } from "~/modules/http/guard.server";
import { pageMeta } from "~/modules/http/meta";
import type { Route } from "./+types/admin.jobs";

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, "adminJobs"), { name: "robots", content: "noindex" }];
}

/** The job queue as admins see it: what waits, what runs, what failed and why. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAccess(context, "admin", { message: "adminOnly" });
  const url = new URL(request.url);
  const state = jobStateFrom(url.searchParams.get("state"));
  const { db } = await services();
  const list = await listJobs(db, state, pageFrom(url.searchParams.get("page")));
  return {
    state,
    counts: list.counts,
    page: list.page,
    pageCount: list.pageCount,
    rows: list.rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      runAfter: row.runAfter.toISOString(),
    })),
  };
}

const retryForm = z.object({ id: z.uuid() });

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireAccess(context, "admin", { message: "adminOnly" });
  const parsed = retryForm.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw data(null, { status: 400 });
  const { db } = await services();
  const retried = await retryJobByAdmin(db, viewer, parsed.data.id);
  const headers = new Headers();
  await setFlash(
    headers,
    retried
      ? { kind: "success", key: "admin.jobs.retried" }
      : { kind: "error", key: "admin.jobs.notRetried" },
  );
  return redirect(`/${params.lang}/admin/jobs?state=failed`, { headers });
}

export default function AdminJobs({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const base = localePath(locale, "/admin/jobs");
  const { rows, page, pageCount, counts, state } = loaderData;
  const when = new Intl.DateTimeFormat(locale === "fr" ? "fr-FR" : "en-GB", {
    dateStyle: "medium",
    timeStyle: "medium",
    timeZone: "UTC",
  });
  const tabs = [null, ...jobStates] as const;
  // Whole hours say so ("toutes les heures"), anything else in minutes.
  const recurringText = (seconds: number) =>
    seconds % 3600 === 0
      ? t("admin.jobs.recurringHours", { count: seconds / 3600 })
      : t("admin.jobs.recurringMinutes", { count: Math.round(seconds / 60) });
  // Job types are dotted identifiers, so they are read from the catalog as one object.
  const typeNames = t("admin.jobs.typeNames", { returnObjects: true }) as Record<string, string>;
  return (
    <AdminFrame current="jobs" title={t("admin.jobs.title")}>
      <p className="text-sm text-muted">{t("admin.jobs.intro")}</p>
      <nav aria-label={t("admin.jobs.filterLabel")} className="mt-4">
        <ul className="flex flex-wrap gap-1 border-b border-border">
          {tabs.map((tab) => (
            <li key={tab ?? "all"}>
              <Link
                to={tab ? `${base}?state=${tab}` : base}
                aria-current={tab === state ? "page" : undefined}
                className="-mb-px block border-b-2 border-transparent px-3 py-2.5 text-sm font-medium text-muted hover:text-fg aria-[current=page]:border-accent aria-[current=page]:text-fg"
              >
                {tab
                  ? t(`admin.jobs.states.${tab}`, { count: counts[tab] })
                  : t("admin.jobs.all", {
                      count: counts.queued + counts.running + counts.failed,
                    })}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {rows.length === 0 ? (
        <p className="card mt-4 p-10 text-center text-muted">{t("admin.jobs.empty")}</p>
      ) : (
        <ScrollRegion label={t("admin.jobs.title")} className="card mt-4">
          <table className="w-full min-w-[56rem] text-left text-sm">
            <thead className="bg-surface-2 text-xs text-muted">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t("admin.jobs.kind")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("admin.jobs.state")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("admin.jobs.created")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("admin.jobs.attempts")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("admin.jobs.nextRun")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("admin.jobs.lastError")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("admin.jobs.actions")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-t border-border align-top">
                  <td className="px-3 py-2">
                    {typeNames[row.type] ?? row.type}
                    <span className="block font-mono text-xs break-all text-muted">{row.type}</span>
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {t(`admin.jobs.status.${row.status as (typeof jobStates)[number]}`)}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {when.format(new Date(row.createdAt))}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {row.everySeconds
                      ? recurringText(row.everySeconds)
                      : t("admin.jobs.attemptsOf", { count: row.attempts, max: row.maxAttempts })}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {row.status === "queued" ? when.format(new Date(row.runAfter)) : "—"}
                  </td>
                  <td className="max-w-xs px-3 py-2 font-mono text-xs break-words">
                    {row.lastError ?? "—"}
                  </td>
                  <td className="px-3 py-2">
                    {row.status === "failed" ? (
                      <Form method="post">
                        <input type="hidden" name="id" value={row.id} />
                        <button
                          type="submit"
                          className="btn-secondary"
                          aria-label={t("admin.jobs.retryLabel", {
                            kind: typeNames[row.type] ?? row.type,
                          })}
                        >
                          {t("admin.jobs.retry")}
                        </button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <Pager page={page} pageCount={pageCount} />
    </AdminFrame>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
