import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { loadConfig } from "#config/config.ts";
import { outboxEmails } from "#db/schema/index.ts";
import { buildApp } from "../../app.ts";
import { createMailer, type MailMessage } from "../../lib/mailer.ts";
import { mailsTo, newCustomer, uniqueEmail } from "../../../tests/support/customers.ts";
import { openSeededDatabase } from "../../../tests/support/test-app.ts";

/** An SMTP server that holds every reset message until the test lets it go (other mail goes at once). */
const held: { message: MailMessage; release: () => void }[] = [];
const transport = {
  sendMail: (message: MailMessage) =>
    message.text.includes("/app/reset-password/") ? new Promise<void>((release) => held.push({ message, release })) : Promise.resolve(),
};

let app: Awaited<ReturnType<typeof buildApp>>;
let opened: Awaited<ReturnType<typeof openSeededDatabase>>;
beforeAll(async () => {
  opened = await openSeededDatabase();
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: path.dirname(inject("mediaDir")) });
  const mailer = createMailer(opened.database.db, { transport: transport as never, from: "Loja <a@b>", keepBodies: true, log: () => {} });
  app = await buildApp({ config, database: opened.database, mailer });
  await app.ready();
});
afterAll(async () => {
  held.forEach((h) => h.release());
  await app.close();
  await opened.drop();
});

/** Resolves with the answer, or rejects when it has not come in `ms` (the old code never answered before the mail went). */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms))]);

describe("password recovery", () => {
  it("answers before the reset mail is sent, so its answer time tells nothing about the account", async () => {
    const { email } = await newCustomer(app, opened.database.db);
    const recover = (address: string) =>
      app.inject({ method: "POST", url: "/ecom/cliente/recuperar-senha", payload: { email: address }, remoteAddress: "10.61.0.1" });

    // The SMTP server holds the message: the answer comes all the same, while the mail is still being sent.
    const known = await within(recover(email), 10_000);
    const unknown = await recover(uniqueEmail("ninguem"));
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.body).toBe(unknown.body);
    expect(held.map((h) => h.message.to)).toEqual([email]);

    // The outbox has it at once; once the server takes it, it is marked sent.
    const [mail] = await mailsTo(app, email).then((mails) => mails.filter((m) => m.texto.includes("/app/reset-password/")));
    expect(mail).toBeDefined();
    held[0]!.release();
    await expect
      .poll(async () => (await opened.database.db.select().from(outboxEmails).where(eq(outboxEmails.id, mail!.id)))[0]?.enviado_em)
      .toBeInstanceOf(Date);
  });
});
