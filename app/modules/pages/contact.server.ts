import { count, desc, eq } from "drizzle-orm";
import type { Services } from "../services";
import { consumeAttempt } from "../auth/attempt-limiter.server";
import type { Viewer } from "../auth/roles";
import { contactMessages } from "../db/schema";
import { getT } from "../i18n/i18n";
import type { Locale } from "../i18n/locale";
import { renderEmail } from "../mail/render-email.server";
import type { ContactInput, FeedbackInput } from "./contact-schemas.server";
import { enqueueMail } from "../mail/mail-jobs.server";

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type ContactStatus = ContactMessageRow["status"];

export type SendResult = { ok: true; id: string } | { ok: false; retryAfterSeconds: number };

interface Sender {
  locale: Locale;
  clientAddress: string;
  viewer: Viewer | null;
}

/**
 * Stores a contact or feedback message for the admins' inbox and acknowledges it by e-mail in
 * the page's language. Rate limited per client address, against spam.
 */
export async function sendContactMessage(
  services: Services,
  input: { kind: "contact"; data: ContactInput } | { kind: "feedback"; data: FeedbackInput },
  sender: Sender,
): Promise<SendResult> {
  const decision = await consumeAttempt(
    services.db,
    `contact:${sender.clientAddress}`,
    services.env.RATE_LIMIT_CONTACT_MAX,
    services.env.RATE_LIMIT_WINDOW_SECONDS,
  );
  if (!decision.allowed) return { ok: false, retryAfterSeconds: decision.retryAfterSeconds };
  const { data } = input;
  const [row] = await services.db
    .insert(contactMessages)
    .values({
      kind: input.kind,
      firstName: data.firstName,
      lastName: data.lastName,
      email: data.email,
      phone: input.kind === "contact" ? input.data.phone : null,
      subject: input.kind === "contact" ? input.data.subject : null,
      message: data.message,
      locale: sender.locale,
      userId: sender.viewer?.id ?? null,
    })
    .returning({ id: contactMessages.id });
  const t = getT(sender.locale);
  const mail = input.kind === "contact" ? "contactMail" : "feedbackMail";
  await enqueueMail(services.db, {
    message: {
      to: data.email,
      ...renderEmail({
        subject: t(`pages.${mail}.subject`),
        paragraphs: [
          t(`pages.${mail}.greeting`, { name: data.firstName }),
          t(`pages.${mail}.body`),
          t(`pages.${mail}.copy`),
          data.message,
        ],
        footer: t(`pages.${mail}.footer`),
      }),
    },
  });
  return { ok: true, id: row!.id };
}

export interface InboxPage {
  messages: ContactMessageRow[];
  counts: Record<ContactStatus, number>;
}

function assertAdmin(viewer: Viewer): void {
  if (viewer.role !== "admin") throw new Error("contact inbox: admins only");
}

/** The admins' inbox: messages of one status, newest first. */
export async function listContactMessages(
  services: Services,
  viewer: Viewer,
  status: ContactStatus,
  limit = 100,
): Promise<InboxPage> {
  assertAdmin(viewer);
  const messages = await services.db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.status, status))
    .orderBy(desc(contactMessages.createdAt))
    .limit(limit);
  const totals = await services.db
    .select({ status: contactMessages.status, total: count() })
    .from(contactMessages)
    .groupBy(contactMessages.status);
  const counts: Record<ContactStatus, number> = { new: 0, handled: 0 };
  for (const row of totals) counts[row.status] = row.total;
  return { messages, counts };
}

/** Marks a message handled, or back to new. False when there is no such message. */
export async function setContactStatus(
  services: Services,
  viewer: Viewer,
  id: string,
  status: ContactStatus,
): Promise<boolean> {
  assertAdmin(viewer);
  const updated = await services.db
    .update(contactMessages)
    .set({
      status,
      handledAt: status === "handled" ? new Date() : null,
      handledBy: status === "handled" ? viewer.id : null,
    })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  return updated.length > 0;
}
