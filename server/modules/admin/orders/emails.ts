import type { ApiLang } from "#contract/locale.ts";
import type { MailMessage } from "../../../lib/mailer.ts";
import { layout } from "../../../lib/email-layout.ts";

/** The fulfilment changes the customer is told about by e-mail. */
export type NotifiedStatus = "pronto_retirada" | "retirado" | "enviado" | "cancelado";
export const NOTIFIED: readonly string[] = ["pronto_retirada", "retirado", "enviado", "cancelado"] satisfies NotifiedStatus[];

export interface OrderMailFacts {
  to: string;
  name: string;
  pedido: string;
  codigo_retirada: string;
  /** Where the order waits (a pickup point's name and address, or the shop's address). */
  lugar: string;
  transportadora?: string | null;
  codigo_rastreio?: string | null;
  /** When it was handed over, already written in the customer's language. */
  quando?: string;
}

const texts = {
  pt: {
    hello: (name: string) => `Olá, ${name}!`,
    button: "Ver meu pedido",
    fallback: "Se o botão não funcionar, copie este endereço no navegador:",
    footer: "Você recebe este e-mail porque fez um pedido na nossa loja.",
    subject: {
      pronto_retirada: (n: string) => `Pedido ${n} pronto para retirada`,
      retirado: (n: string) => `Pedido ${n} retirado`,
      enviado: (n: string) => `Pedido ${n} enviado`,
      cancelado: (n: string) => `Pedido ${n} cancelado`,
    },
    body: {
      pronto_retirada: (f: OrderMailFacts) =>
        `Seu pedido ${f.pedido} está pronto para retirada em ${f.lugar}. Apresente o código de retirada ${f.codigo_retirada} e seu documento.`,
      retirado: (f: OrderMailFacts) => `Seu pedido ${f.pedido} foi retirado${f.quando ? ` em ${f.quando}` : ""}. Obrigado pela compra!`,
      enviado: (f: OrderMailFacts) =>
        `Seu pedido ${f.pedido} foi enviado pela transportadora ${f.transportadora ?? ""}. Código de rastreio: ${f.codigo_rastreio ?? ""}.`,
      cancelado: (f: OrderMailFacts) => `Seu pedido ${f.pedido} foi cancelado e a reserva dos produtos foi liberada. Nenhum valor foi cobrado.`,
    },
  },
  es: {
    hello: (name: string) => `¡Hola, ${name}!`,
    button: "Ver mi pedido",
    fallback: "Si el botón no funciona, copie esta dirección en el navegador:",
    footer: "Recibe este correo porque hizo un pedido en nuestra tienda.",
    subject: {
      pronto_retirada: (n: string) => `Pedido ${n} listo para retirar`,
      retirado: (n: string) => `Pedido ${n} retirado`,
      enviado: (n: string) => `Pedido ${n} enviado`,
      cancelado: (n: string) => `Pedido ${n} cancelado`,
    },
    body: {
      pronto_retirada: (f: OrderMailFacts) =>
        `Su pedido ${f.pedido} está listo para retirar en ${f.lugar}. Presente el código de retiro ${f.codigo_retirada} y su documento.`,
      retirado: (f: OrderMailFacts) => `Su pedido ${f.pedido} fue retirado${f.quando ? ` el ${f.quando}` : ""}. ¡Gracias por su compra!`,
      enviado: (f: OrderMailFacts) =>
        `Su pedido ${f.pedido} fue enviado por la transportadora ${f.transportadora ?? ""}. Código de seguimiento: ${f.codigo_rastreio ?? ""}.`,
      cancelado: (f: OrderMailFacts) => `Su pedido ${f.pedido} fue cancelado y la reserva de los productos fue liberada. No se cobró ningún valor.`,
    },
  },
};

/** The customer's e-mail about a fulfilment change, in their language, with a link to their order's page. */
export function fulfilmentEmail(status: NotifiedStatus, facts: OrderMailFacts, lang: ApiLang, brand: string, link: string): MailMessage {
  const t = texts[lang];
  return {
    to: facts.to,
    subject: `${t.subject[status](facts.pedido)} · ${brand}`,
    ...layout(brand, t.hello(facts.name), t.body[status](facts), t.button, link, t.footer, t.fallback),
  };
}
