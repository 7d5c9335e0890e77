import { CheckCircle2, Mail, XCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { localePath } from "~/components/use-locale";
import { confirmEmailChange, pendingEmailChange } from "~/modules/accounts/email-change.server";
import { services } from "~/modules/app.server";
import { pageMeta } from "~/modules/http/meta";
import { readForm } from "~/modules/http/read-form.server";
import type { Route } from "./+types/confirm-email";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "confirmEmail");
}

/**
 * The link sent to a new e-mail address. Opening it only shows the address; the change is made
 * by the button (a form post), so a mail scanner fetching the link changes nothing. The token
 * is the proof: the person may open it signed out or in another browser.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const userId = url.searchParams.get("u") ?? "";
  const token = url.searchParams.get("token") ?? "";
  const { db } = await services();
  const email = await pendingEmailChange(db, userId, token);
  return { email, userId, token };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const app = await services();
  const state = await confirmEmailChange(
    app,
    String(form.get("u") ?? ""),
    String(form.get("token") ?? ""),
  );
  return { state };
}

export default function ConfirmEmail({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = params.lang === "en" ? "en" : "fr";
  const state = actionData?.state ?? (loaderData.email ? "ready" : "invalid");
  return (
    <div className="container-page flex justify-center py-10">
      <div className="card w-full max-w-xl p-8 text-center">
        {state === "ready" ? (
          <>
            <Mail className="mx-auto h-12 w-12 text-primary" aria-hidden="true" />
            <h1 className="mt-3 text-2xl font-bold">{t("commerce.emailChange.confirmTitle")}</h1>
            <p className="mt-2 break-words">
              {t("commerce.emailChange.confirmText", { email: loaderData.email })}
            </p>
            <Form method="post" className="mt-6">
              <input type="hidden" name="u" value={loaderData.userId} />
              <input type="hidden" name="token" value={loaderData.token} />
              <button type="submit" className="btn-primary">
                {t("commerce.emailChange.confirmButton")}
              </button>
            </Form>
          </>
        ) : state === "changed" ? (
          <>
            <CheckCircle2 className="mx-auto h-12 w-12 text-green-600" aria-hidden="true" />
            <h1 className="mt-3 text-2xl font-bold">{t("commerce.emailChange.changedTitle")}</h1>
            <p className="mt-2 text-muted">{t("commerce.emailChange.changedText")}</p>
            <nav className="mt-6 flex flex-wrap justify-center gap-2">
              <Link to={localePath(locale, "/buyer-dashboard?tab=profile")} className="btn-primary">
                {t("commerce.emailChange.toProfile")}
              </Link>
            </nav>
          </>
        ) : (
          <>
            <XCircle className="mx-auto h-12 w-12 text-red-600" aria-hidden="true" />
            <h1 className="mt-3 text-2xl font-bold">{t("commerce.emailChange.invalidTitle")}</h1>
            <p role="alert" className="mt-2 text-muted">
              {state === "emailTaken"
                ? t("commerce.dashboard.emailTaken")
                : t("commerce.emailChange.invalidText")}
            </p>
            <nav className="mt-6 flex flex-wrap justify-center gap-2">
              <Link
                to={localePath(locale, "/buyer-dashboard?tab=profile")}
                className="btn-secondary"
              >
                {t("commerce.emailChange.toProfile")}
              </Link>
            </nav>
          </>
        )}
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
