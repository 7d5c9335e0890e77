import { and, eq, isNull, ne, or } from "drizzle-orm";
import type Stripe from "stripe";
import type { Services } from "../services";
import { subscriptions } from "../db/schema";
import { getT } from "../i18n/i18n";
import { mailRecipient } from "../mail/recipient.server";
import { enqueueMail, type MailRenderers } from "../mail/mail-jobs.server";
import { renderEmail } from "../mail/render-email.server";
import { subscriptionTitle } from "./credit-receipts.server";
import { stripeBilling } from "./stripe-billing.server";
import { recordSubscriptionPayment } from "./subscriptions.server";

type BillingServices = Pick<Services, "db" | "env">;
type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The Stripe Billing events this module acts on (everything else is left to others). */
export const billingEventTypes = [
  "checkout.session.completed",
  "invoice.paid",
  "invoice.payment_failed",
  "customer.subscription.updated",
  "customer.subscription.deleted",
] as const;

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Our subscription for a Stripe subscription: by the id we stored, or else by our id in the
 * metadata we set at checkout (the event's signature was verified), which then links them.
 * A Stripe subscription never takes over a row already linked to another one.
 */
async function ourSubscription(
  services: BillingServices,
  stripeSubscriptionId: string | null,
  metadata: Record<string, string> | null | undefined,
): Promise<SubscriptionRow | null> {
  if (!stripeSubscriptionId) return null;
  const [linked] = await services.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, "stripe"),
        eq(subscriptions.providerSubscriptionId, stripeSubscriptionId),
      ),
    );
  if (linked) return linked;
  const ourId = metadata?.subscriptionId;
  if (!ourId || !uuidPattern.test(ourId)) return null;
  const [row] = await services.db
    .update(subscriptions)
    .set({ providerSubscriptionId: stripeSubscriptionId, updatedAt: new Date() })
    .where(
      and(
        eq(subscriptions.id, ourId),
        eq(subscriptions.provider, "stripe"),
        or(
          isNull(subscriptions.providerSubscriptionId),
          eq(subscriptions.providerSubscriptionId, stripeSubscriptionId),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * A renewal payment failed: the subscription is past due (no access until a payment
 * succeeds; Stripe retries). Only the change into past due e-mails the subscriber, so
 * Stripe's retries and the matching subscription update do not repeat the notice.
 */
export async function markPastDue(services: BillingServices, subscription: SubscriptionRow) {
  await services.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(subscriptions)
      .set({ status: "past_due", updatedAt: new Date() })
      .where(and(eq(subscriptions.id, subscription.id), eq(subscriptions.status, "active")))
      .returning({ id: subscriptions.id });
    if (changed) {
      await enqueueMail(tx, { render: "credits.pastDue", params: { subscriptionId: changed.id } });
    }
  });
}

export const billingMailRenderers: MailRenderers = {
  /** The subscriber is told a renewal payment failed (their access waits for a payment). */
  "credits.pastDue": async (app, params) => {
    const [changed] = await app.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, String(params.subscriptionId)));
    if (!changed) return null;
    const to = await mailRecipient(app.db, changed.userId);
    if (!to) return null;
    const t = getT(to.locale);
    return {
      to: to.email,
      ...renderEmail({
        subject: t("credits.receipt.pastDueSubject"),
        paragraphs: [
          t("credits.receipt.pastDueText", { name: to.name, plan: subscriptionTitle(t, changed) }),
        ],
        link: `${app.env.baseUrl}/${to.locale}/buyer-dashboard?tab=credits`,
        footer: t("commerce.email.footer"),
      }),
    };
  },
};

/** The subscription has ended on Stripe's side: no access, no renewal, no monthly grant. */
async function endSubscription(services: BillingServices, subscription: SubscriptionRow) {
  const now = new Date();
  await services.db
    .update(subscriptions)
    .set({
      status: "canceled",
      cancelAtPeriodEnd: true,
      currentPeriodEnd:
        subscription.currentPeriodEnd && subscription.currentPeriodEnd < now
          ? subscription.currentPeriodEnd
          : now,
      updatedAt: now,
    })
    .where(and(eq(subscriptions.id, subscription.id), ne(subscriptions.status, "canceled")));
}

/** The paid period of a Stripe invoice: its subscription line's service period. */
function invoicePeriod(invoice: Stripe.Invoice): { start: Date; end: Date } | undefined {
  const line = invoice.lines?.data?.find((row) => row.period?.start && row.period?.end);
  if (!line) return undefined;
  return { start: new Date(line.period.start * 1000), end: new Date(line.period.end * 1000) };
}

/**
 * Stripe Billing's side of a verified webhook (decision 0034). Every handler is idempotent on
 * its own (a unique invoice reference, guarded status changes), so it runs on every delivery
 * and a failed one can be retried by Stripe.
 */
export async function handleBillingEvent(
  services: BillingServices,
  provider: string,
  payload: Record<string, unknown>,
): Promise<void> {
  if (provider !== "stripe") return;
  const event = payload as unknown as Stripe.Event;
  switch (event.type) {
    case "checkout.session.completed": {
      // The order's fulfilment grants the first period; here the two subscriptions are linked.
      const session = event.data.object;
      if (session.mode !== "subscription") return;
      await ourSubscription(services, idOf(session.subscription), session.metadata);
      return;
    }
    case "invoice.paid": {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      const subscription = await ourSubscription(
        services,
        idOf(details?.subscription),
        details?.metadata,
      );
      // The first invoice is the checkout's payment, fulfilled with its order.
      if (!subscription || invoice.billing_reason === "subscription_create") return;
      // Its receipt was queued with the payment.
      await recordSubscriptionPayment(services.db, {
        subscriptionId: subscription.id,
        invoiceRef: `stripe:${invoice.id}`,
        period: invoicePeriod(invoice),
      });
      return;
    }
    case "invoice.payment_failed": {
      const details = event.data.object.parent?.subscription_details;
      const subscription = await ourSubscription(
        services,
        idOf(details?.subscription),
        details?.metadata,
      );
      if (subscription) await markPastDue(services, subscription);
      return;
    }
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const remote = event.data.object;
      const subscription = await ourSubscription(services, remote.id, remote.metadata);
      if (!subscription) return;
      // Stripe does not promise the order of its events: an older "updated" can arrive after a
      // newer one. The event only says that something changed; what changed is read from Stripe.
      const billing = stripeBilling(services);
      if (!billing) return;
      const now = await billing.subscriptionState(remote.id);
      if (now.status === "canceled" || now.status === "incomplete_expired") {
        await endSubscription(services, subscription);
        return;
      }
      await services.db
        .update(subscriptions)
        .set({ cancelAtPeriodEnd: now.cancelAtPeriodEnd, updatedAt: new Date() })
        .where(and(eq(subscriptions.id, subscription.id), ne(subscriptions.status, "canceled")));
      if (now.status === "past_due" || now.status === "unpaid") {
        await markPastDue(services, subscription);
      }
      return;
    }
    default:
      return;
  }
}
