import { useActionData, useLocation, useRouteLoaderData } from "react-router";
import type { ActionResult } from "#app/lib/action-result.ts";
import { ADMIN_LAYOUT_ID } from "./staff-data.tsx";

/**
 * A back-office form works before and without the page's scripts (docs/decisions/043). With them, a fetcher
 * posts it and its answer is the fetcher's. Without them the browser posts it: a refusal comes back with the
 * page as the action's answer, naming the form (its intent and record) and what was typed; a success
 * redirects to the page (post/redirect/get), its message carried once by a short-lived cookie the admin
 * layout's loader reads (api.server.ts). The hooks here give each form the answer that is its own.
 */

/** A script-less post's success, said once by the page it redirected to. */
export interface AdminFlash {
  path: string;
  intent: string;
  id?: string;
  message: string;
}

/** The longest message a flash carries (a cookie stays small). */
export const ADMIN_FLASH_MAX = 500;

/** The answer of a script-less post that came with the page: the action's, or the success the page was redirected after. */
export function usePostedAnswer(): ActionResult<unknown> | undefined {
  const posted = useActionData() as unknown;
  const flash = useRouteLoaderData<{ flash?: AdminFlash }>(ADMIN_LAYOUT_ID)?.flash;
  const { pathname } = useLocation();
  if (posted && typeof posted === "object" && "ok" in posted) return posted as ActionResult<unknown>;
  return flash && flash.path === pathname ? { ok: true, message: flash.message, intent: flash.intent, id: flash.id } : undefined;
}

/** Whether a script-less post's answer is the one of the form of `intent` (one of them) and of record `id`. */
function answers(result: ActionResult<unknown> | undefined, intent: string | readonly string[], id?: number | string): boolean {
  if (!result) return false;
  const intents: readonly string[] = typeof intent === "string" ? [intent] : intent;
  return intents.includes(result.intent ?? "") && (result.id ?? "") === (id === undefined ? "" : String(id));
}

/** The posted answer that is this form's own (see above), if any. */
export function usePostedAnswerOf(intent: string | readonly string[], id?: number | string): ActionResult<unknown> | undefined {
  const posted = usePostedAnswer();
  return answers(posted, intent, id) ? posted : undefined;
}

/**
 * What a back-office form shows: its fetcher's answer, or the answer of its own script-less post; and, after a
 * refusal of that post, what was typed, for its fields to keep (components/form/posted-values.tsx).
 */
export function useAdminFormAnswer<R extends ActionResult<unknown>>(
  fetcher: { data?: R },
  intent: string | readonly string[],
  id?: number | string,
): { result: R | undefined; typed: Record<string, string> | undefined } {
  const posted = usePostedAnswerOf(intent, id) as R | undefined;
  if (fetcher.data !== undefined) return { result: fetcher.data, typed: undefined };
  return { result: posted, typed: posted && !posted.ok ? posted.posted : undefined };
}
