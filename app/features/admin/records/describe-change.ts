import { formatPrice } from "#contract/money.ts";
import type { TFunction } from "#app/i18n/translator.ts";
import { FIELD_KEYS, FIELD_PREFIXES, fulfilmentLabel, isFulfilment, statusLabel } from "./labels.ts";
import "#app/i18n/admin-texts.ts";

/**
 * What the audit log and the order timelines show of a record: field labels as the forms show them,
 * values as the screens format them (money in its own currency, dates and numbers in the member's
 * language, yes/no, roles, statuses), in the member's language. Unknown fields and values fall back to
 * a readable form; a column that looks like a secret is never shown, even if a record kept one.
 */
export interface Formatter {
  t: TFunction;
  /** The member's language (the translator's). */
  locale: string;
  /** Names of the catalogue's brands, categories and departments by id, when the page has them. */
  names?: Partial<Record<"brand_id" | "category_id" | "department_id", ReadonlyMap<number, string>>>;
}

export interface ChangeLine {
  field: string;
  label: string;
  before: string;
  after: string;
}

export interface DescribedEntry {
  /** What was done to what: "Edição · Produto ABC-1". */
  summary: string;
  /** Lines of their own (an import's file and counts, a bulk change's scope, a refusal's reason). */
  notes: string[];
  /** The fields that changed, each before → after. */
  changes: ChangeLine[];
}

/** The part of an audit record the description reads (contract AuditEntry). */
export interface AuditRecordView {
  acao: string;
  entidade: string;
  entidade_id: string | null;
  antes: unknown;
  depois: unknown;
}

/** An order timeline's line (pedido_eventos). */
export interface OrderEventView {
  tipo: string;
  autor?: string | null;
  dados: unknown;
}

type Row = Record<string, unknown>;

const SECRET = /hash|secret|senha|password|token/i;
/** Fields a record repeats from its header (its id) or that change on every write. */
const HIDDEN = new Set(["id", "updated_at"]);
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const SHOP_TIME_ZONE = "America/Asuncion";
/** Money fields: shown in the currency of the record they sit in (its `moeda_id`). */
const MONEY = new Set(["valor_venda", "valor", "valor_total", "valor_frete", "valor_unitario", "valor_subtotal", "total", "frete", "amount"]);
/** Longest text a value shows before it is cut. */
const MAX_TEXT = 160;
/** Product lines an import or a bulk change shows before "and N more". */
const MAX_LINES = 20;

const isRow = (v: unknown): v is Row => typeof v === "object" && v !== null && !Array.isArray(v);
const asRow = (v: unknown): Row => (isRow(v) ? v : {});

/** A field or key nobody labelled: `valor_venda` → "Valor venda". */
export function readable(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_\-.]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

/** A key of the catalogues, or `fallback` when none of `keys` is there. */
function firstOf(t: TFunction, keys: string[], fallback: string): string {
  for (const key of keys) {
    const text = t(key, { defaultValue: "\u0000" });
    if (text !== "\u0000") return text;
  }
  return fallback;
}

const cut = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();

/** A field's label: the form's own text for it, else the records' catalogue, else a readable form. */
export function fieldLabel(f: Formatter, entity: string, field: string): string {
  return firstOf(f.t, labelKeys(entity, field), readable(field));
}

/** Where a field's label may be, in order: the form's own key, the one any record may use, the records' catalogue. */
function labelKeys(entity: string, field: string): string[] {
  const own = FIELD_KEYS[entity]?.[field] ?? (FIELD_PREFIXES[entity] ? `${FIELD_PREFIXES[entity]}${field}` : undefined);
  const any = FIELD_KEYS["*"]?.[field];
  return [...(own ? [own] : []), ...(any ? [any] : []), `admin.records.fields.${field}`];
}

function dateText(value: string, locale: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  if (ISO_DATE.test(value)) return new Intl.DateTimeFormat(locale, { dateStyle: "short", timeZone: "UTC" }).format(date);
  return new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short", timeZone: SHOP_TIME_ZONE }).format(date);
}

const yesNo = (f: Formatter, v: boolean) => f.t(v ? "admin.records.yes" : "admin.records.no");

/**
 * One value as the screens show it. `row` is the record it sits in: a price takes that record's
 * currency. Never throws: anything unexpected is shown as readable text.
 */
