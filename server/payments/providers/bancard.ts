import { createHash } from "node:crypto";
import Big from "big.js";
import { MOEDA } from "#contract/currencies.ts";
import { GatewayError, gatewayJson, gatewayRef, type PaymentProvider, type StatusRead } from "../provider.ts";
import { safeEqual } from "../../lib/safe-equal.ts";

/**
 * Bancard vPOS "compra simple" (API 0.3), as Bancard's public connectors describe it
 * (Bancard/bancard-connectors, vpos/sdk): `single_buy` returns a process_id for the hosted payment
 * page, Bancard posts a confirmation signed with an MD5 token to the URL set up in its portal,
 * `single_buy/confirmations` reads a status, and `single_buy/rollback` voids a charge. Guaraníes only.
 */

/**
 * A payment's attempts after a decline get shop_process_ids of their own: the payment's id plus this step
 * per attempt, so they never meet another payment's id (ids stay below it) and stay within Bancard's
 * 15 digits for 999 attempts.
 */
const ATTEMPT_STEP = 1_000_000_000_000;
/** The longest process_id taken: Bancard documents no length; it is never stored, only put in the page's address. */
const MAX_PROCESS_ID = 200;

/** md5 of the concatenated parts, hex: every Bancard token is one. */
export const bancardToken = (...parts: string[]) => createHash("md5").update(parts.join(""), "utf8").digest("hex");
/** Amounts travel as decimal strings with two places ("150000.00"). */
export const bancardAmount = (amount: string) => new Big(amount).toFixed(2);

export const bancardTokens = {
  singleBuy: (privateKey: string, shopProcessId: string, amount: string, currency: string) =>
    bancardToken(privateKey, shopProcessId, amount, currency),
  confirm: (privateKey: string, shopProcessId: string, amount: string, currency: string) =>
    bancardToken(privateKey, shopProcessId, "confirm", amount, currency),
  getConfirmation: (privateKey: string, shopProcessId: string) => bancardToken(privateKey, shopProcessId, "get_confirmation"),
  // Bancard's document gives the rollback token over a zero amount ("0.00").
  rollback: (privateKey: string, shopProcessId: string) => bancardToken(privateKey, shopProcessId, "rollback", "0.00"),
};

interface BancardAnswer {
  status?: string;
  process_id?: string;
  messages?: { key?: string; level?: string; dsc?: string }[];
  confirmation?: BancardConfirmation;
}

export interface BancardConfirmation {
  token?: string;
  shop_process_id?: string | number;
  response?: string;
  response_details?: string;
  amount?: string;
  currency?: string;
  authorization_number?: string;
  ticket_number?: string;
  response_code?: string;
  response_description?: string;
}

export function createBancardProvider(options: { publicKey: string; privateKey: string; url: string; timeoutMs?: number }): PaymentProvider {
  const base = options.url.replace(/\/$/, "");
  const call = (path: string, body: unknown) => gatewayJson<BancardAnswer>("bancard", `${base}${path}`, { body, timeoutMs: options.timeoutMs });
  const notFound = (answer: BancardAnswer) => answer.messages?.some((m) => m.key === "PaymentNotFoundError") ?? false;

  async function rollback(shopProcessId: string) {
    const { body } = await call("/vpos/api/0.3/single_buy/rollback", {
      public_key: options.publicKey,
      operation: { token: bancardTokens.rollback(options.privateKey, shopProcessId), shop_process_id: shopProcessId },
    });
    // A charge never paid is rolled back all the same ("PaymentNotFoundError"), as Bancard documents.
    if (body.status !== "success" && !notFound(body)) {
      throw new GatewayError("bancard", `rollback refused: ${body.messages?.[0]?.key ?? "unknown"}`);
    }
  }

  return {
    name: "bancard",
    methods: (moedaId) => (moedaId === MOEDA.PYG ? ["cartao"] : []),
    newChargeAfterDecline: true,

    async createPayment(input) {
      // A shop_process_id is used once: each attempt after a decline takes the next one of this payment.
      const shopProcessId = input.previousRef ? String(Number(input.previousRef) + ATTEMPT_STEP) : String(input.paymentId);
      const amount = bancardAmount(input.amount);
      const { body } = await call("/vpos/api/0.3/single_buy", {
        public_key: options.publicKey,
        operation: {
          token: bancardTokens.singleBuy(options.privateKey, shopProcessId, amount, "PYG"),
          shop_process_id: shopProcessId,
          currency: "PYG",
          amount,
          additional_data: "",
          // Bancard takes at most 20 characters of description.
          description: input.description.slice(0, 20),
          return_url: input.returnUrl,
          cancel_url: input.returnUrl,
        },
      });
      const processId = gatewayRef(body.process_id, MAX_PROCESS_ID);
      if (body.status !== "success" || !processId) {
        throw new GatewayError("bancard", `single_buy refused: ${body.messages?.[0]?.key ?? "no process_id"}`);
      }
      return { ref: shopProcessId, link: `${base}/payment/single_buy?process_id=${encodeURIComponent(processId)}` };
    },

    parseNotification(_headers, rawBody) {
      let op: BancardConfirmation | undefined;
      try {
        op = (JSON.parse(rawBody.toString()) as { operation?: BancardConfirmation }).operation;
      } catch {
        return undefined;
      }
      if (!op || typeof op.token !== "string" || typeof op.amount !== "string" || typeof op.currency !== "string") return undefined;
      const shopProcessId = String(op.shop_process_id ?? "");
      if (!/^\d{1,18}$/.test(shopProcessId)) return undefined;
      const expected = bancardTokens.confirm(options.privateKey, shopProcessId, op.amount, op.currency);
      if (!safeEqual(op.token.toLowerCase(), expected)) return undefined;
      return {
        // Bancard confirms a process once: the same confirmation again is a replay.
        eventId: `confirm:${shopProcessId}:${createHash("sha256").update(rawBody).digest("hex").slice(0, 32)}`,
        providerRef: shopProcessId,
        amount: op.amount,
        moedaId: op.currency === "PYG" ? MOEDA.PYG : -1,
      };
    },

    // Bancard expects the shop to answer its confirmation with {"status":"success"}.
    acknowledge: () => ({ status: "success" }),

    async fetchStatus({ ref }): Promise<StatusRead> {
      if (!ref) throw new GatewayError("bancard", "no shop_process_id to read");
      const { body } = await call("/vpos/api/0.3/single_buy/confirmations", {
        public_key: options.publicKey,
        operation: { token: bancardTokens.getConfirmation(options.privateKey, ref), shop_process_id: ref },
      });
      if (body.status === "success" && body.confirmation) {
        const c = body.confirmation;
        return {
          status: c.response === "S" && c.response_code === "00" ? "PAGO" : "RECUSADO",
          amount: c.amount,
          moedaId: c.currency === "PYG" ? MOEDA.PYG : -1,
        };
      }
      // Not confirmed yet (the buyer has not paid, or left).
      if (notFound(body)) return { status: "AGUARDANDO" };
      throw new GatewayError("bancard", `get_confirmation failed: ${body.messages?.[0]?.key ?? "unknown"}`);
    },

    // An abandoned charge is rolled back, as Bancard asks of a shop that never saw it confirmed.
    expire: (ref) => rollback(ref),

    // vPOS gives money back only whole, by rolling the charge back; a partial refund is done elsewhere.
    async refund({ ref, full }) {
      if (!full) return "unsupported";
      await rollback(ref);
      return "done";
    },
  };
}
