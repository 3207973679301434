import { eq } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "#db/client.ts";
import { outboxEmails } from "#db/schema/index.ts";
import { record as count } from "../observability/metrics.ts";

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface Mailer {
  /** Writes the message to the outbox and resolves once the transport has taken it (or failed, logged). */
  send(message: MailMessage): Promise<void>;
  /**
   * Writes the message to the outbox and resolves then: the transport gets it after the caller has answered,
   * a failure logged and kept in the outbox. For an answer whose timing must not tell whether a mail went.
   */
  queue(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  /** Another nodemailer transport in place of SMTP_URL's (tests). */
  transport?: Pick<Transporter, "sendMail">;
  from: string;
  /**
   * Whether the outbox keeps a message's body (its reset or confirmation link) until it is sent: on a
   * development machine the outbox at /dev/mail is how mail is read. Production keeps none.
   */
  keepBodies: boolean;
  log: (err: unknown) => void;
}

/**
 * Every message is written to the outbox first; with SMTP_URL it is then sent and marked, so a failed
 * delivery stays visible instead of vanishing. A body holds a link that logs its reader in (a password
 * reset): it is kept only while it is needed, never once SMTP has sent it, and never in production.
 */
export function createMailer(db: Db, options: MailerOptions): Mailer {
  const transport = options.transport ?? (options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined);

  async function record(message: MailMessage): Promise<number> {
    const body = options.keepBodies ? { html: message.html, texto: message.text } : { html: "", texto: "" };
    const [row] = await db
      .insert(outboxEmails)
      .values({ para: message.to, assunto: message.subject, ...body })
      .returning({ id: outboxEmails.id });
    return row!.id;
  }

  async function deliver(id: number, message: MailMessage) {
    if (!transport) return count.email("outbox");
    let sent = false;
    try {
      await transport.sendMail({ from: options.from, ...message });
      sent = true;
      count.email("sent");
      await db.update(outboxEmails).set({ enviado_em: new Date(), html: "", texto: "" }).where(eq(outboxEmails.id, id));
    } catch (err) {
      if (!sent) count.email("failed");
      options.log(err);
      await db
        .update(outboxEmails)
        .set({ erro: String(err) })
        .where(eq(outboxEmails.id, id));
    }
  }

  return {
    async send(message) {
      await deliver(await record(message), message);
    },
    async queue(message) {
      const id = await record(message);
      void deliver(id, message).catch(options.log);
    },
  };
}
