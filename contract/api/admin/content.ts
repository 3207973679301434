import type { Operation } from "../operation-shape.ts";

/** Banners, the sales team and the offers sign-ups. */
export const contentOperations = {} as const satisfies Record<string, Operation>;
