import type { Operation } from "../operation-shape.ts";

/** Refunds and the stock they give back. */
export const refundOperations = {} as const satisfies Record<string, Operation>;
