import { Mail } from "lucide-react";
import { AdminFrame } from "~/components/admin/admin-frame";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect } from "react-router";
import { z } from "~/modules/validation/zod";
import { localePath, useLocale } from "~/components/use-locale";
import { services } from "~/modules/app.server";
import { setFlash } from "~/modules/http/flash.server";
import { requireAccess } from "~/modules/http/guard.server";
import { publicPageMeta } from "~/modules/http/meta";
import { readForm } from "~/modules/http/read-form.server";
import { intlLocale } from "~/modules/i18n/locale";
import {
  listContactMessages,
  setContactStatus,
  type ContactStatus,
} from "~/modules/pages/contact.server";
import type { Route } from "./+types/admin-messages";

export function meta(args: Route.MetaArgs) {
  return [...publicPageMeta(args, "adminMessages"), { name: "robots", content: "noindex" }];
}

const statuses = ["new", "handled"] as const satisfies readonly ContactStatus[];

function statusOf(url: URL): ContactStatus {
  return url.searchParams.get("status") === "handled" ? "handled" : "new";
}

/** The admins' inbox of contact and feedback messages. Its own guard, like every admin page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAccess(context, "admin", { message: "adminOnly" });
  const status = statusOf(new URL(request.url));
  const page = await listContactMessages(await services(), viewer, status);
  return {
    status,
    counts: page.counts,
    messages: page.messages.map((message) => ({
      id: message.id,
      kind: message.kind,
      name: `${message.firstName} ${message.lastName}`,
      email: message.email,
      phone: message.phone,
      subject: message.subject,
      message: message.message,
      locale: message.locale,
      createdAt: message.createdAt.toISOString(),
    })),
  };
}

const statusForm = z.object({ id: z.uuid(), status: z.enum(statuses) });

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireAccess(context, "admin", { message: "adminOnly" });
  const parsed = statusForm.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw data(null, { status: 400 });
  const found = await setContactStatus(
    await services(),
    viewer,
    parsed.data.id,
    parsed.data.status,
  );
  const headers = new Headers();
  await setFlash(
    headers,
    found
      ? {
          kind: "success",
          key:
            parsed.data.status === "handled" ? "pages.inbox.markedHandled" : "pages.inbox.reopened",
        }
      : { kind: "error", key: "pages.inbox.notFound" },
  );
  // Back to the tab the admin was on (the request's own URL is the data endpoint's).
  const back = `/${params.lang}/admin/messages?status=${statusOf(new URL(request.url))}`;
  return redirect(back, { headers });
}

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const base = localePath(locale, "/admin/messages");
  const date = new Intl.DateTimeFormat(intlLocale[locale], {
    dateStyle: "long",
    timeStyle: "short",
  });
  return (
    <AdminFrame current="messages" title={t("pages.inbox.title")}>
      <p className="text-muted">{t("pages.inbox.intro")}</p>
      <nav aria-label={t("pages.inbox.tabsLabel")} className="mt-6">
        <ul className="flex gap-1 border-b border-border">
          {statuses.map((status) => (
            <li key={status}>
              <Link
                to={`${base}?status=${status}`}
                aria-current={status === loaderData.status ? "page" : undefined}
                className="-mb-px block border-b-2 border-transparent px-3 py-2.5 text-sm font-medium text-muted hover:text-fg aria-[current=page]:border-accent aria-[current=page]:text-fg"
              >
                {t(`pages.inbox.tabs.${status}`, { count: loaderData.counts[status] })}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {loaderData.messages.length === 0 ? (
        <p className="card mt-6 p-6 text-muted">{t(`pages.inbox.empty.${loaderData.status}`)}</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {loaderData.messages.map((message) => (
            <li key={message.id}>
              <article className="card p-5" aria-labelledby={`message-${message.id}`}>
                <header className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <h3 id={`message-${message.id}`} className="font-semibold">
                      {message.subject
                        ? t(`pages.contactForm.subjects.${message.subject}`)
                        : t(`pages.inbox.kinds.${message.kind}`)}
                      {" — "}
                      {message.name}
                    </h3>
                    <p className="text-sm text-muted">
                      {t("pages.inbox.from")} {message.name} &lt;{message.email}&gt;
                      {message.phone ? ` · ${t("pages.inbox.phone")} ${message.phone}` : null}
                    </p>
                  </div>
                  <p className="text-xs text-muted">
                    <span className="mr-2 rounded-full bg-surface-2 px-2 py-0.5 font-medium text-fg">
                      {t(`pages.inbox.kinds.${message.kind}`)} · {message.locale.toUpperCase()}
                    </span>
                    {t("pages.inbox.receivedAt", {
                      date: date.format(new Date(message.createdAt)),
                    })}
                  </p>
                </header>
                <p className="mt-3 whitespace-pre-line">{message.message}</p>
                <div className="mt-4 flex flex-wrap gap-2">
                  <a href={`mailto:${message.email}`} className="btn-secondary">
                    <Mail className="h-4 w-4" aria-hidden="true" />
                    {t("pages.inbox.reply")}
                  </a>
                  <Form method="post">
                    <input type="hidden" name="id" value={message.id} />
                    <input
                      type="hidden"
                      name="status"
                      value={loaderData.status === "new" ? "handled" : "new"}
                    />
                    <button type="submit" className="btn-primary">
                      {loaderData.status === "new"
                        ? t("pages.inbox.markHandled")
                        : t("pages.inbox.reopen")}
                    </button>
                  </Form>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </AdminFrame>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
