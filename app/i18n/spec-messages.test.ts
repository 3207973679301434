import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "#contract/locale.ts";
import { resolvedTexts } from "./fixtures/resolved-texts.ts";

/**
 * Every text of spec §8, word for word, in each locale, pinned to the places that show it: the
 * storefront's catalogue key and the file that says it (`app:` keys), the API's message and the file
 * that answers it (`api:` keys). A place that says the same message another way, or a file that stops
 * naming its key, fails here. The spec gives the Portuguese words (and one Spanish line); the Spanish
 * ones are the store's, one text per message and locale (es-AR only where it says otherwise).
 */
interface Shown {
  /** The spec's words, copied from §8 (its `{n}` placeholders as written there; "…Detalhes: " texts end in their details). */
  spec: string;
  es: string;
  /** es-AR's words when they are not es-PY's. */
  ar?: string;
  /** Each place: the key and the file that shows it (null: the same message kept for a caller outside the storefront). */
  places: [key: string, file: string | null][];
}

/** The §8 texts no screen can show, and the decision record that says why. */
const NOT_SHOWN: { spec: string; record: string }[] = [
  { spec: "Token ausente", record: "docs/decisions/040-the-spec-to-the-last-message.md" },
  { spec: "Erro de autenticação. Faça login para continuar.", record: "docs/decisions/040-the-spec-to-the-last-message.md" },
  { spec: "Token não encontrado. Faça login novamente.", record: "docs/decisions/040-the-spec-to-the-last-message.md" },
  { spec: "CEP não encontrado.", record: "docs/decisions/040-the-spec-to-the-last-message.md" },
  { spec: "Erro ao buscar o endereço. Verifique o CEP.", record: "docs/decisions/040-the-spec-to-the-last-message.md" },
];

const SHIPPING_QUOTE = "app/features/checkout/use-shipping-quote.ts";
const CALCULATOR = "app/features/product/shipping-calculator.tsx";
const CONFIRM = "app/features/account/confirmation-messages.ts";
const PAYMENT = "app/routes/checkout-payment.tsx";

