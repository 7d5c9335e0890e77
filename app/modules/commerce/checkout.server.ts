import { and, eq, isNull } from "drizzle-orm";
import type { Services } from "../services";
import type { Viewer } from "../auth/roles";
import { entitlements, orders, transactions } from "../db/schema";
import type { Locale } from "../i18n/locale";
import { paymentProvider } from "../payments/payments.server";
import { isFree, shareOf } from "../pricing/pricing";
import { orderAmounts } from "../billing/billing.server";
import { vatRateLabel } from "../billing/invoice-view";
import { getT } from "../i18n/i18n";
import { quoteLine, type LineQuote } from "../pricing/quote.server";
import {
  cartRefs,
  priceCart,
  purchasableQuote,
  removeOwnedLines,
  type CartRef,
} from "./cart.server";
import { certificateNumber } from "./certificate.server";
import { CommerceError } from "./commerce-error";
import { isUniqueViolation } from "../db/unique-violation";
import { takeExclusiveHold } from "./on-sale.server";
import { checkoutExpiresAt, checkoutKey, closePendingOrder, openOrder } from "./open-orders.server";
import type { DatabaseTransaction as Tx } from "../db/client.server";

/**
 * Checks a cart before payment, in the order of docs/product.md, "Cart and checkout": signed in, not empty, every
 * price valid (the item still on sale, priced by the server), every item complete. A line the
 * buyer already owns under its licence (bought in another tab meanwhile) refuses the cart.
 */
export async function validatedQuotes(
  services: Pick<Services, "db">,
  viewer: Viewer | null,
  refs: readonly CartRef[],
  locale: Locale,
): Promise<LineQuote[]> {
  if (!viewer) throw new CommerceError("signInRequired");
  if (refs.length === 0) throw new CommerceError("emptyCart");
  const quotes: LineQuote[] = [];
  for (const ref of refs) {
    const quote = await purchasableQuote(services.db, ref, viewer.id);
    if (quote === "owned") throw new CommerceError("alreadyOwned");
    if (
      quote === "unavailable" &&
      (await quoteLine(services.db, ref.submissionId, ref.licenceId))
    ) {
      // On sale but held or sold under an exclusive licence by another checkout.
      throw new CommerceError("exclusiveTaken");
    }
    if (typeof quote !== "object" || quote.lineCents <= 0) throw new CommerceError("invalidPrices");
    quotes.push(quote);
  }
  const view = await priceCart(services.db, refs, locale, viewer.id);
  if (view.lines.some((line) => !line.submissionId || !line.title.trim() || !line.author)) {
    throw new CommerceError("incomplete");
  }
  return quotes;
}

/** Holds each exclusive line for this order; a hold still active for another order refuses. */
async function holdExclusives(tx: Tx, orderId: string, quotes: readonly LineQuote[]) {
  for (const quote of quotes) {
    if (quote.licenceId !== "exclusive") continue;
    if (!(await takeExclusiveHold(tx, quote.submissionId, orderId))) {
      throw new CommerceError("exclusiveTaken");
    }
  }
}

/** The order's lines, one server-priced transaction each (commission from the settings). */
async function insertLines(
  tx: Tx,
  orderId: string,
  buyerId: string,
  quotes: readonly LineQuote[],
  vatRateBps: number,
) {
  await tx.insert(transactions).values(
    quotes.map((quote) => ({
      orderId,
      buyerId,
      sellerId: quote.sellerId,
      submissionId: quote.submissionId,
      licenceId: quote.licenceId,
      title: quote.title,
      itemPriceCents: quote.itemPriceCents,
      licenceCents: quote.surchargeCents,
      amountCents: quote.lineCents,
      vatCents: shareOf(quote.lineCents, vatRateBps),
      commissionBps: quote.commissionBps,
      commissionCents: quote.commissionCents,
      sellerShareCents: quote.sellerShareCents,
    })),
  );
}

/**
 * Opens the provider's payment page for the cart. The same lines and total as an order still
 * open give that order's page again (a second click, a parallel one, another tab): one pending
 * order and one provider session per cart. Otherwise a pending order is written with its lines
 * and exclusive holds. The cart is left as it is: it empties when the order is paid.
 */
