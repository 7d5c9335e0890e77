import { eq } from "drizzle-orm";
import type { Services } from "../app.server";
import type { orders, transactions } from "../db/schema";
import { profiles, user } from "../db/schema";
import { formatMoney, getT } from "../i18n/i18n";
import type { Locale } from "../i18n/locale";
import { logger } from "../log/logger.server";
import { renderEmail } from "../mail/render-email.server";
import { connectProvider } from "../payouts/connect-provider.server";

/**
 * A paid order's lines the buyer already owned under the same licence when the payment came
 * (two tabs both reached the provider): no right was granted for them, no seller credited.
 * `whole` when nothing else was in the order (it is refunded entirely).
 */
export interface OwnedRefund {
  order: typeof orders.$inferSelect;
  lines: Array<typeof transactions.$inferSelect>;
  whole: boolean;
}

/** The provider's idempotency key: the owned lines of an order are refunded once. */
export function ownedRefundKey(orderId: string): string {
  return `refund-owned-${orderId}`;
}

/** What those lines cost the buyer, VAT included. */
export function ownedRefundCents(refund: OwnedRefund): number {
  return refund.whole
    ? refund.order.totalCents
    : refund.lines.reduce((sum, line) => sum + line.amountCents + line.vatCents, 0);
}

/**
 * After the commit: the provider gives the owned lines' amount back (the whole payment when
 * the order held nothing else) and the buyer is told why, in their language. Only the event
 * that paid the order gets here, so it runs once; a provider failure is logged for an admin.
 */
export async function refundOwnedLines(
  services: Pick<Services, "db" | "env" | "mailer">,
  refund: OwnedRefund,
): Promise<void> {
  const { order } = refund;
  const paymentId = order.providerPaymentId ?? order.providerSessionId;
  const amountCents = ownedRefundCents(refund);
  if (paymentId && amountCents > 0) {
    try {
      await connectProvider(services).createRefund(
        { paymentId, amountCents: refund.whole ? null : amountCents, orderId: order.id },
        ownedRefundKey(order.id),
      );
    } catch (error) {
      logger().error(
        { err: error, orderId: order.id },
        "automatic refund of an already owned licence failed: refund it by hand",
      );
    }
  }
  try {
    await sendOwnedRefundMail(services, refund, amountCents);
  } catch (error) {
    logger().warn({ err: error, orderId: order.id }, "already owned refund e-mail failed");
  }
}

async function sendOwnedRefundMail(
  services: Pick<Services, "db" | "env" | "mailer">,
  refund: OwnedRefund,
  amountCents: number,
) {
  if (!refund.order.buyerId) return;
  const [buyer] = await services.db
    .select({ email: user.email, name: user.name, locale: profiles.locale })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, refund.order.buyerId));
  if (!buyer) return;
  const locale: Locale = buyer.locale ?? "fr";
  const t = getT(locale);
  const reference = refund.order.id.slice(0, 8).toUpperCase();
  const titles = refund.lines
    .map((line) => `${line.title} (${t(`commerce.licence.${line.licenceId}`)})`)
    .join(", ");
  await services.mailer.send({
    to: buyer.email,
    ...renderEmail({
      subject: t("commerce.owned.refundSubject", { reference }),
      paragraphs: [
        t("commerce.owned.refundIntro", { name: buyer.name, reference, titles }),
        t("commerce.owned.refundAmount", { amount: formatMoney(locale, amountCents) }),
      ],
      link: `${services.env.baseUrl}/${locale}/buyer-dashboard?tab=downloads`,
      footer: t("commerce.email.footer"),
    }),
  });
}
