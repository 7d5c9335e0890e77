import type { Env } from "../config/env.server";
import type { Database } from "../db/client.server";
import {
  enqueueJob,
  PermanentJobError,
  type JobExecutor,
  type JobHandler,
} from "../jobs/job-queue.server";
import type { Mailer, MailMessage } from "./mailer.server";

export const mailSendJobType = "mail.send";

/**
 * Attempts before a message ends failed: 2 s doubling to five minutes apart, about forty
 * minutes in all, past a mail server's usual restart. An admin can retry it after that.
 */
export const mailMaxAttempts = 12;

/** Builds a message from committed facts when its job runs; null when there is no one to tell. */
export type MailRenderer = (
  app: { db: Database; env: Env },
  params: Record<string, unknown>,
) => Promise<MailMessage | null>;

export type MailRenderers = Record<string, MailRenderer>;

/** A message already written (a reset link), or one to build from the facts by its renderer. */
export type QueuedMail =
  { message: MailMessage } | { render: string; params: Record<string, unknown> };

/**
 * Queues one e-mail. In the transaction that records what it announces, the e-mail exists if
 * and only if the fact does; `key` makes it exist once (a receipt per order, a notice per line).
 */
export async function enqueueMail(db: JobExecutor, mail: QueuedMail, key?: string): Promise<void> {
  await enqueueJob(db, mailSendJobType, mail, {
    maxAttempts: mailMaxAttempts,
    ...(key ? { uniqueKey: `mail:${key}` } : {}),
  });
}

/**
 * Sends one queued e-mail. The job's id goes with the message as its key, so the outbox keeps
 * one copy and an SMTP server sees one Message-ID if a run is repeated after a crash.
 */
export function mailSendJobHandler(
  app: { db: Database; env: Env; mailer: Mailer },
  renderers: MailRenderers,
): JobHandler {
  return {
    async run(payload, context) {
      const mail = payload as QueuedMail;
      let message: MailMessage | null;
      if ("message" in mail) {
        message = mail.message;
      } else {
        const render = renderers[mail.render];
        if (!render) {
          throw new PermanentJobError(`No renderer for e-mail ${mail.render}`, "noRenderer");
        }
        message = await render(app, mail.params);
      }
      if (message) await app.mailer.send(message, { key: context.jobId });
    },
  };
}
