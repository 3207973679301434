import { data } from "react-router";
import { refusedWith, type ActionResult } from "./action-result.ts";
import { ApiError } from "./api-client.ts";

export interface RunActionOptions<T, A> {
  /** Which of the page's forms this answers. */
  intent?: string;
  /** What the page needs of the API's answer beyond its message. */
  answer?: (value: T) => A;
  /** Headers of the success (the cookies of a login). */
  headers?: (value: T) => HeadersInit;
  /** The response that replaces a 401's refusal (the back office's login); without it the form says the API's message. */
  unauthorized?: () => Response;
  /** A 5xx goes to the error page instead of the form (the back office's choice). */
  throwServerErrors?: boolean;
  /** What a refusal keeps on the page (the step it was on). */
  kept?: A;
}

const messageOf = (value: unknown) =>
  value && typeof value === "object" && "message" in value && typeof value.message === "string" ? value.message : "";

/**
 * Runs an action's API call and answers the page's one result shape: done with the API's message, or
 * refused with the API's message and field errors under the API's status. An API that was never reached,
 * or anything that is not an API answer, is the error page's; a redirect the call throws (to what it
 * created) passes through.
 */
export async function runAction<T, A = never>(call: () => Promise<T>, options: RunActionOptions<T, A> = {}) {
  const { intent } = options;
  try {
    const value = await call();
    const result: ActionResult<A> = { ok: true, message: messageOf(value), intent, ...(options.answer ? { answer: options.answer(value) } : {}) };
    return data(result, { headers: options.headers?.(value) });
  } catch (error) {
    if (!(error instanceof ApiError) || error.network) throw error;
    if (error.status === 401 && options.unauthorized) throw options.unauthorized();
    if (error.status >= 500 && options.throwServerErrors) throw error;
    const kept = options.kept === undefined ? {} : { answer: options.kept };
    const code = typeof error.body?.code === "string" ? { code: error.body.code } : {};
    return data<ActionResult<A>>({ ok: false, message: error.message, errors: error.errors, intent, ...kept, ...code }, { status: error.status });
  }
}

/**
 * Whether the browser posted the form itself, as a navigation (scripts off, or a click before they
 * started), rather than the page's scripts fetching the action: then only what the answer's page or
 * redirect says reaches the visitor.
 */
export const postedByBrowser = (request: Request) => request.headers.get("sec-fetch-mode") === "navigate";

/** A refusal the action decides itself, before any call (two passwords that differ), in the same shape and status. */
export const refuse = (message: string, errors: Record<string, string[]> = {}, intent?: string, status = 422) =>
  data(refusedWith(message, errors, intent), { status });
