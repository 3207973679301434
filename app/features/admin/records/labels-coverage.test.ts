import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixedT } from "#app/i18n/index.ts";
import { unlabelledInEntry, type Formatter } from "./describe-change.ts";

/**
 * Every audit action and entity the server names in its source has a label in both back-office languages
 * (decision 035): a new one written without its label fails here, before any record of it is read. The
 * fields each record keeps are checked on the records themselves, by the API walk (server/api-contract.test.ts).
 */
const root = new URL("../../../../server/", import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** The quoted words of `key: "a"`, `key: cond ? "a" : "b"`, and an audit helper's action argument ("conferir_estorno"). */
function named(text: string, key: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(new RegExp(`\\b${key}:\\s*([^,\\n}]+)`, "g"))) {
    for (const q of m[1]!.matchAll(/"([a-z][a-z0-9_]*)"/g)) found.push(q[1]!);
  }
  return found;
}

describe("the audit actions and entities the server writes", () => {
  const files = sources(root).map((path) => readFileSync(path, "utf8"));
  const audits = files.filter((text) => text.includes("audited("));
  const actions = new Set(audits.flatMap((text) => named(text, "acao")));
  // Actions handed to a helper that writes the record (settledBy(…, "conferir_estorno"), switchOff(…, "redefinir_2fa")).
  for (const text of audits)
    for (const m of text.matchAll(/"([a-z]+_[a-z0-9_]+)"\s*(?:,\s*[a-zA-Z.]+)?\)/g))
      if (/^(conferir|liquidar|redefinir|desativar|ativar)_/.test(m[1]!)) actions.add(m[1]!);
  const entities = new Set(audits.flatMap((text) => named(text, "entidade")));

  it("finds them in the source (the search itself works)", () => {
    expect([...actions]).toEqual(
      expect.arrayContaining(["criar", "cancelar", "estornar", "conferir_estorno", "liquidar_estorno", "pedido_retirado"]),
    );
    expect([...entities]).toEqual(expect.arrayContaining(["produto", "pedido", "cliente", "banner", "entrega_tarifa", "texto_pagina"]));
  });

  for (const locale of ["pt-BR", "es-PY"] as const) {
    it(`labels each in ${locale}`, () => {
      const f: Formatter = { t: fixedT(locale), locale };
      const gaps = [
        ...[...actions].flatMap((acao) => unlabelledInEntry(f, { acao, entidade: "pedido", entidade_id: null, antes: null, depois: null })),
        ...[...entities].flatMap((entidade) => unlabelledInEntry(f, { acao: "criar", entidade, entidade_id: null, antes: null, depois: null })),
      ];
      expect([...new Set(gaps)].sort()).toEqual([]);
    });
  }
});
