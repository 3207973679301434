import type { Operation } from "../operation-shape.ts";

/** Customers and their identity documents. */
export const customerOperations = {} as const satisfies Record<string, Operation>;
