import { data, type RouterContextProvider } from "react-router";
import { countsCache } from "../catalogue/counts-cache.server";
import { services } from "../app.server";
import { cartCount } from "../commerce/cart.server";
import { adoptVisitorCart } from "../commerce/visitor-cart.server";
import { readConsent } from "../pages/cookie-consent.server";
import { localeFromUrl } from "../i18n/locale";
import { flashToast, takeFlash } from "./flash.server";
import { getViewer } from "./request-context.server";

/**
 * What the root route's loader gives every page: viewer, cart count, flags and the pending
 * toast (in the page's language). It lives here, not in root.tsx, so that components read its type (use-root-data.ts)
 * without importing the root route, which imports them.
 */
export async function rootLoader(
  request: Request,
  context: Readonly<RouterContextProvider>,
  /** The page's address (a navigation's data request has `.data` on `request.url`). */
  url: URL,
) {
  const app = await services();
  const { env, db, events } = app;
  const viewer = await getViewer(context);
  // Catalogue: the category bar's counts, kept live afterwards by Server-Sent Events.
  const categoryCounts = await countsCache(db, events).counts();
  const { flash, headers } = await takeFlash(request);
  if (viewer) await adoptVisitorCart(request, app, viewer.id, headers);
  return data(
    {
      origin: env.baseUrl,
      demo: env.APP_MODE === "demo",
      /** A production site on the built-in test provider (ALLOW_TEST_PAYMENTS) says so. */
      testPayments: env.APP_MODE === "production" && !env.STRIPE_SECRET_KEY,
      googleEnabled: Boolean(env.GOOGLE_CLIENT_ID),
      viewer,
      cartCount: viewer ? await cartCount(db, viewer.id) : 0,
      flash: flashToast(flash, localeFromUrl(url)),
      /** The cookie notice shows until this is set (decision record 0019). */
      cookieConsent: await readConsent(request),
      categoryCounts,
    },
    { headers },
  );
}
