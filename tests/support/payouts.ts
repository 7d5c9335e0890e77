import { randomUUID } from "node:crypto";
import type { Services } from "~/modules/services";
import { eq } from "drizzle-orm";
import { orders, type contentSubmissions } from "~/modules/db/schema";
import { testEvent, type TestEvent } from "~/modules/payments/test-provider.server";
import { receiveWebhook } from "~/modules/payments/webhooks.server";
import type { Role } from "~/modules/auth/roles";
import { signedInAs } from "./accounts";
import { recordSale, type SaleOptions } from "./commerce";
import { viewerByEmail } from "./studio";
import { drainJobs } from "./jobs";
import type { TestApp } from "./test-app";

type SubmissionRow = typeof contentSubmissions.$inferSelect;

/** A signed-in account of this role (its cookies) with its viewer record and id. */
export async function signedInPerson(app: TestApp, role: Role) {
  const account = await signedInAs(app, role);
  const viewer = await viewerByEmail(await app.services(), account.email, role);
  return { ...account, viewer, id: viewer.id };
}

export type SignedInPerson = Awaited<ReturnType<typeof signedInPerson>>;

/**
 * Delivers one signed test-provider event to the webhook handling, as the provider would, and
 * waits for the worker to carry out what it queued (e-mails, transfers, refunds).
 */
export async function deliver(
  services: Services,
  type: TestEvent["type"],
  data: TestEvent["data"],
  id?: string,
) {
  const event = testEvent(services.secret, type, data, id ? { id } : {});
  const response = await receiveWebhook(services, "test", event.body, event.headers);
  if (!response.ok) throw new Error(`event refused: ${response.status}`);
  await drainJobs(services);
  return (await response.json()) as { received: boolean; duplicate: boolean };
}

/**
 * A one-line order paid through the real fulfilment path: the order is recorded pending (as
 * checkout leaves it), then the test provider's signed 'checkout.session.completed' arrives.
 */
export async function paidSale(
  services: Services,
  buyerId: string,
  submission: SubmissionRow,
  options: Omit<SaleOptions, "status" | "withEntitlement"> = {},
) {
  const sale = await recordSale(services, buyerId, submission, {
    ...options,
    status: "pending",
    withEntitlement: false,
  });
  const [order] = await services.db.select().from(orders).where(eq(orders.id, sale.orderId));
  const paymentId = `pi_test_${randomUUID().slice(0, 12)}`;
  const eventId = `evt_test_${randomUUID()}`;
  await deliver(
    services,
    "checkout.session.completed",
    { sessionId: order!.providerSessionId!, paymentId },
    eventId,
  );
  return { ...sale, sessionId: order!.providerSessionId!, paymentId, eventId };
}
