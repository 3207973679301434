import { deflateSync } from "node:zlib";
import path from "node:path";
import { existsSync, readdirSync } from "node:fs";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminBanner, AdminSeller } from "#contract/api/admin/content.ts";
import type { AuditEntry } from "#contract/api/admin/staff.ts";
import type { Seller, StartData } from "#contract/api/catalog.ts";
import { call } from "../../../../tests/support/customers.ts";
import { files, multipart, png, PNG_SIGNATURE, type FixtureFile } from "../../../../tests/support/fixtures.ts";
import { asStaff, staffAgent, STORE_ORIGIN, type StaffAgent } from "../../../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";

let t: TestApp;
let manager: StaffAgent;
let owner: StaffAgent;
let counter: StaffAgent;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: STORE_ORIGIN });
  [manager, owner, counter] = [
    await staffAgent(t.app, t.database.db, "manager"),
    await staffAgent(t.app, t.database.db, "owner"),
    await staffAgent(t.app, t.database.db, "counter", "es-PY"),
  ];
});
afterAll(() => t.close());

type Answer<T> = { data: T; message: string; errors?: Record<string, string[]> };
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#c60" } })
    .jpeg()
    .toBuffer();

/** A PNG whose header claims `side` × `side` pixels over a few bytes of data: a decompression bomb's shape. */
function hugePng(side: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  return Buffer.concat([PNG_SIGNATURE, chunk("IHDR", header), chunk("IDAT", deflateSync(Buffer.alloc(64))), chunk("IEND", Buffer.alloc(0))]);
}

const start = async () => {
  const res = await call<StartData>(t.app, "GET", "/api/public/start?lang=pt&moeda_id=2");
  return { banners: res.body.banners, until: res.headers["x-content-until"] };
};
const createBanner = (body: Record<string, unknown>) => asStaff<Answer<AdminBanner>>(t.app, manager, "POST", "/api/admin/banners", { body });
const uploadBanner = (id: number, file: FixtureFile, agent = manager) =>
  multipart({}, { imagem: file }).then((form) => asStaff<Answer<AdminBanner>>(t.app, agent, "POST", `/api/admin/banners/${id}/image`, { form }));
const audit = async (entidade: string) =>
  (await asStaff<{ data: AuditEntry[] }>(t.app, owner, "GET", `/api/admin/audit?entidade=${entidade}`)).body.data;