const SECTION_8: Shown[] = [
  // Shipping
  {
    spec: "Selecione uma cidade e tenha itens no carrinho!",
    es: "¡Seleccione una ciudad y tenga productos en el carrito!",
    ar: "¡Seleccioná una ciudad y tené productos en el carrito!",
    places: [
      ["app:product.shipping.needsCity", CALCULATOR],
      ["api:shipping_needs_city", "server/modules/shipping/service.ts"],
    ],
  },
  {
    spec: "External ID não disponível no carrinho.",
    es: "External ID no disponible en el carrito.",
    places: [
      ["app:cart.shipping.noExternalId", SHIPPING_QUOTE],
      ["api:shipping_external_id_missing", "server/modules/shipping/routes.ts"],
    ],
  },
  {
    spec: "Carrinho não disponível para cálculo de frete",
    es: "Carrito no disponible para cálculo de envío",
    places: [["api:shipping_cart_unavailable", "server/modules/shipping/routes.ts"]],
  },
  {
    spec: "Erro ao calcular o frete. Detalhes: {details}",
    es: "Error al calcular el envío. Detalles: {details}",
    places: [
      ["app:cart.shipping.error", SHIPPING_QUOTE],
      ["app:product.shipping.error", CALCULATOR],
    ],
  },
  { spec: "Erro ao calcular frete", es: "Error al calcular el envío", places: [["app:product.shipping.errorShort", CALCULATOR]] },
  {
    spec: "Erro ao buscar pontos de entrega. Detalhes: {details}",
    es: "Error al buscar puntos de entrega. Detalles: {details}",
    places: [["app:cart.shipping.pointsError", "app/features/checkout/pickup-point-fields.tsx"]],
  },
  {
    spec: "Não realizamos entregas para sua região. Por favor, selecione um ponto de retirada abaixo.",
    es: "No realizamos entregas en su región. Por favor, seleccione un punto de retiro abajo.",
    ar: "No realizamos entregas en tu región. Por favor, seleccioná un punto de retiro abajo.",
    places: [
      ["app:cart.shipping.noRegion", "app/features/checkout/shipping-section.tsx"],
      ["app:product.shipping.pickupOnly", CALCULATOR],
      ["api:no_delivery_region", "server/modules/shipping/service.ts"],
    ],
  },
  // Login and registration
  { spec: "Credenciais inválidas", es: "Credenciales inválidas", places: [["api:invalid_credentials", "server/modules/accounts/service.ts"]] },
  {
    spec: "Login realizado com sucesso!",
    es: "¡Inicio de sesión exitoso!",
    places: [
      ["app:account.login.success", "app/features/account/login-form.tsx"],
      ["api:login_ok", "server/modules/accounts/service.ts"],
    ],
  },
  {
    spec: "Erro no envio do formulário.",
    es: "Error en el envío del formulario.",
    places: [["app:account.register.sendError", "app/features/account/register-form.tsx"]],
  },
  {
    spec: "Erro ao verificar o e-mail. Tente novamente mais tarde.",
    es: "Error al verificar el correo electrónico. Intente nuevamente más tarde.",
    places: [["app:account.register.emailCheckError", "app/features/account/register-personal.tsx"]],
  },
  {
    spec: "CEP não encontrado. Selecione o estado e a cidade manualmente.",
    es: "CEP no encontrado. Seleccione el estado y la ciudad manualmente.",
    places: [["app:account.address.cepManual", "app/features/account/address-fields.tsx"]],
  },
  // E-mail confirmation
  {
    spec: "O link de confirmação do e-mail está incompleto. Por favor, verifique o link enviado.",
    es: "El enlace de confirmación del correo electrónico está incompleto. Por favor, verifique el enlace enviado.",
    places: [["app:account.confirm.incomplete", "app/routes/confirm-email.tsx"]],
  },
  {
    spec: "Ocorreu um erro ao tentar confirmar o e-mail.",
    es: "Ocurrió un error al intentar confirmar el correo electrónico.",
    places: [["app:account.confirm.failed", CONFIRM]],
  },
  {
    spec: "O Recurso que está tentando acessar não existe",
    es: "El recurso al que intenta acceder no existe",
    places: [
      ["app:account.confirm.notFound", CONFIRM],
      ["api:not_found", "server/plugins/errors.ts"],
    ],
  },
  {
    spec: "Ocorreu um erro interno no servidor!",
    es: "¡Ocurrió un error interno en el servidor!",
    places: [
      ["app:account.confirm.serverError", CONFIRM],
      ["api:internal_error", "server/plugins/errors.ts"],
    ],
  },
  {
    spec: "Serviço indisponível, tente novamente mais tarde!",
    es: "¡Servicio no disponible, intente nuevamente más tarde!",
    places: [
      ["app:account.confirm.unavailable", CONFIRM],
      ["api:service_unavailable", "server/plugins/errors.ts"],
    ],
  },
  // Passwords and addresses
  {
    spec: "Ocorreu um erro ao tentar redefinir sua senha.",
    es: "Ocurrió un error al intentar restablecer su contraseña.",
    places: [["app:account.reset.failed", "app/routes/reset-password.tsx"]],
  },
  {
    spec: "As senhas não coincidem. Tente novamente.",
    es: "Las contraseñas no coinciden. Intente nuevamente.",
    places: [
      ["app:validation.passwords_must_match", "app/routes/reset-password.tsx"],
      ["api:passwords_must_match", "contract/api/accounts.ts"],
    ],
  },
  {
    spec: "Ocorreu um erro ao alterar a senha. Tente novamente.",
    es: "Ocurrió un error al cambiar la contraseña. Intente nuevamente.",
    places: [["app:account.password.error", "app/routes/profile-change-password.tsx"]],
  },
  {
    spec: "Sessão expirada. Faça login novamente.",
    es: "Sesión expirada. Inicie sesión nuevamente.",
    places: [
      ["app:account.address.sessionExpired", "app/features/account/address-modal.tsx"],
      ["api:session_expired", "server/modules/cart/service.ts"],
    ],
  },
  {
    spec: "Erro ao salvar endereço",
    es: "Error al guardar la dirección",
    places: [["app:account.address.saveError", "app/features/account/address-modal.tsx"]],
  },
  // Checkout and payment
  {
    spec: "Erro ao iniciar o checkout. Tente novamente.",
    es: "Error al iniciar el checkout. Intente nuevamente.",
    places: [
      ["app:cart.checkout.startError", "app/routes/checkout.tsx"],
      ["api:checkout_error", null],
    ],
  },
  {
    spec: "Link de pagamento não encontrado",
    es: "Enlace de pago no encontrado",
    places: [["app:cart.checkout.linkNotFound", "app/routes/checkout.tsx"]],
  },
  {
    spec: "Erro ao gerar link de pagamento",
    es: "Error al generar el enlace de pago",
    places: [["app:cart.checkout.linkError", "app/routes/checkout.tsx"]],
  },
  {
    spec: "No momento não temos nenhum meio de pagamento disponível para sua Região",
    es: "En este momento no tenemos ningún medio de pago disponible para su región",
    places: [
      ["app:cart.checkout.noPaymentMethod", "app/features/checkout/payment-step.tsx"],
      ["api:no_payment_method", "server/modules/checkout/service.ts"],
    ],
  },
  {
    spec: "Erro ao processar o pagamento",
    es: "Error al procesar el pago",
    places: [
      ["app:cart.payment.error", PAYMENT],
      ["api:payment_error", "server/modules/checkout/service.ts"],
    ],
  },
  { spec: "ID de pagamento ausente", es: "ID de pago ausente", places: [["app:cart.payment.missingPaymentId", PAYMENT]] },
  { spec: "Tempo limite ao aguardar pagamento", es: "Tiempo límite al esperar el pago", places: [["app:cart.payment.timeout", PAYMENT]] },
  {
    spec: "O pagamento ainda não foi identificado.",
    es: "El pago todavía no fue identificado.",
    places: [["app:cart.payment.notIdentified", PAYMENT]],
  },
  // Orders
  {
    spec: "Erro ao buscar os detalhes do pedido.",
    es: "Error al buscar los detalles del pedido.",
    places: [["app:cart.orders.fetchError", "app/features/orders/orders-list.tsx"]],
  },
  {
    spec: "Nenhum pedido encontrado.",
    es: "No se encontró ningún pedido.",
    places: [
      ["app:cart.orders.none", "app/features/orders/orders-list.tsx"],
      ["api:order_not_found", "server/modules/orders/service.ts"],
    ],
  },
  // Stock
  {
    spec: "Estoque máximo: {n} unidades",
    es: "Stock máximo: {n} unidades",
    places: [
      ["app:cart.stockMax", "app/features/cart/cart-context.tsx"],
      ["app:product.quantity.maxStock", "app/features/product/quantity-selector.tsx"],
    ],
  },
  { spec: "Estoque insuficiente", es: "Stock insuficiente", places: [["api:stock_insufficient", "server/modules/checkout/service.ts"]] },
  {
    spec: "Produto indisponível",
    es: "Producto no disponible",
    places: [
      ["app:product.quantity.unavailable", "app/features/product/quantity-selector.tsx"],
      ["api:product_unavailable", "server/modules/cart/service.ts"],
    ],
  },
  {
    spec: "Quantidade máxima disponível: {n}",
    es: "Cantidad máxima disponible: {n}",
    places: [
      ["api:stock_max", "server/modules/cart/service.ts"],
      ["api:stock_max", "server/modules/checkout/service.ts"],
    ],
  },
  // Catalogue
  {
    spec: "Erro ao carregar produtos. Tente novamente.",
    es: "Error al cargar productos. Intente nuevamente.",
    ar: "Error al cargar productos. Intentá de nuevo.",
    places: [["app:catalog.list.errorText", "app/features/catalog/product-list-page.tsx"]],
  },
  {
    spec: "Tentar novamente",
    es: "Intentar de nuevo",
    places: [
      ["app:catalog.list.retry", "app/features/catalog/product-list-page.tsx"],
      ["app:home.errors.retry", "app/features/home/load-error.tsx"],
    ],
  },
  { spec: "Marca não encontrada", es: "Marca no encontrada", places: [["app:catalog.brand.notFound", "app/routes/brand.tsx"]] },
  {
    spec: "Erro ao carregar marca",
    es: "Error al cargar la marca",
    places: [["app:catalog.brand.loadError", "app/features/catalog/product-list-page.tsx"]],
  },
  {
    spec: "Erro ao carregar produtos",
    es: "Error al cargar los productos",
    places: [["app:home.errors.products", "app/features/home/category-tabs.tsx"]],
  },
  // The home page's other regions, each failing and retrying on its own.
  {
    spec: "Erro ao carregar categorias",
    es: "Error al cargar las categorías",
    places: [["app:home.errors.categories", "app/features/home/home-page.tsx"]],
  },
  { spec: "Erro ao carregar marcas", es: "Error al cargar las marcas", places: [["app:home.errors.brands", "app/features/home/home-page.tsx"]] },
  { spec: "Erro ao carregar dados", es: "Error al cargar los datos", places: [["app:home.errors.data", "app/features/home/home-page.tsx"]] },
];

