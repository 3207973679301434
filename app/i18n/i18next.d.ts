import "i18next";
import type account from "./locales/pt-BR/account.json";
import type cart from "./locales/pt-BR/cart.json";
import type catalog from "./locales/pt-BR/catalog.json";
import type home from "./locales/pt-BR/home.json";
import type meta from "./locales/pt-BR/meta.json";
import type product from "./locales/pt-BR/product.json";
import type ptBR from "./pt-BR.json";

// pt-BR is the reference catalogue: `t("…")` with a key it lacks fails to compile.
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: {
      translation: typeof ptBR & typeof meta & typeof catalog & typeof home & typeof product & typeof account & typeof cart;
    };
  }
}
