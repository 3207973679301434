import { createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "#db/client.ts";

/**
 * The catalogue import at size (docs/decisions/020, target: 100,000 rows applied in under 60 s on the
 * embedded database): a file of new products, the same file again (every row unchanged), then the
 * daily price-and-stock file changing every price. Each step is timed from the upload to `applied`:
 * the dry run and the apply, through the HTTP API as the back office's screen drives it.
 */

export const BENCH_STAFF = { email: "bench-import@loja.example.test", password: "Bench#Import2026" };
/** The back office's load: a shop's staff at work at once, not a crowd. */
export const STAFF_CONNECTIONS = 4;
const CODE_PREFIX = "BENCH-IMP-";

/** Removes what the import bench created (run with the server stopped), so every run starts from the seeded catalogue. */
export async function forgetImportedProducts(dataDir: string) {
  const database = await openDatabase({ dataDir: path.join(dataDir, "db") });
  try {
    await database.db.execute(sql`DELETE FROM produtos WHERE codigo LIKE ${`${CODE_PREFIX}%`}`);
    await database.db.execute(sql`DELETE FROM importacoes`);
  } finally {
    await database.close();
  }
}

interface ImportStatus {
  id: number;
  estado: string;
  criadas: number;
  atualizadas: number;
  inalteradas: number;
  recusadas: number;
  falha: string | null;
}

export interface ImportStep {
  name: string;
  rows: number;
  checkMs: number;
  applyMs: number;
  result: ImportStatus;
}

/** A back-office session's headers: its cookie, its CSRF token and the store's own origin. */
export async function staffHeaders(base: string) {
  const res = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(BENCH_STAFF),
  });
  if (res.status !== 200) throw new Error(`bench login answered ${res.status}: ${await res.text()}`);
  // Production names it with the __Host- prefix (decision 025).
  const cookie = res.headers
    .getSetCookie()
    .find((c) => /^(__Host-)?staff_sid=/.test(c))
    ?.split(";")[0];
  if (!cookie) throw new Error(`bench login set no session cookie: ${res.headers.getSetCookie().join(" | ")}`);
  const { csrf_token } = (await res.json()) as { csrf_token: string };
  return { cookie, "x-csrf-token": csrf_token, origin: base };
}

async function writeFile(file: string, lines: Iterable<string>) {
  const out = createWriteStream(file);
  for (const line of lines) if (!out.write(`${line}\n`)) await new Promise<void>((r) => out.once("drain", () => r()));
  await new Promise<void>((resolve) => out.end(() => resolve()));
}

export async function runImportBench(base: string, rows: number): Promise<ImportStep[]> {
  const headers = await staffHeaders(base);
  const dir = await mkdtemp(path.join(tmpdir(), "bench-import-"));
  const options = (await (await fetch(`${base}/api/admin/catalog-options`, { headers })).json()) as {
    categories: { name_pt: string }[];
    brands: { nome: string }[];
  };
  const code = (i: number) => `${CODE_PREFIX}${String(i).padStart(6, "0")}`;
  const full = path.join(dir, "novos.csv");
  await writeFile(full, [
    "codigo;nome_pt;nome_es;marca;categoria;moeda;preco;estoque;descritivo_pt;descritivo_es",
    ...Array.from({ length: rows }, (_, i) => {
      const category = options.categories[i % options.categories.length]!.name_pt;
      const brand = options.brands[i % options.brands.length]!.nome;
      const usd = i % 3 !== 0;
      return `${code(i)};Ferramenta Importada ${i};Herramienta Importada ${i};${brand};${category};${usd ? "USD" : "PYG"};${usd ? `${(10 + (i % 900)).toFixed(2)}` : String(70_000 + (i % 900) * 1000)};${i % 7};Linha ${i % 50} para obra;Línea ${i % 50} para obra`;
    }),
  ]);
  const prices = path.join(dir, "precos.csv");
  await writeFile(prices, [
    "codigo;preco;estoque",
    ...Array.from(
      { length: rows },
      (_, i) => `${code(i)};${i % 3 !== 0 ? `${(11 + (i % 900)).toFixed(2)}` : String(71_000 + (i % 900) * 1000)};${(i % 7) + 1}`,
    ),
  ]);

  async function step(name: string, file: string): Promise<ImportStep> {
    const started = performance.now();
    const form = new FormData();
    form.append("arquivo", new Blob([await readFile(file)], { type: "text/csv" }), path.basename(file));
    const res = await fetch(`${base}/api/admin/imports`, { method: "POST", headers, body: form });
    if (res.status !== 201) throw new Error(`import upload answered ${res.status}: ${await res.text()}`);
    const { data } = (await res.json()) as { data: ImportStatus };
    const until = async (states: string[]) => {
      for (;;) {
        const status = ((await (await fetch(`${base}/api/admin/imports/${data.id}`, { headers })).json()) as { data: ImportStatus }).data;
        if (states.includes(status.estado)) return status;
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    const checked = await until(["checked", "failed"]);
    const checkMs = performance.now() - started;
    if (checked.estado === "failed") throw new Error(`import check failed: ${checked.falha}`);
    const applyStarted = performance.now();
    const applied = await fetch(`${base}/api/admin/imports/${data.id}/apply`, { method: "POST", headers });
    if (applied.status !== 202) throw new Error(`import apply answered ${applied.status}: ${await applied.text()}`);
    const result = await until(["applied", "failed"]);
    if (result.estado === "failed") throw new Error(`import apply failed: ${result.falha}`);
    return { name, rows, checkMs, applyMs: performance.now() - applyStarted, result };
  }

  try {
    return [
      await step("new products (every column a new product needs)", full),
      await step("the same file again (nothing changes)", full),
      await step("price-and-stock file (every price changes)", prices),
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export const importTable = (steps: ImportStep[]) =>
  [
    "| import | rows | created | updated | unchanged | dry run s | apply s | upload to applied s |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...steps.map(
      (s) =>
        `| ${s.name} | ${s.rows.toLocaleString("en")} | ${s.result.criadas} | ${s.result.atualizadas} | ${s.result.inalteradas} | ${(s.checkMs / 1000).toFixed(1)} | ${(s.applyMs / 1000).toFixed(1)} | ${((s.checkMs + s.applyMs) / 1000).toFixed(1)} |`,
    ),
  ].join("\n");
