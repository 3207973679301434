import type { ApiMessageKey } from "#contract/messages.ts";

/**
 * A failure the client caused; the error handler writes it in the API's error shape, in the
 * customer's language (field errors are message keys too).
 */
export class HttpError extends Error {
  readonly errors?: Record<string, ApiMessageKey[]>;
  readonly vars: Record<string, string | number>;
  /** Variables of one field's messages (each over-stock line names its own maximum). */
  readonly fieldVars: Record<string, Record<string, string | number>>;
  /** Extra members of the answer, for the client to act on (e.g. each product's maximum). */
  readonly data: Record<string, unknown>;

  constructor(
    readonly statusCode: number,
    readonly messageKey: ApiMessageKey,
    options: {
      errors?: Record<string, ApiMessageKey[]>;
      vars?: Record<string, string | number>;
      fieldVars?: Record<string, Record<string, string | number>>;
      data?: Record<string, unknown>;
    } = {},
  ) {
    super(messageKey);
    this.errors = options.errors;
    this.vars = options.vars ?? {};
    this.fieldVars = options.fieldVars ?? {};
    this.data = options.data ?? {};
  }
}

export const notFound = (key: ApiMessageKey = "not_found") => new HttpError(404, key);

export interface SchemaIssue {
  code: string;
  path: PropertyKey[];
  message: string;
  [key: string]: unknown;
}

/** A body checked by a schema inside a handler (multipart forms); answered like route validation. */
export class SchemaError extends Error {
  /** `input` is the checked value, so a field that was never sent reads "required". */
  constructor(
    readonly issues: SchemaIssue[],
    readonly input?: unknown,
  ) {
    super("validation failed");
  }
}
