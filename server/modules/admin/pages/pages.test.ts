import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminFaq, AdminPageText, FaqBody } from "#contract/api/admin/pages.ts";
import type { AuditEntry } from "#contract/api/admin/staff.ts";
import type { StartData } from "#contract/api/catalog.ts";
import { PAGE_TEXT_DEFAULTS, pageTextKeys } from "#contract/page-texts.ts";
import { call } from "../../../../tests/support/customers.ts";
import { asStaff, staffAgent, STORE_ORIGIN, type StaffAgent } from "../../../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";

let t: TestApp;
let manager: StaffAgent;
let owner: StaffAgent;
let counter: StaffAgent;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: STORE_ORIGIN });
  manager = await staffAgent(t.app, t.database.db, "manager");
  owner = await staffAgent(t.app, t.database.db, "owner");
  counter = await staffAgent(t.app, t.database.db, "counter", "es-PY");
});
afterAll(() => t.close());

type Answer<T> = { data: T; message: string; errors?: Record<string, string[]> };
const faqBody = (overrides: Partial<FaqBody> = {}): FaqBody => ({
  pergunta_pt: "Vocês vendem no atacado?",
  pergunta_es: "¿Venden al por mayor?",
  resposta_pt: "Sim, a partir de 10 unidades.",
  resposta_es: "Sí, desde 10 unidades.",
  ordem: 0,
  ...overrides,
});
/** The FAQ a shopper's page reads: the start data, cached by the server for 5 minutes (spec §7). */
const shopperFaq = async (lang: "pt" | "es") =>
  (await call<StartData>(t.app, "GET", `/api/public/start?lang=${lang}&moeda_id=2&tem_estoque=1`)).body.faq;
const shopperTexts = async (lang: "pt" | "es", page: "howToBuy" | "about") =>
  (await call<{ data: Record<string, string> }>(t.app, "GET", `/api/public/page-texts?lang=${lang}&page=${page}`)).body.data;
const auditOf = async (entidade: string, id: string) =>
  (await asStaff<{ data: AuditEntry[] }>(t.app, owner, "GET", `/api/admin/audit?entidade=${entidade}`)).body.data.filter((e) => e.entidade_id === id);

