import { getT } from "../i18n/i18n";
import { vatRateLabel } from "../billing/invoice-view";
import { eq } from "drizzle-orm";
import type { Services } from "../services";
import type { DatabaseTransaction as Tx } from "../db/client.server";
import { creditPurchases, orders } from "../db/schema";
import type { Locale } from "../i18n/locale";
import { paymentProvider } from "../payments/payments.server";
import { orderAmounts, type OrderAmounts } from "../billing/billing.server";
import { grantCredits } from "./ledger.server";
import { stripeBilling } from "./stripe-billing.server";
import { recordSubscriptionPayment } from "./subscriptions.server";
import { openSubscriptionOrder } from "./subscription-checkout.server";
import { checkoutExpiresAt, closePendingOrder } from "../commerce/open-orders.server";
import {
  creditPacks,
  creditPlans,
  grantExpiry,
  subscriptionPriceCents,
  type BillingInterval,
} from "./plans";

export type CreditProduct =
  | { kind: "pack"; productId: string }
  | { kind: "subscription"; productId: string; interval: BillingInterval };

/** The product's name and price before VAT, from the server's table, or null if unknown. */
export function creditProductPrice(
  product: CreditProduct,
): { name: string; subtotalCents: number } | null {
  if (product.kind === "pack") {
    const pack = creditPacks.find((row) => row.id === product.productId);
    return pack
      ? { name: `Vitrine — ${pack.credits} crédits`, subtotalCents: pack.priceCents }
      : null;
  }
  const price = subscriptionPriceCents(product.productId, product.interval);
  if (price === null) return null;
  const plan = creditPlans.find((row) => row.id === product.productId);
  const name = plan ? `Vitrine — ${plan.credits} crédits / mois` : "Vitrine Infinity";
  return {
    name: `${name} (${product.interval === "year" ? "annuel" : "mensuel"})`,
    subtotalCents: price,
  };
}

/**
 * A pending order for a pack or a subscription's first period (price from the server, VAT on
 * top as for every order), then the provider's payment page. A subscription is refused while
 * the buyer holds one of the same kind (CreditError "alreadySubscribed"), and a second click for
 * the same plan returns to the same page.
 */
export async function startCreditCheckout(
  services: Services,
  buyer: { id: string; email: string },
  product: CreditProduct,
  locale: Locale,
): Promise<{ url: string; totalCents: number } | null> {
  const price = creditProductPrice(product);
  if (!price) return null;
  const provider = paymentProvider(services);
  // VAT by the buyer's billing details (decision record 0052).
  const totals = await orderAmounts(services.db, buyer.id, [price.subtotalCents]);
  const vatLabel = getT(locale)("commerce.cart.vat", {
    rate: vatRateLabel(locale, totals.vatRateBps),
  });
  const { order, subscription, created } =
    product.kind === "subscription"
      ? await openSubscriptionOrder(services, {
          userId: buyer.id,
          planId: product.productId,
          interval: product.interval,
          provider: provider.name,
          totals,
        })
      : await packOrder(services, buyer.id, product.productId, provider.name, totals);
  if (order.checkoutUrl) return { url: order.checkoutUrl, totalCents: totals.totalCents };
  const successUrl = `${services.env.baseUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}&lang=${locale}`;
  const cancelUrl = `${services.env.baseUrl}/payment-cancelled?lang=${locale}`;
  const expiresAt = checkoutExpiresAt(order);
  // Plans and Infinity are Stripe subscriptions when Stripe is configured (Stripe renews them);
  // the test provider takes the first payment like an order and renewals are simulated.
  const billing = subscription ? stripeBilling(services) : null;
  try {
    const session =
      billing && subscription
        ? await billing.createSubscriptionCheckout({
            orderId: order.id,
            subscriptionId: subscription.id,
            userId: buyer.id,
            planId: subscription.planId,
            interval: subscription.interval,
            buyerEmail: buyer.email,
            locale,
            name: price.name,
            amountCents: price.subtotalCents,
            vatCents: totals.vatCents,
            vatLabel,
            successUrl,
            cancelUrl,
            expiresAt,
          })
        : await provider.createCheckoutSession(
            {
              orderId: order.id,
              buyerEmail: buyer.email,
              locale,
              lines: [{ name: price.name, amountCents: price.subtotalCents }],
              vatCents: totals.vatCents,
              vatLabel,
              totalCents: totals.totalCents,
              successUrl,
              cancelUrl,
              expiresAt,
            },
            `checkout-${order.id}`,
          );
    await services.db
      .update(orders)
      .set({ providerSessionId: session.sessionId, checkoutUrl: session.url })
      .where(eq(orders.id, order.id));
    return { url: session.url, totalCents: totals.totalCents };
  } catch (error) {
    // The order that could not get a page ends (and its waiting subscription with it).
    if (created) {
      await services.db.transaction((tx) => closePendingOrder(tx, { orderId: order.id }, "failed"));
    }
    throw error;
  }
}

/** A pack's pending order and what it buys. */
async function packOrder(
  services: Services,
  buyerId: string,
  packId: string,
  provider: string,
  totals: OrderAmounts,
) {
  const order = await services.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(orders)
      .values({ buyerId, provider, ...totals })
      .returning();
    await tx.insert(creditPurchases).values({
      orderId: row!.id,
      userId: buyerId,
      kind: "pack",
      productId: packId,
    });
    return row!;
  });
  return { order, subscription: null, created: true };
}

/**
 * Called by fulfilment inside the transaction that has just marked `order` paid (which happens
 * once): grants the pack's credits or starts the subscription's first period. The grant's
 * source reference is the order, so even a second call could not grant twice.
 */
export async function fulfilCreditPurchase(
  tx: Tx,
  order: { id: string; subtotalCents: number },
  now = new Date(),
) {
  const [purchase] = await tx
    .select()
    .from(creditPurchases)
    .where(eq(creditPurchases.orderId, order.id));
  if (!purchase) return;
  if (purchase.kind === "pack") {
    const pack = creditPacks.find((row) => row.id === purchase.productId);
    if (!pack) return;
    await grantCredits(tx, {
      userId: purchase.userId,
      source: "pack",
      sourceRef: `order:${order.id}`,
      credits: pack.credits,
      valueCents: order.subtotalCents,
      expiresAt: grantExpiry("pack", now),
    });
  } else if (purchase.subscriptionId) {
    await recordSubscriptionPayment(tx, {
      subscriptionId: purchase.subscriptionId,
      invoiceRef: `order:${order.id}`,
      now,
      // The first period's receipt is the order's.
      receipt: false,
    });
  }
}
