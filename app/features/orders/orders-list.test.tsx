import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { Order, OrdersPage } from "#contract/api/cart.ts";
import { LOCALES, type Locale } from "#contract/locale.ts";
import { resources } from "#app/i18n/index.ts";
import { TranslatorProvider } from "#app/i18n/react.tsx";
import { translatorFor } from "#app/i18n/translator.ts";
import { OrdersList } from "./orders-list.tsx";

/** The customer's orders list as the orders page renders it, in `locale`. */
function list(locale: Locale, orders: Order[]): string {
  const page: OrdersPage = { data: orders, total: orders.length, current_page: 1, per_page: 10, last_page: 1 };
  const Stub = createRoutesStub([{ path: "/pedidos", Component: () => <OrdersList page={page} pageHref={(n) => `/pedidos?page=${n}`} /> }]);
  return renderToString(
    <TranslatorProvider translator={translatorFor(locale)}>
      <Stub initialEntries={["/pedidos"]} />
    </TranslatorProvider>,
  );
}

const order = (over: Partial<Order>): Order => ({
  id: 7,
  external_id: "0b9f4a52-2c7e-4d51-9a57-1f1f1f1f1f1f",
  pedido: "1007",
  created_at: "2026-03-02T14:00:00.000Z",
  valor_produtos: "150000.00",
  valor_frete: "0.00",
  valor_total: "150000.00",
  moeda_id: 3,
  moeda: { id: 3, simbolo: "G$", casas_decimais: 0 },
  status: "PAGO",
  codigo_retirada: "AB12CD",
  entrega_descricao: null,
  entrega_tipo: "loja",
  entrega_local: "Av. San Blas, Ciudad del Este",
  link_pagamento: null,
  reserva_expira_em: null,
  itens: [],
  pagamentos: [],
  status_entrega: "em_separacao",
  status_entrega_em: null,
  transportadora: null,
  codigo_rastreio: null,
  estornos: [],
  comprador: { nome: "Ana Benítez", documento_tipo: "CI", documento: "1234567" },
  pago_apos_cancelamento: false,
  ...over,
});

/** How many times a badge reads `label` (the table's rows and the phone's cards each count). */
const badges = (html: string, label: string) => html.split(`>${label}</span>`).length - 1;

describe("the customer's orders list", () => {
  it("shows a cancelled order as cancelled once per row, not in both its badges, in each locale", () => {
    for (const locale of LOCALES) {
      const cancelled = resources[locale].cart.orders.statuses.CANCELADO;
      const html = list(locale, [order({ status: "CANCELADO", status_entrega: "cancelado" })]);
      // One in the table's row, one in the phone's card.
      expect(badges(html, cancelled), locale).toBe(2);
    }
  });

  it("still shows where a paid order stands beside its payment", () => {
    const texts = resources["pt-BR"].cart.orders;
    const html = list("pt-BR", [order({ status: "PAGO", status_entrega: "pronto_retirada" })]);
    expect(badges(html, texts.statuses.PAGO)).toBe(2);
    expect(badges(html, texts.fulfilments.pronto_retirada)).toBe(2);
  });

  it("shows a refunded order's cancellation beside the refund, as they say two things", () => {
    const texts = resources["es-PY"].cart.orders;
    const html = list("es-PY", [order({ status: "ESTORNADO", status_entrega: "cancelado" })]);
    expect(badges(html, texts.statuses.ESTORNADO)).toBe(2);
    expect(badges(html, texts.fulfilments.cancelado)).toBe(2);
  });
});
