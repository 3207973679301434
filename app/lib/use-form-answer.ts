import { useActionData, type FetcherWithComponents } from "react-router";
import type { ActionResult } from "./action-result.ts";

/**
 * The answer a fetcher form shows: the fetcher's, or, when the browser posted the form itself (scripts off,
 * or a click before they started), the page's action answer, which then came with the page. `intent`
 * tells this form's posted answer from another form's of the same page.
 */
export function useFormAnswer<R extends ActionResult<unknown>>(fetcher: FetcherWithComponents<R>, intent?: string): R | undefined {
  const posted = useActionData() as R | undefined;
  if (fetcher.data !== undefined) return fetcher.data;
  return posted && typeof posted === "object" && "ok" in posted && posted.intent === intent ? posted : undefined;
}
