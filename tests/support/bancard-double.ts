import { randomBytes } from "node:crypto";
import { bancardTokens } from "#server/payments/providers/bancard.ts";
import { doublePage, startDouble, type Notify } from "./gateway-double.ts";

interface Process {
  shopProcessId: string;
  processId: string;
  amount: string;
  currency: string;
  returnUrl: string;
  status: "pending" | "approved" | "declined" | "rolled_back";
  confirmation?: Record<string, unknown>;
}

/**
 * Bancard vPOS 0.3 as its public connectors describe it (Bancard/bancard-connectors): single_buy
 * checked against its MD5 token, the hosted page at /payment/single_buy?process_id=…, a confirmation
 * posted to the shop signed with md5(private key + shop_process_id + "confirm" + amount + currency),
 * get_confirmation and rollback. The confirmation URL is set up in Bancard's portal: here, `notify`.
 */
export async function startBancardDouble(options: { publicKey: string; privateKey: string; notify?: Notify }) {
  const processes = new Map<string, Process>();
  const byProcessId = new Map<string, Process>();
  const error = (key: string, dsc = key) => ({ json: { status: "error", messages: [{ key, level: "error", dsc }] } });
  type Operation = { token?: string; shop_process_id?: string; amount?: string; currency?: string; return_url?: string };
  const read = (body: { public_key?: string; operation?: Operation } | undefined) =>
    body?.public_key === options.publicKey ? (body.operation ?? {}) : undefined;

  function confirmation(p: Process, approved: boolean, amount = p.amount, currency = p.currency) {
    return {
      token: bancardTokens.confirm(options.privateKey, p.shopProcessId, amount, currency),
      shop_process_id: p.shopProcessId,
      response: approved ? "S" : "N",
      response_details: approved ? "Procesado Satisfactoriamente" : "Transaccion denegada",
      amount,
      currency,
      authorization_number: approved ? "123456" : null,
      ticket_number: "123456789123456",
      response_code: approved ? "00" : "05",
      response_description: approved ? "Transaccion aprobada" : "No autorizado",
      extended_response_description: null,
      security_information: { customer_ip: "127.0.0.1", card_source: "L", card_country: "PARAGUAY", version: "0.3", risk_index: "0" },
    };
  }

  const double = await startDouble({
    "POST /vpos/api/0.3/single_buy": (req) => {
      const op = read(req.json());
      if (!op) return { status: 401, ...error("InvalidPublicKeyError") };
      const { shop_process_id: id = "", amount = "", currency = "" } = op;
      if (op.token !== bancardTokens.singleBuy(options.privateKey, id, amount, currency)) return error("InvalidTokenError");
      if (processes.has(id)) return error("InvalidOperationError", "Shop process has already been taken");
      const p: Process = {
        shopProcessId: id,
        processId: randomBytes(10).toString("hex"),
        amount,
        currency,
        returnUrl: op.return_url ?? "",
        status: "pending",
      };
      processes.set(id, p);
      byProcessId.set(p.processId, p);
      return { json: { status: "success", process_id: p.processId } };
    },
    "GET /payment/single_buy": (req) => {
      const p = byProcessId.get(req.query.get("process_id") ?? "");
      if (!p) return { status: 404, html: "<p>Proceso no encontrado</p>" };
      return {
        html: doublePage("Bancard vPOS (test double)", `${p.amount} ${p.currency}`, "/payment/single_buy/decide", { process_id: p.processId }),
      };
    },
    "POST /payment/single_buy/decide": async (req) => {
      const form = req.form();
      const p = byProcessId.get(form.get("process_id") ?? "");
      if (!p) return { status: 404, html: "<p>Proceso no encontrado</p>" };
      await pay(p.shopProcessId, form.get("decision") === "approve");
      return { status: 303, location: p.returnUrl };
    },
    "POST /vpos/api/0.3/single_buy/confirmations": (req) => {
      const op = read(req.json());
      if (!op) return { status: 401, ...error("InvalidPublicKeyError") };
      const id = op.shop_process_id ?? "";
      if (op.token !== bancardTokens.getConfirmation(options.privateKey, id)) return error("InvalidTokenError");
      const p = processes.get(id);
      if (!p?.confirmation || p.status === "rolled_back") return error("PaymentNotFoundError", "Payment not found");
      return { json: { status: "success", confirmation: p.confirmation } };
    },
    "POST /vpos/api/0.3/single_buy/rollback": (req) => {
      const op = read(req.json());
      if (!op) return { status: 401, ...error("InvalidPublicKeyError") };
      const id = op.shop_process_id ?? "";
      if (op.token !== bancardTokens.rollback(options.privateKey, id)) return error("InvalidTokenError");
      const p = processes.get(id);
      if (!p) return error("PaymentNotFoundError", "Payment not found");
      if (p.status === "rolled_back") return error("AlreadyRollbackedError", "Already rolled back");
      const paid = p.status === "approved";
      p.status = "rolled_back";
      return paid
        ? { json: { status: "success", messages: [{ key: "RollbackSuccessful", level: "info", dsc: "Rollback correcto." }] } }
        : error("PaymentNotFoundError");
    },
  });

  /**
   * The buyer pays or is declined; Bancard records it and posts the signed confirmation (unless
   * `notify: false`, a lost notification). `amount`/`currency` make Bancard confirm other values.
   */
  async function pay(shopProcessId: string, approved: boolean, opts: { notify?: boolean; amount?: string; currency?: string } = {}) {
    const p = processes.get(shopProcessId);
    if (!p) throw new Error(`no Bancard process ${shopProcessId}`);
    p.status = approved ? "approved" : "declined";
    p.confirmation = confirmation(p, approved, opts.amount, opts.currency);
    const body = JSON.stringify({ operation: p.confirmation });
    const delivered = opts.notify !== false && options.notify ? await options.notify(body, {}) : undefined;
    return { body, delivered };
  }

  return { ...double, processes, pay, confirmation };
}

export type BancardDouble = Awaited<ReturnType<typeof startBancardDouble>>;
