import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Services } from "../services";
import type { Viewer } from "../auth/roles";
import { auditLog, orders, transactions } from "../db/schema";
import { enqueueRefundConsequences } from "./after-payment.server";
import { connectProvider } from "./connect-provider.server";
import { applyRefund } from "./ledger.server";
import { PayoutsError } from "./payouts-error";

type App = Pick<Services, "db" | "env">;

/** An order as the admin's refund form shows it: its lines and which may still be refunded. */
export async function refundableOrder(db: Services["db"], orderId: string) {
  if (!/^[0-9a-f-]{36}$/.test(orderId)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const lines = await db.select().from(transactions).where(eq(transactions.orderId, orderId));
  return { order, lines };
}

/**
 * An admin refunds a paid order, whole or one line: the provider refunds the buyer (one refund
 * per request, whatever the retries: the idempotency key names the order and its lines), then
 * the lines are refunded in the ledger exactly once, downloads end at once, and the reversal of
 * shares already paid out and both sides' e-mails are queued with the refund.
 */
export async function refundByAdmin(
  app: App,
  admin: Viewer,
  input: { orderId: string; transactionId?: string | null },
): Promise<{ refundedCents: number; lines: number }> {
  if (admin.role !== "admin") throw new PayoutsError("orderNotFound");
  const found = await refundableOrder(app.db, input.orderId);
  if (!found) throw new PayoutsError("orderNotFound");
  const { order, lines } = found;
  const paidLines = lines.filter((line) => line.status === "succeeded");
  const chosen = input.transactionId
    ? paidLines.filter((line) => line.id === input.transactionId)
    : paidLines;
  if (order.status !== "paid" || chosen.length === 0) throw new PayoutsError("notRefundable");
  const refundedBefore = lines
    .filter((line) => line.status === "refunded")
    .reduce((sum, line) => sum + line.amountCents + line.vatCents, 0);
  // The last lines refunded take what is left of the total, so VAT rounding never leaves a cent.
  const amountCents =
    chosen.length === paidLines.length
      ? order.totalCents - refundedBefore
      : chosen.reduce((sum, line) => sum + line.amountCents + line.vatCents, 0);
  const ids = chosen.map((line) => line.id).sort();
  const idempotencyKey = `refund-${createHash("sha256")
    .update(`${order.id}:${ids.join(",")}`)
    .digest("hex")
    .slice(0, 40)}`;
  const paymentId = order.providerPaymentId ?? order.providerSessionId;
  if (amountCents > 0 && order.provider !== "free") {
    if (!paymentId) throw new PayoutsError("notRefundable");
    try {
      await connectProvider(app).createRefund(
        {
          paymentId,
          amountCents: amountCents === order.totalCents ? null : amountCents,
          orderId: order.id,
        },
        idempotencyKey,
      );
    } catch {
      throw new PayoutsError("refundFailed");
    }
  }
  const refunded = await app.db.transaction(async (tx) => {
    const rows = await applyRefund(tx, order.id, ids);
    if (rows.length > 0) {
      await tx.insert(auditLog).values({
        actorId: admin.id,
        action: "order.refund",
        targetType: "order",
        targetId: order.id,
        before: { status: order.status },
        after: { transactionIds: rows.map((row) => row.id), amountCents },
      });
      await enqueueRefundConsequences(tx, rows);
    }
    return rows;
  });
  return { refundedCents: refunded.length > 0 ? amountCents : 0, lines: refunded.length };
}

/** Whether a line of this order is still paid (shown with a refund button). */
export async function isRefundable(db: Services["db"], orderId: string, transactionId: string) {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.orderId, orderId),
        eq(transactions.id, transactionId),
        eq(transactions.status, "succeeded"),
      ),
    );
  return Boolean(row);
}
