import { createHash } from "node:crypto";
import { MOEDA } from "#contract/currencies.ts";
import { GatewayError, gatewayJson, gatewayRef, type PaymentMethod, type PaymentProvider, type StatusRead } from "../provider.ts";
import { safeEqual } from "../../lib/safe-equal.ts";

/**
 * Pagopar (Paraguay, guaraníes) as its integration documents describe it (soporte.pagopar.com, "API de
 * integración de medios de pago"): the order is created at `api/comercios/2.0/iniciar-transaccion` with
 * a SHA-1 token, the buyer pays on `pagopar.com/pagos/{hash}`, Pagopar posts a notification whose token
 * is sha1(private key + hash_pedido), and `api/pedidos/1.1/traer` reads the order's state.
 */
export const PAGOPAR_PAGE_URL = "https://www.pagopar.com";
/** The longest hash taken: it is the payment's reference (pagamentos.provider_ref, 120 characters). */
const MAX_HASH = 120;

/** sha1 of the concatenated parts, hex: every Pagopar token is one. */
export const pagoparToken = (...parts: string[]) => createHash("sha1").update(parts.join(""), "utf8").digest("hex");

/** PHP's strval(floatval($monto)), which Pagopar's order token is computed over: "150000", "150000.5". */
export const pagoparAmount = (amount: string) => String(Number(amount));

export const pagoparTokens = {
  order: (privateKey: string, idPedido: string, amount: string) => pagoparToken(privateKey, idPedido, pagoparAmount(amount)),
  notification: (privateKey: string, hash: string) => pagoparToken(privateKey, hash),
  query: (privateKey: string) => pagoparToken(privateKey, "CONSULTA"),
  reverse: (privateKey: string) => pagoparToken(privateKey, "PEDIDO-REVERSAR"),
};

/** Pagopar's `forma_pago` for cards, which opens its page on the card form; other methods are chosen there. */
const FORMA_PAGO: Partial<Record<PaymentMethod, number>> = { cartao: 9 };

export interface PagoparOrderState {
  pagado?: boolean;
  cancelado?: boolean;
  forma_pago?: string;
  fecha_pago?: string | null;
  monto?: string;
  hash_pedido?: string;
  numero_pedido?: string;
  token?: string;
}

