/**
 * What of a request a span may hold: the same rules as the log lines (docs/decisions/027). URLs are masked
 * in tracing.ts with the logs' redactUrl; Redis commands and error messages are shaped here.
 */
import type { Context } from "@opentelemetry/api";
import type { Span, SpanProcessor } from "@opentelemetry/sdk-trace-node";

/** A key's leading words (`store:login:account`), up to the first part that names someone or something. */
const KEY_WORD = /^[a-z_-]+$/i;

/**
 * A Redis command as its span shows it: the command and the kind of key, never the rest of the key (an
 * e-mail or an address in a login counter, a page's URL) nor the values.
 */
export function redisCommandShape(command: string, args: unknown[]): string {
  const key = typeof args[0] === "string" || Buffer.isBuffer(args[0]) ? String(args[0]) : undefined;
  if (key === undefined) return command;
  const parts = key.split(":");
  const words: string[] = [];
  for (const part of parts) {
    if (!KEY_WORD.test(part)) break;
    words.push(part);
  }
  const shape = words.length === parts.length ? key : `${words.join(":")}${words.length > 0 ? ":" : ""}…`;
  return args.length > 1 ? `${command} ${shape} [${args.length - 1} more]` : `${command} ${shape}`;
}

/**
 * Drops the message of a failed span's status: a database error quotes the offending value. The span still
 * says it failed; the request's log line (same trace_id) says why, with the values cut (log-redaction.ts).
 */
export const withoutStatusMessages: SpanProcessor = {
  onStart(_span: Span, _context: Context) {},
  onEnding(span: Span) {
    if (span.status.message !== undefined) span.setStatus({ code: span.status.code });
  },
  onEnd() {},
  forceFlush: async () => {},
  shutdown: async () => {},
};
