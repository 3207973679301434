import fc from "fast-check";

/**
 * fast-check arbitraries of requests, read from the API's own OpenAPI description: values that fit
 * each field's schema mixed with hostile ones, so a request usually passes most checks and one odd
 * value reaches as deep into the handler as it can.
 */

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  default?: unknown;
}

export interface Parameter {
  in: "query" | "path" | "header" | "cookie";
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
  secured: boolean;
}

const INT32_MAX = 2_147_483_647;

/** The values most likely to get past a loose schema and upset the database: ids past 32 bits, NUL. */
export const BOUNDARY_VALUES: unknown[] = [
  2_147_483_648,
  99_999_999_999,
  "99999999999",
  Number.MAX_SAFE_INTEGER + 2,
  "9".repeat(30),
  -1,
  0,
  1.5,
  "\u0000",
  "a\u0000b",
  "x".repeat(5000),
  null,
  [],
  {},
];

/** Values no field expects: bounds of the id columns and of JavaScript numbers, wrong types, hostile text. */
export const HOSTILE_VALUES: unknown[] = [
  1,
  -0.5,
  INT32_MAX,
  1e308,
  -1e308,
  1e-7,
  "0",
  "-1",
  "2147483648",
  "1e400",
  "NaN",
  "Infinity",
  "-Infinity",
  "0x10",
  "1.5",
  " 7 ",
  "١٢٣",
  "",
  " ",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "abc\u0000",
  "\u0001\u0002\u001f",
  "line\nbreak",
  "tab\there",
  "\r\n",
  "\u007f",
  "\u0085\u2028",
  "9".repeat(400),
  "ção 🔧 ñandutí 中文",
  "\ud800",
  "\uffff",
  "%00",
  "%",
  "../../etc/passwd",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "__proto__",
  "constructor",
  true,
  false,
  [1, 2],
  ["a", "b"],
  { a: 1 },
  JSON.parse('{"__proto__":{"polluted":1}}'),
];

/** C0 control characters and DEL, one by one. */
export const CONTROL_CHARACTERS = [...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)), "\u007f"];

export const hostile = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...BOUNDARY_VALUES) },
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_VALUES) },
    { weight: 1, arbitrary: fc.constantFrom(...CONTROL_CHARACTERS).map((c) => `a${c}b`) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.double() },
  );

/** Odd numbers for a numeric field: past the 32-bit id columns, past safe integers, fractions, signs. */
const NUMERIC_EDGES = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom<unknown>(INT32_MAX + 1, 99_999_999_999, "99999999999", "2147483648") },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(Number.MAX_SAFE_INTEGER + 2, "9".repeat(30), -1, "-1", 0, 1.5, 1e308, "1e400", "NaN") },
);
/** Odd text for a text field: NUL and the other control characters, great length, unusual unicode. */
const TEXT_EDGES = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom<unknown>("\u0000", "a\u0000b", "abc\u0000") },
  { weight: 1, arbitrary: fc.constantFrom<unknown>("x".repeat(5000), "ção 🔧 中文", "\ud800", "\u0085\u2028", " ", "") },
  { weight: 1, arbitrary: fc.constantFrom(...CONTROL_CHARACTERS).map((c) => `abc${c}def`) },
);

const kindOf = (schema: JsonSchema | undefined): "number" | "text" | "other" => {
  const types = [schema?.type, ...(schema?.anyOf ?? schema?.oneOf ?? []).map((s) => s.type)].flat();
  if (types.includes("integer") || types.includes("number")) return "number";
  if (types.includes("string")) return "text";
  return "other";
};

/** One hostile value, chosen for the kind of field it replaces (numbers get numeric edges, text gets text edges). */
export const hostileChoice = () =>
  fc.record({ numeric: NUMERIC_EDGES, text: TEXT_EDGES, any: hostile(), typed: fc.nat(3) }).map((c) => (schema: JsonSchema | undefined) => {
    if (c.typed === 0) return c.any;
    const kind = kindOf(schema);
    return kind === "number" ? c.numeric : kind === "text" ? c.text : c.any;
  });

/** Real values (ids of rows that exist) by field name, so that some requests get past "not found". */
export type Known = Record<string, readonly unknown[]>;

/** Values that fit a JSON schema (as far as a schema says: patterns and refinements are left out). */
export function fitting(schema: JsonSchema | undefined, known: Known = {}, name = "", depth = 0): fc.Arbitrary<unknown> {
  // A field with real values takes one of them: random ones come from the hostile changes anyway.
  const real = known[name];
  return real && real.length > 0 ? fc.constantFrom(...real) : fittingOnly(schema, known, depth);
}

function fittingOnly(schema: JsonSchema | undefined, known: Known, depth: number): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.jsonValue({ maxDepth: 1 });
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants && variants.length > 0) return fc.oneof(...variants.map((s) => fittingOnly(s, known, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "integer": {
      const min = Math.max(schema.minimum ?? -INT32_MAX, -INT32_MAX);
      const max = Math.min(schema.maximum ?? INT32_MAX, INT32_MAX);
      return fc.oneof(fc.integer({ min: Math.max(min, 0), max: Math.max(Math.min(max, 30), Math.max(min, 0)) }), fc.integer({ min, max }));
    }
    case "number":
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(fittingOnly(schema.items, known, depth + 1), { minLength: 1, maxLength: Math.min(schema.maxItems ?? 2, 2) });
    case "object": {
      const properties = Object.entries(schema.properties ?? {});
      const required = new Set(schema.required ?? []);
      return fc.record(Object.fromEntries(properties.map(([k, s]) => [k, fitting(s, known, k, depth + 1)])), {
        requiredKeys: properties.map(([k]) => k).filter((k) => required.has(k) || k.endsWith("_id")),
      });
    }
    case "string":
      if (schema.format === "uuid") return fc.uuid();
      if (schema.format === "email") return fc.emailAddress();
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? 40, 40)) });
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

