import { z } from "zod";
import { textSchema } from "./api/common.ts";
import { interpolate } from "./interpolate.ts";

/**
 * The how-to-buy and about pages' texts (docs/decisions/033): staff edit them in the back office
 * (`textos_paginas` keeps what they changed), and a text nobody changed reads its default here, the
 * words the pages have always had. `{{brand}}` is replaced by the store's name on the host it is read on.
 * Portuguese for the Brazilian site, Spanish for the Paraguayan and Argentine ones.
 */
export const PAGE_TEXT_DEFAULTS = {
  "howToBuy.intro": {
    pt: "Comprar na {{brand}} é simples. Veja o passo a passo para o seu país.",
    es: "Comprar en {{brand}} es fácil. Mirá el paso a paso para tu país.",
  },
  "howToBuy.brazilTitle": {
    pt: "Clientes do Brasil",
    es: "Clientes de Brasil",
  },
  "howToBuy.brazilIntro": {
    pt: "Preços em dólar (U$) e retirada na nossa loja em Ciudad del Este.",
    es: "Precios en dólares (U$) y retiro en nuestro local de Ciudad del Este.",
  },
  "howToBuy.brazilSteps.choose": {
    pt: "Escolha os produtos e adicione ao carrinho. Os preços são em dólar (U$).",
    es: "Elegí los productos y agregalos al carrito. Los precios están en dólares (U$).",
  },
  "howToBuy.brazilSteps.account": {
    pt: "Cadastre-se com seu CPF, endereço e documento de identidade (frente e verso): esses dados são necessários para a isenção de impostos.",
    es: "Registrate con tu CPF, dirección y documento de identidad (frente y dorso): son necesarios para la exención de impuestos.",
  },
  "howToBuy.brazilSteps.pay": {
    pt: "Pague pelo link de pagamento: PIX, boleto ou cartão em até 10x (com CPF).",
    es: "Pagá con el link de pago: PIX, boleto o tarjeta en hasta 10 cuotas (con CPF).",
  },
  "howToBuy.brazilSteps.pickup": {
    pt: "Retire o pedido na loja apresentando o código de retirada e um documento com foto.",
    es: "Retirá el pedido en el local presentando el código de retiro y un documento con foto.",
  },
  "howToBuy.brazilNotice": {
    pt: "Não realizamos entregas no Brasil: clientes brasileiros retiram as compras na loja física.",
    es: "No realizamos envíos a Brasil: los clientes brasileños retiran sus compras en el local.",
  },
  "howToBuy.paraguayTitle": {
    pt: "Clientes do Paraguai",
    es: "Clientes de Paraguay",
  },
  "howToBuy.paraguayIntro": {
    pt: "Preços em guaranis (G$), com entrega a domicílio ou em pontos de retirada.",
    es: "Precios en guaraníes (G$), con envío a domicilio o retiro en puntos de entrega.",
  },
  "howToBuy.paraguaySteps.choose": {
    pt: "Escolha os produtos e adicione ao carrinho. Os preços aparecem em guaranis (G$).",
    es: "Elegí los productos y agregalos al carrito. Los precios se muestran en guaraníes (G$).",
  },
  "howToBuy.paraguaySteps.account": {
    pt: "Cadastre-se com sua cédula ou RUC (necessário se quiser fatura) e o endereço de entrega.",
    es: "Registrate con tu cédula o RUC (necesario si querés factura) y tu dirección de entrega.",
  },
  "howToBuy.paraguaySteps.delivery": {
    pt: "No checkout, escolha a entrega no seu endereço ou um ponto de retirada perto de você.",
    es: "En el checkout elegí el envío a tu dirección o un punto de retiro cerca tuyo.",
  },
  "howToBuy.paraguaySteps.pay": {
    pt: "Pague com cartão, QR, carteiras digitais, transferência bancária ou bocas de pagamento.",
    es: "Pagá con tarjeta, QR, billeteras electrónicas, transferencia bancaria o bocas de cobranza.",
  },
  "howToBuy.faqTitle": {
    pt: "Perguntas frequentes",
    es: "Preguntas frecuentes",
  },
  "howToBuy.help": {
    pt: "Ficou com dúvidas? Fale com a nossa equipe de vendedores.",
    es: "¿Te quedaron dudas? Hablá con nuestro equipo de vendedores.",
  },
  "about.subtitle": {
    pt: "Ferramentas profissionais em Ciudad del Este, com atendimento em português e espanhol.",
    es: "Herramientas profesionales en Ciudad del Este, con atención en español y portugués.",
  },
  "about.historyTitle": {
    pt: "Nossa história",
    es: "Nuestra historia",
  },
  "about.history1": {
    pt: "A {{brand}} nasceu no coração comercial de Ciudad del Este para atender profissionais que precisam de ferramentas confiáveis: eletricistas, mecânicos, marceneiros, construtoras e oficinas.",
    es: "{{brand}} nació en el corazón comercial de Ciudad del Este para atender a profesionales que necesitan herramientas confiables: electricistas, mecánicos, carpinteros, constructoras y talleres.",
  },
  "about.history2": {
    pt: "Hoje reunimos as principais marcas do mercado em uma loja física e online, com preços em dólar, retirada na loja para clientes do Brasil e entregas em todo o Paraguai.",
    es: "Hoy reunimos las principales marcas del mercado en un local físico y en línea, con precios en dólares, retiro en el local para clientes de Brasil y envíos a todo el Paraguay.",
  },
  "about.imageAlt": {
    pt: "Fachada da loja {{brand}} em Ciudad del Este",
    es: "Fachada del local {{brand}} en Ciudad del Este",
  },
  "about.valuesTitle": {
    pt: "Nossos valores",
    es: "Nuestros valores",
  },
  "about.values.quality.title": {
    pt: "Qualidade",
    es: "Calidad",
  },
  "about.values.quality.text": {
    pt: "Só trabalhamos com produtos originais, com garantia do fabricante.",
    es: "Solo trabajamos con productos originales, con garantía del fabricante.",
  },
  "about.values.service.title": {
    pt: "Atendimento",
    es: "Atención",
  },
  "about.values.service.text": {
    pt: "Uma equipe que conhece ferramentas e ajuda você a escolher a certa.",
    es: "Un equipo que conoce de herramientas y te ayuda a elegir la correcta.",
  },
  "about.values.agility.title": {
    pt: "Agilidade",
    es: "Agilidad",
  },
  "about.values.agility.text": {
    pt: "Pedido separado rapidamente, retirada sem fila e entregas no mesmo dia em Ciudad del Este.",
    es: "Pedidos preparados al instante, retiro sin filas y envíos en el día en Ciudad del Este.",
  },
  "about.contactTitle": {
    pt: "Fale conosco",
    es: "Contactanos",
  },
} as const satisfies Record<string, { pt: string; es: string }>;

