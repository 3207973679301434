import { randomBytes } from "node:crypto";
import { pagoparTokens } from "#server/payments/providers/pagopar.ts";
import { doublePage, startDouble, type Notify } from "./gateway-double.ts";

interface Order {
  hash: string;
  idPedido: string;
  numero: string;
  monto: number;
  formaPago?: number;
  pagado: boolean;
  cancelado: boolean;
  /** Reversed by the shop (api/pedidos/1.1/reversar). */
  reversado?: boolean;
  fechaPago: string | null;
}

/**
 * Pagopar as its integration documents describe it: iniciar-transaccion checked against
 * sha1(private key + id_pedido_comercio + monto_total), the payment page /pagos/{hash}, a notification
 * to the URL set in Pagopar's panel carrying token = sha1(private key + hash_pedido), and
 * /api/pedidos/1.1/traer with token = sha1(private key + "CONSULTA"). The buyer is sent back to the
 * return URL set in the panel, `returnUrl` with `($hash)` replaced.
 */
export async function startPagoparDouble(options: { publicKey: string; privateKey: string; notify?: Notify; returnUrl?: string }) {
  const orders = new Map<string, Order>();
  let numero = 1000;
  const refuse = (resultado: string) => ({ json: { respuesta: false, resultado } });

  function state(o: Order, monto = o.monto) {
    return {
      pagado: o.pagado,
      numero_comprobante_interno: o.pagado ? "8230473" : null,
      ultimo_mensaje_error: null,
      forma_pago: o.pagado ? "Tarjetas de crédito" : "",
      fecha_pago: o.fechaPago,
      monto: monto.toFixed(2),
      fecha_maxima_pago: "2030-01-01 00:00:00",
      hash_pedido: o.hash,
      numero_pedido: o.numero,
      cancelado: o.cancelado,
      forma_pago_identificador: o.formaPago ? String(o.formaPago) : "9",
      token: pagoparTokens.notification(options.privateKey, o.hash),
    };
  }

  const double = await startDouble({
    "POST /api/comercios/2.0/iniciar-transaccion": (req) => {
      const body = req.json<{ token?: string; public_key?: string; id_pedido_comercio?: string; monto_total?: number; forma_pago?: number }>();
      if (!body || body.public_key !== options.publicKey) return refuse("Token no corresponde.");
      const id = String(body.id_pedido_comercio ?? "");
      if (body.token !== pagoparTokens.order(options.privateKey, id, String(body.monto_total))) return refuse("Token no corresponde.");
      if ([...orders.values()].some((o) => o.idPedido === id)) return refuse("Ya existe un pedido con ese id.");
      const o: Order = {
        hash: randomBytes(32).toString("hex"),
        idPedido: id,
        numero: String(numero++),
        monto: Number(body.monto_total),
        formaPago: body.forma_pago,
        pagado: false,
        cancelado: false,
        fechaPago: null,
      };
      orders.set(o.hash, o);
      return { json: { respuesta: true, resultado: [{ data: o.hash, pedido: o.numero }] } };
    },
    "GET /pagos/*": (req) => {
      const o = orders.get(req.path.split("/").pop() ?? "");
      if (!o) return { status: 404, html: "<p>Pedido no encontrado</p>" };
      return { html: doublePage("Pagopar (test double)", `Gs. ${o.monto}`, "/pagos/decidir", { hash: o.hash }) };
    },
    "POST /pagos/decidir": async (req) => {
      const form = req.form();
      const o = orders.get(form.get("hash") ?? "");
      if (!o) return { status: 404, html: "<p>Pedido no encontrado</p>" };
      if (form.get("decision") === "approve") await pay(o.hash);
      return { status: 303, location: (options.returnUrl ?? "/").replace("($hash)", o.hash) };
    },
    "POST /api/pedidos/1.1/reversar": (req) => {
      const body = req.json<{ hash_pedido?: string; token?: string; token_publico?: string }>();
      if (!body || body.token_publico !== options.publicKey || body.token !== pagoparTokens.reverse(options.privateKey))
        return refuse("Token no corresponde.");
      const o = orders.get(body.hash_pedido ?? "");
      if (!o) return refuse("No existe el pedido.");
      if (!o.pagado || o.reversado) return refuse("El pedido no puede ser reversado.");
      o.reversado = true;
      return { json: { respuesta: true, resultado: "Pedido reversado" } };
    },
    "POST /api/pedidos/1.1/traer": (req) => {
      const body = req.json<{ hash_pedido?: string; token?: string; token_publico?: string }>();
      if (!body || body.token_publico !== options.publicKey || body.token !== pagoparTokens.query(options.privateKey))
        return refuse("Token no corresponde.");
      const o = orders.get(body.hash_pedido ?? "");
      if (!o) return refuse("No existe el pedido.");
      return { json: { respuesta: true, resultado: [state(o)] } };
    },
  });

  /** The buyer pays; Pagopar records it and posts its notification (unless `notify: false`). `monto` makes it report another amount. */
  async function pay(hash: string, opts: { notify?: boolean; monto?: number } = {}) {
    const o = orders.get(hash);
    if (!o) throw new Error(`no Pagopar order ${hash}`);
    o.pagado = true;
    o.fechaPago = "2026-11-25 12:00:00";
    if (opts.monto !== undefined) o.monto = opts.monto;
    return notifyOf(o, opts.notify);
  }

  async function notifyOf(o: Order, send = true) {
    const body = JSON.stringify({ respuesta: true, resultado: [state(o)] });
    const delivered = send && options.notify ? await options.notify(body, {}) : undefined;
    return { body, delivered };
  }

  return { ...double, orders, pay, state, notifyOf };
}

export type PagoparDouble = Awaited<ReturnType<typeof startPagoparDouble>>;
