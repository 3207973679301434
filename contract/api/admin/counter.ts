import type { Operation } from "../operation-shape.ts";

/** The pickup counter. */
export const counterOperations = {} as const satisfies Record<string, Operation>;