export type PageTextKey = keyof typeof PAGE_TEXT_DEFAULTS;
export const PAGE_TEXT_KEYS = Object.keys(PAGE_TEXT_DEFAULTS) as PageTextKey[];

/** The two pages whose texts staff edit. */
export const TEXT_PAGES = ["howToBuy", "about"] as const;
export type TextPage = (typeof TEXT_PAGES)[number];

/** The keys of one page, in the order the page shows them. */
export const pageTextKeys = (page: TextPage): PageTextKey[] => PAGE_TEXT_KEYS.filter((key) => key.startsWith(`${page}.`));

/** The longest text a field takes (a paragraph of the about page's history is the longest default, about 200). */
export const MAX_PAGE_TEXT = 2000;

/** One page's texts in one language, as the storefront reads them. */
export type PageTexts = Record<PageTextKey, string>;

/** A text with the store's name in place of `{{brand}}`. */
export const pageText = (texts: Partial<PageTexts>, key: PageTextKey, brand: string) => interpolate(texts[key] ?? "", { brand });

const text = textSchema({ multiline: true }).min(1).max(MAX_PAGE_TEXT);

/** A page's save: each text sent, in both languages (a key of another page is refused by the server). */
export const PageTextsBodySchema = z.object({
  textos: z.partialRecord(z.enum(PAGE_TEXT_KEYS as [PageTextKey, ...PageTextKey[]]), z.object({ pt: text, es: text })),
});
export const PageTextsParamSchema = z.object({ page: z.enum(TEXT_PAGES) });
