import type { Services } from "../services";
import {
  lostExclusiveMailRenderers,
  lostExclusiveRefundJobHandler,
  lostExclusiveRefundJobType,
} from "../commerce/lost-exclusive.server";
import {
  ownedRefundJobHandler,
  ownedRefundJobType,
  ownedRefundMailRenderers,
} from "../commerce/owned-refund.server";
import { commerceMailRenderers } from "../commerce/purchase-mails.server";
import { billingMailRenderers } from "../credits/billing-events.server";
import { creditReceiptMailRenderers } from "../credits/credit-receipts.server";
import { mailSendJobHandler, mailSendJobType } from "../mail/mail-jobs.server";
import {
  connectEventJobHandler,
  connectEventJobType,
  payOutSellerJobHandler,
  payOutSellerJobType,
  payoutsMailRenderers,
  reverseShareJobHandler,
  reverseShareJobType,
} from "../payouts/after-payment.server";
import type { JobHandlers } from "./job-queue.server";

/**
 * The consequences that the modules queue with the facts they follow from (a transactional
 * outbox): each module's small handler, and every e-mail through one `mail.send` job, built by
 * the renderer of the module that owns it.
 */
export function outboxJobHandlers(app: Pick<Services, "db" | "env" | "mailer">): JobHandlers {
  return {
    [mailSendJobType]: mailSendJobHandler(app, {
      ...commerceMailRenderers,
      ...lostExclusiveMailRenderers,
      ...ownedRefundMailRenderers,
      ...creditReceiptMailRenderers,
      ...billingMailRenderers,
      ...payoutsMailRenderers,
    }),
    [lostExclusiveRefundJobType]: lostExclusiveRefundJobHandler(app),
    [ownedRefundJobType]: ownedRefundJobHandler(app),
    [payOutSellerJobType]: payOutSellerJobHandler(app),
    [reverseShareJobType]: reverseShareJobHandler(app),
    [connectEventJobType]: connectEventJobHandler(app),
  };
}
