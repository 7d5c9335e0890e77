import { count, desc, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { auditLog, mailOutbox, paymentEvents, profiles, user } from "../db/schema";
import { adminPageSize, paged } from "./pagination";

/** The audit log, newest first, 50 a page, with the acting person's name when they still exist. */
export async function listAuditLog(db: Database, page: number) {
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        entry: auditLog,
        actorEmail: user.email,
        actorName: profiles.displayName,
      })
      .from(auditLog)
      .leftJoin(user, eq(user.id, auditLog.actorId))
      .leftJoin(profiles, eq(profiles.userId, auditLog.actorId))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(adminPageSize)
      .offset((page - 1) * adminPageSize),
    db.select({ total: count() }).from(auditLog),
  ]);
  return paged(
    rows.map(({ entry, actorEmail, actorName }) => ({
      id: entry.id,
      createdAt: entry.createdAt,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      actor: actorEmail ? { name: actorName ?? actorEmail, email: actorEmail } : null,
      before: entry.before === null ? null : JSON.stringify(entry.before),
      after: entry.after === null ? null : JSON.stringify(entry.after),
    })),
    totals?.total ?? 0,
    page,
  );
}

/** The e-mail outbox (demo mode), newest first, 50 a page. */
export async function listOutbox(db: Database, page: number) {
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        transport: mailOutbox.transport,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(adminPageSize)
      .offset((page - 1) * adminPageSize),
    db.select({ total: count() }).from(mailOutbox),
  ]);
  return paged(rows, totals?.total ?? 0, page);
}

/** Webhook health: the last event received, the last processed, and failures. */
export async function webhookHealth(db: Database) {
  const [last, failures, [totals]] = await Promise.all([
    db
      .select({
        provider: paymentEvents.provider,
        type: paymentEvents.type,
        receivedAt: paymentEvents.receivedAt,
        processedAt: paymentEvents.processedAt,
        error: paymentEvents.error,
      })
      .from(paymentEvents)
      .orderBy(desc(paymentEvents.receivedAt))
      .limit(10),
    db
      .select({
        provider: paymentEvents.provider,
        type: paymentEvents.type,
        eventId: paymentEvents.eventId,
        receivedAt: paymentEvents.receivedAt,
        error: paymentEvents.error,
      })
      .from(paymentEvents)
      .where(isNotNull(paymentEvents.error))
      .orderBy(desc(paymentEvents.receivedAt))
      .limit(10),
    db
      .select({
        total: count(),
        failed: count(paymentEvents.error),
      })
      .from(paymentEvents),
  ]);
  return {
    recent: last,
    failures,
    total: totals?.total ?? 0,
    failed: totals?.failed ?? 0,
    lastReceivedAt: last[0]?.receivedAt ?? null,
  };
}
