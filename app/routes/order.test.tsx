import { renderToString } from "react-dom/server";
import { createRoutesStub, UNSAFE_ErrorResponseImpl, type AppLoadContext } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
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
