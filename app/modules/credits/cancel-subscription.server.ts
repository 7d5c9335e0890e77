import type { Services } from "../services";
import { stripeBilling } from "./stripe-billing.server";
import { markCancelAtPeriodEnd, ownActiveSubscription } from "./subscriptions.server";

/**
 * The buyer cancels their own subscription at the end of the paid period: a Stripe
 * subscription is told first (so Stripe stops renewing it; its update event confirms the same
 * flag), then our row. Access and credits last until the period ends. False when the
 * subscription is not the buyer's, not active, or not yet linked to Stripe's.
 */
export async function cancelSubscriptionAtPeriodEnd(
  services: Pick<Services, "db" | "env">,
  userId: string,
  subscriptionId: string,
): Promise<boolean> {
  const subscription = await ownActiveSubscription(services.db, userId, subscriptionId);
  if (!subscription) return false;
  if (subscription.provider === "stripe") {
    const billing = stripeBilling(services);
    if (!billing || !subscription.providerSubscriptionId) return false;
    await billing.cancelAtPeriodEnd(subscription.providerSubscriptionId);
  }
  return markCancelAtPeriodEnd(services.db, userId, subscriptionId);
}
