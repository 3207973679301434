import type { Operation } from "../operation-shape.ts";

/** Shipping services, rates and pickup points. */
export const deliveryOperations = {} as const satisfies Record<string, Operation>;
