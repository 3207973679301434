import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import type { LoginResponse } from "#contract/api/accounts.ts";
import { rucCheckDigit } from "#contract/documents.ts";
import { visitorAddress } from "./browser.ts";
import { png } from "./fixtures.ts";

/** Customers, carts and signed-in pages for the browser tests, through the running server's API. */

export const PASSWORD = "Ferramenta#2024";
export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

/** Approves on the sandbox gateway's hosted page, which sends the buyer back to /checkout/payment: the order's id. */
export async function approveInSandbox(page: Page): Promise<string> {
  await page.waitForURL(/\/pagamento\/sandbox\//);
  await page.locator("button.approve").click();
  await page.waitForURL(/\/checkout\/payment\?pedido=/);
  return new URL(page.url()).searchParams.get("pedido")!;
}

export function e2eShop(baseURL: string) {
  async function json<T>(path: string, init?: RequestInit): Promise<T> {
    const res = await fetch(`${baseURL}${path}`, init);
    const body = await res.text();
    expect(res.status, `${path}: ${body.slice(0, 300)}`).toBeLessThan(300);
    return JSON.parse(body) as T;
  }

  /** Registers a customer (the registration form's multipart call) and logs in: email and token. */
  async function newCustomer(kind: "br" | "py" | "ar"): Promise<{ email: string; token: string }> {
    const email = `e2e-${kind}-${randomUUID().slice(0, 8)}@example.com`;
    const common = { email, email_confirmation: email, password: PASSWORD, password_confirmation: PASSWORD };
    let fields: Record<string, string>;
    if (kind === "br") {
      const city = await json<{ id: number; estado: { id: number } }>("/ecom/endereco/cidade-por-codigo", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ pais_id: 1, codigo: "3550308" }),
      });
      fields = {
        ...common,
        nome: "João",
        sobrenome: "da Silva",
        estrangeiro: "1",
        telefone: "+55 (11) 98765-4321",
        cep: "01310-100",
        logradouro: "Avenida Paulista",
        numero: "1578",
        bairro: "Bela Vista",
        documento_tipo: "CPF",
        documento: "529.982.247-25",
        identidade: "12.345.678-9",
        identidade_complemento: "SSP/SP",
        pais_id: "1",
        pais: "Brasil",
        estado_id: String(city.estado.id),
        cidade_id: String(city.id),
      };
    } else if (kind === "ar") {
      // An Argentinian in the Spanish flow (docs/decisions/006): CUIT, an address in Misiones.
      fields = {
        ...common,
        nome: "Lucía",
        sobrenome: "Fernández",
        estrangeiro: "0",
        nacionalidade: "AR",
        telefone: "+54 9 376 412 3456",
        cep: "N3300",
        logradouro: "Avenida Mitre",
        numero: "1850",
        bairro: "Centro",
        documento_tipo: "CUIT",
        documento: "20-17254359-7",
        identidade: "17254359",
        pais_id: "3",
        estado_id: "59",
        cidade: "Posadas",
        lang: "es-AR",
      };
    } else {
      const states = await json<{ data: { id: number; nome: string }[] }>("/ecom/endereco/estados?pais_id=2");
      const alto = states.data.find((s) => s.nome.includes("Alto Paran"))!;
      const cities = await json<{ data: { id: number; nome: string }[] }>(`/ecom/endereco/estados/${alto.id}/cidades`);
      const base = String(6_000_000 + Math.floor(Math.random() * 900_000));
      fields = {
        ...common,
        nome: "María",
        sobrenome: "Benítez",
        estrangeiro: "0",
        telefone: "+595 983 123 456",
        logradouro: "Avenida San Blas",
        numero: "1234",
        bairro: "Área 1",
        documento_tipo: "RUC",
        documento: `${base}-${rucCheckDigit(base)}`,
        identidade: base,
        pais_id: "2",
        pais: "Paraguai",
        estado_id: String(alto.id),
        cidade_id: String(cities.data.find((c) => c.nome.includes("Ciudad del Este"))!.id),
      };
    }
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.set("frente", new Blob([new Uint8Array(png(4, 4))], { type: "image/png" }), "frente.png");
    form.set("verso", new Blob([new Uint8Array(png(4, 4))], { type: "image/png" }), "verso.png");
    const reg = await fetch(`${baseURL}/ecom/cliente/cadastrar`, { method: "POST", body: form, headers: { "x-forwarded-for": visitorAddress() } });
    expect(reg.status, await reg.clone().text()).toBe(200);
    const login = await json<LoginResponse>("/ecom/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    return { email, token: login.token };
  }

  /** A customer's cart made through the API with their token. */
  async function customerCart(token: string, moedaId: number, lines: { produto_id: number; qtde: number }[]) {
    const external_id = randomUUID();
    const saved = await json<{ data: { id: number; external_id: string } }>("/ecom/venda/carrinho", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ external_id, filial_id: "1", moeda_id: String(moedaId), itens: lines.map((l) => ({ ...l, armazem_id: 1 })) }),
    });
    return saved.data;
  }

  /** A page signed in with `token` (the HttpOnly `sid` cookie) whose saved cart is `cart`. */
  async function signedInPage(
    browser: Browser,
    viewport: { width: number; height: number },
    token: string,
    lang: string,
    cart: { id: number; external_id: string },
  ) {
    const context: BrowserContext = await browser.newContext({ viewport, baseURL });
    // The gateway sends the buyer back to the configured public origin, which may name the host differently.
    const origins = [baseURL, baseURL.replace("127.0.0.1", "localhost")];
    await context.addCookies(
      origins.flatMap((url) => [
        { name: "sid", value: token, url, httpOnly: true, sameSite: "Lax" as const },
        { name: "lang", value: lang, url },
      ]),
    );
    await context.addInitScript((saved) => {
      if (localStorage.getItem("cartExternalId")) return;
      localStorage.setItem("cartExternalId", saved.external_id);
      localStorage.setItem("cartId", String(saved.id));
    }, cart);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    return { context, page, errors, close: () => context.close() };
  }

  /** Places an unpaid store-pickup order for `token`: it reserves those units of stock. */
  async function reserve(token: string, lines: { produto_id: number; qtde: number }[]) {
    const cart = await customerCart(token, 3, lines);
    const me = await json<{ enderecos: { cidade_id: number }[] }>("/ecom/me", { method: "POST", headers: { authorization: `Bearer ${token}` } });
    const quote = await json<{ data: { token: string; valor: string; entrega_servico_id: number | null }[] }>(
      `/ecom/venda/carrinho/${cart.external_id}/calcular-frete`,
      {
        method: "PUT",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ id: cart.id, external_id: cart.external_id, filial_id: 1, pais_id: 2, cidade_id: me.enderecos[0]!.cidade_id }),
      },
    );
    const pickup = quote.data.find((o) => o.entrega_servico_id === null)!;
    await json(`/ecom/venda/carrinho/${cart.external_id}/iniciar-checkout`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ token_entrega: pickup.token, valor_frete: pickup.valor, entrega_servico_id: null }),
    });
  }

  /**
   * An order of `token`'s lines placed through the API: picked up at the shop, or delivered to the
   * customer's main address by the first delivery service that quotes it; approved on the sandbox
   * gateway's page when `paid`.
   */
  async function placeOrder(
    token: string,
    moedaId: number,
    lines: { produto_id: number; qtde: number }[],
    { delivery = false, paid = true } = {},
  ): Promise<{ id: number; external_id: string; pedido: string; codigo_retirada: string | null }> {
    const auth = { authorization: `Bearer ${token}` };
    const cart = await customerCart(token, moedaId, lines);
    const me = await json<{ enderecos: { id: number; cidade_id: number }[] }>("/ecom/me", { method: "POST", headers: auth });
    const address = me.enderecos[0]!;
    const quote = await json<{
      data: { token: string; valor: string; entrega_servico_id: number | null; opcionais: { pontos_entrega: unknown[] } }[];
    }>(`/ecom/venda/carrinho/${cart.external_id}/calcular-frete`, {
      method: "PUT",
      headers: { "content-type": "application/json", ...auth },
      body: JSON.stringify({ id: cart.id, external_id: cart.external_id, filial_id: 1, pais_id: 2, cidade_id: address.cidade_id }),
    });
    const option = delivery
      ? quote.data.find((o) => o.entrega_servico_id !== null && o.opcionais.pontos_entrega.length === 0)
      : quote.data.find((o) => o.entrega_servico_id === null);
    expect(option, JSON.stringify(quote.data)).toBeDefined();
    const placed = await json<{
      link_pagamento: string[];
      pedido: { id: number; external_id: string; pedido: string; codigo_retirada: string | null };
    }>(`/ecom/venda/carrinho/${cart.external_id}/iniciar-checkout`, {
      method: "POST",
      headers: { "content-type": "application/json", ...auth },
      body: JSON.stringify({
        token_entrega: option!.token,
        valor_frete: option!.valor,
        entrega_servico_id: option!.entrega_servico_id,
        ...(delivery ? { cliente_endereco_id: address.id } : {}),
      }),
    });
    if (paid) {
      const approved = await fetch(`${baseURL}${new URL(placed.link_pagamento[0]!).pathname}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "decision=approve",
      });
      expect(approved.status).toBe(303);
    }
    return placed.pedido;
  }

  return { json, newCustomer, customerCart, signedInPage, reserve, placeOrder };
}
