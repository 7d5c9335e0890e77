import type { Transporter } from "nodemailer";
import type { Database } from "../db/client.server";
import { mailOutbox } from "../db/schema";
import type { FileStorage } from "../storage/file-storage.server";

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
 * Keeps each message in the outbox table (read by admins in demo mode) and as a JSON file under
 * `outbox/` in the file storage (DATA_DIR/outbox on local disk), so that a person or a browser
 * test can open the latest e-mail without a database client.
 */
export function createOutboxMailer(db: Database, storage: FileStorage): Mailer {
  return {
    transport: "outbox",
    async send(message, options = {}) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ ...message, transport: "outbox", messageKey: options.key ?? null })
        .onConflictDoNothing()
        .returning({ id: mailOutbox.id, createdAt: mailOutbox.createdAt });
      if (!row) return;
      const name = `${row.createdAt.getTime()}-${row.id}.json`;
      await storage.put(
        `outbox/${name}`,
        Buffer.from(JSON.stringify({ ...message, ...row }, null, 2)),
        "application/json",
      );
    },
  };
}

/**
 * Sends through SMTP. nodemailer (about 50 modules, several MiB of heap) is imported with the
 * first message, not at boot (decision record 0011).
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  let transporter: Promise<Transporter> | undefined;
  return {
    transport: "smtp",
    async send(message, options = {}) {
      transporter ??= import("nodemailer").then((module) =>
        module.default.createTransport(smtpUrl),
      );
      // A stable Message-ID lets the receiving side drop a copy sent again after a crash.
      const messageId = options.key ? `<${options.key}@${fromDomain(from)}>` : undefined;
      await (await transporter).sendMail({ from, ...message, ...(messageId ? { messageId } : {}) });
    },
  };
}

/** The domain of a sender address, for Message-IDs. */
function fromDomain(from: string): string {
  return /@([^>\s]+)/.exec(from)?.[1] ?? "vitrine.local";
}