export async function startCheckout(
  services: Services,
  viewer: Viewer | null,
  refs: readonly CartRef[],
  locale: Locale,
): Promise<{ url: string; orderId: string }> {
  const quotes = await validatedQuotes(services, viewer, refs, locale);
  const buyer = viewer!;
  const provider = paymentProvider(services);
  // VAT by the buyer's billing details (decision record 0052); checkout asks for them first.
  const totals = await orderAmounts(
    services.db,
    buyer.id,
    quotes.map((quote) => quote.lineCents),
  );
  const { order, created } = await openOrder(
    services.db,
    {
      buyerId: buyer.id,
      provider: provider.name,
      key: checkoutKey(quotes, totals),
      totals,
    },
    async (tx, orderId) => {
      await holdExclusives(tx, orderId, quotes);
      await insertLines(tx, orderId, buyer.id, quotes, totals.vatRateBps);
    },
  );
  if (order.checkoutUrl) return { url: order.checkoutUrl, orderId: order.id };
  const view = await priceCart(services.db, refs, locale, buyer.id);
  try {
    // A request that found the order before its page existed asks again under the same
    // idempotency key and the same parameters, so the provider answers with the same session.
    const session = await provider.createCheckoutSession(
      {
        orderId: order.id,
        buyerEmail: buyer.email,
        locale,
        lines: view.lines.map((line) => ({
          name: `${line.title} (${line.licenceName})`,
          amountCents: line.lineCents ?? 0,
        })),
        vatCents: totals.vatCents,
        vatLabel: getT(locale)("commerce.cart.vat", {
          rate: vatRateLabel(locale, totals.vatRateBps),
        }),
        totalCents: totals.totalCents,
        successUrl: `${services.env.baseUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}&lang=${locale}`,
        cancelUrl: `${services.env.baseUrl}/payment-cancelled?lang=${locale}`,
        expiresAt: checkoutExpiresAt(order),
      },
      `checkout-${order.id}`,
    );
    await services.db
      .update(orders)
      .set({ providerSessionId: session.sessionId, checkoutUrl: session.url })
      .where(eq(orders.id, order.id));
    return { url: session.url, orderId: order.id };
  } catch (error) {
    if (created) {
      await services.db.transaction((tx) => closePendingOrder(tx, { orderId: order.id }, "failed"));
    }
    if (error instanceof CommerceError) throw error;
    throw new CommerceError("paymentCreation");
  }
}

/**
 * The signed-in buyer's cart, checked out. A line the buyer came to own meanwhile (another
 * tab) leaves the cart, and the buyer is told before anything is charged.
 */
export async function checkoutCart(services: Services, viewer: Viewer | null, locale: Locale) {
  const refs = viewer ? await cartRefs(services.db, viewer.id) : [];
  try {
    return await startCheckout(services, viewer, refs, locale);
  } catch (error) {
    if (viewer && error instanceof CommerceError && error.code === "alreadyOwned") {
      await removeOwnedLines(services.db, viewer.id);
    }
    throw error;
  }
}

/**
 * Claims a free item under the standard licence in one click: a paid order of 0 with its
 * transaction and entitlement, no payment. Claiming twice, even at once, gives the same
 * entitlement.
 */
export async function claimFree(
  services: Services,
  viewer: Viewer | null,
  submissionId: string,
): Promise<{ entitlementId: string }> {
  if (!viewer) throw new CommerceError("signInRequired");
  if (!submissionId) throw new CommerceError("missingId");
  const quote = await quoteLine(services.db, submissionId, "standard");
  if (!quote) throw new CommerceError("invalidPrice");
  if (!isFree(quote.itemPriceCents)) throw new CommerceError("notFree");
  try {
    return await services.db.transaction(async (tx) => {
      const existing = await standardRight(tx, viewer.id, submissionId);
      if (existing) return { entitlementId: existing.id };
      return insertFreeClaim(tx, viewer.id, submissionId, quote);
    });
  } catch (error) {
    // A parallel claim won the one-right-per-licence index: its right is the buyer's.
    const winner = isUniqueViolation(error)
      ? await standardRight(services.db, viewer.id, submissionId)
      : undefined;
    if (winner) return { entitlementId: winner.id };
    throw error;
  }
}

async function standardRight(db: Tx | Services["db"], buyerId: string, submissionId: string) {
  const [right] = await db
    .select({ id: entitlements.id })
    .from(entitlements)
    .where(
      and(
        eq(entitlements.buyerId, buyerId),
        eq(entitlements.submissionId, submissionId),
        eq(entitlements.licenceId, "standard"),
        isNull(entitlements.revokedAt),
      ),
    );
  return right;
}

async function insertFreeClaim(tx: Tx, buyerId: string, submissionId: string, quote: LineQuote) {
  const now = new Date();
  const [order] = await tx
    .insert(orders)
    .values({
      buyerId,
      provider: "free",
      status: "paid",
      subtotalCents: 0,
      vatCents: 0,
      totalCents: 0,
      paidAt: now,
    })
    .returning({ id: orders.id });
  const [transaction] = await tx
    .insert(transactions)
    .values({
      orderId: order!.id,
      buyerId,
      sellerId: quote.sellerId,
      submissionId,
      licenceId: "standard",
      title: quote.title,
      itemPriceCents: 0,
      licenceCents: 0,
      amountCents: 0,
      vatCents: 0,
      commissionBps: quote.commissionBps,
      commissionCents: 0,
      sellerShareCents: 0,
      status: "succeeded",
      succeededAt: now,
    })
    .returning({ id: transactions.id });
  const [entitlement] = await tx
    .insert(entitlements)
    .values({
      buyerId,
      submissionId,
      licenceId: "standard",
      source: "free",
      transactionId: transaction!.id,
      certificateNumber: certificateNumber(now),
    })
    .returning({ id: entitlements.id });
  return { entitlementId: entitlement!.id };
}
