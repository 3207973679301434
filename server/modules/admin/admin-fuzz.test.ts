import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { nextIp } from "../../../tests/support/customers.ts";
import { hostileRequest, operationsOf, type Known } from "../../../tests/support/openapi-arbitraries.ts";
import { pickProducts } from "../../../tests/support/shop.ts";
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
const KNOWN: Known = {
  // Real rows, so some requests reach past "not found": a product, a member who is not the owner.
  id: [product!.id, other.id, 1],
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
  it("covers the back office's routes", () => {
    expect(operations.length).toBeGreaterThanOrEqual(40);
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