describe("banners in the back office", () => {
  it("keeps a link on the store: a path is taken, another site or a script is refused with its message", async () => {
    for (const link of ["https://outra.example/promo", "//outra.example/x", "javascript:alert(1)", "/\\outra.example", "/%2e//outra.example"]) {
      const res = await createBanner({ tipo: "Triplo Centro", link });
      expect(res.status, link).toBe(422);
      expect(res.body.errors?.link, link).toEqual(["Use um endereço desta loja, começando com / (por exemplo /produtos?categoria=ferramentas)."]);
    }
    const ok = await createBanner({ tipo: "Triplo Centro", link: "/produtos?categoria=solda#topo", titulo_pt: "Solda" });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.data).toMatchObject({ link: "/produtos?categoria=solda#topo", imagem_url: null, no_ar: false, inicio: null, fim: null });
    expect((await createBanner({ tipo: "Banner Lateral" })).status).toBe(422);
  });

  it("reads a window in the shop's time and refuses an end before its start or a date that does not exist", async () => {
    const res = await createBanner({ tipo: "Receba Ofertas", inicio: "2030-12-24T18:00", fim: "2030-12-26T00:00" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // Ciudad del Este is UTC-3.
    expect(res.body.data).toMatchObject({ inicio: "2030-12-24T21:00:00Z", fim: "2030-12-26T03:00:00Z" });
    const backwards = await createBanner({ tipo: "Receba Ofertas", inicio: "2030-12-26T00:00", fim: "2030-12-24T18:00" });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors?.fim).toEqual(["O fim deve ser depois do início."]);
    expect((await createBanner({ tipo: "Receba Ofertas", inicio: "2030-02-31T10:00" })).status).toBe(422);
    expect((await createBanner({ tipo: "Receba Ofertas", fim: "amanhã" })).status).toBe(422);
  });

  it("takes an image by its bytes only, re-encoded as one WebP, and refuses a renamed text, an SVG and a huge image", async () => {
    const { data: banner } = (await createBanner({ tipo: "Triplo Esquerdo", link: "/produtos" })).body;
    const disguised = await uploadBanner(banner.id, files.disguisedText("banner.png"));
    expect(disguised.status).toBe(422);
    expect(disguised.body.errors?.imagem).toEqual(["Envie a imagem em JPEG, PNG ou WebP, com até 50 milhões de pixels (SVG não é aceito)."]);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    expect((await uploadBanner(banner.id, { name: "b.svg", type: "image/svg+xml", data: svg })).status).toBe(422);
    const huge = await uploadBanner(banner.id, { name: "enorme.png", type: "image/png", data: hugePng(30_000) });
    expect(huge.status).toBe(422);
    expect(huge.body.errors?.imagem?.[0]).toContain("50 milhões de pixels");
    const tooLarge = await uploadBanner(banner.id, {
      name: "g.png",
      type: "image/png",
      data: Buffer.concat([png(1, 1), Buffer.alloc(10 * 1024 * 1024)]),
    });
    expect(tooLarge.status).toBe(413);
    expect((await asStaff(t.app, manager, "POST", `/api/admin/banners/${banner.id}/image`, { body: {} })).status).toBe(415);
    // Nothing of the refused files was kept.
    const folder = path.join(t.config.dataDir, "media", "banners", String(banner.id));
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);

    const saved = await uploadBanner(banner.id, { name: "foto.jpg", type: "image/jpeg", data: await jpeg(2400, 1200) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const url = saved.body.data.imagem_url!;
    expect(url).toMatch(new RegExp(`^/media/banners/${banner.id}/[0-9a-f]{16}\\.webp$`));
    const file = path.join(t.config.dataDir, "media", url.replace("/media/", ""));
    expect(await sharp(file).metadata()).toMatchObject({ format: "webp", width: 1920 });
    expect(saved.body.data.no_ar).toBe(true);
    expect((await start()).banners.find((b) => b.id === banner.id)?.imagem).toEqual({ url });

    // A new image replaces the old one's file.
    const second = await uploadBanner(banner.id, { name: "p.png", type: "image/png", data: png(40, 20) });
    expect(second.status).toBe(200);
    expect(existsSync(file)).toBe(false);
    expect((await start()).banners.find((b) => b.id === banner.id)?.imagem).toEqual({ url: second.body.data.imagem_url });
    const entries = await audit("banner");
    expect(entries.find((e) => e.entidade_id === String(banner.id) && e.acao === "imagens")).toMatchObject({
      antes: { imagem_url: url },
      depois: { imagem_url: second.body.data.imagem_url },
    });
  });

  it("shows a banner only inside its window, and one that starts appears without any write", async () => {
    const { data: banner } = (await createBanner({ tipo: "Banner Principal", titulo_pt: "Janela" })).body;
    await uploadBanner(banner.id, { name: "b.png", type: "image/png", data: png(16, 8) });
    const body = { tipo: "Banner Principal", titulo_pt: "Janela" };

    const past = new Date(Date.now() - 60_000).toISOString();
    const ended = await asStaff<Answer<AdminBanner>>(t.app, manager, "PUT", `/api/admin/banners/${banner.id}`, { body: { ...body, fim: past } });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(ended.body.data.no_ar).toBe(false);
    expect((await start()).banners.some((b) => b.id === banner.id)).toBe(false);

    const startsAt = Date.now() + 2500;
    const later = await asStaff(t.app, manager, "PUT", `/api/admin/banners/${banner.id}`, {
      body: { ...body, inicio: new Date(startsAt).toISOString() },
    });
    expect(later.status).toBe(200);
    const before = await start();
    expect(before.banners.some((b) => b.id === banner.id)).toBe(false);
    // The answer says when it stops being right (the page cache keeps it no longer), within a second of the start.
    expect(Math.abs(Number(before.until) - startsAt)).toBeLessThan(1000);
    await new Promise((r) => setTimeout(r, Math.max(0, Number(before.until) - Date.now()) + 50));
    expect((await start()).banners.find((b) => b.id === banner.id)).toMatchObject({ titulo: "Janela", ordem: 0 });

    // Inactive: off the page whatever its window.
    await asStaff(t.app, manager, "PUT", `/api/admin/banners/${banner.id}`, { body: { ...body, ativo: false } });
    expect((await start()).banners.some((b) => b.id === banner.id)).toBe(false);
  });

  it("edits and deletes with the audit log's before and after; the list names each banner's state", async () => {
    const { data: banner } = (await createBanner({ tipo: "Triplo Direito", titulo_pt: "Antes", ordem: 3 })).body;
    const saved = await asStaff<Answer<AdminBanner>>(t.app, manager, "PUT", `/api/admin/banners/${banner.id}`, {
      body: { tipo: "Triplo Direito", titulo_pt: "Depois", ordem: 1, link: "/marcas" },
    });
    expect(saved.body.message).toBe("Banner salvo.");
    const list = await asStaff<{ data: AdminBanner[] }>(t.app, manager, "GET", "/api/admin/banners");
    expect(list.body.data.find((b) => b.id === banner.id)).toMatchObject({ titulo_pt: "Depois", ordem: 1, link: "/marcas", no_ar: false });
    const deleted = await asStaff(t.app, manager, "DELETE", `/api/admin/banners/${banner.id}`);
    expect(deleted.status).toBe(200);
    expect((await asStaff(t.app, manager, "DELETE", `/api/admin/banners/${banner.id}`)).status).toBe(404);
    const entries = (await audit("banner")).filter((e) => e.entidade_id === String(banner.id));
    expect(entries.map((e) => e.acao).sort()).toEqual(["criar", "editar", "excluir"]);
    expect(entries.find((e) => e.acao === "editar")).toMatchObject({
      antes: { titulo_pt: "Antes", ordem: 3 },
      depois: { titulo_pt: "Depois", ordem: 1 },
    });
    expect(entries.find((e) => e.acao === "excluir")?.autor).toBe(manager.email);
  });
});

describe("the sales team in the back office", () => {
  const team = async (lang = "pt") => (await call<{ data: Seller[] }>(t.app, "GET", `/api/public/team?lang=${lang}`)).body.data;
  const seller = { nome: "Ana Teste", funcao_pt: "Vendas", funcao_es: "Ventas", whatsapp: "+595 981 555 123", ordem: 0 };

  it("takes a WhatsApp number with its country's code, written as the masks write it; another is refused with the rule", async () => {
    for (const whatsapp of ["981 555 123", "+1 555 123 4567", "+595 981 555", "abc"]) {
      const res = await asStaff(t.app, manager, "POST", "/api/admin/sellers", { body: { ...seller, whatsapp } });
      expect(res.status, whatsapp).toBe(422);
      expect(res.body.errors?.whatsapp?.[0], whatsapp).toContain("+595 ### ### ###");
    }
    const res = await asStaff<Answer<AdminSeller>>(t.app, manager, "POST", "/api/admin/sellers", { body: { ...seller, whatsapp: "00595981555123" } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.whatsapp).toBe("+595 981 555 123");
    const br = await asStaff<Answer<AdminSeller>>(t.app, manager, "PUT", `/api/admin/sellers/${res.body.data.id}`, {
      body: { ...seller, whatsapp: "5545999991234", funcao_es: "Ventas a Brasil" },
    });
    expect(br.body.data.whatsapp).toBe("+55 (45) 99999-1234");
    expect((await team("es")).find((s) => s.id === res.body.data.id)).toMatchObject({ funcao: "Ventas a Brasil", whatsapp: "+55 (45) 99999-1234" });
    // Without a number the card says so on the storefront.
    const none = await asStaff<Answer<AdminSeller>>(t.app, manager, "PUT", `/api/admin/sellers/${res.body.data.id}`, {
      body: { ...seller, whatsapp: "" },
    });
    expect(none.body.data.whatsapp).toBeNull();
  });

  it("puts the team in order, hides an inactive member, stores a photo as WebP and removes it, each change audited", async () => {
    const first = (await asStaff<Answer<AdminSeller>>(t.app, manager, "POST", "/api/admin/sellers", { body: { ...seller, nome: "Zeca", ordem: 0 } }))
      .body.data;
    // Order 0 comes before the demo team's 1 to 4.
    const list = await team();
    expect(list.findIndex((s) => s.id === first.id)).toBeLessThan(list.findIndex((s) => s.nome === "Carlos Benítez"));
    await asStaff(t.app, manager, "PUT", `/api/admin/sellers/${first.id}`, { body: { ...seller, nome: "Zeca", ativo: false } });
    expect((await team()).some((s) => s.id === first.id)).toBe(false);

    const upload = (file: FixtureFile) =>
      multipart({}, { foto: file }).then((form) =>
        asStaff<Answer<AdminSeller>>(t.app, manager, "POST", `/api/admin/sellers/${first.id}/photo`, { form }),
      );
    expect((await upload(files.disguisedText("foto.jpg"))).status).toBe(422);
    expect((await upload({ name: "enorme.png", type: "image/png", data: hugePng(30_000) })).status).toBe(422);
    const saved = await upload({ name: "foto.jpg", type: "image/jpeg", data: await jpeg(1000, 1000) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const file = path.join(t.config.dataDir, "media", saved.body.data.foto!.replace("/media/", ""));
    expect(await sharp(file).metadata()).toMatchObject({ format: "webp", width: 400 });
    const removed = await asStaff<Answer<AdminSeller>>(t.app, manager, "DELETE", `/api/admin/sellers/${first.id}/photo`);
    expect(removed.body.data.foto).toBeNull();
    expect(existsSync(file)).toBe(false);
    expect((await asStaff(t.app, manager, "DELETE", `/api/admin/sellers/${first.id}`)).status).toBe(200);
    const actions = (await audit("vendedor")).filter((e) => e.entidade_id === String(first.id)).map((e) => e.acao);
    expect(actions.sort()).toEqual(["criar", "editar", "excluir", "imagens", "imagens"]);
  });
});

describe("the offers sign-ups", () => {
  it("lists the numbers newest first with their date, and exports them all as CSV no spreadsheet runs as a formula", async () => {
    for (const celular of ["595981000111", "5511988887777"]) {
      expect((await call(t.app, "POST", "/api/public/contato-newsletter", { body: { celular } })).status).toBeLessThan(300);
    }
    // A value stored by an older version, as a spreadsheet would run it.
    await t.database.db.execute(sql`INSERT INTO contatos_newsletter (celular, lang) VALUES ('=1+2', '@SUM')`);
    const page = await asStaff<{ data: { celular: string; created_at: string }[]; total: number; per_page: number }>(
      t.app,
      manager,
      "GET",
      "/api/admin/signups?page=1",
    );
    expect(page.status).toBe(200);
    expect(page.body.data[0]?.celular).toBe("=1+2");
    expect(page.body.data.map((s) => s.celular)).toContain("5511988887777");
    expect(page.body.total).toBeGreaterThanOrEqual(3);
    expect(page.body.data[0]!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

    const csv = await asStaff(t.app, manager, "GET", "/api/admin/signups/export");
    expect(csv.status).toBe(200);
    expect(String(csv.headers["content-type"])).toContain("text/csv");
    expect(String(csv.headers["content-disposition"])).toMatch(/attachment; filename="contatos-ofertas-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = csv.raw.toString("utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).trim().split("\n");
    expect(lines[0]).toBe('"celular";"idioma";"data"');
    expect(lines[1]).toMatch(/^"'=1\+2";"'@SUM";"\d{4}-\d{2}-\d{2} \d{2}:\d{2}"$/);
    expect(lines.some((l) => l.startsWith('"595981000111";'))).toBe(true);
    expect((await asStaff(t.app, manager, "GET", "/api/admin/signups?page=0")).status).toBe(422);
  });
});

describe("who may change content", () => {
  it("refuses the counter (in its Spanish) and anyone without a session, and every write needs the session's token", async () => {
    for (const [method, url] of [
      ["GET", "/api/admin/banners"],
      ["POST", "/api/admin/banners"],
      ["GET", "/api/admin/sellers"],
      ["DELETE", "/api/admin/sellers/1"],
      ["GET", "/api/admin/signups"],
      ["GET", "/api/admin/signups/export"],
    ] as const) {
      expect((await asStaff(t.app, counter, method, url, { body: method === "GET" ? undefined : {} })).status, `${method} ${url}`).toBe(403);
      expect((await asStaff(t.app, undefined, method, url)).status, `${method} ${url}`).toBe(401);
    }
    const noToken = await asStaff(t.app, { cookie: manager.cookie, csrf: "wrong" }, "POST", "/api/admin/banners", {
      body: { tipo: "Triplo Centro" },
    });
    expect(noToken.status).toBe(403);
    expect((await asStaff(t.app, owner, "GET", "/api/admin/banners")).status).toBe(200);
  });
});
