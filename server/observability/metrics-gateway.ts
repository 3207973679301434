import type { PaymentProvider } from "../payments/provider.ts";
import { storeMetrics } from "./metrics.ts";

type Operation = "createPayment" | "fetchStatus" | "expire" | "refund";
const OPERATIONS: Operation[] = ["createPayment", "fetchStatus", "expire", "refund"];

/** ok, timeout (no answer within the time limit), or error (a refusal, nonsense, the network). */
function outcomeOf(err: unknown): "timeout" | "error" {
  return err instanceof Error && /TimeoutError|AbortError|timed? ?out/i.test(err.message) ? "timeout" : "error";
}

/**
 * The gateway with each call to it timed, by provider, operation and outcome. When metrics are off the
 * gateway is returned as it is.
 */
export function timedGateway(provider: PaymentProvider): PaymentProvider {
  const metrics = storeMetrics();
  if (!metrics) return provider;
  const timed = Object.create(provider) as PaymentProvider;
  for (const operation of OPERATIONS) {
    const call = provider[operation] as ((...args: unknown[]) => Promise<unknown>) | undefined;
    if (!call) continue;
    const wrapped = async (...args: unknown[]) => {
      const end = metrics.gatewayCalls.startTimer({ provider: provider.name, operation });
      try {
        const result = await call.apply(provider, args);
        end({ outcome: "ok" });
        return result;
      } catch (err) {
        end({ outcome: outcomeOf(err) });
        throw err;
      }
    };
    Object.assign(timed, { [operation]: wrapped });
  }
  return timed;
}
