import { eq } from "drizzle-orm";
import type { Services } from "../app.server";
import type { DatabaseTransaction as Tx } from "../db/client.server";
import { creditPurchases, orders } from "../db/schema";
import type { Locale } from "../i18n/locale";
import { paymentProvider } from "../payments/payments.server";
import { orderTotals } from "../pricing/pricing";
import { grantCredits } from "./ledger.server";
import { stripeBilling } from "./stripe-billing.server";
import { createPendingSubscription, recordSubscriptionPayment } from "./subscriptions.server";
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
 * top as for every order), then the provider's payment page.
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
  const totals = orderTotals([price.subtotalCents]);
  const subscription =
    product.kind === "subscription"
      ? await createPendingSubscription(services.db, {
          userId: buyer.id,
          planId: product.productId,
          interval: product.interval,
          provider: provider.name,
        })
      : null;
  const orderId = await services.db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({ buyerId: buyer.id, provider: provider.name, ...totals })
      .returning({ id: orders.id });
    await tx.insert(creditPurchases).values({
      orderId: order!.id,
      userId: buyer.id,
      kind: product.kind,
      productId: product.productId,
      subscriptionId: subscription?.id ?? null,
    });
    return order!.id;
  });
  const successUrl = `${services.env.baseUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}&lang=${locale}`;
  const cancelUrl = `${services.env.baseUrl}/payment-cancelled?lang=${locale}`;
  // Plans and Infinity are Stripe subscriptions when Stripe is configured (Stripe renews them);
  // the test provider takes the first payment like an order and renewals are simulated.
  const billing = subscription ? stripeBilling(services) : null;
  const session =
    billing && subscription
      ? await billing.createSubscriptionCheckout({
          orderId,
          subscriptionId: subscription.id,
          userId: buyer.id,
          planId: subscription.planId,
          interval: subscription.interval,
          buyerEmail: buyer.email,
          locale,
          name: price.name,
          amountCents: price.subtotalCents,
          vatCents: totals.vatCents,
          successUrl,
          cancelUrl,
        })
      : await provider.createCheckoutSession(
          {
            orderId,
            buyerEmail: buyer.email,
            locale,
            lines: [{ name: price.name, amountCents: price.subtotalCents }],
            vatCents: totals.vatCents,
            totalCents: totals.totalCents,
            successUrl,
            cancelUrl,
          },
          `checkout-${orderId}`,
        );
  await services.db
    .update(orders)
    .set({ providerSessionId: session.sessionId })
    .where(eq(orders.id, orderId));
  return { url: session.url, totalCents: totals.totalCents };
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
