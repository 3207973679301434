import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { nextIp } from "../../../tests/support/customers.ts";
import { hostileRequest, operationsOf, type Known } from "../../../tests/support/openapi-arbitraries.ts";
import { operations as contractOperations } from "#contract/api/operations.ts";
import { call } from "../../../tests/support/customers.ts";
import { pickProducts, placeOrder, shopper } from "../../../tests/support/shop.ts";
import { GatewayError } from "../../payments/provider.ts";
import { asStaff, staffAgent, STORE_HOST, STORE_ORIGIN, type StaffAgent } from "../../../tests/support/staff.ts";
import { createTestApp } from "../../../tests/support/test-app.ts";

/**
 * Property: no request to a back-office route answers a 5xx, whatever its values, when it comes from a
 * signed-in owner (every role check passes, so the input reaches the handler). The public fuzz
 * (server/input-fuzz.test.ts) sends these routes no session, which they refuse before reading.
 */
const SEED = 20_261_126;
const RUNS = 12;

const t = await createTestApp({ PUBLIC_URL: STORE_ORIGIN });
afterAll(() => t.close());

let owner: StaffAgent = await staffAgent(t.app, t.database.db, "owner");
const [product] = await pickProducts(t.database.db, 1);
const other = await staffAgent(t.app, t.database.db, "counter");

/** A paid order with a refund the gateway left pendente: the refunds' routes reach their checks with real rows. */
async function orderWithPendingRefund() {
  const buyer = await shopper(t.app, t.database.db, "py");
  const placed = await placeOrder(t.app, buyer.token, [{ produto_id: product!.id, qtde: 1 }]);
  await call(t.app, "POST", placed.path, {
    form: { payload: Buffer.from("decision=approve"), headers: { "content-type": "application/x-www-form-urlencoded" } },
  });
  const sandbox = t.app.paymentProviders.get("sandbox")!;
  const refund = sandbox.refund;
  sandbox.refund = async () => {
    throw new GatewayError("sandbox", "no answer from /refund: TimeoutError", true);
  };
  try {
    const res = await asStaff<{ data: { id: number } }>(t.app, owner, "POST", `/api/admin/orders/${placed.order.id}/refunds`, {
      body: { valor: "1", motivo: "outro", chave: "fuzz-pending-refund-0001" },
    });
    return { orderId: placed.order.id, refundId: res.body.data.id };
  } finally {
    sandbox.refund = refund;
  }
}
const pending = await orderWithPendingRefund();

const KNOWN: Known = {
  // Real rows, so some requests reach past "not found": a product, a member who is not the owner, a paid order.
  id: [product!.id, other.id, pending.orderId, 1],
  refundId: [pending.refundId, 1],
  imageId: [1],
  departmentId: [1],
  formato: ["csv", "xlsx"],
  colunas: ["todas", "preco_estoque"],
  lang: ["pt-BR", "es-PY"],
  papel: ["manager", "counter"],
};

// The owner's own session must last the run: the logout and the owner's own account go untested here.
const SKIP = new Set(["POST /api/admin/logout", "POST /api/admin/login", "POST /api/admin/login/totp", "PATCH /api/admin/me"]);
const operations = operationsOf(t.app.swagger() as Parameters<typeof operationsOf>[0]).filter(
  (op) => op.path.startsWith("/api/admin/") && !SKIP.has(`${op.method} ${op.path}`),
);

describe("no input to the back office answers a 5xx", () => {
  it("covers every back-office operation of the operations map", () => {
    const fuzzed = new Set(operations.map((op) => `${op.method} ${op.path}`));
    const missing = Object.keys(contractOperations).filter((key) => key.includes(" /api/admin/") && !SKIP.has(key) && !fuzzed.has(key));
    expect(missing).toEqual([]);
    expect(operations.length).toBeGreaterThanOrEqual(90);
  });

  for (const [index, op] of operations.entries()) {
    it(`${op.method} ${op.path}`, async () => {
      await fc.assert(
        fc.asyncProperty(hostileRequest(op, { known: KNOWN }), async (request) => {
          const send = () =>
            asStaff<unknown>(t.app, owner, op.method as "GET", request.url, {
              ...(request.body !== undefined ? { body: request.body } : {}),
              headers: { host: STORE_HOST, ...(op.method === "GET" ? {} : { origin: STORE_ORIGIN }) },
              ip: nextIp(),
            });
          let res = await send();
          // A request that ended the owner's session (a role or an account changed): a new one, and again.
          if (res.status === 401) {
            owner = await staffAgent(t.app, t.database.db, "owner");
            res = await send();
          }
          expect(res.status, `${op.method} ${request.url} → ${res.status}`).toBeLessThan(500);
        }),
        { seed: SEED + index, numRuns: RUNS },
      );
    });
  }
});
