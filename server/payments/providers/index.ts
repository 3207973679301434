import type { Config } from "../../config.ts";
import type { PaymentProvider, ProviderName } from "../provider.ts";
import { createBancardProvider } from "./bancard.ts";

/** One gateway as PAYMENT_PROVIDERS names it, with its keys and host from the configuration. */
export function createProvider(name: ProviderName, config: Config, sandbox: PaymentProvider): PaymentProvider {
  const timeoutMs = config.paymentTimeoutMs;
  switch (name) {
    case "sandbox":
      return sandbox;
    case "bancard":
      return createBancardProvider({ ...config.gateways.bancard, timeoutMs });
    case "pagopar":
    case "mercadopago":
      throw new Error(`payment gateway ${name} is not available yet`);
  }
}
