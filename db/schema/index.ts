export * from "./catalog.ts";
export * from "./customers.ts";
export * from "./geo.ts";
export * from "./sales.ts";
export * from "./staff.ts";
