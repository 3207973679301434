import { randomUUID } from "node:crypto";
import type { Browser, Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeURL } from "../support/e2e-store.ts";
import { DEMO_STAFF } from "#db/staff.ts";
import admin from "#app/i18n/locales/pt-BR/admin.json" with { type: "json" };
import records from "#app/i18n/locales/pt-BR/admin-records.json" with { type: "json" };
import { DESKTOP, logIn, newAdminPage, TABLET } from "../support/admin-browser.ts";
import { expectNoSeriousAxeViolations, launchBrowser } from "../support/browser.ts";

const baseURL = storeURL();
const pt = admin.admin;
const r = records.admin.records;
const owner = DEMO_STAFF.find((m) => m.papel === "owner")!;
const manager = DEMO_STAFF.find((m) => m.papel === "manager")!;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const fill = (text: string, vars: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k]));

/** A change line as a reader sees it: the label, the old value struck out, the new one. */
async function changeOf(row: Locator, label: string) {
  const line = row.getByTestId("audit-change").filter({ has: row.page().locator("dt", { hasText: `${label}:` }) });
  return [(await line.locator("dt").innerText()).trim(), await line.locator("del").innerText(), await line.locator("ins").innerText()];
}

describe("the back office's readable records", () => {
  it("shows a manager's import as its file and counts with the refused value, and a price change with the form's label and formatted prices", async () => {
    const code = `REC-${randomUUID().slice(0, 6).toUpperCase()}`;
    const fileName = `registros-${code.toLowerCase()}.csv`;
    const staff = await newAdminPage(browser, baseURL, TABLET, { local: true });
    const page = staff.page;
    await page.goto("/admin/importacao");
    await logIn(page, manager.email, manager.password);
    await page.waitForURL(/\/admin\/importacao$/);
    await page.getByLabel(pt.import.file).setInputFiles({
      name: fileName,
      mimeType: "text/csv",
      buffer: Buffer.from(
        [
          "codigo;nome_pt;nome_es;moeda;preco;estoque",
          `${code}-1;Furadeira Registro;Taladro Registro;USD;10,00;3`,
          `${code}-2;Lixadeira Registro;Lijadora Registro;USD;dez reais;3`,
        ].join("\n"),
      ),
    });
    await page.getByRole("button", { name: pt.import.check }).click();
    const summary = page.getByTestId("import-summary");
    await expect.poll(() => summary.textContent()).toBe(fill(pt.import.checkedSummary, { criadas: 1, atualizadas: 0, inalteradas: 0, recusadas: 1 }));
    // The refused row shows the value it refused beside its line, column and reason.
    expect(await page.getByTestId("import-refusal").allInnerTexts()).toEqual([`3\tpreco\tdez reais\t${code}-2\tValor inválido`]);
    await page.getByRole("button", { name: fill(pt.import.apply, { n: 1 }) }).click();
    await expect.poll(() => summary.textContent()).toBe(fill(pt.import.appliedSummary, { criadas: 1, atualizadas: 0, inalteradas: 0, recusadas: 1 }));

    // The manager changes the new product's price on its form.
    await page.goto(`/admin/produtos?q=${code}`);
    await page.getByRole("link", { name: "Furadeira Registro" }).click();
    await page.waitForURL(/\/admin\/produtos\/\d+$/);
    await page.getByLabel(pt.product.price).fill("12,50");
    await page.getByRole("button", { name: pt.product.save }).click();
    await page.getByRole("status").filter({ hasText: "Produto salvo." }).waitFor();
    expect(staff.errors).toEqual([]);
    await staff.close();

    // The owner reads both in the audit log, in the words of the screens.
    const reader = await newAdminPage(browser, baseURL, DESKTOP, { local: true });
    const log = reader.page;
    await log.goto("/admin/auditoria?entidade=produto&acao=editar");
    await logIn(log, owner.email, owner.password);
    await log.waitForURL(/\/admin\/auditoria\?/);
    const edit = log.getByTestId("audit-row").filter({ hasText: `${code}-1` });
    await expect.poll(() => edit.count()).toBe(1);
    expect(await edit.locator("td").nth(2).innerText()).toMatch(
      new RegExp(`^${pt.audit.actions.editar} · ${pt.audit.entities.produto} ${code}-1 #\\d+$`),
    );
    expect(await changeOf(edit, pt.product.price)).toEqual([`${pt.product.price}:`, "U$ 10,00", "U$ 12,50"]);
    // Only what changed, and never a column's name.
    expect(await edit.getByTestId("audit-change").count()).toBe(1);
    expect(await edit.innerText()).not.toContain("valor_venda");

    await log.getByLabel(pt.audit.entity).selectOption("importacao");
    await log.getByLabel(pt.audit.action).selectOption("importar");
    await log.getByRole("button", { name: pt.audit.filter }).click();
    const imported = log.getByTestId("audit-row").filter({ hasText: fileName });
    await expect.poll(() => imported.count()).toBe(1);
    expect(await imported.getByTestId("audit-note").allInnerTexts()).toEqual([
      fill(r.import.summary, { file: fileName, criadas: 1, atualizadas: 0, inalteradas: 0, recusadas: 1 }),
      fill(r.import.refusal, { line: 3, column: "preco", value: "dez reais", reason: "Valor inválido" }),
    ]);
    expect(await changeOf(imported, `${code}-1 · ${pt.product.price}`)).toEqual([`${code}-1 · ${pt.product.price}:`, "—", "U$ 10,00"]);
    expect(await imported.innerText()).not.toContain('"criadas"');
    await expectNoSeriousAxeViolations(log);
    expect(reader.errors).toEqual([]);
    await reader.close();
  });
});
