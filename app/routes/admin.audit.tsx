import { useTranslation } from "react-i18next";
import { AdminFrame } from "~/components/admin/admin-frame";
import { PersonCell } from "~/components/admin/person-cell";
import { ScrollRegion } from "~/components/scroll-region";
import { Pager } from "~/components/shared/pager";
import { useLocale } from "~/components/use-locale";
import { pageFrom } from "~/modules/admin/pagination";
import { listAuditLog } from "~/modules/admin/records.server";
import { services } from "~/modules/app.server";
import { requireAccess } from "~/modules/http/guard.server";
import { pageMeta } from "~/modules/http/meta";
import type { Route } from "./+types/admin.audit";

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, "adminAudit"), { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAccess(context, "admin", { message: "adminOnly" });
  const { db } = await services();
  return listAuditLog(db, pageFrom(new URL(request.url).searchParams.get("page")));
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { rows, page, pageCount } = loaderData;
  const when = new Intl.DateTimeFormat(locale === "fr" ? "fr-FR" : "en-GB", {
    dateStyle: "medium",
    timeStyle: "medium",
    timeZone: "UTC",
  });
  // Read as one object from the page's catalog (importing a catalog here would ship it).
  const actions = t("admin.audit.actions", { returnObjects: true }) as Record<string, string>;
  const actionName = (action: string) => actions[action.replace(".", "_")] ?? action;
  return (
    <AdminFrame current="audit" title={t("admin.audit.title")}>
      {rows.length === 0 ? (
        <p className="card p-10 text-center text-muted">{t("admin.audit.empty")}</p>
      ) : (
        <ScrollRegion label={t("admin.audit.title")} className="card">
          <table className="w-full min-w-[48rem] text-left text-sm">
            <thead className="bg-surface-2 text-xs text-muted">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t("admin.audit.when")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("admin.audit.who")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("admin.audit.what")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("admin.audit.target")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("admin.audit.before")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("admin.audit.after")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-t border-border align-top">
                  <td className="px-3 py-2 whitespace-nowrap">
                    {when.format(new Date(row.createdAt))}
                  </td>
                  <PersonCell person={row.actor} />
                  <td className="px-3 py-2">{actionName(row.action)}</td>
                  <td className="px-3 py-2 text-xs break-all">
                    {row.targetType}
                    {row.targetId ? ` · ${row.targetId}` : ""}
                  </td>
                  <td className="max-w-xs px-3 py-2 font-mono text-xs break-all">
                    {row.before ?? "—"}
                  </td>
                  <td className="max-w-xs px-3 py-2 font-mono text-xs break-all">
                    {row.after ?? "—"}
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
