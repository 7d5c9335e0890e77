import { inArray } from "drizzle-orm";
import { useTranslation } from "react-i18next";
import { data, Link, redirect } from "react-router";
import { z } from "~/modules/validation/zod";
import { DashboardFrame } from "~/components/dashboard-frame";
import { RefundForm } from "~/components/payouts/refund-form";
import { localePath, useLocale } from "~/components/use-locale";
import { services } from "~/modules/app.server";
import { user } from "~/modules/db/schema";
import { setFlash } from "~/modules/http/flash.server";
import { requireAccess } from "~/modules/http/guard.server";
import { pageMeta } from "~/modules/http/meta";
import { readForm } from "~/modules/http/read-form.server";
import { safeRedirectTarget } from "~/modules/http/safe-redirect";
import { formatMoney } from "~/modules/i18n/i18n";
import { localeFromUrl } from "~/modules/i18n/locale";
import { PayoutsError } from "~/modules/payouts/payouts-error";
import { refundableOrder, refundByAdmin } from "~/modules/payouts/refunds.server";
import type { Route } from "./+types/admin-refund";

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, "adminRefund"), { name: "robots", content: "noindex" }];
}

/** An order with its lines, for the admin's refund page (admins only, checked here). */
export async function loader({ context, params }: Route.LoaderArgs) {
  await requireAccess(context, "admin", { message: "adminOnly" });
  const { db } = await services();
  const found = await refundableOrder(db, params.orderId);
  if (!found) throw data(null, { status: 404 });
  const { order, lines } = found;
  const people = [
    ...new Set([order.buyerId, ...lines.map((line) => line.sellerId)].filter(Boolean) as string[]),
  ];
  const names = new Map(
    (people.length > 0
      ? await db
          .select({ id: user.id, name: user.name, email: user.email })
          .from(user)
          .where(inArray(user.id, people))
      : []
    ).map((row) => [row.id, `${row.name} <${row.email}>`]),
  );
  return {
    order: {
      id: order.id,
      reference: order.id.slice(0, 8).toUpperCase(),
      status: order.status,
      totalCents: order.totalCents,
      buyer: order.buyerId ? (names.get(order.buyerId) ?? null) : null,
    },
    lines: lines.map((line) => ({
      id: line.id,
      title: line.title,
      seller: line.sellerId ? (names.get(line.sellerId) ?? null) : null,
      amountCents: line.amountCents + line.vatCents,
      status: line.status,
    })),
  };
}

const schema = z.object({
  intent: z.literal("refund"),
  transactionId: z.uuid().optional(),
  redirectTo: z.string().max(500).optional(),
});

/** Refunds the order or one line: the self-contained admin action (role checked here). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAccess(context, "admin", { message: "adminOnly" });
  const locale = localeFromUrl(new URL(request.url));
  const parsed = schema.safeParse(Object.fromEntries(await readForm(request)));
  const asked = parsed.success ? parsed.data.redirectTo : undefined;
  const back = safeRedirectTarget(asked) ?? `/${locale}/admin/refunds/${params.orderId}`;
  const headers = new Headers();
  if (!parsed.success) {
    await setFlash(headers, { kind: "error", key: "payouts.errors.invalid" });
    return redirect(back, { headers });
  }
  try {
    const result = await refundByAdmin(await services(), admin, {
      orderId: params.orderId,
      transactionId: parsed.data.transactionId ?? null,
    });
    await setFlash(headers, {
      kind: "success",
      key: "payouts.toast.refunded",
      params: { amount: formatMoney(locale, result.refundedCents) },
    });
  } catch (error) {
    if (!(error instanceof PayoutsError)) throw error;
    if (error.code === "orderNotFound") throw data(null, { status: 404 });
    await setFlash(headers, { kind: "error", key: `payouts.errors.${error.code}` });
  }
  return redirect(back, { headers });
}

export default function AdminRefund({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { order, lines } = loaderData;
  const refundable = lines.filter((line) => line.status === "succeeded");
  return (
    <DashboardFrame
      title={t("payouts.refund.title", { reference: order.reference })}
      intro={t("payouts.refund.intro")}
    >
      <div className="card mt-6 overflow-x-auto p-4">
        <p className="text-sm">
          {t("payouts.refund.buyerLine", {
            name: order.buyer ?? t("payouts.refund.deletedUser"),
          })}
        </p>
        <p className="text-sm">
          {t("payouts.refund.total", { total: formatMoney(locale, order.totalCents) })}
        </p>
        <table className="mt-4 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className="py-2 pr-3">
                {t("payouts.refund.item")}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t("payouts.refund.seller")}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t("payouts.refund.amount")}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t("payouts.refund.status")}
              </th>
              <th scope="col" className="py-2">
                <span className="sr-only">{t("payouts.refund.line")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.id} className="border-b border-border" data-testid="refund-line">
                <td className="py-2 pr-3">{line.title}</td>
                <td className="py-2 pr-3">{line.seller ?? t("payouts.refund.deletedUser")}</td>
                <td className="py-2 pr-3 tabular-nums">{formatMoney(locale, line.amountCents)}</td>
                <td className="py-2 pr-3">{t(`payouts.refund.statuses.${line.status}`)}</td>
                <td className="py-2">
                  {line.status === "succeeded" && refundable.length > 1 ? (
                    <RefundForm
                      orderId={order.id}
                      transactionId={line.id}
                      title={line.title}
                      compact
                    />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="mt-4 flex flex-wrap gap-2">
          {refundable.length > 0 ? (
            <RefundForm orderId={order.id} />
          ) : (
            <p className="text-sm text-muted">{t("payouts.refund.nothingLeft")}</p>
          )}
          <Link to={localePath(locale, "/admin")} className="btn-secondary">
            {t("dashboards.adminTitle")}
          </Link>
        </div>
      </div>
    </DashboardFrame>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
