import { CheckCircle2, Clock, Download, Loader2, RefreshCw, XCircle } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useRevalidator } from "react-router";
import { localePath } from "~/components/use-locale";
import { services } from "~/modules/app.server";
import { buyerOrderBySession, orderLines, originalsOf } from "~/modules/commerce/orders.server";
import { requireAccess } from "~/modules/http/guard.server";
import { pageMeta } from "~/modules/http/meta";
import { localeFromUrl } from "~/modules/i18n/locale";
import { formatDate, formatNumber } from "~/modules/i18n/i18n";
import { creditOrderOutcome } from "~/modules/credits/paid-with.server";
import type { Route } from "./+types/payment-success";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "paymentSuccess");
}

/**
 * Looks the order up instead of trusting the URL: only the signed-in buyer's own order is
 * found, and 'Paiement réussi !' shows only once it is paid.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAccess(context, "signedIn");
  const url = new URL(request.url);
  const sessionId = url.searchParams.get("session_id") ?? "";
  const { db } = await services();
  const order = await buyerOrderBySession(db, viewer.id, sessionId);
  const locale = localeFromUrl(url);
  if (!order) {
    return {
      locale,
      state: "notFound" as const,
      shortId: null,
      downloads: [],
      receiptId: null,
      outcome: null,
    };
  }
  const state =
    order.status === "paid" ? "paid" : order.status === "pending" ? "pending" : "failed";
  let downloads: Array<{ uploadId: string; title: string; fileName: string }> = [];
  if (state === "paid") {
    const lines = await orderLines(db, order.id, locale);
    const files = await originalsOf(
      db,
      lines.flatMap((line) => (line.submissionId ? [line.submissionId] : [])),
    );
    downloads = files.map((file) => ({
      uploadId: file.id,
      fileName: file.fileName,
      title: lines.find((line) => line.submissionId === file.submissionId)?.title ?? "",
    }));
  }
  return {
    locale,
    state: state as "paid" | "pending" | "failed",
    shortId: sessionId.slice(-8),
    downloads,
    // Payouts: the buyer's receipt (page and PDF).
    receiptId: state === "paid" ? order.id : null,
    // Credits: what a pack or subscription added (credits and balance, or the period's end).
    outcome: state === "paid" ? await outcomeView(order.id, viewer.id, locale) : null,
  };
}

async function outcomeView(orderId: string, userId: string, locale: "fr" | "en") {
  const { db } = await services();
  const outcome = await creditOrderOutcome(db, orderId, userId);
  if (!outcome) return null;
  const until = "until" in outcome && outcome.until ? formatDate(locale, outcome.until) : null;
  return outcome.kind === "infinity"
    ? { kind: outcome.kind, until }
    : {
        kind: outcome.kind,
        until,
        credits: outcome.credits,
        creditsText: formatNumber(locale, outcome.credits),
        balance: outcome.balance,
        balanceText: formatNumber(locale, outcome.balance),
      };
}

/** The credits added and the new balance, or until when Infinity or the plan now runs. */
function CreditOutcome({
  outcome,
}: {
  outcome: NonNullable<Route.ComponentProps["loaderData"]["outcome"]>;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-4 rounded-lg bg-accent-soft p-4 text-left" data-testid="credit-outcome">
      {"credits" in outcome && outcome.credits !== undefined ? (
        <>
          <p className="font-semibold">
            {t("credits.outcome.creditsAdded", {
              count: outcome.credits,
              n: outcome.creditsText,
            })}
          </p>
          <p>
            {t("credits.outcome.balance", {
              count: outcome.balance ?? 0,
              n: outcome.balanceText,
            })}
          </p>
        </>
      ) : null}
      {outcome.until ? (
        <p className={outcome.kind === "infinity" ? "font-semibold" : undefined}>
          {t(
            outcome.kind === "infinity"
              ? "credits.outcome.infinityUntil"
              : "credits.outcome.planUntil",
            {
              date: outcome.until,
            },
          )}
        </p>
      ) : null}
    </div>
  );
}

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, state, shortId, downloads, receiptId, outcome } = loaderData;
  const revalidator = useRevalidator();
  const location = useLocation();
  // The server renders the order's real state, so the page is complete without JavaScript. A
  // payment confirmed a moment later (an asynchronous method, a slow webhook) is looked up again
  // every 2 s by the browser; without JavaScript, the refresh link does the same.
  useEffect(() => {
    if (state !== "pending") return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 2_000);
    return () => clearInterval(timer);
  }, [state, revalidator]);

  const links = (
    <nav className="mt-6 flex flex-wrap justify-center gap-2">
      <Link to={localePath(locale, "/buyer-dashboard")} className="btn-primary">
        {t("commerce.success.dashboard")}
      </Link>
      {receiptId ? (
        <Link to={localePath(locale, `/receipts/${receiptId}`)} className="btn-secondary">
          {t("payouts.receipt.view")}
        </Link>
      ) : null}
      <Link to={localePath(locale, "/marketplace")} className="btn-secondary">
        {t("commerce.success.marketplace")}
      </Link>
      <Link to={localePath(locale, "/")} className="btn-secondary">
        {t("commerce.success.home")}
      </Link>
      <Link to={localePath(locale, "/support")} className="btn-ghost">
        {t("commerce.success.support")}
      </Link>
    </nav>
  );

  return (
    <div className="container-page flex justify-center py-10">
      <div className="card w-full max-w-xl p-8 text-center">
        {state === "paid" ? (
          <>
            <CheckCircle2 className="mx-auto h-12 w-12 text-green-600" aria-hidden="true" />
            <h1 className="mt-3 text-2xl font-bold">{t("commerce.success.title")}</h1>
            <p className="mt-2 font-mono text-sm">
              {t("commerce.success.transaction", { id: shortId })}
            </p>
            {outcome ? <CreditOutcome outcome={outcome} /> : null}
            <p className="mt-2 text-muted">{t("commerce.success.emailSent")}</p>
            {downloads.length > 0 ? (
              <section className="mt-6 text-left" aria-labelledby="downloads-title">
                <h2 id="downloads-title" className="font-semibold">
                  {t("commerce.success.downloads")}
                </h2>
                <ul className="mt-2 space-y-2">
                  {downloads.map((file) => (
                    <li key={file.uploadId}>
                      <a
                        href={`/downloads/${file.uploadId}`}
                        className="btn-secondary w-full justify-start"
                        download
                      >
                        <Download className="h-4 w-4" aria-hidden="true" />
                        {t("commerce.success.download", { title: file.title })}
                        <span className="ml-auto truncate text-xs text-muted">{file.fileName}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        ) : state === "pending" ? (
          <>
            <Clock className="mx-auto h-12 w-12 text-amber-600" aria-hidden="true" />
            <h1 className="mt-3 text-2xl font-bold">{t("commerce.success.pendingTitle")}</h1>
            <p role="status" className="mt-3 flex items-center justify-center gap-2">
              <Loader2 className="h-5 w-5 animate-spin" aria-hidden="true" />
              {t("commerce.success.confirming")}
            </p>
            <p className="mt-2 text-muted">{t("commerce.success.pendingText")}</p>
            <a href={`${location.pathname}${location.search}`} className="btn-secondary mt-4">
              <RefreshCw className="h-4 w-4" aria-hidden="true" />
              {t("commerce.success.refresh")}
            </a>
          </>
        ) : state === "failed" ? (
          <>
            <XCircle className="mx-auto h-12 w-12 text-red-600" aria-hidden="true" />
            <h1 className="mt-3 text-2xl font-bold">{t("commerce.success.failedTitle")}</h1>
            <p className="mt-2 text-muted">{t("commerce.success.failedText")}</p>
          </>
        ) : (
          <>
            <XCircle className="mx-auto h-12 w-12 text-muted" aria-hidden="true" />
            <h1 className="mt-3 text-2xl font-bold">{t("commerce.success.notFoundTitle")}</h1>
            <p className="mt-2 text-muted">{t("commerce.success.notFoundText")}</p>
          </>
        )}
        {links}
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
