import type { ApiLang } from "#contract/locale.ts";
import { layout } from "../../../lib/email-layout.ts";
import type { MailMessage } from "../../../lib/mailer.ts";

const texts = {
  pt: {
    subject: (order: string, brand: string) => `Estorno do pedido ${order} · ${brand}`,
    hello: (name: string) => `Olá, ${name}!`,
    body: (order: string, amount: string, outside: boolean) =>
      outside
        ? `Registramos a devolução de ${amount} do seu pedido ${order}. Ela é feita diretamente pela loja; em caso de dúvida, fale com a nossa equipe.`
        : `Estornamos ${amount} do seu pedido ${order} pelo meio de pagamento usado. O prazo para o valor aparecer depende do seu banco ou cartão.`,
    button: "Ver o pedido",
    ignore: "Esta mensagem é sobre um pedido seu na nossa loja.",
    fallback: "Se o botão não funcionar, copie este endereço no navegador:",
  },
  es: {
    subject: (order: string, brand: string) => `Reembolso del pedido ${order} · ${brand}`,
    hello: (name: string) => `¡Hola, ${name}!`,
    body: (order: string, amount: string, outside: boolean) =>
      outside
        ? `Registramos la devolución de ${amount} de su pedido ${order}. La hace directamente la tienda; ante cualquier duda, hable con nuestro equipo.`
        : `Reembolsamos ${amount} de su pedido ${order} por el medio de pago utilizado. El plazo para ver el monto depende de su banco o tarjeta.`,
    button: "Ver el pedido",
    ignore: "Este mensaje es sobre un pedido suyo en nuestra tienda.",
    fallback: "Si el botón no funciona, copie esta dirección en el navegador:",
  },
};

/** The customer's e-mail about a refund of their order, in their language, with the amount. */
export function refundEmail(
  to: string,
  name: string,
  lang: ApiLang,
  brand: string,
  refund: { order: string; amount: string; outside: boolean; link: string },
): MailMessage {
  const t = texts[lang];
  return {
    to,
    subject: t.subject(refund.order, brand),
    ...layout(brand, t.hello(name), t.body(refund.order, refund.amount, refund.outside), t.button, refund.link, t.ignore, t.fallback),
  };
}