type Tree = Record<string, unknown> | unknown[];

export interface Slot {
  path: (string | number)[];
  schema?: JsonSchema;
}

/** The places of a request's values (object keys and array items, leaves and branches), with their schemas. */
export function slotsOf(value: unknown, schema?: JsonSchema, prefix: (string | number)[] = []): Slot[] {
  const slots: Slot[] = [];
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      slots.push({ path: [...prefix, i], schema: schema?.items }, ...slotsOf(item, schema?.items, [...prefix, i]));
    });
  } else if (value && typeof value === "object") {
    // Declared fields that were left out are places too: an odd value may be the only one sent.
    const keys = new Set([...Object.keys(value), ...Object.keys(schema?.properties ?? {})]);
    for (const key of keys) {
      const field = schema?.properties?.[key];
      slots.push({ path: [...prefix, key], schema: field }, ...slotsOf((value as Record<string, unknown>)[key], field, [...prefix, key]));
    }
  }
  return slots;
}

/** A copy of `tree` with the value at `slot` replaced. */
export function replaced<T>(tree: T, slot: (string | number)[], value: unknown): T {
  const copy = structuredClone(tree) as Tree;
  let node: Tree = copy;
  for (const [i, key] of slot.entries()) {
    if (i === slot.length - 1) (node as Record<string | number, unknown>)[key] = value;
    else {
      const next = (node as Record<string | number, unknown>)[key];
      if (!next || typeof next !== "object") return copy as T;
      node = next as Tree;
    }
  }
  return copy as T;
}

/** Every operation of an OpenAPI 3 document. */
export function operationsOf(document: { paths?: Record<string, Record<string, unknown>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, raw] of Object.entries(item)) {
      const op = raw as {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        security?: unknown[];
      };
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.["application/json"]?.schema,
        secured: (op.security?.length ?? 0) > 0,
      });
    }
  }
  return operations;
}

/** A query or path value as text; an array in a query becomes a repeated parameter. */
export function asText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return "";
  if (typeof value === "object" && value !== null) return JSON.stringify(value);
  return String(value);
}

/** Every byte percent-encoded (a lone surrogate too, as the replacement character). */
const encode = (value: string) => [...Buffer.from(value)].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");

export interface HostileRequest {
  url: string;
  body?: unknown;
  form?: Record<string, unknown>;
}

/**
 * A request whose values fit the route's schemas, with one or two of them (a parameter, a body
 * field at any depth, or the whole body) replaced by a hostile value. `example` gives a valid body or
 * form where a schema cannot say the rules; `multipartSchema` the text fields of a multipart route.
 */
export function hostileRequest(
  op: Operation,
  options: { known: Known; example?: { body?: fc.Arbitrary<unknown>; form?: fc.Arbitrary<Record<string, unknown>> }; multipartSchema?: JsonSchema },
): fc.Arbitrary<HostileRequest> {
  const { known, example, multipartSchema } = options;
  const pathParams = op.parameters.filter((p) => p.in === "path");
  const queryParams = op.parameters.filter((p) => p.in === "query");
  const base = fc.record({
    path: fc.record(Object.fromEntries(pathParams.map((p) => [p.name, fitting(p.schema, known, p.name)]))),
    query: fc.record(Object.fromEntries(queryParams.map((p) => [p.name, fitting(p.schema, known, p.name)])), { requiredKeys: [] }),
    body: example?.body ?? (op.body ? fitting(op.body, known) : fc.constant(undefined)),
    form: example?.form ?? (multipartSchema ? fitting(multipartSchema, known) : fc.constant(undefined)),
  });
  // Mostly one odd value, so the rest of the request gets it as far as it can go; now and then two.
  const change = fc.tuple(fc.nat(), hostileChoice());
  const changes = fc.tuple(change, fc.option(change, { freq: 5, nil: undefined })).map(([one, two]) => (two ? [one, two] : [one]));
  return fc.record({ base, changes }).map(({ base: b, changes: c }) => {
    const slots: Slot[] = [
      ...pathParams.map((p) => ({ path: ["path", p.name], schema: p.schema })),
      ...queryParams.map((p) => ({ path: ["query", p.name], schema: p.schema })),
      ...(op.body ? [{ path: ["body"] }, ...slotsOf(b.body, op.body, ["body"])] : []),
      ...(multipartSchema ? slotsOf(b.form, multipartSchema, ["form"]) : []),
    ];
    let r = b;
    for (const [pick, choose] of c) {
      const slot = slots[pick % slots.length];
      if (slot) r = replaced(r, slot.path, choose(slot.schema));
    }
    let url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encode(asText(r.path[name])));
    const search = Object.entries(r.query).flatMap(([k, v]) =>
      (Array.isArray(v) ? v : [v]).map((item) => `${encodeURIComponent(k)}=${encode(asText(item))}`),
    );
    if (search.length > 0) url += `?${search.join("&")}`;
    const form = r.form && typeof r.form === "object" && !Array.isArray(r.form) ? (r.form as Record<string, unknown>) : {};
    return { url, body: r.body, form: multipartSchema ? form : undefined };
  });
}