export function formatValue(f: Formatter, field: string, value: unknown, row: Row = {}): string {
  const { t, locale } = f;
  if (value === null || value === undefined || value === "") return t("admin.records.none");
  if (SECRET.test(field)) return "••••";
  if (typeof value === "boolean") return yesNo(f, value);
  if (Array.isArray(value)) {
    if (field === "imagens") return t("admin.records.images", { count: value.length });
    if (field === "especificacoes") return specs(f, value);
    if (value.every((v) => typeof v !== "object" || v === null)) return cut(value.map((v) => formatValue(f, field, v, row)).join(", "));
    return t("admin.records.items", { count: value.length });
  }
  if (isRow(value)) {
    return cut(
      Object.entries(value)
        .filter(([k]) => !SECRET.test(k))
        .map(([k, v]) => `${fieldLabel(f, "*", k)}: ${formatValue(f, k, v, value)}`)
        .join("; "),
    );
  }
  const text = String(value);
  if (MONEY.has(field) && row.moeda_id !== undefined) return formatPrice(text, Number(row.moeda_id));
  switch (field) {
    case "moeda_id":
      return firstOf(t, [`admin.records.currencies.${text}`, text === "2" ? "admin.product.usd" : text === "3" ? "admin.product.pyg" : ""], text);
    case "papel":
      return t(`admin.roles.${text}`, { defaultValue: text });
    case "lang":
      return t(`admin.languages.${text}`, { defaultValue: text });
    case "escopo":
      return t(`admin.keys.scopes.${text}`, { defaultValue: text });
    case "motivo":
      // A reason from a list by its label; one a member typed (a cancellation's) as typed.
      return firstOf(
        t,
        [`admin.records.reasons.${text}`, `admin.customers.reasons.${text}`, `admin.refunds.reasons.${text}`],
        /^[a-z_]+$/.test(text) ? readable(text) : cut(text),
      );
    case "onde":
      return firstOf(t, [`admin.records.places.${text}`], readable(text));
    case "resposta":
      return firstOf(t, [`admin.refunds.answers.${text}`], cut(text));
    case "de":
    case "para":
      return isFulfilment(text) ? fulfilmentLabel(t, text) : statusLabel(t, text);
    case "documento_status":
      return t(`admin.customers.states.${text}`, { defaultValue: readable(text) });
    case "lado":
      return t(`admin.customers.sides.${text}`, { defaultValue: readable(text) });
    case "status_entrega":
      return fulfilmentLabel(t, text);
    case "status":
    case "status_pagamento": {
      // An order's or a payment's status, or a refund's (pendente, feito, fora_da_loja, recusado).
      const label = statusLabel(t, text);
      return label === text ? firstOf(t, [`admin.refunds.statuses.${text}`], text) : label;
    }
    case "brand_id":
    case "category_id":
    case "department_id": {
      const name = f.names?.[field]?.get(Number(value));
      return name ? `${name} (#${text})` : `#${text}`;
    }
  }
  if (typeof value === "number") return new Intl.NumberFormat(locale).format(value);
  if (ISO_DATE_TIME.test(text) || ISO_DATE.test(text)) return dateText(text, locale);
  return cut(/<[a-z][^>]*>/i.test(text) ? plain(text) : text);
}

