import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { RegisterFieldsSchema, UpdateProfileFieldsSchema } from "#contract/api/accounts.ts";
import { call, newCustomer, nextIp } from "../tests/support/customers.ts";
import { files, multipart, type FixtureFile } from "../tests/support/fixtures.ts";
import {
  asText,
  hostileRequest,
  operationsOf,
  type HostileRequest,
  type JsonSchema,
  type Known,
  type Operation,
} from "../tests/support/openapi-arbitraries.ts";
import { pickProducts, placeOrder, readyCart } from "../tests/support/shop.ts";
import { startFakeViaCep } from "../tests/support/fake-via-cep.ts";
import { createTestApp } from "../tests/support/test-app.ts";

/**
 * Property: no request to any public or customer route of the OpenAPI description answers a 5xx,
 * whatever its values (huge, negative or fractional ids, wrong types, NUL and other control
 * characters, very long or odd unicode text). Seeded, so a failure names a run that reproduces.
 */
const SEED = 20_261_125;
/** Fields a body schema declares, nested ones (cart lines) included. */
const fieldCount = (schema: JsonSchema | undefined): number =>
  Object.values(schema?.properties ?? {}).reduce((n, field) => n + 1 + fieldCount(field.items ?? field), 0);

/** Runs per route: two per value it takes (so each gets a fair chance of the odd value), 10 to 40. */
const runsFor = (op: Operation) => {
  // Without a staff session the back office refuses before reading the input (401): a few runs say so.
  if (op.path.startsWith("/api/admin/") && !op.path.startsWith("/api/admin/login")) return 3;
  const multipartSchema = MULTIPART[op.path];
  const fields = op.parameters.length + fieldCount(op.body) + fieldCount(multipartSchema ? formSchema(multipartSchema) : undefined);
  return Math.min(40, Math.max(10, 2 * fields));
};

// The postal-code lookup answers from 127.0.0.1, so a valid code never depends on the internet.
const viaCep = await startFakeViaCep();
const t = await createTestApp({ CEP_LOOKUP_URL: viaCep.url });
afterAll(async () => {
  await t.close();
  await viaCep.close();
});

// Real values for path parameters, so some requests reach past the "not found" answers.
const customer = await newCustomer(t.app, t.database.db, "br");
const [product] = await pickProducts(t.database.db, 1);
// A cart quoted for store pickup (its option lets checkout requests get past the delivery check), and a placed order.
const { cart, pickup } = await readyCart(t.app, customer.token, [{ produto_id: product!.id, qtde: 1 }]);
const { order } = await placeOrder(t.app, customer.token, [{ produto_id: product!.id, qtde: 1 }]);
const addresses = await call<{ data: { id: number }[] }>(t.app, "GET", "/ecom/cliente/address", { token: customer.token });
const city = await call<{ id: number; estado: { id: number } }>(t.app, "POST", "/ecom/endereco/cidade-por-codigo", {
  body: { pais_id: 1, codigo: "3550308" },
});
const KNOWN: Known = {
  id: [product!.id, cart.id, addresses.body.data[0]?.id ?? 1],
  produto_id: [product!.id],
  external_id: [cart.external_id, String(cart.id), order.external_id],
  cliente_endereco_id: [addresses.body.data[0]?.id ?? 1],
  cidade_id: [city.body.id],
  estado_id: [city.body.estado.id],
  uid: [customer.user.uuid],
  lado: ["frente", "verso"],
  cep: ["01310-100", "01310100"],
  // Values whose rules a JSON schema cannot say (patterns, sort fields, check digits).
  order_by: ["id", "nome", "tem_estoque,valor_venda"],
  order: ["asc", "desc", "desc,asc"],
  brands_ids: ["1", "1,2,3"],
  text: ["chave", "furadeira de impacto"],
  lang: ["pt", "es", "es-PY"],
  email: [customer.email, "novo@example.com"],
  celular: ["5511987654321"],
  documento_tipo: ["CPF"],
  documento: ["529.982.247-25"],
  estrangeiro: ["1"],
  pais_id: [1],
  codigo: ["3550308"],
};

/** The multipart routes take their text fields from these contract schemas (the OpenAPI shows no form body). */
const MULTIPART: Record<string, z.ZodType> = {
  "/ecom/cliente/cadastrar": RegisterFieldsSchema,
  "/ecom/cliente/update-profile": UpdateProfileFieldsSchema,
};
const formSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
const upload = fc.oneof(
  { weight: 4, arbitrary: fc.constant<FixtureFile | undefined>(files.png()) },
  { weight: 1, arbitrary: fc.constantFrom<FixtureFile | undefined>(undefined, files.pdf(), files.disguisedElf(), files.gif()) },
);

/**
 * Valid bodies for the routes whose rules a schema cannot tell (matching confirmations, check
 * digits, a fresh e-mail, a real product): the hostile change then lands in an otherwise good request.
 */
