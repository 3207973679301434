import type { Operation } from "../operation-shape.ts";

/** The dashboard's figures. */
export const dashboardOperations = {} as const satisfies Record<string, Operation>;