/** "YYYY-MM-DD HH:MM:SS" in Paraguay's time, as Pagopar reads fecha_maxima_pago. */
function asuncionTime(date: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: "America/Asuncion",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

export function createPagoparProvider(options: {
  publicKey: string;
  privateKey: string;
  url: string;
  pageUrl?: string;
  timeoutMs?: number;
}): PaymentProvider {
  const base = options.url.replace(/\/$/, "");
  // Pagopar's payment page lives on www.pagopar.com; a staging host or a double serves both.
  const pages = (options.pageUrl ?? (base === "https://api.pagopar.com" ? PAGOPAR_PAGE_URL : base)).replace(/\/$/, "");
  const call = <T>(path: string, body: unknown) => gatewayJson<T>("pagopar", `${base}${path}`, { body, timeoutMs: options.timeoutMs });

  return {
    name: "pagopar",
    methods: (moedaId) => (moedaId === MOEDA.PYG ? ["cartao", "qr", "carteira", "carteira_banco", "pontos", "transferencia"] : []),

    async createPayment(input) {
      const idPedido = String(input.paymentId);
      const total = Number(input.amount);
      const { body } = await call<{ respuesta?: boolean; resultado?: { data?: string; pedido?: string }[] | string }>(
        "/api/comercios/2.0/iniciar-transaccion",
        {
          token: pagoparTokens.order(options.privateKey, idPedido, input.amount),
          public_key: options.publicKey,
          monto_total: total,
          tipo_pedido: "VENTA-COMERCIO",
          compras_items: [
            {
              ciudad: "1",
              nombre: input.description,
              cantidad: 1,
              categoria: "909",
              public_key: options.publicKey,
              url_imagen: "",
              descripcion: input.description,
              id_producto: idPedido,
              precio_total: total,
              vendedor_telefono: "",
              vendedor_direccion: "",
              vendedor_direccion_referencia: "",
              vendedor_direccion_coordenadas: "",
            },
          ],
          fecha_maxima_pago: asuncionTime(input.expiresAt ?? new Date(Date.now() + 24 * 3_600_000)),
          id_pedido_comercio: idPedido,
          descripcion_resumen: input.description,
          ...(FORMA_PAGO[input.method] ? { forma_pago: FORMA_PAGO[input.method] } : {}),
          comprador: {
            ruc: input.buyer.documentType === "RUC" ? (input.buyer.document ?? "") : "",
            email: input.buyer.email,
            ciudad: "1",
            nombre: input.buyer.name,
            telefono: input.buyer.phone ?? "",
            direccion: "",
            documento: (input.buyer.document ?? "").replace(/-\d$/, ""),
            coordenadas: "",
            razon_social: input.buyer.name,
            tipo_documento: "CI",
            direccion_referencia: "",
          },
        },
      );
      const hash = gatewayRef(Array.isArray(body.resultado) ? body.resultado[0]?.data : undefined, MAX_HASH);
      if (body.respuesta !== true || !hash) {
        throw new GatewayError(
          "pagopar",
          `iniciar-transaccion refused: ${typeof body.resultado === "string" ? body.resultado.slice(0, 80) : "no hash"}`,
        );
      }
      return { ref: hash, link: `${pages}/pagos/${encodeURIComponent(hash)}` };
    },

    parseNotification(_headers, rawBody) {
      let state: PagoparOrderState | undefined;
      try {
        state = (JSON.parse(rawBody.toString()) as { resultado?: PagoparOrderState[] }).resultado?.[0];
      } catch {
        return undefined;
      }
      const hash = gatewayRef(state?.hash_pedido, MAX_HASH);
      if (!state || !hash || typeof state.token !== "string") return undefined;
      if (!safeEqual(state.token.toLowerCase(), pagoparTokens.notification(options.privateKey, hash))) return undefined;
      // The token covers the hash only, so nothing else in the body is taken from it: the state is read back.
      return {
        // Within pagamento_eventos.event_id's 120 characters; the body's digest tells notifications apart.
        eventId: `${hash.slice(0, 80)}:${createHash("sha256").update(rawBody).digest("hex").slice(0, 32)}`,
        providerRef: hash,
      };
    },

    // Pagopar expects the shop to answer its notification with the `resultado` it sent.
    acknowledge: (_n, rawBody) => (JSON.parse(rawBody.toString()) as { resultado?: unknown }).resultado,

    async fetchStatus({ ref }): Promise<StatusRead> {
      if (!ref) throw new GatewayError("pagopar", "no hash_pedido to read");
      const { body } = await call<{ respuesta?: boolean; resultado?: PagoparOrderState[] | string }>("/api/pedidos/1.1/traer", {
        hash_pedido: ref,
        token: pagoparTokens.query(options.privateKey),
        token_publico: options.publicKey,
      });
      const state = Array.isArray(body.resultado) ? body.resultado[0] : undefined;
      if (body.respuesta !== true || !state || state.hash_pedido !== ref) {
        throw new GatewayError("pagopar", `traer failed: ${typeof body.resultado === "string" ? body.resultado.slice(0, 80) : "no order"}`);
      }
      if (state.pagado === true) return { status: "PAGO", amount: state.monto, moedaId: MOEDA.PYG };
      if (state.cancelado === true) return { status: "EXPIRADO" };
      return { status: "AGUARDANDO" };
    },

    // Pagopar reverses a paid order whole (api/pedidos/1.1/reversar): on the day of the payment at once,
    // later scheduled by Pagopar. A partial refund is not Pagopar's to do.
    async refund({ ref, full }) {
      if (!full) return "unsupported";
      const { body } = await call<{ respuesta?: boolean; resultado?: unknown }>("/api/pedidos/1.1/reversar", {
        hash_pedido: ref,
        token: pagoparTokens.reverse(options.privateKey),
        token_publico: options.publicKey,
      });
      if (body.respuesta !== true) {
        throw new GatewayError("pagopar", `reversar failed: ${typeof body.resultado === "string" ? body.resultado.slice(0, 80) : "refused"}`);
      }
      return "done";
    },
  };
}
