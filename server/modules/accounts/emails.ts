import type { ApiLang } from "#contract/locale.ts";
import type { MailMessage } from "../../lib/mailer.ts";
import { layout } from "../../lib/email-layout.ts";

const texts = {
  pt: {
    confirmSubject: (brand: string) => `Confirme seu e-mail · ${brand}`,
    confirmBody: "Obrigado pelo seu cadastro! Confirme seu endereço de e-mail clicando no botão abaixo.",
    confirmButton: "Confirmar e-mail",
    resetSubject: (brand: string) => `Redefinição de senha · ${brand}`,
    resetBody: "Recebemos um pedido para redefinir a senha da sua conta. O link vale por 1 hora.",
    resetButton: "Redefinir senha",
    ignore: "Se você não fez este pedido, ignore esta mensagem.",
    hello: (name: string) => `Olá, ${name}!`,
    fallback: "Se o botão não funcionar, copie este endereço no navegador:",
  },
  es: {
    confirmSubject: (brand: string) => `Confirme su correo · ${brand}`,
    confirmBody: "¡Gracias por registrarse! Confirme su dirección de correo haciendo clic en el botón de abajo.",
    confirmButton: "Confirmar correo",
    resetSubject: (brand: string) => `Restablecimiento de contraseña · ${brand}`,
    resetBody: "Recibimos un pedido para restablecer la contraseña de su cuenta. El enlace vale por 1 hora.",
    resetButton: "Restablecer contraseña",
    ignore: "Si usted no hizo este pedido, ignore este mensaje.",
    hello: (name: string) => `¡Hola, ${name}!`,
    fallback: "Si el botón no funciona, copie esta dirección en el navegador:",
  },
};

export function confirmationEmail(to: string, name: string, lang: ApiLang, brand: string, link: string): MailMessage {
  const t = texts[lang];
  return { to, subject: t.confirmSubject(brand), ...layout(brand, t.hello(name), t.confirmBody, t.confirmButton, link, t.ignore, t.fallback) };
}

export function resetEmail(to: string, name: string, lang: ApiLang, brand: string, link: string): MailMessage {
  const t = texts[lang];
  return { to, subject: t.resetSubject(brand), ...layout(brand, t.hello(name), t.resetBody, t.resetButton, link, t.ignore, t.fallback) };
}
