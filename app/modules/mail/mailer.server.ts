import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Database } from "../db/client.server";
import { mailOutbox } from "../db/schema";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends e-mail. The default keeps messages in the outbox table; SMTP when configured. */
export interface Mailer {
  readonly transport: "outbox" | "smtp";
  /** `key` names the message once: sending it again with the same key adds no copy. */
  send(message: MailMessage, options?: { key?: string }): Promise<void>;
}

/**
 * Keeps each message in the outbox table (read by admins in demo mode) and as a JSON file in
 * `dir`, so that a person or a browser test can open the latest e-mail without a database client.
 */
export function createOutboxMailer(db: Database, dir: string): Mailer {
  return {
    transport: "outbox",
    async send(message, options = {}) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ ...message, transport: "outbox", messageKey: options.key ?? null })
        .onConflictDoNothing()
        .returning({ id: mailOutbox.id, createdAt: mailOutbox.createdAt });
      if (!row) return;
      await fs.mkdir(dir, { recursive: true });
      const name = `${row.createdAt.getTime()}-${row.id}.json`;
      await fs.writeFile(path.join(dir, name), JSON.stringify({ ...message, ...row }, null, 2));
    },
  };
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    transport: "smtp",
    async send(message, options = {}) {
      // A stable Message-ID lets the receiving side drop a copy sent again after a crash.
      const messageId = options.key ? `<${options.key}@${fromDomain(from)}>` : undefined;
      await transporter.sendMail({ from, ...message, ...(messageId ? { messageId } : {}) });
    },
  };
}

/** The domain of a sender address, for Message-IDs. */
function fromDomain(from: string): string {
  return /@([^>\s]+)/.exec(from)?.[1] ?? "vitrine.local";
}
