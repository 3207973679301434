import { FULFILMENT_STATUSES, type FulfilmentStatus } from "#contract/fulfilment.ts";
import type { TFunction } from "#app/i18n/translator.ts";
import "#app/i18n/admin-texts.ts";

/**
 * Each record's fields with the key of the label its form shows (the forms' own texts, not copies);
 * `*` holds labels any record may use. A field not here is looked up in `admin.records.fields`, then
 * shown in a readable form.
 */
export const FIELD_KEYS: Record<string, Record<string, string>> = {
  produto: {
    codigo: "admin.product.code",
    slug: "admin.product.slug",
    ativo: "admin.product.active",
    nome_pt: "admin.product.namePt",
    nome_es: "admin.product.nameEs",
    descritivo_pt: "admin.product.summaryPt",
    descritivo_es: "admin.product.summaryEs",
    caracteristica_pt: "admin.product.detailsPt",
    caracteristica_es: "admin.product.detailsEs",
    brand_id: "admin.product.brand",
    category_id: "admin.product.category",
    department_id: "admin.product.department",
    moeda_id: "admin.product.currency",
    valor_venda: "admin.product.price",
    mostrar_preco: "admin.product.showPrice",
    especial: "admin.product.special",
    qtde_disponivel: "admin.product.available",
    qtde_fisica: "admin.product.physical",
    especificacoes: "admin.product.specs",
    imagens: "admin.product.images",
  },
  funcionario: {
    nome: "admin.staff.name",
    email: "admin.staff.email",
    papel: "admin.staff.role",
    lang: "admin.staff.language",
    ativo: "admin.staff.activeLabel",
    totp_ativo: "admin.staff.twoFactor",
  },
  categoria: {
    name_pt: "admin.catalogue.namePt",
    name_es: "admin.catalogue.nameEs",
    slug: "admin.catalogue.slug",
    icone: "admin.catalogue.icon",
    ordem: "admin.catalogue.order",
    visivel_menu: "admin.catalogue.visible",
    departments: "admin.catalogue.departments",
  },
  departamento: {
    name_pt: "admin.catalogue.namePt",
    name_es: "admin.catalogue.nameEs",
    slug: "admin.catalogue.slug",
    icone: "admin.catalogue.icon",
    ordem: "admin.catalogue.order",
    visivel_menu: "admin.catalogue.visible",
    category_id: "admin.product.category",
  },
  marca: {
    nome: "admin.brands.name",
    slug: "admin.catalogue.slug",
    destaque: "admin.brands.featured",
    logo: "admin.brands.logo",
  },
  chave_api: {
    nome: "admin.keys.name",
    prefixo: "admin.keys.prefix",
    escopo: "admin.keys.scope",
    expira_em: "admin.keys.expiry",
    enderecos: "admin.keys.addresses",
    last_used_at: "admin.keys.lastUsed",
  },
  faq: {
    pergunta_pt: "admin.pages.faq.questionPt",
    pergunta_es: "admin.pages.faq.questionEs",
    resposta_pt: "admin.pages.faq.answerPt",
    resposta_es: "admin.pages.faq.answerEs",
    ordem: "admin.pages.faq.order",
  },
  entrega_servico: {
    descricao_pt: "admin.delivery.services.descriptionPt",
    descricao_es: "admin.delivery.services.descriptionEs",
    usa_pontos: "admin.delivery.services.usesPoints",
    ativo: "admin.delivery.active",
  },
  entrega_tarifa: {
    servico_id: "admin.delivery.rates.service",
    estado_id: "admin.delivery.department",
    estado: "admin.delivery.department",
    cidade_id: "admin.delivery.city",
    cidade: "admin.delivery.city",
    moeda_id: "admin.delivery.rates.currency",
    valor: "admin.delivery.rates.value",
    prazo: "admin.delivery.rates.days",
  },
  ponto_entrega: {
    nome: "admin.delivery.points.name",
    endereco: "admin.delivery.points.address",
    estado_id: "admin.delivery.department",
    estado: "admin.delivery.department",
    cidade_id: "admin.delivery.city",
    cidade: "admin.delivery.city",
    horario_atendimento: "admin.delivery.points.hours",
    servico_id: "admin.delivery.points.service",
    ativo: "admin.delivery.active",
  },
  configuracao: {
    totp_obrigatorio: "admin.staff.mandatory",
  },
  banner: {
    tipo: "admin.content.banners.type",
    link: "admin.content.banners.link",
    titulo_pt: "admin.content.banners.titlePt",
    titulo_es: "admin.content.banners.titleEs",
    descricao_pt: "admin.content.banners.descriptionPt",
    descricao_es: "admin.content.banners.descriptionEs",
    ordem: "admin.content.order",
    ativo: "admin.content.active",
    inicio: "admin.content.banners.start",
    fim: "admin.content.banners.end",
    imagem_url: "admin.content.image",
  },
  vendedor: {
    nome: "admin.content.sellers.name",
    funcao_pt: "admin.content.sellers.rolePt",
    funcao_es: "admin.content.sellers.roleEs",
    whatsapp: "admin.content.sellers.whatsapp",
    ordem: "admin.content.order",
    ativo: "admin.content.active",
    foto: "admin.content.sellers.photo",
  },
  cliente: {
    documento_status: "admin.customers.documentState",
    motivo: "admin.customers.reason",
    nota: "admin.customers.note",
    lado: "admin.customers.side",
    mime: "admin.customers.fileType",
    documento_id: "admin.customers.documentId",
    email: "admin.customers.email",
  },
  pedido: {
    status_entrega: "admin.orders.fulfilmentStatus",
    transportadora: "admin.orders.carrier",
    codigo_rastreio: "admin.orders.tracking",
    valor: "admin.refunds.value",
    linhas: "admin.refunds.lines",
    frete: "admin.orders.shipping",
    motivo: "admin.refunds.reason",
    nota: "admin.refunds.note",
    texto: "admin.orders.noteLabel",
    devolver_estoque: "admin.refunds.restock",
    estoque_devolvido: "admin.refunds.restocked",
    autor: "admin.refunds.who",
  },
  "*": {
    percentual: "admin.bulk.percent",
    estoque: "admin.bulk.stockValue",
    especial: "admin.product.special",
    moeda_id: "admin.product.currency",
    valor_venda: "admin.product.price",
    qtde_disponivel: "admin.product.available",
    codigo: "admin.product.code",
    linha: "admin.import.line",
    coluna: "admin.import.column",
    mensagem: "admin.import.reason",
    pt: "admin.pages.texts.pt",
    es: "admin.pages.texts.es",
  },
};

