import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  useLocation,
} from "react-router";
import { toast } from "~/components/shell/toasts";
import type { Route } from "./+types/root";
import { AppShell } from "./components/shell/app-shell";
import { useRootData } from "./components/use-root-data";
import { NotFound } from "./components/not-found";
import { ErrorState } from "./components/error-state";
import { RequestRefused } from "./components/request-refused";
import { services } from "./modules/app.server";
import { getI18n } from "./modules/i18n/i18n";
import { loadPageCatalogue } from "./modules/i18n/page-catalogue.client";
import { I18nextProvider } from "./modules/i18n/react-binding";
import { localeFromUrl, type Locale } from "./modules/i18n/locale";
import { canonicalLocation } from "./modules/http/canonical-host.server";
import { isRequestRefusal } from "./modules/http/request-refusal";
import { refuseCrossSiteMutation } from "./modules/http/same-origin.server";
import { attachViewer } from "./modules/http/request-context.server";
import { rootLoader } from "./modules/http/root-loader.server";
import stylesheet from "./app.css?url";

const bootAndAttachViewer: Route.MiddlewareFunction = async ({ request, context }) => {
  await services();
  attachViewer(context, request);
};

/** Pages are served under BASE_URL's host name only (its session cookie, its links). */
const canonicalHost: Route.MiddlewareFunction = async ({ request }) => {
  const { env } = await services();
  const location = canonicalLocation(request, env.baseUrl, env.TRUST_PROXY);
  if (location) throw redirect(location, 308);
};

/** Every route, resource routes included: no change sent from another site's page. */
const sameOriginMutations: Route.MiddlewareFunction = async ({ request }) => {
  const { env } = await services();
  refuseCrossSiteMutation(request, new URL(env.baseUrl).origin);
};

export const links: Route.LinksFunction = () => [
  // With a precedence React writes the stylesheet ahead of the scripts' modulepreload links,
  // so the browser asks for it first (decision record 0065).
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const middleware: Route.MiddlewareFunction[] = [
  canonicalHost,
  bootAndAttachViewer,
  sameOriginMutations,
];

/** A navigation loads the next page's texts (in its language) while its data loads. */
const loadPageCatalog: Route.ClientMiddlewareFunction = async ({ request }, next) => {
  const loading = loadPageCatalogue(new URL(request.url));
  loading.catch(() => {}); // awaited below, once the data is there
  await next();
  await loading;
};

export const clientMiddleware: Route.ClientMiddlewareFunction[] = [loadPageCatalog];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  return rootLoader(request, context, url);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

function usePageLocale(): Locale {
  const location = useLocation();
  return localeFromUrl(new URL(location.pathname + location.search, "http://local"));
}

export function Layout({ children }: { children: React.ReactNode }) {
  const locale = usePageLocale();
  return (
    <html lang={locale} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <Meta />
        <Links />
      </head>
      <body>
        <I18nextProvider i18n={getI18n(locale)}>
          <AppShell locale={locale}>{children}</AppShell>
        </I18nextProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function FlashToast() {
  const flash = useRootData()?.flash;
  useEffect(() => {
    if (!flash) return;
    if (flash.kind === "success") toast.success(flash.message, { id: flash.id });
    else if (flash.kind === "error") toast.error(flash.message, { id: flash.id });
    else toast.info(flash.message, { id: flash.id });
  }, [flash]);
  return null;
}

export default function App() {
  return (
    <>
      <FlashToast />
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRouteErrorResponse(error) && isRequestRefusal(error.data)) {
    return <RequestRefused refusal={error.data} />;
  }
  return <ErrorState />;
}
