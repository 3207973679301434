import type { ApiMessageKey } from "#contract/messages.ts";

/**
 * A failure the client caused; the error handler writes it in the API's error shape, in the
 * customer's language (field errors are message keys too).
 */
export class HttpError extends Error {
  readonly errors?: Record<string, ApiMessageKey[]>;
  readonly vars: Record<string, string | number>;

  constructor(
    readonly statusCode: number,
    readonly messageKey: ApiMessageKey,
    options: { errors?: Record<string, ApiMessageKey[]>; vars?: Record<string, string | number> } = {},
  ) {
    super(messageKey);
    this.errors = options.errors;
    this.vars = options.vars ?? {};
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