describe("the FAQ in the back office", () => {
  it("adds a question, edits its answer and order and removes it: the shopper's FAQ follows at once, each write audited", async () => {
    const before = await shopperFaq("pt"); // cached before the writes: each must drop it
    expect(before.length).toBeGreaterThan(1);
    const created = await asStaff<Answer<AdminFaq>>(t.app, manager, "POST", "/api/admin/faq", { body: faqBody({ ordem: 0 }) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.message).toBe("Pergunta cadastrada. A loja já mostra.");
    const id = created.body.data.id;
    expect((await shopperFaq("pt")).find((f) => f.id === id)).toEqual({
      id,
      pergunta: "Vocês vendem no atacado?",
      resposta: "Sim, a partir de 10 unidades.",
    });
    expect((await shopperFaq("es")).find((f) => f.id === id)?.resposta).toBe("Sí, desde 10 unidades.");

    const edited = await asStaff<Answer<AdminFaq>>(t.app, manager, "PUT", `/api/admin/faq/${id}`, {
      body: faqBody({ resposta_pt: "Sim, a partir de 5 unidades.\n\nFale com um vendedor.", ordem: 9999 }),
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const after = await shopperFaq("pt");
    expect(after.find((f) => f.id === id)?.resposta).toBe("Sim, a partir de 5 unidades.\n\nFale com um vendedor.");
    expect(after.at(-1)?.id).toBe(id); // the largest order goes last

    const removed = await asStaff(t.app, manager, "DELETE", `/api/admin/faq/${id}`);
    expect(removed.status).toBe(200);
    expect((await shopperFaq("pt")).some((f) => f.id === id)).toBe(false);
    expect((await auditOf("faq", String(id))).map((e) => e.acao)).toEqual(["excluir", "editar", "criar"]);
    const edit = (await auditOf("faq", String(id))).find((e) => e.acao === "editar")!;
    expect(edit.antes).toMatchObject({ resposta_pt: "Sim, a partir de 10 unidades." });
    expect(edit.depois).toMatchObject({ resposta_pt: "Sim, a partir de 5 unidades.\n\nFale com um vendedor." });
  });

  it("refuses an empty or oversized question, a control character and an unknown question with each field's message", async () => {
    const res = await asStaff<Answer<never>>(t.app, manager, "POST", "/api/admin/faq", {
      body: faqBody({ pergunta_pt: "  ", resposta_es: "x".repeat(4001), ordem: -1 }),
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {}).sort()).toEqual(["ordem", "pergunta_pt", "resposta_es"]);
    const nul = await asStaff<Answer<never>>(t.app, manager, "PUT", "/api/admin/faq/1", { body: faqBody({ resposta_pt: "a\u0000b" }) });
    expect(nul.status).toBe(422);
    expect(nul.body.errors?.resposta_pt).toBeDefined();
    const missing = await asStaff<Answer<never>>(t.app, manager, "PUT", "/api/admin/faq/999999", { body: faqBody() });
    expect(missing.status).toBe(404);
  });

  it("is refused to the counter (403, nothing changed) and to a visitor without a session (401)", async () => {
    const list = await asStaff(t.app, counter, "GET", "/api/admin/faq");
    expect(list.status).toBe(403);
    const write = await asStaff(t.app, counter, "POST", "/api/admin/faq", { body: faqBody({ pergunta_pt: "Do balcão?" }) });
    expect(write.status).toBe(403);
    expect((await shopperFaq("pt")).some((f) => f.pergunta === "Do balcão?")).toBe(false);
    expect((await asStaff(t.app, undefined, "GET", "/api/admin/faq")).status).toBe(401);
    expect((await asStaff(t.app, counter, "PUT", "/api/admin/page-texts/about", { body: { textos: {} } })).status).toBe(403);
  });
});

describe("the how-to-buy and about texts", () => {
  it("answers the defaults while staff changed nothing, the way the pages always read", async () => {
    const pt = await shopperTexts("pt", "howToBuy");
    expect(Object.keys(pt)).toEqual(pageTextKeys("howToBuy"));
    expect(pt["howToBuy.intro"]).toBe(PAGE_TEXT_DEFAULTS["howToBuy.intro"].pt);
    expect((await shopperTexts("es", "about"))["about.history1"]).toBe(PAGE_TEXT_DEFAULTS["about.history1"].es);
    const admin = await asStaff<Answer<AdminPageText[]>>(t.app, manager, "GET", "/api/admin/page-texts/about");
    expect(admin.body.data.every((text) => !text.alterado && text.texto_pt === text.padrao_pt)).toBe(true);
  });

  it("saves a changed text in both languages, shows it at once, audits it, and follows the default again when saved back", async () => {
    await shopperTexts("pt", "about"); // cached before the write
    const body = {
      textos: {
        "about.subtitle": { pt: "Ferramentas para quem trabalha, desde 1998.", es: "Herramientas para quien trabaja, desde 1998." },
        "about.history2": PAGE_TEXT_DEFAULTS["about.history2"],
      },
    };
    const saved = await asStaff<Answer<AdminPageText[]>>(t.app, manager, "PUT", "/api/admin/page-texts/about", { body });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe("Textos salvos. A loja já mostra a mudança.");
    expect(saved.body.data.find((x) => x.chave === "about.subtitle")).toMatchObject({
      alterado: true,
      texto_es: "Herramientas para quien trabaja, desde 1998.",
    });
    expect(saved.body.data.find((x) => x.chave === "about.history2")?.alterado).toBe(false);
    expect((await shopperTexts("pt", "about"))["about.subtitle"]).toBe("Ferramentas para quem trabalha, desde 1998.");
    expect((await shopperTexts("es", "about"))["about.subtitle"]).toBe("Herramientas para quien trabaja, desde 1998.");
    const [record] = await auditOf("texto_pagina", "about");
    expect(record).toMatchObject({
      acao: "editar",
      antes: { "about.subtitle": { pt: PAGE_TEXT_DEFAULTS["about.subtitle"].pt } },
      depois: { "about.subtitle": { pt: "Ferramentas para quem trabalha, desde 1998." } },
    });
    expect(Object.keys(record!.antes as object)).toEqual(["about.subtitle"]); // an unchanged text is not in the record

    const back = await asStaff(t.app, manager, "PUT", "/api/admin/page-texts/about", {
      body: { textos: { "about.subtitle": PAGE_TEXT_DEFAULTS["about.subtitle"] } },
    });
    expect(back.status).toBe(200);
    expect((await shopperTexts("pt", "about"))["about.subtitle"]).toBe(PAGE_TEXT_DEFAULTS["about.subtitle"].pt);
  });

  it("refuses an empty text, a text of the other page and an unknown page, in Spanish for a Spanish-speaking member", async () => {
    const es = await staffAgent(t.app, t.database.db, "manager", "es-PY");
    const empty = await asStaff<Answer<never>>(t.app, es, "PUT", "/api/admin/page-texts/howToBuy", {
      body: { textos: { "howToBuy.intro": { pt: "", es: "Hola" } } },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.errors?.["textos.howToBuy.intro.pt"]).toBeDefined();
    const other = await asStaff<Answer<never>>(t.app, es, "PUT", "/api/admin/page-texts/howToBuy", {
      body: { textos: { "about.subtitle": { pt: "Outro", es: "Otro" } } },
    });
    expect(other.status).toBe(422);
    expect(other.body.errors?.["textos.about.subtitle"]).toEqual(["Este texto es de otra página."]);
    expect((await shopperTexts("pt", "about"))["about.subtitle"]).toBe(PAGE_TEXT_DEFAULTS["about.subtitle"].pt);
    expect((await asStaff(t.app, es, "GET", "/api/admin/page-texts/faq")).status).toBe(422);
  });
});
