import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Db } from "#db/client.ts";
import { outboxEmails } from "#db/schema/index.ts";

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Every message is written to the outbox first; with SMTP_URL it is then sent and marked, so a
 * failed delivery stays visible instead of vanishing.
 */
export function createMailer(db: Db, options: { smtpUrl?: string; from: string; log: (err: unknown) => void }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    async send(message) {
      const [row] = await db
        .insert(outboxEmails)
        .values({ para: message.to, assunto: message.subject, html: message.html, texto: message.text })
        .returning({ id: outboxEmails.id });
      if (!transport) return;
      try {
        await transport.sendMail({ from: options.from, ...message });
        await db.update(outboxEmails).set({ enviado_em: new Date() }).where(eq(outboxEmails.id, row!.id));
      } catch (err) {
        options.log(err);
        await db.update(outboxEmails).set({ erro: String(err) }).where(eq(outboxEmails.id, row!.id));
      }
    },
  };
}
