import { data, redirect, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { AuthPanel } from "~/components/auth/auth-panel";
import type { AuthActionData } from "~/components/auth/auth-action-data";
import { FormAlert } from "~/components/shared/field";
import { useLocale } from "~/components/use-locale";
import { formValues } from "~/modules/accounts/account-forms";
import {
  loginSchema,
  registerSchema,
  validateForm,
} from "~/modules/accounts/account-schemas.server";
import { register, signIn } from "~/modules/accounts/accounts.server";
import { services } from "~/modules/app.server";
import { appendSetCookies, setFlash } from "~/modules/http/flash.server";
import { pageMeta } from "~/modules/http/meta";
import { readForm } from "~/modules/http/read-form.server";
import { safeRedirectTarget } from "~/modules/http/safe-redirect";
import { getViewer, requestOrigin } from "~/modules/http/request-context.server";
import { localeFromUrl } from "~/modules/i18n/locale";
import { useRootData } from "~/components/use-root-data";
import type { Route } from "./+types/auth";

const isSellerPath = (pathname: string) => /\/auth\/seller\/?$/.test(pathname);

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, isSellerPath(args.location.pathname) ? "authSeller" : "auth");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromUrl(url);
  if (await getViewer(context)) {
    throw redirect(
      safeRedirectTarget(url.searchParams.get("redirectTo")) ??
        (isSellerPath(url.pathname) ? `/${locale}/dashboard` : `/${locale}`),
    );
  }
  return { googleError: url.searchParams.get("error") === "google" };
}

/** Values sent back to refill the form: never the passwords. */
function refill(values: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (!key.toLowerCase().includes("password")) kept[key] = value.slice(0, 300);
  }
  return kept;
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = await services();
  const url = new URL(request.url);
  const locale = localeFromUrl(url);
  const values = formValues(await readForm(request));
  const origin = requestOrigin(context, request);
  // The page the buyer signed in from (same site only), else the usual landing page.
  const back = safeRedirectTarget(values.redirectTo);

  if (values.intent === "login") {
    const parsed = validateForm(loginSchema, values);
    if (!parsed.ok) {
      return data<AuthActionData>(
        { intent: "login", fieldErrors: parsed.errors, values: refill(values) },
        400,
      );
    }
    const result = await signIn(app, parsed.data, origin);
    if (!result.ok) {
      return data<AuthActionData>(
        {
          intent: "login",
          error: result.error,
          retryAfterSeconds: result.retryAfterSeconds,
          values: refill(values),
        },
        result.error === "rateLimited" ? 429 : 401,
      );
    }
    const headers = appendSetCookies(new Headers(), result.headers);
    await setFlash(headers, { kind: "success", key: "auth.success.signedIn" });
    return redirect(back ?? `/${locale}`, { headers });
  }

  if (values.intent === "register") {
    if (isSellerPath(url.pathname)) values.accountType = "creator";
    const parsed = validateForm(registerSchema, values);
    if (!parsed.ok) {
      return data<AuthActionData>(
        { intent: "register", fieldErrors: parsed.errors, values: refill(values) },
        400,
      );
    }
    const result = await register(app, parsed.data, origin, locale);
    if (!result.ok) {
      return data<AuthActionData>(
        {
          intent: "register",
          error: result.error,
          retryAfterSeconds: result.retryAfterSeconds,
          values: refill(values),
        },
        result.error === "rateLimited" ? 429 : 400,
      );
    }
    const headers = appendSetCookies(new Headers(), result.headers);
    const creator = result.role === "creator";
    await setFlash(headers, {
      kind: "success",
      key: creator ? "auth.success.creatorSignedUp" : "auth.success.clientSignedUp",
    });
    return redirect(back ?? (creator ? `/${locale}/seller-dashboard` : `/${locale}`), { headers });
  }

  if (values.intent === "google" && app.env.GOOGLE_CLIENT_ID) {
    try {
      const { headers, response } = await app.auth.api.signInSocial({
        body: {
          provider: "google",
          callbackURL: back ?? `/${locale}`,
          errorCallbackURL: `/${locale}/auth?error=google`,
        },
        headers: request.headers,
        returnHeaders: true,
      });
      if (response.url)
        return redirect(response.url, { headers: appendSetCookies(new Headers(), headers) });
    } catch {
      // Falls through to the translated error below.
    }
  }
  return data<AuthActionData>({ intent: "google", error: "googleFailed" }, 400);
}

export default function AuthPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  const root = useRootData();
  const seller = isSellerPath(location.pathname);
  return (
    <div className="container-page grid gap-10 py-10 lg:grid-cols-2 lg:items-center lg:py-16">
      {/* The page's one h1 is the form's heading (visually hidden on wide screens); this large
          title repeats it for sighted users only, so assistive technology hears it once. */}
      <div className="hidden lg:block">
        <p className="font-display text-4xl font-semibold tracking-tight" aria-hidden="true">
          {t(seller ? "auth.sellerTitle" : "auth.title")}
        </p>
        <p className="mt-4 max-w-md text-lg text-muted">
          {t(seller ? "auth.sellerSubtitle" : "auth.subtitle")}
        </p>
      </div>
      <section className="card mx-auto w-full max-w-lg p-6 sm:p-8" aria-labelledby="auth-heading">
        <h1 id="auth-heading" className="mb-1 text-2xl font-semibold lg:sr-only">
          {t(seller ? "auth.sellerTitle" : "auth.title")}
        </h1>
        <p className="mb-6 text-sm text-muted lg:hidden">
          {t(seller ? "auth.sellerSubtitle" : "auth.subtitle")}
        </p>
        {loaderData.googleError ? (
          <div className="mb-4">
            <FormAlert title={t("auth.signInErrorTitle")} message={t("auth.errors.googleFailed")} />
          </div>
        ) : null}
        <AuthPanel
          key={seller ? "seller" : "client"}
          locale={locale}
          variant={seller ? "seller" : "client"}
          initialTab={seller ? "register" : "login"}
          googleEnabled={root?.googleEnabled ?? false}
          idPrefix="page"
        />
      </section>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
