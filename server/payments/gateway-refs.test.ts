import { afterEach, describe, expect, it, vi } from "vitest";
import type { CreatePaymentInput } from "./provider.ts";
import { createBancardProvider } from "./providers/bancard.ts";
import { createMercadoPagoProvider } from "./providers/mercadopago.ts";
import { createPagoparProvider, pagoparTokens } from "./providers/pagopar.ts";

/** References as gateways may give them: Bancard's own example has `*`; any printable character may come. */
const ODD_REFS = ["aB3*xY9*Zq", "a/b?c#d e", "pedido-ñandutí-ção", "x&y=z%20+", "*"];

const input: CreatePaymentInput = {
  paymentId: 42,
  reference: "ord-42",
  amount: "150000",
  moedaId: 3,
  description: "Pedido 42",
  method: "cartao",
  returnUrl: "https://loja.example.test/checkout/payment?pedido=ord-42",
  notifyUrl: "https://loja.example.test/ecom/pagamentos/webhook/x",
  buyer: { name: "Ana", email: "ana@example.com", document: null, documentType: "CI", phone: null },
};

/** Every call to a gateway answers `body` (JSON). */
const gatewayAnswers = (body: unknown) =>
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } })),
  );

afterEach(() => vi.unstubAllGlobals());

describe("references a gateway gives back", () => {
  it("Bancard: any printable process_id is taken and travels in the payment link encoded", async () => {
    const bancard = createBancardProvider({ publicKey: "pub", privateKey: "priv", url: "https://vpos.example.test" });
    for (const processId of ODD_REFS) {
      gatewayAnswers({ status: "success", process_id: processId });
      const { link } = await bancard.createPayment(input);
      const url = new URL(link);
      expect([url.origin, url.pathname], processId).toEqual(["https://vpos.example.test", "/payment/single_buy"]);
      expect([...url.searchParams.entries()], processId).toEqual([["process_id", processId]]);
      expect(url.hash).toBe("");
    }
    for (const bad of ["", "a\u0000b", "a\nb", "x".repeat(201)]) {
      gatewayAnswers({ status: "success", process_id: bad });
      await expect(bancard.createPayment(input), JSON.stringify(bad)).rejects.toThrow(/single_buy refused/);
    }
  });

  it("Pagopar: any printable hash is kept as the reference and is one path segment of the payment page", async () => {
    const pagopar = createPagoparProvider({ publicKey: "pub", privateKey: "priv", url: "https://api.pagopar.example.test" });
    for (const hash of ODD_REFS) {
      gatewayAnswers({ respuesta: true, resultado: [{ data: hash, pedido: "1" }] });
      const { ref, link } = await pagopar.createPayment(input);
      expect(ref).toBe(hash);
      const url = new URL(link);
      expect(url.pathname.split("/").slice(1).map(decodeURIComponent), hash).toEqual(["pagos", hash]);
      expect([url.search, url.hash]).toEqual(["", ""]);
      // Its notification names the same hash, signed.
      const body = Buffer.from(JSON.stringify({ resultado: [{ hash_pedido: hash, token: pagoparTokens.notification("priv", hash) }] }));
      expect(pagopar.parseNotification({}, body, {})?.providerRef).toBe(hash);
    }
    gatewayAnswers({ respuesta: true, resultado: [{ data: "a\u0007b" }] });
    await expect(pagopar.createPayment(input)).rejects.toThrow(/iniciar-transaccion refused/);
  });

  it("Mercado Pago: any printable preference id is kept; its init_point must be a web address", async () => {
    const mp = createMercadoPagoProvider({ accessToken: "TEST-token", webhookSecret: "s", url: "https://api.mp.example.test" });
    const br = { ...input, amount: "100.00", moedaId: 5 };
    for (const id of ODD_REFS) {
      gatewayAnswers({ id, init_point: `https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=${encodeURIComponent(id)}` });
      const { ref, link } = await mp.createPayment(br);
      expect(ref).toBe(id);
      expect(new URL(link).searchParams.get("pref_id")).toBe(id);
    }
    for (const initPoint of ["javascript:alert(1)", "/relative", "not a url"]) {
      gatewayAnswers({ id: "123-abc", init_point: initPoint });
      await expect(mp.createPayment(br), initPoint).rejects.toThrow(/init_point/);
    }
  });
});
