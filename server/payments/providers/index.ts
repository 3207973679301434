import type { Config } from "#config/config.ts";
import type { PaymentProvider, ProviderName } from "../provider.ts";
import { createBancardProvider } from "./bancard.ts";
import { createMercadoPagoProvider } from "./mercadopago.ts";
import { createPagoparProvider } from "./pagopar.ts";

/** One gateway as PAYMENT_PROVIDERS names it, with its keys and host from the configuration. */
export function createProvider(name: ProviderName, config: Config, sandbox: PaymentProvider): PaymentProvider {
  const timeoutMs = config.paymentTimeoutMs;
  switch (name) {
    case "sandbox":
      return sandbox;
    case "bancard":
      return createBancardProvider({ ...config.gateways.bancard, timeoutMs });
    case "pagopar":
      return createPagoparProvider({ ...config.gateways.pagopar, timeoutMs });
    case "mercadopago":
      return createMercadoPagoProvider({ ...config.gateways.mercadopago, timeoutMs });
  }
}
