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
  send(message: MailMessage): Promise<void>;
}

export function createOutboxMailer(db: Database): Mailer {
  return {
    transport: "outbox",
    async send(message) {
      await db.insert(mailOutbox).values({ ...message, transport: "outbox" });
    },
  };
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    transport: "smtp",
    async send(message) {
      await transporter.sendMail({ from, ...message });
    },
  };
}
