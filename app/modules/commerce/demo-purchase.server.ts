import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Services } from "../services";
import { contentSubmissions, entitlements, orders, transactions, user } from "../db/schema";
import { orderAmounts } from "../billing/billing.server";
import { quoteLine } from "../pricing/quote.server";
import { handlePaymentEvent } from "./fulfilment.server";

/** The demo item the demo client has bought (an approved, priced demo photo). */
export const demoPurchaseTitle = "Coucher de soleil sur les dunes";

/**
 * Gives the demo client one purchase on a fresh demo install, made as a real one is: a pending
 * order priced by the server, then the test provider's completed event through fulfilment.
 */
export async function seedDemoPurchase(
  services: Pick<Services, "db" | "events">,
  buyerEmail: string,
): Promise<void> {
  const { db } = services;
  const buyer = await db.query.user.findFirst({ where: eq(user.email, buyerEmail) });
  if (!buyer) return;
  const already = await db.query.entitlements.findFirst({
    where: eq(entitlements.buyerId, buyer.id),
  });
  if (already) return;
  const item = await db.query.contentSubmissions.findFirst({
    where: and(
      eq(contentSubmissions.titleFr, demoPurchaseTitle),
      eq(contentSubmissions.status, "approved"),
    ),
  });
  if (!item) return;
  const quote = await quoteLine(db, item.id, "standard");
  if (!quote) return;
  const totals = await orderAmounts(db, buyer.id, [quote.lineCents]);
  const sessionId = `cs_test_demo_${randomBytes(8).toString("hex")}`;
  await db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({ buyerId: buyer.id, provider: "test", providerSessionId: sessionId, ...totals })
      .returning({ id: orders.id });
    await tx.insert(transactions).values({
      orderId: order!.id,
      buyerId: buyer.id,
      sellerId: quote.sellerId,
      submissionId: quote.submissionId,
      licenceId: quote.licenceId,
      title: quote.title,
      itemPriceCents: quote.itemPriceCents,
      licenceCents: quote.surchargeCents,
      amountCents: quote.lineCents,
      vatCents: totals.vatCents,
      commissionBps: quote.commissionBps,
      commissionCents: quote.commissionCents,
      sellerShareCents: quote.sellerShareCents,
    });
  });
  await handlePaymentEvent(services, "test", {
    eventId: `evt_demo_${sessionId}`,
    type: "checkout.completed",
    sessionId,
    paymentId: `pi_demo_${sessionId.slice(-8)}`,
    payload: { demo: true },
  });
}
