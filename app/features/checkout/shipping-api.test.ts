import { describe, expect, it } from "vitest";
import { ShippingBodySchema, type CartLine } from "#contract/api/cart.ts";
import { originOf, quoteBody } from "./shipping-api.ts";

const line = (produto_id: number, qtde: number, ativo = true) => ({ produto_id, qtde, ativo, valor_unitario: "10.00" }) as CartLine;
const cart = { id: 41, external_id: "6f1c2a4e-8d1b-4c47-9a59-0d6f3e2b7c10", itens: [line(7, 2), line(8, 1, false)] };

describe("checkout's calcular-frete body (spec §7)", () => {
  it("sends the cart's id and external id, its active lines, the first address's cep and country, and the service chosen", () => {
    const extras = {
      ...originOf([
        { cep: "01001-000", pais_id: 1 },
        { cep: null, pais_id: 2 },
      ]),
      serviceId: 3,
    };
    const body = quoteBody(cart, 3, { clienteEnderecoId: 12 }, extras);
    expect(body).toEqual({
      id: 41,
      external_id: cart.external_id,
      filial_id: 1,
      moeda_id: 3,
      cep: "01001-000",
      pais_id: 1,
      itens: [{ produto_id: 7, armazem_id: 1, valor_unitario: "10.00", qtde: 2, ativo: true }],
      cidade_id: null,
      cliente_endereco_id: 12,
      id_ponto_entrega: null,
      cidade_alternativa_id: null,
      id_servico: 3,
    });
    // The API's own schema takes it as it is.
    expect(ShippingBodySchema.safeParse(body).success).toBe(true);
  });

  it("defaults the country to 2 (Paraguay) when the customer has no address", () => {
    expect(originOf([])).toEqual({ cep: null, paisId: 2 });
    const body = quoteBody(cart, 2, { cidadeId: 5, pontoId: 9 }, { ...originOf([]), serviceId: null });
    expect([body.pais_id, body.cep, body.cidade_id, body.id_ponto_entrega, body.id_servico]).toEqual([2, null, 5, 9, null]);
  });
});
