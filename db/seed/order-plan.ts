import Big from "big.js";
import { MOEDA } from "#contract/currencies.ts";
import { convertPrice, type ExchangeRate } from "#contract/money.ts";
import type { SeedCustomer } from "./customers.ts";
import { pickWeighted, rngFor, type Rng } from "./rng.ts";

// The orders seed's plan of one historic order (db/seed/orders.ts writes it): who bought what at which price,
// how it was paid and how far its fulfilment went. Order n draws from its own stream: the same n, the same order.
const SALT = 0x0d3e;
const DAY = 86_400_000;
/** The shop's offset from UTC (America/Asuncion keeps UTC−3 all year since 2024). */
const SHOP_OFFSET = -3 * 3_600_000;
const RESERVATION = 30 * 60_000;
const PICKUP_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export interface PlanProduct {
  id: number;
  codigo: string;
  nome_pt: string;
  nome_es: string;
  valor_venda: string;
  moeda_id: number;
}

export interface PlanRefs {
  products: PlanProduct[];
  rates: ExchangeRate[];
  customers: SeedCustomer[];
  /** Door-delivery services, the pickup network's service with its points; empty when the shop ships nothing. */
  doorServices: { id: number; pt: string; es: string }[];
  pickupService: { id: number; pt: string; es: string; points: number[] } | undefined;
  staff: { id: number; nome: string }[];
  now: number;
}

export interface PlannedLine {
  produto_id: number;
  nome: string;
  codigo: string;
  qtde: number;
  valor_unitario: string;
  valor_subtotal: string;
}

export interface PlannedEvent {
  tipo: "status_pagamento" | "status_entrega" | "pagamento" | "estorno";
  funcionario_id: number | null;
  autor: string | null;
  dados: Record<string, unknown>;
  at: number;
}

/** The moment order n was placed, days to two years back, more of them lately; hours as a shop's day. */
export function placedAt(n: number, now: number): number {
  const rng = rngFor(n, SALT ^ 0x7173);
  const ageDays = 730 * (1 - Math.sqrt(rng.next()));
  const day = Math.floor((now + SHOP_OFFSET) / DAY) - Math.floor(ageDays);
  const hour = pickWeighted(rng, [7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 0], (h) => (h >= 9 && h <= 18 ? 10 : 3));
  const at = day * DAY + hour * 3_600_000 + rng.int(0, 3_599_999) - SHOP_OFFSET;
  return at <= now ? at : now - rng.int(1, 600_000);
}

/** Six characters of the counter's alphabet, unique per n (an odd multiplier is a bijection on 2^30). */
export function seedPickupCode(n: number): string {
  let v = (Math.imul(n + 1, 0x2c1b3c6d) >>> 0) & 0x3fffffff;
  let code = "";
  for (let i = 0; i < 6; i++) {
    code += PICKUP_ALPHABET[v & 31];
    v >>>= 5;
  }
  return code;
}

