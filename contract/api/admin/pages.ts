import type { Operation } from "../operation-shape.ts";

/** The FAQ, how-to-buy and about texts. */
export const pagesOperations = {} as const satisfies Record<string, Operation>;
