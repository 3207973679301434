import type { Operation } from "../operation-shape.ts";

/** The order list, detail, timeline, notes, fulfilment and cancellation. */
export const ordersOperations = {} as const satisfies Record<string, Operation>;