const hex = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.int(0, 15).toString(16)).join("");
const uuid = (rng: Rng) => {
  const h = hex(rng, 32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20)}`;
};

/** Each product's price in each currency, converted once per run (big.js is the plan's slowest part). */
const prices = new WeakMap<PlanRefs, Map<string, string>>();
function priceOf(refs: PlanRefs, p: PlanProduct, moeda: number): string {
  let cache = prices.get(refs);
  if (!cache) prices.set(refs, (cache = new Map()));
  const key = `${p.id}:${moeda}`;
  let price = cache.get(key);
  if (price === undefined) cache.set(key, (price = convertPrice(p.valor_venda, p.moeda_id, moeda, refs.rates)));
  return price;
}

export function planOrder(n: number, refs: PlanRefs) {
  const rng = rngFor(n, SALT);
  const created = placedAt(n, refs.now);
  const age = refs.now - created;
  const customer = refs.customers[Math.floor(rng.next() * refs.customers.length)]!;
  const moeda = customer.nacionalidade === "BR" ? MOEDA.USD : MOEDA.PYG;
  const decimals = moeda === MOEDA.PYG ? 0 : 2;
  const lang = customer.nacionalidade === "BR" ? "pt" : "es";

  // Lines: a few popular products sell most (the cube of a uniform draw leans to the list's start).
  const count = pickWeighted(rng, [1, 2, 3, 4], (k) => [45, 30, 15, 10][k - 1]!);
  const chosen = new Map<number, PlanProduct>();
  for (let i = 0; i < count * 3 && chosen.size < count; i++) {
    const p = refs.products[Math.floor(refs.products.length * rng.next() ** 3)]!;
    chosen.set(p.id, p);
  }
  let subtotal = new Big(0);
  const lines: PlannedLine[] = [...chosen.values()].map((p) => {
    const qtde = pickWeighted(rng, [1, 2, 3, 4, 5], (q) => [75, 17, 4, 2, 2][q - 1]!);
    const unit = priceOf(refs, p, moeda);
    const sub = new Big(unit).times(qtde);
    subtotal = subtotal.plus(sub);
    return {
      produto_id: p.id,
      nome: lang === "es" ? p.nome_es : p.nome_pt,
      codigo: p.codigo,
      qtde,
      valor_unitario: unit,
      valor_subtotal: sub.toFixed(decimals),
    };
  });

  // Pickup at the shop (every Brazilian, most others), the pickup network or a door delivery.
  let servico: { id: number; pt: string; es: string } | null = null;
  let ponto: number | null = null;
  let endereco: number | null = null;
  let frete = new Big(0);
  if (customer.nacionalidade !== "BR" && rng.chance(0.45)) {
    const network = refs.pickupService;
    if (network && network.points.length && (rng.chance(0.35) || customer.enderecoId === null)) {
      servico = network;
      ponto = rng.pick(network.points);
      frete = new Big(rng.int(15, 35) * 1000);
    } else if (refs.doorServices.length && customer.enderecoId !== null) {
      servico = rng.pick(refs.doorServices);
      endereco = customer.enderecoId;
      frete = new Big(rng.int(20, 60) * 1000);
    }
  }
  const kind = servico ? "entrega" : "retirada";
  const total = subtotal.plus(frete);

  // Payment: recent orders may still wait for it; older ones were paid, expired or refunded.
  const status =
    age < RESERVATION
      ? rng.chance(0.6)
        ? "PAGAMENTO"
        : "PAGO"
      : pickWeighted(rng, ["PAGO", "CANCELADO", "ESTORNADO", "PARCIAL"] as const, (s) => ({ PAGO: 83, CANCELADO: 11, ESTORNADO: 4, PARCIAL: 2 })[s]);
  const paid = status === "PAGO" || status === "ESTORNADO" || status === "PARCIAL";
  const paidAt = paid ? Math.min(created + rng.int(60_000, 25 * 60_000), refs.now) : null;

  const provider =
    moeda === MOEDA.USD
      ? pickWeighted(rng, ["mercadopago", "sandbox"] as const, (p) => (p === "mercadopago" ? 85 : 15))
      : pickWeighted(rng, ["bancard", "pagopar", "sandbox"] as const, (p) => (p === "sandbox" ? 10 : 45));
  const metodo =
    provider === "mercadopago"
      ? pickWeighted(rng, ["pix", "cartao", "boleto"], (m) => (m === "boleto" ? 1 : 4))
      : provider === "pagopar"
        ? rng.pick(["qr", "cartao", "transferencia", "carteira"])
        : provider === "bancard"
          ? "cartao"
          : "sandbox";
  const ref =
    provider === "mercadopago"
      ? String(1_320_000_000 + n)
      : provider === "bancard"
        ? String(500_000 + n)
        : provider === "pagopar"
          ? hex(rng, 56) + n.toString(16).padStart(8, "0")
          : `sbx_${hex(rng, 16)}${n.toString(16).padStart(8, "0")}`;
  const brl = refs.rates.find((r) => r.source_currency.id === MOEDA.USD && r.target_currency.id === MOEDA.BRL);
  const charged = provider === "mercadopago" && brl ? total.times(brl.tax).toFixed(2) : null;
  const chargeAmount = new Big(charged ?? total);
  const refunded =
    status === "ESTORNADO" ? chargeAmount : status === "PARCIAL" ? chargeAmount.times(rng.int(10, 50)).div(100).round(decimals, 0) : new Big(0);

  // Fulfilment: how far a paid order went by now, who moved it and when.
  const events: PlannedEvent[] = [];
  const member = () => (refs.staff.length ? rng.pick(refs.staff) : null);
  const move = (de: string, para: string, at: number, extra: Record<string, unknown> = {}) => {
    const m = member();
    events.push({
      tipo: "status_entrega",
      funcionario_id: m?.id ?? null,
      autor: m?.nome ?? null,
      dados: { de, para, ...extra },
      at: Math.min(at, refs.now),
    });
    return m;
  };
  let statusEntrega = "em_separacao";
  let entregaEm: number | null = null;
  let entregaPor: number | null = null;
  let transportadora: string | null = null;
  let rastreio: string | null = null;
  const hours = age / 3_600_000;
  if (paidAt !== null) {
    events.push({ tipo: "pagamento", funcionario_id: null, autor: null, dados: { provider, de: "AGUARDANDO", para: "PAGO" }, at: paidAt });
    events.push({ tipo: "status_pagamento", funcionario_id: null, autor: null, dados: { de: "PAGAMENTO", para: "PAGO" }, at: paidAt });
    const far =
      status === "ESTORNADO" && rng.chance(0.6)
        ? 0
        : hours < 4
          ? 0
          : hours < 24
            ? rng.int(0, 1)
            : hours < 72
              ? rng.int(1, 2)
              : rng.chance(0.99)
                ? 2
                : 1;
    const path = kind === "retirada" ? ["em_separacao", "pronto_retirada", "retirado"] : ["em_separacao", "enviado", "entregue"];
    let at = paidAt;
    for (let step = 1; step <= far; step++) {
      at += rng.int(1, step === 1 ? 20 : 60) * 3_600_000 * (kind === "entrega" && step === 2 ? 2 : 1) * Math.min(1, hours / 72);
      const extra: Record<string, unknown> = {};
      if (path[step] === "enviado") {
        transportadora = servico?.pt ?? "Transportadora";
        rastreio = `PY${rng.int(10_000_000, 99_999_999)}`;
        Object.assign(extra, { transportadora, codigo_rastreio: rastreio });
      }
      const m = move(path[step - 1]!, path[step]!, at, extra);
      statusEntrega = path[step]!;
      entregaEm = Math.min(at, refs.now);
      entregaPor = m?.id ?? null;
    }
    if (status === "ESTORNADO" || status === "PARCIAL") {
      const at2 = Math.min((entregaEm ?? paidAt) + rng.int(1, 72) * 3_600_000, refs.now);
      const m = member();
      events.push({
        tipo: "estorno",
        funcionario_id: m?.id ?? null,
        autor: m?.nome ?? null,
        dados: { valor: refunded.toFixed(2), provider },
        at: at2,
      });
      if (status === "ESTORNADO")
        events.push({ tipo: "status_pagamento", funcionario_id: null, autor: null, dados: { de: "PAGO", para: "ESTORNADO" }, at: at2 });
    }
  } else if (status === "CANCELADO") {
    statusEntrega = "cancelado";
    entregaEm = created + RESERVATION;
    events.push({
      tipo: "status_pagamento",
      funcionario_id: null,
      autor: null,
      dados: { de: "PAGAMENTO", para: "CANCELADO", motivo: "reserva_expirada" },
      at: entregaEm,
    });
  }

  return {
    cart: { external_id: uuid(rng) },
    order: {
      external_id: uuid(rng),
      customer_id: customer.id,
      moeda_id: moeda,
      valor_produtos: subtotal.toFixed(decimals),
      valor_frete: frete.toFixed(decimals),
      valor_total: total.toFixed(decimals),
      status: status === "PARCIAL" ? "PAGO" : status,
      codigo_retirada: seedPickupCode(n),
      entrega_servico_id: servico?.id ?? null,
      ponto_entrega_id: ponto,
      cliente_endereco_id: endereco,
      entrega_descricao: servico ? (lang === "es" ? servico.es : servico.pt) : null,
      reserva_expira_em: paid ? null : created + RESERVATION,
      estoque_liberado_em: status === "CANCELADO" ? created + RESERVATION : null,
      cliente_ip: `${rng.pick([177, 179, 181, 186, 190, 200])}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
      status_entrega: statusEntrega,
      status_entrega_em: entregaEm,
      status_entrega_por: entregaPor,
      transportadora,
      codigo_rastreio: rastreio,
      created_at: created,
      updated_at: Math.max(created, entregaEm ?? created, ...events.map((e) => e.at)),
    },
    lines,
    payment: {
      provider,
      provider_ref: ref,
      metodo,
      status: status === "PAGAMENTO" ? "AGUARDANDO" : status === "CANCELADO" ? "EXPIRADO" : status === "ESTORNADO" ? "ESTORNADO" : "PAGO",
      valor_total: total.toFixed(decimals),
      moeda_id: moeda,
      valor_cobrado: charged,
      moeda_cobrada: charged ? MOEDA.BRL : null,
      valor_estornado: refunded.toFixed(2),
      pago_em: paidAt,
      created_at: created,
    },
    events,
  };
}

export type PlannedOrder = ReturnType<typeof planOrder>;
