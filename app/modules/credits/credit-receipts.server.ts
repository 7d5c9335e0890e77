import { invoiceFields } from "../billing/invoice-fields.server";
import { mailRecipient } from "../mail/recipient.server";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { TFunction } from "i18next";
import type { Services } from "../services";
import type { Viewer } from "../auth/roles";
import type { Database } from "../db/client.server";
import { creditPurchases, orders, subscriptionInvoices, subscriptions, user } from "../db/schema";
import { formatDate, formatMoney, getT } from "../i18n/i18n";
import type { Locale } from "../i18n/locale";
import type { QueuedMail, MailRenderers } from "../mail/mail-jobs.server";
import type { MailMessage } from "../mail/mailer.server";
import { renderEmail } from "../mail/render-email.server";
import type { Receipt } from "../payouts/receipt";
import { describeContents } from "./contents";
import { creditPacks, creditPlans } from "./plans";

type SubscriptionRow = typeof subscriptions.$inferSelect;
type InvoiceRow = typeof subscriptionInvoices.$inferSelect;

/** What a subscription is called on receipts: "Abonnement 30 crédits par mois (annuel)". */
export function subscriptionTitle(t: TFunction, subscription: SubscriptionRow): string {
  const billing = t(`credits.receipt.billing.${subscription.interval}`);
  const plan = creditPlans.find((row) => row.id === subscription.planId);
  return plan
    ? t("credits.receipt.planLine", { count: plan.credits, billing })
    : t("credits.receipt.infinityLine", { billing });
}

function periodLine(t: TFunction, locale: Locale, invoice: InvoiceRow): string {
  return t("credits.receipt.period", {
    start: formatDate(locale, invoice.periodStart),
    end: formatDate(locale, invoice.periodEnd),
  });
}

/**
 * The receipt line of an order that bought a credit pack or a subscription's first period
 * (what was bought, and for a subscription its period), or nothing for other orders.
 */
export async function creditReceiptLines(
  db: Database,
  orderId: string,
  locale: Locale,
): Promise<Receipt["lines"]> {
  const [purchase] = await db
    .select()
    .from(creditPurchases)
    .where(eq(creditPurchases.orderId, orderId));
  if (!purchase) return [];
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const t = getT(locale);
  const amount = formatMoney(locale, order?.subtotalCents ?? 0);
  if (purchase.kind === "pack") {
    const pack = creditPacks.find((row) => row.id === purchase.productId);
    if (!pack) return [];
    return [
      {
        title: t("credits.receipt.packLine", { count: pack.credits }),
        seller: "",
        licence: "",
        detail: t("credits.receipt.packDetail", { contents: describeContents(t, pack) }),
        amount,
      },
    ];
  }
  if (!purchase.subscriptionId) return [];
  const [row] = await db
    .select({ subscription: subscriptions, invoice: subscriptionInvoices })
    .from(subscriptions)
    .leftJoin(
      subscriptionInvoices,
      and(
        eq(subscriptionInvoices.subscriptionId, subscriptions.id),
        eq(subscriptionInvoices.invoiceRef, `order:${orderId}`),
      ),
    )
    .where(eq(subscriptions.id, purchase.subscriptionId));
  if (!row) return [];
  return [
    {
      title: subscriptionTitle(t, row.subscription),
      seller: "",
      licence: "",
      detail: row.invoice ? periodLine(t, locale, row.invoice) : "",
      amount,
    },
  ];
}

/**
 * The receipt of one subscription payment (first period or renewal), in the reader's language:
 * only the subscriber or an admin reads it; anyone else gets null (a 404).
 */
export async function subscriptionReceiptFor(
  db: Database,
  viewer: Pick<Viewer, "id" | "role">,
  invoiceId: string,
  locale: Locale,
): Promise<Receipt | null> {
  if (!/^[0-9a-f-]{36}$/.test(invoiceId)) return null;
  const [row] = await db
    .select({
      invoice: subscriptionInvoices,
      subscription: subscriptions,
      name: user.name,
    })
    .from(subscriptionInvoices)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionInvoices.subscriptionId))
    .leftJoin(user, eq(user.id, subscriptions.userId))
    .where(eq(subscriptionInvoices.id, invoiceId));
  if (!row) return null;
  if (row.subscription.userId !== viewer.id && viewer.role !== "admin") return null;
  const t = getT(locale);
  const money = (cents: number) => formatMoney(locale, cents);
  const reference = row.invoice.id.slice(0, 8).toUpperCase();
  return {
    reference,
    orderId: row.invoice.id,
    status: "paid",
    date: formatDate(locale, row.invoice.createdAt),
    buyer: row.name ?? t("payouts.refund.deletedUser"),
    heading: t("credits.receipt.invoiceTitle", { reference }),
    pdfPath: `/receipts/subscriptions/${row.invoice.id}/pdf`,
    lines: [
      {
        title: subscriptionTitle(t, row.subscription),
        seller: "",
        licence: "",
        detail: periodLine(t, locale, row.invoice),
        amount: money(row.invoice.amountCents),
      },
    ],
    subtotal: money(row.invoice.amountCents),
    vat: money(row.invoice.vatCents),
    total: money(row.invoice.totalCents),
    ...invoiceFields(locale, row.invoice),
  };
}

