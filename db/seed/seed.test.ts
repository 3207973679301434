import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, pgliteOf, queryRows, type Database } from "../client.ts";
import {
  banners,
  brands,
  categories,
  departments,
  exchangeRates,
  faq,
  pickupPoints,
  productImages,
  products,
  productSpecs,
  sellers,
  shippingRates,
  shippingServices,
  states,
} from "../schema/index.ts";
import { growCatalogue, seedDemo, seedIfEmpty } from "./index.ts";
import { mediaFile } from "./media.ts";

const tempDirs: string[] = [];
function tempMedia(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "seed-media-"));
  tempDirs.push(dir);
  return dir;
}

/** A migrated, empty database; later ones start from a dump of the first instead of migrating again. */
let emptyDump: Blob | undefined;
async function freshDatabase(): Promise<Database> {
  if (emptyDump) return openDatabase({ loadDataDir: emptyDump });
  const database = await openDatabase();
  await database.migrate();
  emptyDump = await pgliteOf(database)?.dumpDataDir("none");
  return database;
}

async function codes(database: Database): Promise<string[]> {
  const rows = await database.db.select({ codigo: products.codigo }).from(products).orderBy(asc(products.id));
  return rows.map((r) => r.codigo);
}

/** Just enough of an XML parser to prove the files are well-formed: balanced tags, quoted attributes, escaped text. */
function assertWellFormedSvg(file: string, xml: string): void {
  const body = xml.replace(/^<\?xml[^>]*\?>\s*/, "");
  expect(body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), file).toBe(true);
  expect(body, file).not.toMatch(/<script|javascript:|href="http|url\(http|<image|<foreignObject/i);
  const entity = /&(?!(amp|lt|gt|quot|apos|#\d+);)/;
  const stack: string[] = [];
  for (const token of body.match(/<[^>]*>|[^<]+/g) ?? []) {
    if (!token.startsWith("<")) {
      expect(entity.test(token), `${file}: bare & in text`).toBe(false);
      continue;
    }
    const close = /^<\/([\w:-]+)\s*>$/.exec(token);
    if (close) {
      expect(stack.pop(), `${file}: unbalanced </${close[1]}>`).toBe(close[1]);
      continue;
    }
    const open = /^<([\w:-]+)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>$/.exec(token);
    expect(open, `${file}: malformed tag ${token.slice(0, 80)}`).not.toBeNull();
    expect(entity.test(open![2] ?? ""), `${file}: bare & in attribute`).toBe(false);
    if (!open![3]) stack.push(open![1]!);
  }
  expect(stack, `${file}: unclosed tags`).toEqual([]);
}

describe("demo seed", () => {
  let database: Database;
  let mediaDir: string;

  beforeAll(async () => {
    database = await freshDatabase();
    mediaDir = tempMedia();
    expect(await seedIfEmpty(database, { products: 60, mediaDir })).toBe(true);
  });

  afterAll(async () => {
    await database?.close();
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  });

  it("has the spec's categories and departments, each category with departments", async () => {
    const cats = await database.db.select().from(categories);
    const deps = await database.db.select().from(departments);
    const slugs = cats.map((c) => c.slug);
    for (const slug of ["chaves-e-soquetes", "combos-completos", "iluminacao", "energia", "eletroportateis"]) expect(slugs).toContain(slug);
    const keys = cats.find((c) => c.slug === "chaves-e-soquetes")!;
    expect(deps.some((d) => d.category_id === keys.id && d.slug === "jogo-de-chaves")).toBe(true);
    expect(cats.length).toBeGreaterThanOrEqual(15);
    expect(cats.filter((c) => c.visivel_menu).length).toBeGreaterThanOrEqual(9);
    expect(cats.some((c) => !c.visivel_menu)).toBe(true);
    for (const c of cats) {
      expect(deps.filter((d) => d.category_id === c.id).length, c.slug).toBeGreaterThanOrEqual(3);
      expect(c.name_pt && c.name_es).toBeTruthy();
      expect(c.icone).toMatch(/^<svg [^>]*viewBox="0 0 24 24"/);
    }
  });

  it("has at least 20 brands, a few without a logo, logo files on disk", async () => {
    const rows = await database.db.select().from(brands);
    expect(rows.length).toBeGreaterThanOrEqual(20);
    const without = rows.filter((b) => b.logo === null);
    expect(without.length).toBeGreaterThanOrEqual(2);
    expect(without.length).toBeLessThanOrEqual(3);
    expect(rows.some((b) => b.destaque)).toBe(true);
    for (const b of rows.filter((r) => r.logo)) expect(existsSync(mediaFile(mediaDir, b.logo!)), b.slug).toBe(true);
  });

  it("has 60 products with unique codes and slugs, images on disk and 3–6 specs", async () => {
    const rows = await database.db.select().from(products);
    expect(rows).toHaveLength(60);
    expect(new Set(rows.map((p) => p.codigo)).size).toBe(60);
    expect(new Set(rows.map((p) => p.slug)).size).toBe(60);
    const images = await database.db.select().from(productImages);
    const specs = await database.db.select().from(productSpecs);
    for (const p of rows) {
      const own = images.filter((i) => i.product_id === p.id);
      expect(own.length, p.codigo).toBeGreaterThanOrEqual(2);
      for (const img of own) expect(existsSync(mediaFile(mediaDir, img.url)), img.url).toBe(true);
      const n = specs.filter((s) => s.product_id === p.id).length;
      expect(n, p.codigo).toBeGreaterThanOrEqual(3);
      expect(n, p.codigo).toBeLessThanOrEqual(6);
      expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(p.brand_id && p.category_id && p.department_id).toBeTruthy();
    }
    // Product images are shared files, never one per product.
    expect(new Set(images.map((i) => i.url)).size).toBeLessThan(images.length);
  });

  it("prices are positive decimal strings and stock is plausible", async () => {
    const rows = await database.db.select().from(products);
    for (const p of rows) {
      for (const value of [p.valor_venda, p.valor_usd]) {
        expect(value, p.codigo).toMatch(/^\d+(\.\d+)?$/);
        expect(Number(value), p.codigo).toBeGreaterThan(0);
      }
      expect([2, 3]).toContain(p.moeda_id);
      if (p.moeda_id === 2) expect(p.valor_usd).toBe(p.valor_venda);
      expect(p.qtde_fisica).toBeGreaterThanOrEqual(p.qtde_disponivel);
      expect(p.tem_estoque).toBe(p.qtde_disponivel > 0);
    }
    expect(rows.filter((p) => p.qtde_disponivel === 0).length).toBeGreaterThanOrEqual(1);
    expect(rows.filter((p) => p.qtde_disponivel >= 5).length).toBeGreaterThan(30);
  });

  it("fills busca lower-cased and without accents, so accent-free search finds accented names", async () => {
    const rows = await database.db.select({ busca: products.busca, codigo: products.codigo, nome_pt: products.nome_pt }).from(products);
    for (const p of rows) {
      expect(p.busca, p.codigo).toContain(p.codigo.toLowerCase());
      expect(p.busca, p.codigo).toBe(p.busca.toLowerCase());
      expect(p.busca, p.codigo).not.toMatch(/[\u00c0-\u017f]/);
    }
    const accented = rows.find((p) => /[ãçéêáíóú]/i.test(p.nome_pt));
    expect(accented).toBeDefined();
    const word = accented!.nome_pt.split(" ").find((w) => /[ãçéêáíóú]/i.test(w))!;
    const plain = word
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase();
    const found = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM produtos WHERE busca LIKE ${"%" + plain + "%"}`);
    expect(found[0]!.n).toBeGreaterThan(0);
  });

  it("has every banner type, sellers with WhatsApp, FAQ and rates to BRL, PYG and ARS", async () => {
    const rows = await database.db.select().from(banners);
    for (const tipo of ["Banner Principal", "Triplo Esquerdo", "Triplo Centro", "Triplo Direito", "Receba Ofertas"]) {
      const own = rows.filter((b) => b.tipo === tipo);
      expect(own.length, tipo).toBeGreaterThanOrEqual(1);
      for (const b of own) {
        expect(b.imagem_url && existsSync(mediaFile(mediaDir, b.imagem_url)), tipo).toBe(true);
        expect(b.titulo_pt && b.titulo_es, tipo).toBeTruthy();
        expect(b.link, tipo).toMatch(/^\//);
      }
    }
    expect(rows.filter((b) => b.tipo === "Banner Principal").length).toBeGreaterThanOrEqual(3);
    const team = await database.db.select().from(sellers);
    expect(team.length).toBeGreaterThanOrEqual(6);
    for (const s of team) expect(s.whatsapp).toMatch(/^\+595 \d{3} \d{3} \d{3}$/);
    expect(team.filter((s) => s.foto === null).length).toBe(2);
    expect((await database.db.select().from(faq)).length).toBeGreaterThanOrEqual(6);
    const rates = await database.db.select().from(exchangeRates).where(eq(exchangeRates.source_currency_id, 2));
    expect(rates.map((r) => r.target_currency_id).sort()).toEqual([1, 3, 4]);
  });

  it("prices shipping to every Paraguayan department in guaraníes and has pickup points", async () => {
    const deps = await database.db.select().from(states).where(eq(states.pais_id, 2));
    expect(deps).toHaveLength(18);
    const services = await database.db.select().from(shippingServices);
    const rates = await database.db.select().from(shippingRates);
    const doorServices = services.filter((s) => !s.usa_pontos).map((s) => s.id);
    for (const d of deps) {
      expect(
        rates.some((r) => r.estado_id === d.id && r.cidade_id === null && doorServices.includes(r.servico_id)),
        d.nome,
      ).toBe(true);
    }
    for (const r of rates) {
      expect(r.moeda_id).toBe(3);
      expect(Number(r.valor)).toBeGreaterThanOrEqual(15000);
      expect(Number(r.valor)).toBeLessThanOrEqual(90000);
      expect(r.prazo).toBeGreaterThanOrEqual(1);
      expect(r.prazo).toBeLessThanOrEqual(8);
    }
    expect(rates.filter((r) => r.cidade_id !== null).length).toBeGreaterThanOrEqual(4);
    const pickup = services.find((s) => s.usa_pontos);
    expect(pickup).toBeDefined();
    const points = await database.db.select().from(pickupPoints);
    expect(points.length).toBeGreaterThanOrEqual(6);
    for (const p of points) {
      expect(p.servico_id).toBe(pickup!.id);
      expect(deps.some((d) => d.id === p.estado_id)).toBe(true);
      expect(p.cidade_id).toBeGreaterThan(6000);
    }
  });

  it("writes only well-formed, self-contained SVG files of the agreed sizes", () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else files.push(full);
      }
    };
    walk(mediaDir);
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      expect(file.endsWith(".svg")).toBe(true);
      const xml = readFileSync(file, "utf8");
      assertWellFormedSvg(file, xml);
      const box = /viewBox="0 0 (\d+) (\d+)"/.exec(xml)?.slice(1).join("x");
      const folder = path.basename(path.dirname(file));
      if (folder === "products") expect(box, file).toBe("800x800");
      if (folder === "brands") expect(box, file).toBe("240x120");
      if (folder === "banners") expect(["1600x500", "800x400"], file).toContain(box);
    }
  });

  it("does not seed twice", async () => {
    expect(await seedIfEmpty(database, { products: 60, mediaDir })).toBe(false);
    expect(await seedDemo(database, { products: 60, mediaDir })).toBe(false);
    expect((await database.db.select().from(products)).length).toBe(60);
  });

  it("makes the same catalogue every time, also when grown in steps", async () => {
    const again = await freshDatabase();
    try {
      const media = tempMedia();
      const all = await codes(database);
      await seedDemo(again, { products: 20, mediaDir: media });
      expect(await codes(again)).toEqual(all.slice(0, 20));
      // Growing continues the same sequence: products 21–26 are the ones a bigger seed makes.
      expect(await growCatalogue(again, { products: 26, mediaDir: media })).toBe(6);
      expect(await codes(again)).toEqual(all.slice(0, 26));
    } finally {
      await again.close();
    }
  });
});
