import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeURL } from "../support/e2e-store.ts";
import { DEMO_STAFF } from "#db/staff.ts";
import admin from "#app/i18n/locales/pt-BR/admin.json" with { type: "json" };
import { newAdminPage, logIn, TABLET } from "../support/admin-browser.ts";
import { expectNoSeriousAxeViolations, launchBrowser } from "../support/browser.ts";

const baseURL = storeURL();
const t = admin.admin.import;
const manager = DEMO_STAFF.find((m) => m.papel === "manager")!;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const fill = (text: string, vars: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k]));

describe("the back office's import", () => {
  it("checks a file with a bad row and names it, applies the rest, and the same file again changes nothing", async () => {
    const { page, errors, context, close } = await newAdminPage(browser, baseURL, TABLET, { local: true });
    await page.goto("/admin/importacao");
    await logIn(page, manager.email, manager.password);
    await page.waitForURL(/\/admin\/importacao$/);
    const code = `IMP-${randomUUID().slice(0, 6).toUpperCase()}`;
    const file = {
      name: "novos.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        [
          "codigo;nome_pt;nome_es;moeda;preco;estoque",
          `${code}-1;Martelo Importado Painel;Martillo Importado Panel;USD;19,90;4`,
          `${code}-2;Serrote Sem Preço;Serrucho Sin Precio;USD;dezenove;4`,
          `${code}-3;Trena Importada Painel;Cinta Importada Panel;PYG;85000;2`,
        ].join("\n"),
      ),
    };

    await page.getByLabel(t.file).setInputFiles(file);
    await page.getByRole("button", { name: t.check }).click();
    const summary = page.getByTestId("import-summary");
    await expect.poll(() => summary.textContent()).toBe(fill(t.checkedSummary, { criadas: 2, atualizadas: 0, inalteradas: 0, recusadas: 1 }));
    expect(await page.getByTestId("import-refusal").allInnerTexts()).toEqual([`3\tpreco\tdezenove\t${code}-2\tValor inválido`]);
    // The dry run wrote nothing: shoppers do not find the code yet.
    const search = async () =>
      ((await (await page.request.get(`/api/public/products?text=${code}&all_products=1`)).json()) as { data: { codigo: string }[] }).data
        .map((p) => p.codigo)
        .sort();
    expect(await search()).toEqual([]);
    // The address keeps the import: a reload comes back to it.
    expect(page.url()).toMatch(/\/admin\/importacao\?id=\d+$/);
    await expectNoSeriousAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);

    await page.getByRole("button", { name: fill(t.apply, { n: 2 }) }).click();
    await expect.poll(() => summary.textContent()).toBe(fill(t.appliedSummary, { criadas: 2, atualizadas: 0, inalteradas: 0, recusadas: 1 }));
    expect(await search()).toEqual([`${code}-1`, `${code}-3`]);
    const shopper = await context.newPage();
    await shopper.goto(`/produtos?text=${code}-1`);
    await shopper.getByText("Martelo Importado Painel").filter({ visible: true }).first().waitFor();

    // The same file again: every good row is unchanged, and there is nothing to apply.
    await page.goto("/admin/importacao");
    await page.getByLabel(t.file).setInputFiles(file);
    await page.getByRole("button", { name: t.check }).click();
    await expect.poll(() => summary.textContent()).toBe(fill(t.checkedSummary, { criadas: 0, atualizadas: 0, inalteradas: 2, recusadas: 1 }));
    await page.getByText(t.nothingToApply).waitFor();
    expect(await page.getByRole("button", { name: fill(t.apply, { n: 0 }) }).count()).toBe(0);

    // The export holds the imported products, in the format the import reads.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: t.exportPriceStockCsv }).click()]);
    const exported = await readFile((await download.path())!, "utf8");
    expect(exported.split("\n")[0]).toBe('\uFEFF"codigo";"moeda";"preco";"estoque";"estoque_fisico"');
    expect(exported).toContain(`"${code}-3";"PYG";"85000";"2";"2"`);
    expect(errors).toEqual([]);
    await close();
  });
});
