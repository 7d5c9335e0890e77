import { useTranslation } from "react-i18next";
import { AdminFrame } from "~/components/admin/admin-frame";
import { Pager } from "~/components/shared/pager";
import { useLocale } from "~/components/use-locale";
import { pageFrom } from "~/modules/admin/pagination";
import { listOutbox } from "~/modules/admin/records.server";
import { services } from "~/modules/app.server";
import { requireDemoMode } from "~/modules/http/demo-only.server";
import { requireAccess } from "~/modules/http/guard.server";
import { pageMeta } from "~/modules/http/meta";
import type { Route } from "./+types/admin.outbox";

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, "adminOutbox"), { name: "robots", content: "noindex" }];
}

/** The demo outbox: every e-mail the app kept instead of sending (404 in production mode). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAccess(context, "admin", { message: "adminOnly" });
  await requireDemoMode();
  const { db } = await services();
  return listOutbox(db, pageFrom(new URL(request.url).searchParams.get("page")));
}

export default function AdminOutbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { rows, page, pageCount } = loaderData;
  const when = new Intl.DateTimeFormat(locale === "fr" ? "fr-FR" : "en-GB", {
    dateStyle: "medium",
    timeStyle: "medium",
    timeZone: "UTC",
  });
  return (
    <AdminFrame current="outbox" title={t("admin.outbox.title")}>
      <p className="text-sm text-muted">{t("admin.outbox.intro")}</p>
      {rows.length === 0 ? (
        <p className="card mt-4 p-10 text-center text-muted">{t("admin.outbox.empty")}</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {rows.map((mail) => (
            <li key={mail.id} className="card p-4">
              <details>
                <summary className="cursor-pointer">
                  <span className="font-medium break-words">{mail.subject}</span>
                  <span className="block text-xs text-muted">
                    {t("admin.outbox.to")} {mail.to} · {t("admin.outbox.sentAt")}{" "}
                    {when.format(new Date(mail.createdAt))}
                  </span>
                </summary>
                <pre className="mt-3 text-sm break-words whitespace-pre-wrap">{mail.text}</pre>
              </details>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageCount={pageCount} />
    </AdminFrame>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
