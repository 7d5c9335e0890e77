import { FileDown, Printer } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { localePath, useLocale } from "~/components/use-locale";
import { services } from "~/modules/app.server";
import { requireAccess } from "~/modules/http/guard.server";
import { pageMeta } from "~/modules/http/meta";
import { localeFromUrl } from "~/modules/i18n/locale";
import { anyReceipt } from "~/modules/credits/receipt-route.server";
import type { Route } from "./+types/receipt";

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, "receipt"), { name: "robots", content: "noindex" }];
}

/** The buyer's printable receipt (VAT line, seller, licence); the order's buyer or an admin. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireAccess(context, "signedIn");
  const { db } = await services();
  const receipt = await anyReceipt(db, viewer, params, localeFromUrl(new URL(request.url)));
  if (!receipt) throw data(null, { status: 404 });
  return receipt;
}

export default function ReceiptPage({ loaderData: receipt }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div className="container-page flex justify-center py-10">
      <article className="card w-full max-w-2xl p-6 sm:p-8">
        <p className="text-lg font-bold">Vitrine</p>
        <h1 className="mt-2 text-2xl font-bold">
          {receipt.heading ?? t("payouts.receipt.title", { reference: receipt.reference })}
        </h1>
        <p className="mt-1 text-sm text-muted">
          {t("payouts.receipt.date", { date: receipt.date })}
        </p>
        {receipt.invoiceNumber ? (
          <p className="text-sm" data-testid="invoice-number">
            {t("billing.invoiceNumber", { number: receipt.invoiceNumber })}
          </p>
        ) : null}
        <p className="text-sm text-muted">{t("payouts.receipt.buyer", { name: receipt.buyer })}</p>
        <div className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <h2 className="font-semibold">{t("billing.issuer")}</h2>
            {receipt.issuer.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
          {receipt.billedTo ? (
            <div data-testid="billed-to">
              <h2 className="font-semibold">{t("billing.billedTo")}</h2>
              {receipt.billedTo.map((line) => (
                <p key={line} dir="auto">
                  {line}
                </p>
              ))}
            </div>
          ) : null}
        </div>
        {receipt.status === "refunded" ? (
          <p className="mt-2 font-medium">{t("payouts.receipt.refunded")}</p>
        ) : null}
        <ul className="mt-6 divide-y divide-border border-y border-border">
          {receipt.lines.map((line, index) => (
            <li key={index} className="flex justify-between gap-4 py-3">
              <span>
                <span className="font-medium">{line.title}</span>
                <span className="block text-sm text-muted">
                  {line.detail ??
                    t("payouts.receipt.lineDetail", { licence: line.licence, seller: line.seller })}
                </span>
              </span>
              <span className="tabular-nums">{line.amount}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-4 space-y-1 text-right">
          <div>
            <dt className="sr-only">{t("commerce.cart.subtotal")}</dt>
            <dd>{t("payouts.receipt.subtotal", { amount: receipt.subtotal })}</dd>
          </div>
          <div>
            <dt className="sr-only">{t("commerce.cart.vat", { rate: receipt.vatRate })}</dt>
            <dd data-testid="receipt-vat">
              {t("payouts.receipt.vat", { rate: receipt.vatRate, amount: receipt.vat })}
            </dd>
          </div>
          <div>
            <dt className="sr-only">{t("commerce.cart.total")}</dt>
            <dd className="text-lg font-semibold" data-testid="receipt-total">
              {t("payouts.receipt.total", { amount: receipt.total })}
            </dd>
          </div>
        </dl>
        {receipt.vatMention ? (
          <p className="mt-3 text-sm" data-testid="vat-mention">
            {receipt.vatMention}
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap gap-2 print:hidden">
          <button type="button" className="btn-secondary" onClick={() => window.print()}>
            <Printer className="h-4 w-4" aria-hidden="true" />
            {t("payouts.receipt.print")}
          </button>
          <a
            href={localePath(locale, receipt.pdfPath ?? `/receipts/${receipt.orderId}/pdf`)}
            className="btn-secondary"
            download
          >
            <FileDown className="h-4 w-4" aria-hidden="true" />
            {t("payouts.receipt.pdf")}
          </a>
        </div>
      </article>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