/** One way to write a placeholder: the spec's `{n}`, the catalogues' `{{n}}`, the resolved API text's `<n>`. */
const plain = (text: string) => text.replace(/\{\{(\w+)\}\}|<(\w+)>/g, (_, a: string | undefined, b: string | undefined) => `{${a ?? b}}`);
const texts = resolvedTexts();
const expected = (entry: Shown, locale: Locale) => (locale === "pt-BR" ? entry.spec : locale === "es-AR" ? (entry.ar ?? entry.es) : entry.es);

describe("spec §8, word for word, where each text is shown", () => {
  for (const locale of LOCALES) {
    it(`${locale} says each text one way, in every place that shows it`, () => {
      const drift: string[] = [];
      for (const entry of SECTION_8) {
        for (const [key] of entry.places) {
          const said = texts[locale][key];
          if (said === undefined || plain(said) !== expected(entry, locale))
            drift.push(`${key}: ${JSON.stringify(said)} ≠ ${JSON.stringify(expected(entry, locale))}`);
        }
      }
      expect(drift).toEqual([]);
    });
  }

  it("finds each key named in the file that shows it", () => {
    const missing: string[] = [];
    for (const entry of SECTION_8) {
      for (const [key, file] of entry.places) {
        if (!file) continue;
        const name = key.slice(4);
        const source = readFileSync(file, "utf8");
        if (!source.includes(`"${name}"`) && !source.includes(`'${name}'`)) missing.push(`${key} in ${file}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("names, word for word, in a decision record each text no screen can show", () => {
    for (const { spec, record } of NOT_SHOWN) expect(readFileSync(record, "utf8"), spec).toContain(`'${spec}'`);
  });
});
