import type { RejectionReason } from "#contract/api/accounts.ts";
import { apiLang, isLocale } from "#contract/locale.ts";
import type { MailMessage } from "../../../lib/mailer.ts";
import { layout } from "../../../lib/email-layout.ts";

/** The e-mail a customer gets when staff reviewed their identity document, in the customer's language. */
const texts = {
  pt: {
    verifiedSubject: (brand: string) => `Documento verificado · ${brand}`,
    verifiedBody: "Conferimos o documento de identidade da sua conta e ele foi verificado. Obrigado!",
    rejectedSubject: (brand: string) => `Documento recusado · ${brand}`,
    rejectedBody: (reason: string, note: string) =>
      `Não conseguimos aceitar o documento de identidade da sua conta. Motivo: ${reason}.${note ? ` Observação: ${note}` : ""} Envie novas imagens da frente e do verso pelo seu perfil.`,
    reasons: {
      ilegivel: "a imagem está ilegível",
      vencido: "o documento está vencido",
      nome_diferente: "o nome do documento é diferente do nome da conta",
      outro: "outro motivo",
    } satisfies Record<RejectionReason, string>,
    button: "Ver meus dados",
    ignore: "Se tiver dúvidas, responda a este e-mail ou fale com a loja.",
    hello: (name: string) => `Olá, ${name}!`,
    fallback: "Se o botão não funcionar, copie este endereço no navegador:",
  },
  es: {
    verifiedSubject: (brand: string) => `Documento verificado · ${brand}`,
    verifiedBody: "Revisamos el documento de identidad de su cuenta y fue verificado. ¡Gracias!",
    rejectedSubject: (brand: string) => `Documento rechazado · ${brand}`,
    rejectedBody: (reason: string, note: string) =>
      `No pudimos aceptar el documento de identidad de su cuenta. Motivo: ${reason}.${note ? ` Observación: ${note}` : ""} Envíe nuevas imágenes del frente y del dorso desde su perfil.`,
    reasons: {
      ilegivel: "la imagen no se puede leer",
      vencido: "el documento está vencido",
      nome_diferente: "el nombre del documento es diferente del nombre de la cuenta",
      outro: "otro motivo",
    } satisfies Record<RejectionReason, string>,
    button: "Ver mis datos",
    ignore: "Si tiene dudas, responda este correo o hable con la tienda.",
    hello: (name: string) => `¡Hola, ${name}!`,
    fallback: "Si el botón no funciona, copie esta dirección en el navegador:",
  },
};

interface Customer {
  email: string;
  nome: string;
  lang: string;
}

export function documentReviewEmail(
  customer: Customer,
  review: { estado: "verificado" | "rejeitado"; motivo?: RejectionReason; nota?: string },
  brand: string,
  link: string,
): MailMessage {
  const t = texts[apiLang(isLocale(customer.lang) ? customer.lang : "pt-BR")];
  const verified = review.estado === "verificado";
  const body = verified ? t.verifiedBody : t.rejectedBody(t.reasons[review.motivo ?? "outro"], review.nota ?? "");
  return {
    to: customer.email,
    subject: verified ? t.verifiedSubject(brand) : t.rejectedSubject(brand),
    ...layout(brand, t.hello(customer.nome), body, t.button, link, t.ignore, t.fallback),
  };
}
