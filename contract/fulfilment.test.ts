import { describe, expect, it } from "vitest";
import { fulfilmentRefusal, nextFulfilment, pickupRefusal, type FulfilmentState } from "./fulfilment.ts";

const pickup = (status: string, status_entrega: FulfilmentState["status_entrega"]): FulfilmentState => ({ status, status_entrega, kind: "retirada" });
const delivery = (status: string, status_entrega: FulfilmentState["status_entrega"]): FulfilmentState => ({
  status,
  status_entrega,
  kind: "entrega",
});

describe("fulfilment rules", () => {
  it("moves a paid pickup order to ready, then handed over; a paid delivery to shipped, then delivered", () => {
    expect(nextFulfilment(pickup("PAGO", "em_separacao"))).toEqual(["pronto_retirada", "retirado", "cancelado"]);
    expect(nextFulfilment(pickup("PAGO", "pronto_retirada"))).toEqual(["retirado", "cancelado"]);
    expect(nextFulfilment(delivery("PAGO", "em_separacao"))).toEqual(["enviado", "cancelado"]);
    expect(nextFulfilment(delivery("PAGO", "enviado"))).toEqual(["entregue", "cancelado"]);
  });

  it("readies, ships or hands over nothing before it is paid; an unpaid order may only be cancelled", () => {
    expect(fulfilmentRefusal(pickup("PAGAMENTO", "em_separacao"), "retirado")).toBe("not_paid");
    expect(fulfilmentRefusal(delivery("PAGAMENTO", "em_separacao"), "enviado")).toBe("not_paid");
    expect(nextFulfilment(pickup("PAGAMENTO", "em_separacao"))).toEqual(["cancelado"]);
  });

  it("changes nothing after a whole refund or a cancellation, and never cancels what the buyer already has", () => {
    for (const to of ["pronto_retirada", "retirado", "cancelado"] as const) {
      expect(fulfilmentRefusal(pickup("ESTORNADO", "em_separacao"), to)).toBe("closed");
      expect(fulfilmentRefusal(pickup("CANCELADO", "cancelado"), to)).toBe("closed");
    }
    expect(nextFulfilment(pickup("PAGO", "retirado"))).toEqual([]);
    expect(nextFulfilment(delivery("PAGO", "entregue"))).toEqual([]);
  });

  it("keeps pickup steps off deliveries and delivery steps off pickups, and says when a step is already done", () => {
    expect(fulfilmentRefusal(delivery("PAGO", "em_separacao"), "retirado")).toBe("wrong_kind");
    expect(fulfilmentRefusal(pickup("PAGO", "em_separacao"), "enviado")).toBe("wrong_kind");
    expect(fulfilmentRefusal(pickup("PAGO", "retirado"), "retirado")).toBe("already");
    expect(fulfilmentRefusal(delivery("PAGO", "em_separacao"), "entregue")).toBe("not_next");
  });
});

describe("whether the pickup code takes the goods out of the shop", () => {
  it("does for a paid store pickup being prepared or ready, and for nothing else", () => {
    expect(pickupRefusal(pickup("PAGO", "em_separacao"))).toBeUndefined();
    expect(pickupRefusal(pickup("PAGO", "pronto_retirada"))).toBeUndefined();
    expect(pickupRefusal(pickup("PAGAMENTO", "em_separacao"))).toBe("not_paid");
    expect(pickupRefusal(pickup("AUTORIZADO", "em_separacao"))).toBe("not_paid");
    expect(pickupRefusal(pickup("PAGO", "retirado"))).toBe("handed_over");
    expect(pickupRefusal(delivery("PAGO", "em_separacao"))).toBe("delivery");
  });

  it("puts a refund first, then a cancellation, whatever else the order says", () => {
    expect(pickupRefusal(pickup("ESTORNADO", "retirado"))).toBe("refunded");
    expect(pickupRefusal(delivery("ESTORNADO", "cancelado"))).toBe("refunded");
    expect(pickupRefusal(pickup("CANCELADO", "em_separacao"))).toBe("cancelled");
    expect(pickupRefusal(pickup("PAGO", "cancelado"))).toBe("cancelled");
    expect(pickupRefusal(delivery("PAGAMENTO", "cancelado"))).toBe("cancelled");
  });
});
