import { z } from "zod";
import type { Operation } from "../operation-shape.ts";
import { MANAGERS } from "./staff.ts";

/**
 * The dashboard's figures (docs/decisions/034): today, this week and this month against the same span
 * of the previous day, week and month, in the shop's time zone; every amount per currency, never summed
 * across currencies. Sales are the totals of paid orders (PAGO) placed in the span, less what was
 * refunded from them; wholly refunded orders (ESTORNADO) leave the sales and show apart as refunds.
 */

/** The shop's clock: days, weeks (from Monday) and months start at midnight there. */
export const SHOP_TIME_ZONE = "America/Asuncion";
/** An active product with this many units or fewer available (but some) is low in stock. */
export const LOW_STOCK = 5;
/** The spans the dashboard compares, each against the previous one. */
export const DASHBOARD_PERIODS = ["hoje", "semana", "mes"] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DAILY_DAYS = 30;
export const TOP_PRODUCTS = 5;

const amount = z.string().describe("A decimal in the currency's own unit (2 decimals for dollars, none for guaraníes)");

/** One currency's figures in one span. */
export const CurrencyFiguresSchema = z.object({
  moeda_id: z.number(),
  /** Orders placed, whatever became of them. */
  pedidos: z.number(),
  /** Of those, the paid ones (PAGO) that make the sales. */
  pagos: z.number(),
  vendas: amount,
  /** Sales divided by paid orders; "0" without any. */
  ticket_medio: amount,
  /** Wholly refunded orders, and what was refunded (those and the partial refunds of paid ones). */
  estornados: z.number(),
  valor_estornado: amount,
});
export type CurrencyFigures = z.infer<typeof CurrencyFiguresSchema>;

export const PeriodFiguresSchema = z.object({
  periodo: z.enum(DASHBOARD_PERIODS),
  /** The span so far and the previous one's same length, ISO instants. */
  de: z.string(),
  ate: z.string(),
  anterior_de: z.string(),
  anterior_ate: z.string(),
  atual: z.array(CurrencyFiguresSchema),
  anterior: z.array(CurrencyFiguresSchema),
});
export type PeriodFigures = z.infer<typeof PeriodFiguresSchema>;

const TopProductSchema = z.object({ produto_id: z.number(), codigo: z.string(), nome_pt: z.string(), nome_es: z.string(), unidades: z.number() });
export type TopProduct = z.infer<typeof TopProductSchema>;

export const DashboardSchema = z
  .object({
    gerado_em: z.string(),
    fuso: z.string(),
    /** The currencies orders are placed in, the order the screens show them. */
    moedas: z.array(z.number()),
    periodos: z.array(PeriodFiguresSchema),
    /** Orders waiting for their payment (PAGAMENTO), per currency. */
    aguardando_pagamento: z.array(z.object({ moeda_id: z.number(), pedidos: z.number(), valor: amount })),
    /** Paid orders not yet handed over or delivered, by fulfilment status. */
    a_entregar: z.object({ em_separacao: z.number(), pronto_retirada: z.number(), enviado: z.number() }),
    estoque: z.object({
      limite: z.number(),
      sem_estoque: z.number(),
      estoque_baixo: z.number(),
      /** The active products with the fewest units left (some, up to the limit). */
      baixos: z.array(z.object({ produto_id: z.number(), codigo: z.string(), nome_pt: z.string(), nome_es: z.string(), qtde: z.number() })),
    }),
    /** The most sold products by units in paid orders of each span. */
    mais_vendidos: z.object({ hoje: z.array(TopProductSchema), semana: z.array(TopProductSchema), mes: z.array(TopProductSchema) }),
    /** Paid sales of each of the last 30 days (the shop's dates, today last), one row per day and currency. */
    vendas_diarias: z.array(z.object({ dia: z.string(), moeda_id: z.number(), pagos: z.number(), vendas: amount })),
  })
  .meta({ id: "Dashboard" });
export type Dashboard = z.infer<typeof DashboardSchema>;

export const dashboardOperations = {
  "GET /api/admin/dashboard": { admin: MANAGERS, response: z.object({ data: DashboardSchema }) },
} as const satisfies Record<string, Operation>;