/** Records whose fields are keys of a list the form labels one by one: the label's key is the prefix and the field. */
export const FIELD_PREFIXES: Record<string, string> = {
  texto_pagina: "admin.pages.texts.keys.",
};

const FULFILMENT = new Set<string>(FULFILMENT_STATUSES);
export const isFulfilment = (s: string): s is FulfilmentStatus => FULFILMENT.has(s);

/** A fulfilment status's label (contract/fulfilment.ts); any other value as it came. */
export const fulfilmentLabel = (t: TFunction, status: string): string =>
  isFulfilment(status) ? t(`admin.records.fulfilment.${status}`) : status || t("admin.records.none");

/**
 * A payment status's label as the customer's pages show it: an order's (`pedidos.status`) or one
 * payment's (`pagamentos.status`); each list covers the statuses the other lacks.
 */
export function statusLabel(t: TFunction, status: string, kind: "order" | "payment" = "order"): string {
  if (!status) return t("admin.records.none");
  const lists = kind === "order" ? ["statuses", "paymentStatuses"] : ["paymentStatuses", "statuses"];
  for (const list of lists) {
    const text = t(`cart.orders.${list}.${status}`, { defaultValue: "\u0000" });
    if (text !== "\u0000") return text;
  }
  // A status only the back office knows (a payment approved after the cancellation).
  return t(`admin.orders.statuses.${status}`, { defaultValue: status });
}