/** The buyer's receipts for packs and subscription payments, newest first (dashboard). */
export async function creditReceipts(db: Database, userId: string, locale: Locale) {
  const t = getT(locale);
  const packs = await db
    .select({ purchase: creditPurchases, order: orders })
    .from(creditPurchases)
    .innerJoin(orders, eq(orders.id, creditPurchases.orderId))
    .where(
      and(
        eq(creditPurchases.userId, userId),
        eq(creditPurchases.kind, "pack"),
        inArray(orders.status, ["paid", "refunded"]),
      ),
    )
    .orderBy(desc(orders.paidAt))
    .limit(50);
  const invoices = await db
    .select({ invoice: subscriptionInvoices, subscription: subscriptions })
    .from(subscriptionInvoices)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionInvoices.subscriptionId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptionInvoices.createdAt))
    .limit(50);
  const rows = [
    ...packs.map(({ purchase, order }) => ({
      at: order.paidAt ?? order.createdAt,
      what: t("credits.receipt.packLine", {
        count: creditPacks.find((row) => row.id === purchase.productId)?.credits ?? 0,
      }),
      totalCents: order.totalCents,
      path: `/receipts/${order.id}`,
    })),
    ...invoices.map(({ invoice, subscription }) => ({
      at: invoice.createdAt,
      what: subscriptionTitle(t, subscription),
      totalCents: invoice.totalCents,
      path: `/receipts/subscriptions/${invoice.id}`,
    })),
  ].sort((a, b) => b.at.getTime() - a.at.getTime());
  return rows.map((row) => ({
    key: row.path,
    date: formatDate(locale, row.at),
    what: row.what,
    total: formatMoney(locale, row.totalCents),
    path: row.path,
  }));
}

type App = Pick<Services, "db" | "env">;

async function receiptMail(
  app: App,
  userId: string,
  build: (locale: Locale) => Promise<Receipt | null>,
  path: (receipt: Receipt) => string,
): Promise<MailMessage | null> {
  const to = await mailRecipient(app.db, userId);
  if (!to) return null;
  const receipt = await build(to.locale);
  if (!receipt) return null;
  const t = getT(to.locale);
  const what = receipt.lines.map((line) => line.title).join(", ");
  return {
    to: to.email,
    ...renderEmail({
      subject: t("credits.receipt.emailSubject", { what }),
      paragraphs: [
        t("credits.receipt.emailIntro", { name: to.name }),
        ...receipt.lines.map((line) =>
          t("credits.receipt.emailLine", {
            what: line.title,
            amount: line.amount,
            detail: line.detail ?? "",
          }),
        ),
        t("commerce.email.receiptTotals", {
          rate: receipt.vatRate,
          subtotal: receipt.subtotal,
          vat: receipt.vat,
          total: receipt.total,
        }),
      ],
      link: `${app.env.baseUrl}/${to.locale}${path(receipt)}`,
      footer: t("commerce.email.footer"),
    }),
  };
}

/** The queued e-mail of a paid order that bought credits (a pack, a subscription's first period). */
export function creditOrderReceiptMail(orderId: string): QueuedMail {
  return { render: "credits.orderReceipt", params: { orderId } };
}

/** The queued e-mail of a subscription renewal (Stripe's invoice.paid, a simulated one). */
export function subscriptionReceiptMail(invoiceId: string): QueuedMail {
  return { render: "credits.subscriptionReceipt", params: { invoiceId } };
}

export const creditReceiptMailRenderers: MailRenderers = {
  "credits.orderReceipt": async (app, params) => {
    const [found] = await app.db
      .select({ order: orders, userId: creditPurchases.userId })
      .from(creditPurchases)
      .innerJoin(orders, eq(orders.id, creditPurchases.orderId))
      .where(eq(creditPurchases.orderId, String(params.orderId)));
    if (!found) return null;
    const { order } = found;
    const money = (locale: Locale, cents: number) => formatMoney(locale, cents);
    return receiptMail(
      app,
      found.userId,
      async (locale) => ({
        reference: order.id.slice(0, 8).toUpperCase(),
        orderId: order.id,
        status: order.status,
        date: formatDate(locale, order.paidAt ?? order.createdAt),
        buyer: "",
        lines: await creditReceiptLines(app.db, order.id, locale),
        subtotal: money(locale, order.subtotalCents),
        vat: money(locale, order.vatCents),
        total: money(locale, order.totalCents),
        ...invoiceFields(locale, order),
      }),
      (receipt) => `/receipts/${receipt.orderId}`,
    );
  },
  "credits.subscriptionReceipt": async (app, params) => {
    const invoiceId = String(params.invoiceId);
    const [row] = await app.db
      .select({ userId: subscriptions.userId })
      .from(subscriptionInvoices)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionInvoices.subscriptionId))
      .where(eq(subscriptionInvoices.id, invoiceId));
    if (!row) return null;
    const viewer = { id: row.userId, role: "client" as const };
    return receiptMail(
      app,
      row.userId,
      (locale) => subscriptionReceiptFor(app.db, viewer, invoiceId, locale),
      (receipt) => `/receipts/subscriptions/${receipt.orderId}`,
    );
  },
};
