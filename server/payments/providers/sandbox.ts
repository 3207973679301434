import { createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { sandboxGatewayPayments } from "#db/schema/index.ts";
import Big from "big.js";
import { GatewayError, type GatewayStatus, type PaymentProvider, type StatusRead } from "../provider.ts";
import { safeEqual } from "../../lib/safe-equal.ts";

const SIGNATURE_HEADER = "x-sandbox-signature";
const MAX_AGE_S = 300;

export type SandboxDecision = "approve" | "decline";

export function signSandboxBody(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const mac = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${mac}`;
}

/**
 * The built-in test gateway: a hosted page of our own where the buyer approves or declines,
 * followed by a signed notification to the store's webhook, as a real gateway does.
 */
export function createSandboxProvider(
  db: Db,
  options: { secret: string; origin: string; notify: (url: string, body: string, signature: string) => Promise<void> },
) {
  const provider: PaymentProvider = {
    name: "sandbox",
    methods: (moedaId) => ([1, 2, 3, 4].includes(moedaId) ? ["sandbox"] : []),

    async createPayment(input) {
      const ref = `sbx_${randomBytes(12).toString("hex")}`;
      await db.insert(sandboxGatewayPayments).values({
        ref,
        valor: input.amount,
        moeda_id: input.moedaId,
        descricao: input.description.slice(0, 200),
        notify_url: input.notifyUrl,
        return_url: input.returnUrl,
      });
      return { ref, link: `${options.origin}/pagamento/sandbox/${ref}` };
    },

    parseNotification(headers, rawBody) {
      const header = headers[SIGNATURE_HEADER];
      if (typeof header !== "string") return undefined;
      const parts = Object.fromEntries(header.split(",").map((kv) => kv.split("=") as [string, string]));
      const timestamp = Number(parts.t);
      if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > MAX_AGE_S || !parts.v1) return undefined;
      const expected = createHmac("sha256", options.secret).update(`${timestamp}.${rawBody.toString()}`).digest();
      const given = Buffer.from(parts.v1, "hex");
      if (!safeEqual(given, expected)) return undefined;
      try {
        const event = JSON.parse(rawBody.toString()) as { id?: unknown; data?: { ref?: unknown } };
        if (typeof event.id !== "string" || typeof event.data?.ref !== "string") return undefined;
        return { eventId: event.id, providerRef: event.data.ref };
      } catch {
        return undefined;
      }
    },

    async fetchStatus({ ref }): Promise<StatusRead> {
      const [row] = ref ? await db.select().from(sandboxGatewayPayments).where(eq(sandboxGatewayPayments.ref, ref)) : [];
      // A refunded charge had been paid: the store's refund records say what went back.
      const map: Record<string, GatewayStatus> = { approved: "PAGO", refunded: "PAGO", declined: "RECUSADO", expired: "EXPIRADO" };
      if (!row) return { status: "AGUARDANDO" };
      return { status: map[row.status] ?? "AGUARDANDO", amount: row.valor, moedaId: row.moeda_id };
    },

    // As the real gateways do: only an approved charge, never more than it still holds (Mercado Pago's
    // "amount exceeds" refusal), whole or in parts, once per refund key (a repeat answers the first); the
    // payment's notification goes out before the answer.
    async refund({ ref, amount, key }) {
      const made = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(sandboxGatewayPayments).where(eq(sandboxGatewayPayments.ref, ref)).for("update");
        if (row && key in row.estornos) return undefined;
        if (!row || row.status !== "approved") throw new GatewayError("sandbox", `payment ${row ? row.status : "unknown"}, nothing to refund`);
        const given = new Big(row.valor_estornado).plus(amount);
        if (given.gt(row.valor)) throw new GatewayError("sandbox", `refund exceeds what the payment still holds`);
        const whole = given.eq(row.valor);
        await tx
          .update(sandboxGatewayPayments)
          .set({
            valor_estornado: given.toFixed(2),
            status: whole ? "refunded" : "approved",
            estornos: { ...row.estornos, [key]: new Big(amount).toFixed(2) },
            updated_at: new Date(),
          })
          .where(eq(sandboxGatewayPayments.ref, ref));
        return { whole, row };
      });
      if (!made) return "done";
      const body = JSON.stringify({
        id: `evt_${randomBytes(10).toString("hex")}`,
        type: "refund.created",
        created: Math.floor(Date.now() / 1000),
        data: { ref, status: made.whole ? "refunded" : "approved", amount, moeda_id: made.row.moeda_id },
      });
      await options.notify(made.row.notify_url, body, signSandboxBody(options.secret, body));
      return "done";
    },

    // The sandbox answers at once: a refund it holds under the key was made; one it does not hold never reached it.
    async refundStatus({ ref, key }) {
      const [row] = await db
        .select({ estornos: sandboxGatewayPayments.estornos })
        .from(sandboxGatewayPayments)
        .where(eq(sandboxGatewayPayments.ref, ref));
      return row && key in row.estornos ? "done" : "refused";
    },

    async expire(ref) {
      await db.update(sandboxGatewayPayments).set({ status: "expired", updated_at: new Date() }).where(eq(sandboxGatewayPayments.ref, ref));
    },
  };

  /** The buyer's choice on the hosted page: recorded by the gateway, then notified, signed. */
  async function decide(ref: string, decision: SandboxDecision) {
    const [row] = await db.select().from(sandboxGatewayPayments).where(eq(sandboxGatewayPayments.ref, ref));
    if (!row || (row.status !== "pending" && row.status !== "declined")) return row;
    const status = decision === "approve" ? "approved" : "declined";
    await db.update(sandboxGatewayPayments).set({ status, updated_at: new Date() }).where(eq(sandboxGatewayPayments.ref, ref));
    const body = JSON.stringify({
      id: `evt_${randomBytes(10).toString("hex")}`,
      type: "payment.updated",
      created: Math.floor(Date.now() / 1000),
      data: { ref, status, amount: row.valor, moeda_id: row.moeda_id },
    });
    await options.notify(row.notify_url, body, signSandboxBody(options.secret, body));
    return { ...row, status };
  }

  const find = async (ref: string) => (await db.select().from(sandboxGatewayPayments).where(eq(sandboxGatewayPayments.ref, ref)))[0];

  return { provider, decide, find };
}

export type SandboxGateway = ReturnType<typeof createSandboxProvider>;
