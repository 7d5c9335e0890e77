import { useSignInPath } from "~/components/shared/sign-in-path";
import { ShoppingCart, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect } from "react-router";
import { OrderSummary } from "~/components/commerce/order-summary";
import { localePath } from "~/components/use-locale";
import { services } from "~/modules/app.server";
import {
  addToCart,
  cartRefs,
  clearCart,
  isLicenceId,
  priceCart,
  purchasableQuote,
  removeFromCart,
  type AddOutcome,
  type CartRef,
} from "~/modules/commerce/cart.server";
import { backTo } from "~/modules/commerce/commerce-http.server";
import {
  adoptVisitorCart,
  readVisitorCart,
  visitorCartLimit,
  writeVisitorCart,
} from "~/modules/commerce/visitor-cart.server";
import { setFlash } from "~/modules/http/flash.server";
import { pageMeta } from "~/modules/http/meta";
import { readForm } from "~/modules/http/read-form.server";
import { getViewer } from "~/modules/http/request-context.server";
import { formatMoney } from "~/modules/i18n/i18n";
import { localeFromUrl } from "~/modules/i18n/locale";
import type { Route } from "./+types/cart";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "cart");
}

/** The cart is viewable by everyone (docs/product.md, "Roles and access"): an account's cart, or the visitor's cookie. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = await services();
  const locale = localeFromUrl(new URL(request.url));
  const viewer = await getViewer(context);
  const headers = new Headers();
  let refs: CartRef[];
  if (viewer) {
    await adoptVisitorCart(request, app, viewer.id, headers);
    refs = await cartRefs(app.db, viewer.id);
  } else {
    refs = await readVisitorCart(request, app.secret);
  }
  const cart = await priceCart(app.db, refs, locale, viewer?.id ?? null);
  return data({ cart, signedIn: Boolean(viewer) }, { headers });
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function action({ request, context }: Route.ActionArgs) {
  const app = await services();
  const locale = localeFromUrl(new URL(request.url));
  const viewer = await getViewer(context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const submissionId = String(form.get("submissionId") ?? "");
  const licenceId = String(form.get("licenceId") ?? "standard");
  const headers = new Headers();
  const cartPath = localePath(locale, "/cart");
  const toast = (kind: "success" | "info" | "error", key: string) =>
    setFlash(headers, { kind, key: `commerce.toast.${key}` });

  if (intent === "add") {
    if (!uuidPattern.test(submissionId) || !isLicenceId(licenceId)) {
      throw data(null, { status: 400 });
    }
    // Only the item and the licence are read from the form: price, seller and currency come
    // from the database whatever else the browser sends.
    const ref: CartRef = { submissionId, licenceId };
    let outcome: AddOutcome;
    if (viewer) {
      outcome = await addToCart(app.db, viewer.id, ref);
    } else {
      const refs = await readVisitorCart(request, app.secret);
      if (refs.some((line) => line.submissionId === submissionId)) outcome = "duplicate";
      else {
        const quote = await purchasableQuote(app.db, ref, null);
        outcome = typeof quote === "object" ? "added" : quote;
        if (outcome === "added" && refs.length < visitorCartLimit) {
          await writeVisitorCart(headers, app.secret, [...refs, ref]);
        }
      }
    }
    await toast(
      outcome === "added"
        ? "success"
        : outcome === "duplicate" || outcome === "owned"
          ? "info"
          : "error",
      outcome,
    );
    return redirect(backTo(request, form, cartPath), { headers });
  }
  if (intent === "remove" && uuidPattern.test(submissionId)) {
    if (viewer) await removeFromCart(app.db, viewer.id, submissionId);
    else {
      const refs = await readVisitorCart(request, app.secret);
      await writeVisitorCart(
        headers,
        app.secret,
        refs.filter((line) => line.submissionId !== submissionId),
      );
    }
    await toast("success", "removed");
    return redirect(cartPath, { headers });
  }
  if (intent === "clear") {
    if (viewer) await clearCart(app.db, viewer.id);
    else await writeVisitorCart(headers, app.secret, []);
    await toast("success", "cleared");
    return redirect(cartPath, { headers });
  }
  throw data(null, { status: 400 });
}

export default function Cart({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = params.lang === "en" ? "en" : "fr";
  const signInHere = useSignInPath(locale);
  const { cart, signedIn } = loaderData;
  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-bold">{t("commerce.cart.title")}</h1>
      {cart.lines.length === 0 ? (
        <div className="card mt-6 flex flex-col items-center gap-4 p-10 text-center">
          <ShoppingCart className="h-10 w-10 text-muted" aria-hidden="true" />
          <h2 className="text-lg font-semibold">{t("commerce.cart.emptyTitle")}</h2>
          <p className="text-muted">{t("commerce.cart.emptyText")}</p>
          <Link to={localePath(locale, "/marketplace")} className="btn-primary">
            {t("commerce.cart.browse")}
          </Link>
        </div>
      ) : (
        <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <section aria-label={t("commerce.cart.itemsLabel")} className="min-w-0">
            <ul className="space-y-3">
              {cart.lines.map((line) => (
                <li
                  key={line.submissionId}
                  className="card flex items-center gap-3 p-3"
                  data-testid="cart-line"
                >
                  {line.thumbnail ? (
                    <img
                      src={line.thumbnail}
                      alt=""
                      className="h-16 w-16 shrink-0 rounded object-cover"
                    />
                  ) : (
                    <div className="h-16 w-16 shrink-0 rounded bg-surface-2" aria-hidden="true" />
                  )}
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-semibold">{line.title}</p>
                    <p className="truncate text-sm text-muted">
                      {t("commerce.cart.by", {
                        author: line.author ?? t("commerce.cart.anonymous"),
                      })}{" "}
                      · {t(`commerce.kind.${line.kind}` as "commerce.kind.photo")}
                    </p>
                    <p className="text-sm">
                      {t("commerce.cart.licence", { name: line.licenceName })}
                    </p>
                  </div>
                  <p className="shrink-0 font-semibold">
                    {line.owned
                      ? t("commerce.owned.cartLine")
                      : line.lineCents === null
                        ? t("commerce.cart.unavailable")
                        : line.lineCents === 0
                          ? t("commerce.cart.free")
                          : formatMoney(locale, line.lineCents)}
                  </p>
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="submissionId" value={line.submissionId} />
                    <button
                      type="submit"
                      className="btn-ghost px-2"
                      aria-label={t("commerce.cart.removeLabel", { title: line.title })}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="clear" />
              <button type="submit" className="btn-secondary">
                {t("commerce.cart.clear")}
              </button>
            </Form>
          </section>
          <OrderSummary locale={locale} {...cart}>
            <div className="mt-5 flex flex-col gap-2">
              {signedIn ? (
                <Link to={localePath(locale, "/checkout")} className="btn-primary">
                  {t("commerce.cart.checkout")}
                </Link>
              ) : (
                <>
                  <p className="text-sm text-muted">{t("commerce.cart.visitorNote")}</p>
                  <Link to={signInHere} className="btn-primary">
                    {t("commerce.cart.signIn")}
                  </Link>
                </>
              )}
              <Link to={localePath(locale, "/marketplace")} className="btn-secondary">
                {t("commerce.cart.continue")}
              </Link>
            </div>
          </OrderSummary>
        </div>
      )}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