/** A product's specifications in the member's language: "Voltagem: 220 V; Cor: preto". */
function specs(f: Formatter, list: unknown[]): string {
  if (list.length === 0) return f.t("admin.records.none");
  const es = f.locale.startsWith("es");
  return cut(
    list
      .map(asRow)
      .map((s) => {
        const name = String((es ? s.nome_es : s.nome_pt) ?? s.nome_pt ?? "");
        const value = (es ? s.valor_es : s.valor_pt) ?? s.valor_pt;
        return value === null || value === undefined || value === "" ? name : `${name}: ${String(value)}`;
      })
      .join("; "),
  );
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const blank = (v: unknown) => v === null || v === undefined || v === "" || (Array.isArray(v) && v.length === 0);

/**
 * The fields that differ between two versions of a record, labelled and formatted. A creation shows
 * what it set, a removal what it had (empty fields left out); `prefix` names the row inside a list.
 */
export function changedFields(f: Formatter, entity: string, before: unknown, after: unknown, prefix = ""): ChangeLine[] {
  const a = asRow(before);
  const b = asRow(after);
  const one = !isRow(before) || !isRow(after);
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((field) => !HIDDEN.has(field) && !SECRET.test(field))
    .filter((field) => !same(a[field], b[field]) && !(one && blank(a[field]) && blank(b[field])))
    .map((field) => ({
      field,
      label: prefix + fieldLabel(f, entity, field),
      before: field in a ? formatValue(f, field, a[field], a) : f.t("admin.records.none"),
      after: field in b ? formatValue(f, field, b[field], b) : f.t("admin.records.none"),
    }));
}

/** How the record names the thing it is about: a product's code, a member's e-mail, a file's name. */
function nameOf(entry: AuditRecordView): string {
  const row = { ...asRow(entry.antes), ...asRow(entry.depois) };
  for (const key of ["codigo", "email", "nome", "name_pt", "arquivo", "nome_pt"]) {
    const v = row[key];
    if (typeof v === "string" && v.trim() !== "") return cut(v);
  }
  return "";
}

function summaryOf(f: Formatter, entry: AuditRecordView): string {
  const { t } = f;
  const action = firstOf(t, [`admin.audit.actions.${entry.acao}`, `admin.records.actions.${entry.acao}`], readable(entry.acao));
  const entity = firstOf(t, [`admin.audit.entities.${entry.entidade}`, `admin.records.entities.${entry.entidade}`], readable(entry.entidade));
  const name = nameOf(entry);
  const id = entry.entidade_id && entry.entidade !== "operacao" ? `#${entry.entidade_id}` : "";
  const ref = [name, id].filter(Boolean).join(" ");
  return `${action} · ${entity}${ref ? ` ${ref}` : ""}`;
}

/** Up to MAX_LINES lines, then "and N more". */
function capped<T>(f: Formatter, lines: T[], show: (l: T) => ChangeLine[]): { changes: ChangeLine[]; more: string[] } {
  const changes = lines.slice(0, MAX_LINES).flatMap(show);
  return { changes, more: lines.length > MAX_LINES ? [f.t("admin.records.more", { count: lines.length - MAX_LINES })] : [] };
}

/** An import's counts and the file's name, its refused rows, and the products it changed. */
function describeImport(f: Formatter, entry: AuditRecordView): Omit<DescribedEntry, "summary"> {
  const antes = asRow(entry.antes);
  const depois = asRow(entry.depois);
  const n = (k: string) => new Intl.NumberFormat(f.locale).format(Number(depois[k] ?? 0));
  const notes = [
    f.t("admin.records.import.summary", {
      file: String(antes.arquivo ?? depois.arquivo ?? "—"),
      criadas: n("criadas"),
      atualizadas: n("atualizadas"),
      inalteradas: n("inalteradas"),
      recusadas: n("recusadas"),
    }),
    ...(Array.isArray(depois.recusas) ? depois.recusas.map((r) => importRefusalLine(f, asRow(r))) : []),
  ];
  const before = Array.isArray(antes.valores) ? antes.valores : [];
  const after = Array.isArray(depois.valores) ? depois.valores : [];
  const { changes, more } = capped(f, after, (row) => {
    const b = before[after.indexOf(row)];
    const r = asRow(row);
    return changedFields(f, "produto", isRow(b) ? b : {}, r, `${String(r.codigo ?? "")} · `).filter((c) => c.field !== "codigo");
  });
  return { notes: [...notes, ...more], changes };
}

/** One refused row of an import: its line, column, the value it refused and why. */
export function importRefusalLine(f: Formatter, refusal: { linha?: unknown; coluna?: unknown; valor?: unknown; mensagem?: unknown }): string {
  const vars = { line: String(refusal.linha ?? "?"), column: String(refusal.coluna ?? ""), reason: String(refusal.mensagem ?? "") };
  if (!refusal.coluna) return f.t("admin.records.import.refusalNoColumn", vars);
  if (refusal.valor === null || refusal.valor === undefined || refusal.valor === "") return f.t("admin.records.import.refusalNoValue", vars);
  return f.t("admin.records.import.refusal", { ...vars, value: cut(String(refusal.valor)) });
}

/** A bulk change: how many products, what was applied, and each product's value before → after. */
function describeBulk(f: Formatter, entry: AuditRecordView): Omit<DescribedEntry, "summary"> {
  const antes = asRow(entry.antes);
  const depois = asRow(entry.depois);
  const field = entry.acao === "reajuste_em_massa" ? "valor_venda" : entry.acao === "estoque_em_massa" ? "qtde_disponivel" : "especial";
  const what =
    entry.acao === "reajuste_em_massa"
      ? f.t("admin.records.bulk.percent", { percent: new Intl.NumberFormat(f.locale).format(Number(depois.percentual)) })
      : entry.acao === "estoque_em_massa"
        ? f.t("admin.records.bulk.stock", { stock: new Intl.NumberFormat(f.locale).format(Number(depois.estoque)) })
        : f.t(depois.especial ? "admin.records.bulk.specialOn" : "admin.records.bulk.specialOff");
  const notes = [`${f.t("admin.records.bulk.count", { count: Number(antes.alterados ?? 0) })}: ${what}`];
  if (isRow(antes.filtro)) notes.push(`${fieldLabel(f, "*", "filtro")}: ${formatValue(f, "filtro", antes.filtro)}`);
  const before = Array.isArray(antes.valores) ? antes.valores.map(asRow) : [];
  const after = Array.isArray(depois.valores) ? depois.valores.map(asRow) : [];
  const typed = (r: Row): Row => {
    const v = r.valor;
    const value = field === "especial" ? v === true || v === "true" : field === "qtde_disponivel" ? Number(v) : v;
    return { [field]: value, moeda_id: r.moeda_id };
  };
  const { changes, more } = capped(f, after, (r) => {
    const b = before.find((x) => x.id === r.id) ?? {};
    return changedFields(f, "produto", typed(b), typed(r), `${String(r.codigo ?? "")} · `);
  });
  return { notes: [...notes, ...more], changes };
}

/** The day's rates: each currency's rate, labelled as the rates form labels it. */
function describeRates(f: Formatter, entry: AuditRecordView): Omit<DescribedEntry, "summary"> {
  const a = asRow(entry.antes);
  const b = asRow(entry.depois);
  const number = (v: unknown) =>
    v === undefined || v === null ? f.t("admin.records.none") : new Intl.NumberFormat(f.locale, { maximumFractionDigits: 6 }).format(Number(v));
  const changes = [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((k) => Number(a[k]) !== Number(b[k]))
    .map((symbol) => ({ field: symbol, label: f.t("admin.records.rate", { symbol }), before: number(a[symbol]), after: number(b[symbol]) }));
  return { notes: [], changes };
}

/** A line of the audit log, in the member's language. */
export function describeAuditEntry(f: Formatter, entry: AuditRecordView): DescribedEntry {
  const summary = summaryOf(f, entry);
  try {
    if (entry.acao === "importar") return { summary, ...describeImport(f, entry) };
    if (entry.acao.endsWith("_em_massa")) return { summary, ...describeBulk(f, entry) };
    if (entry.entidade === "cotacao") return { summary, ...describeRates(f, entry) };
    return { summary, notes: [], changes: changedFields(f, entry.entidade, entry.antes, entry.depois) };
  } catch {
    // A record of a shape nobody foresaw: its fields as they are, never a broken page.
    return { summary, notes: [], changes: changedFields(f, entry.entidade, entry.antes, entry.depois) };
  }
}

/**
 * One line of an order's timeline, in the member's language: "Entrega: Em separação → Enviado
 * (Correios, código de rastreio BR123)". The author is not in the line (the timeline shows who and when
 * beside it); fields the line does not name are added as "Label: value".
 */
export function describeOrderEvent(f: Formatter, event: OrderEventView): string {
  const { t } = f;
  const dados = asRow(event.dados);
  const shown = new Set<string>();
  const take = (k: string) => {
    shown.add(k);
    return dados[k];
  };
  let line: string;
  switch (event.tipo) {
    case "status_pagamento":
      line = t("admin.records.timeline.status_pagamento", {
        from: statusLabel(t, String(take("de") ?? "")),
        to: statusLabel(t, String(take("para") ?? "")),
      });
      break;
    case "status_entrega": {
      const from = String(take("de") ?? "");
      const to = String(take("para") ?? "");
      line = t("admin.records.timeline.status_entrega", {
        from: from ? fulfilmentLabel(t, from) : t("admin.records.none"),
        to: isFulfilment(to) || to ? fulfilmentLabel(t, to) : t("admin.records.none"),
      });
      const carrier = take("transportadora");
      const code = take("codigo_rastreio");
      if (carrier || code) line += ` (${t("admin.records.timeline.shipment", { carrier: String(carrier ?? "—"), code: String(code ?? "—") })})`;
      break;
    }
    case "pagamento":
      take("pagamento_id");
      line = t("admin.records.timeline.pagamento", {
        provider: String(take("provider") ?? "—"),
        from: statusLabel(t, String(take("de") ?? ""), "payment"),
        to: statusLabel(t, String(take("para") ?? ""), "payment"),
      });
      break;
    default: {
      line = firstOf(t, [`admin.records.timeline.${event.tipo}`], readable(event.tipo));
      // A note's text, an e-mail's subject: the line's own words, after its label.
      const own = ["texto", "assunto"].find((k) => typeof dados[k] === "string" && dados[k] !== "");
      if (own) line += `: ${cut(String(take(own)))}`;
    }
  }
  const rest = Object.entries(dados)
    .filter(([k, v]) => !shown.has(k) && !SECRET.test(k) && k !== "moeda_id" && !blank(v))
    .map(([k, v]) => `${fieldLabel(f, "pedido", k)}: ${formatValue(f, k, v, dados)}`);
  return rest.length > 0 ? `${line} — ${rest.join("; ")}` : line;
}

const known = (f: Formatter, keys: string[]) => keys.some((key) => f.t(key, { defaultValue: "\u0000" }) !== "\u0000");

/** Whether a field has a label of its own (the form's, the records' catalogue's), not the readable fallback. */
export function hasFieldLabel(f: Formatter, entity: string, field: string): boolean {
  return known(f, labelKeys(entity, field));
}

/** Records whose values the log shows in a form of their own (an import's counts, a bulk change's list, the rates). */
const OWN_SHAPE = (entry: AuditRecordView) => entry.acao === "importar" || entry.acao.endsWith("_em_massa") || entry.entidade === "cotacao";

/**
 * What an audit record would show without a label of its own (in readable fallback form): its action, its
 * entity, and each field it keeps (nested rows' fields too). Empty when everything is labelled: the tests
 * check every record the back office writes against it, so a new action or field cannot slip in unlabelled.
 */
export function unlabelledInEntry(f: Formatter, entry: AuditRecordView): string[] {
  const gaps: string[] = [];
  if (!known(f, [`admin.audit.actions.${entry.acao}`, `admin.records.actions.${entry.acao}`])) gaps.push(`action ${entry.acao}`);
  if (!known(f, [`admin.audit.entities.${entry.entidade}`, `admin.records.entities.${entry.entidade}`])) gaps.push(`entity ${entry.entidade}`);
  if (OWN_SHAPE(entry)) return gaps;
  for (const row of [entry.antes, entry.depois].filter(isRow)) {
    for (const [field, value] of Object.entries(row)) {
      if (HIDDEN.has(field) || SECRET.test(field)) continue;
      if (!hasFieldLabel(f, entry.entidade, field)) gaps.push(`field ${entry.entidade}.${field}`);
      if (isRow(value))
        for (const inner of Object.keys(value)) if (!SECRET.test(inner) && !hasFieldLabel(f, "*", inner)) gaps.push(`field *.${inner}`);
    }
  }
  return [...new Set(gaps)];
}

/** What a timeline line would show without a label of its own: its kind, and each field it adds as "Label: value". */
export function unlabelledInEvent(f: Formatter, event: OrderEventView): string[] {
  const own: Record<string, string[]> = {
    status_pagamento: ["de", "para"],
    status_entrega: ["de", "para", "transportadora", "codigo_rastreio"],
    pagamento: ["pagamento_id", "provider", "de", "para"],
  };
  const gaps: string[] = [];
  if (!own[event.tipo] && !known(f, [`admin.records.timeline.${event.tipo}`])) gaps.push(`event ${event.tipo}`);
  for (const [field, value] of Object.entries(asRow(event.dados))) {
    if (own[event.tipo]?.includes(field) || SECRET.test(field) || field === "moeda_id" || blank(value)) continue;
    if ((field === "texto" || field === "assunto") && !own[event.tipo]) continue;
    if (!hasFieldLabel(f, "pedido", field)) gaps.push(`field pedido.${field}`);
  }
  return [...new Set(gaps)];
}
