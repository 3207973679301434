import { renderToString } from "react-dom/server";
import { createRoutesStub, UNSAFE_ErrorResponseImpl, type AppLoadContext } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Order } from "#contract/api/cart.ts";
import { LOCALES, type Locale } from "#contract/locale.ts";
import { resources } from "#app/i18n/index.ts";
import { TranslatorProvider } from "#app/i18n/react.tsx";
import { translatorFor } from "#app/i18n/translator.ts";
import { loadOrder } from "#app/features/orders/orders.server.ts";
import OrderRoute, { ErrorBoundary } from "./order.tsx";

/** The order page as its route renders it after its loader failed with `status`, in `locale`. */
function failedPage(locale: Locale, status: number): string {
  const Stub = createRoutesStub([
    { id: "order", path: "/pedido/:external_id", Component: OrderRoute as never, ErrorBoundary: ErrorBoundary as never },
  ]);
  return renderToString(
    <TranslatorProvider translator={translatorFor(locale)}>
      <Stub
        initialEntries={["/pedido/0b9f4a52-2c7e-4d51-9a57-1f1f1f1f1f1f"]}
        hydrationData={{ errors: { order: new UNSAFE_ErrorResponseImpl(status, "", null) } }}
      />
    </TranslatorProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe("the order detail page when the order cannot be read", () => {
  it("says 'Erro ao buscar os detalhes do pedido.' in each locale, not the generic error page", () => {
    for (const locale of LOCALES) {
      const html = failedPage(locale, 502);
      expect(html, locale).toContain(resources[locale].cart.orders.fetchError);
      expect(html, locale).not.toContain(resources[locale].error.title);
    }
    expect(resources["pt-BR"].cart.orders.fetchError).toBe("Erro ao buscar os detalhes do pedido.");
  });

  it("keeps the not-found page for an order the customer does not have", () => {
    const html = failedPage("pt-BR", 404);
    expect(html).toContain(resources["pt-BR"].notFound.title);
    expect(html).not.toContain(resources["pt-BR"].cart.orders.fetchError);
  });

  it("is what the loader answers when the API fails to give the order (a 502, not a 404)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const context = {
      apiFetch: async (path: string) =>
        path.startsWith("/ecom/me")
          ? Response.json({ id: 1, nome: "Ana", estrangeiro: false })
          : Response.json({ message: "Serviço indisponível" }, { status: 503 }),
    } as unknown as AppLoadContext;
    const request = new Request("http://loja.test/pedido/x", { headers: { Cookie: "sid=abc" } });
    const thrown = await loadOrder(request, context, "0b9f4a52-2c7e-4d51-9a57-1f1f1f1f1f1f").then(
      () => null,
      (error: unknown) => error as { init?: ResponseInit },
    );
    expect(thrown?.init?.status).toBe(502);
  });
});

/** The order page as its route renders an order the loader read, in `locale`. */
function orderPage(locale: Locale, order: Order): string {
  const Stub = createRoutesStub([{ id: "order", path: "/pedido/:external_id", Component: OrderRoute as never }]);
  return renderToString(
    <TranslatorProvider translator={translatorFor(locale)}>
      <Stub initialEntries={[`/pedido/${order.external_id}`]} hydrationData={{ loaderData: { order: { order } } }} />
    </TranslatorProvider>,
  );
}

const cancelledThenPaid: Order = {
  id: 7,
  external_id: "0b9f4a52-2c7e-4d51-9a57-1f1f1f1f1f1f",
  pedido: "1007",
  created_at: "2026-03-02T14:00:00.000Z",
  valor_produtos: "150000.00",
  valor_frete: "0.00",
  valor_total: "150000.00",
  moeda_id: 3,
  moeda: { id: 3, simbolo: "G$", casas_decimais: 0 },
  status: "CANCELADO",
  codigo_retirada: "AB12CD",
  entrega_descricao: null,
  entrega_tipo: "loja",
  entrega_local: "Av. San Blas, Ciudad del Este",
  link_pagamento: null,
  reserva_expira_em: null,
  itens: [],
  pagamentos: [{ id: 9, status: "PAGO", valor_total: "150000.00", provider: "bancard", link: "", created_at: "2026-03-02T14:00:00.000Z" }],
  status_entrega: "cancelado",
  status_entrega_em: null,
  transportadora: null,
  codigo_rastreio: null,
  estornos: [],
  comprador: { nome: "Ana Benítez", documento_tipo: "CI", documento: "1234567" },
  pago_apos_cancelamento: true,
};

describe("the order detail page of an order paid after the shop cancelled it (decision 037)", () => {
  it("shows it cancelled, the payment received to be refunded, and says so in a line, in each locale", () => {
    for (const locale of LOCALES) {
      const texts = resources[locale].cart.orders;
      const html = orderPage(locale, cancelledThenPaid);
      expect(html, locale).toMatch(new RegExp(`data-testid="order-status">${texts.statuses.CANCELADO}<`));
      expect(html, locale).toContain(`data-testid="payment-status">${texts.paymentToRefund}<`);
      expect(html, locale).toContain(texts.paidAfterCancel);
    }
    expect(resources["es-AR"].cart.orders.paidAfterCancel).toBe("La tienda canceló este pedido. Te vamos a devolver el pago que recibimos.");
  });

  it("shows a plainly paid order's payment as paid, without the line", () => {
    const paid = { ...cancelledThenPaid, status: "PAGO", status_entrega: "em_separacao", pago_apos_cancelamento: false };
    const html = orderPage("pt-BR", paid);
    expect(html).toContain(`data-testid="payment-status">Pago<`);
    expect(html).not.toContain(resources["pt-BR"].cart.orders.paidAfterCancel);
  });
});