const fresh = fc.uuid().map((u) => `fuzz-${u.slice(0, 13)}@example.com`);
const registration = fresh.map((email) => ({
  nome: "João",
  sobrenome: "da Silva",
  email,
  email_confirmation: email,
  estrangeiro: "1",
  telefone: "+55 11 98765-4321",
  password: customer.password,
  password_confirmation: customer.password,
  cep: "01310-100",
  logradouro: "Avenida Paulista",
  numero: "1578",
  bairro: "Bela Vista",
  documento_tipo: "CPF",
  documento: "529.982.247-25",
  identidade: "12.345.678-9",
  identidade_complemento: "SSP/SP",
  estado_id: city.body.estado.id,
  cidade_id: city.body.id,
  como_chegar: "Portão azul\nao lado do banco",
}));
const cartBody = fc.uuid().map((external_id) => ({
  external_id,
  filial_id: "1",
  moeda_id: "2",
  itens: [{ produto_id: String(product!.id), qtde: "1", armazem_id: "1", valor_unitario: "1.00", ativo: true, token: "" }],
}));
const EXAMPLES: Record<string, { body?: fc.Arbitrary<unknown>; form?: fc.Arbitrary<Record<string, unknown>> }> = {
  "POST /ecom/cliente/cadastrar": { form: registration },
  "POST /ecom/cliente/update-profile": { form: fc.constant({ telefone: "+55 11 91234-5678", documento_tipo: "CPF", documento: "529.982.247-25" }) },
  "POST /ecom/venda/carrinho": { body: cartBody },
  "PUT /ecom/venda/carrinho/{id}": { body: cartBody.map((b) => ({ ...b, external_id: cart.external_id })) },
  "PUT /ecom/venda/carrinho/{external_id}/calcular-frete": { body: fc.constant({ cidade_id: city.body.id, pais_id: 1, moeda_id: 2 }) },
  "POST /ecom/venda/carrinho/{external_id}/iniciar-checkout": {
    body: fc.constant({ token_entrega: pickup.token, valor_frete: pickup.valor, entrega_servico_id: pickup.entrega_servico_id }),
  },
  "POST /ecom/login": { body: fc.constant({ email: customer.email, password: "not the password" }) },
};

/** A request with one or two hostile values, and the test customer's token now and then (or mostly, on a secured route). */
function requestOf(op: Operation): fc.Arbitrary<Built> {
  const multipartSchema = MULTIPART[op.path] ? formSchema(MULTIPART[op.path]!) : undefined;
  const example = EXAMPLES[`${op.method} ${op.path}`];
  const signedIn = fc.nat(9).map((n) => (op.secured ? n > 0 : n < 2));
  return fc
    .record({ request: hostileRequest(op, { known: KNOWN, example, multipartSchema }), frente: upload, verso: upload, signedIn })
    .map(({ request, frente, verso, signedIn: s }) => ({ ...request, files: multipartSchema ? { frente, verso } : undefined, signedIn: s }));
}

interface Built extends HostileRequest {
  files?: Record<string, FixtureFile | undefined>;
  signedIn: boolean;
}

/** Multipart fields and files, or a JSON body, with the test customer's token when signed in. */
async function send(op: Operation, request: Built) {
  const form = request.form
    ? await multipart(Object.fromEntries(Object.entries(request.form).map(([k, v]) => [k, v === undefined ? undefined : asText(v)])), request.files)
    : undefined;
  const json = !form && request.body !== undefined;
  return t.app.inject({
    method: op.method as "GET",
    url: request.url,
    remoteAddress: nextIp(),
    headers: {
      ...(request.signedIn ? { authorization: `Bearer ${customer.token}` } : {}),
      ...(form ? form.headers : json ? { "content-type": "application/json" } : {}),
    },
    ...(form ? { payload: form.payload } : json ? { payload: JSON.stringify(request.body) } : {}),
  });
}

// Signing out ends the test customer's session: that route goes last.
const operations = operationsOf(t.app.swagger() as Parameters<typeof operationsOf>[0]).sort(
  (a, b) => Number(a.path === "/ecom/logout") - Number(b.path === "/ecom/logout"),
);

describe("no input answers a 5xx", () => {
  it("covers every route of the API description", () => {
    const paths = new Set(operations.map((o) => o.path));
    for (const path of ["/api/public/products", "/ecom/favoritos", "/ecom/cliente/address/{id}/set-main", "/ecom/venda/carrinho"]) {
      expect(paths).toContain(path);
    }
    expect(operations.length).toBeGreaterThanOrEqual(40);
    // About a thousand requests in all: enough for every field to meet odd values, quick enough to run always.
    const total = operations.reduce((n, op) => n + runsFor(op), 0);
    expect(total).toBeLessThan(1200);
  });

  for (const [index, op] of operations.entries()) {
    it(`${op.method} ${op.path}`, async () => {
      await fc.assert(
        fc.asyncProperty(requestOf(op), async (request) => {
          const res = await send(op, request);
          expect(res.statusCode, `${op.method} ${request.url} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(500);
        }),
        { seed: SEED + index, numRuns: runsFor(op) },
      );
    });
  }
});
