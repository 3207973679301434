import { apiLang, type Locale } from "#contract/locale.ts";
import type { MailMessage } from "../../../lib/mailer.ts";
import { layout } from "../../../lib/email-layout.ts";

/** The back office's e-mails to a member (docs/decisions/025), in the member's own language. */
const texts = {
  pt: {
    resetSubject: (brand: string) => `Redefinição de senha do painel · ${brand}`,
    resetBody: "Recebemos um pedido para redefinir a sua senha do painel da loja. O link vale por 1 hora e uma única vez.",
    resetButton: "Redefinir senha",
    enrolSubject: (brand: string) => `Ativar a verificação em duas etapas · ${brand}`,
    enrolBody: "Use este link para ativar a verificação em duas etapas na sua conta do painel. Ele vale por 1 hora e uma única vez.",
    enrolButton: "Ativar a verificação em duas etapas",
    ignore: "Se você não fez este pedido, ignore esta mensagem e avise o dono da loja.",
    hello: (name: string) => `Olá, ${name}!`,
    fallback: "Se o botão não funcionar, copie este endereço no navegador:",
  },
  es: {
    resetSubject: (brand: string) => `Restablecimiento de contraseña del panel · ${brand}`,
    resetBody: "Recibimos un pedido para restablecer su contraseña del panel de la tienda. El enlace vale por 1 hora y una sola vez.",
    resetButton: "Restablecer contraseña",
    enrolSubject: (brand: string) => `Activar la verificación en dos pasos · ${brand}`,
    enrolBody: "Use este enlace para activar la verificación en dos pasos en su cuenta del panel. Vale por 1 hora y una sola vez.",
    enrolButton: "Activar la verificación en dos pasos",
    ignore: "Si usted no hizo este pedido, ignore este mensaje y avise al dueño de la tienda.",
    hello: (name: string) => `¡Hola, ${name}!`,
    fallback: "Si el botón no funciona, copie esta dirección en el navegador:",
  },
};

interface Member {
  email: string;
  nome: string;
  lang: Locale;
}

export function staffResetEmail(member: Member, brand: string, link: string): MailMessage {
  const t = texts[apiLang(member.lang)];
  return {
    to: member.email,
    subject: t.resetSubject(brand),
    ...layout(brand, t.hello(member.nome), t.resetBody, t.resetButton, link, t.ignore, t.fallback),
  };
}

export function staffEnrolmentEmail(member: Member, brand: string, link: string): MailMessage {
  const t = texts[apiLang(member.lang)];
  return {
    to: member.email,
    subject: t.enrolSubject(brand),
    ...layout(brand, t.hello(member.nome), t.enrolBody, t.enrolButton, link, t.ignore, t.fallback),
  };
}
