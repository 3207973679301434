import { desc } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxEmails } from "#db/schema/index.ts";
import { openSeededDatabase } from "../../tests/support/test-app.ts";
import { createMailer } from "./mailer.ts";

let opened: Awaited<ReturnType<typeof openSeededDatabase>>;
beforeAll(async () => {
  opened = await openSeededDatabase();
});
afterAll(() => opened.drop());

const LINK = "https://loja.example/app/reset-password/0b6f3c7e-8f1a-4c7e-9d2b-1c2d3e4f5a6b/s3cr3t-token";
const message = (to: string) => ({ to, subject: "Redefinição de senha", html: `<a href="${LINK}">x</a>`, text: `Redefinir: ${LINK}` });
const newest = async () => (await opened.database.db.select().from(outboxEmails).orderBy(desc(outboxEmails.id)).limit(1))[0]!;
// Real nodemailer transports: one that writes the message as JSON, one whose server is not there.
const working = nodemailer.createTransport({ jsonTransport: true });
const failing = nodemailer.createTransport("smtp://127.0.0.1:9/");

describe("the outbox keeps a link only while it is needed", () => {
  it("on a development machine without SMTP, the outbox is the mail: the body stays", async () => {
    await createMailer(opened.database.db, { from: "Loja <a@b>", keepBodies: true, log: () => {} }).send(message("dev@example.com"));
    const row = await newest();
    expect([row.para, row.texto]).toEqual(["dev@example.com", `Redefinir: ${LINK}`]);
  });

  it("once SMTP has sent a message, its body is gone from the outbox", async () => {
    const mailer = createMailer(opened.database.db, { transport: working, from: "Loja <a@b>", keepBodies: true, log: () => {} });
    await mailer.send(message("sent@example.com"));
    const row = await newest();
    expect(row).toMatchObject({ para: "sent@example.com", assunto: "Redefinição de senha", html: "", texto: "", erro: null });
    expect(row.enviado_em).toBeInstanceOf(Date);
  });

  it("in production no link-bearing body is ever stored, sent or not", async () => {
    const errors: unknown[] = [];
    for (const transport of [undefined, working, failing]) {
      await createMailer(opened.database.db, { transport, from: "Loja <a@b>", keepBodies: false, log: (e) => errors.push(e) }).send(
        message("prod@example.com"),
      );
      const row = await newest();
      expect(row.para).toBe("prod@example.com");
      expect(`${row.html}${row.texto}`).toBe("");
    }
    expect((await newest()).erro).toContain("ECONNREFUSED");
    expect(errors).toHaveLength(1);
  });
});
