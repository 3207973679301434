import { CSRF_HEADER } from "#contract/api/admin/staff.ts";
import { createApiClient, type ApiClient } from "./api-client.ts";

/**
 * The browser's client for the back office's own calls that do not go through a page's action: the
 * uploads (images, logos) and the import, too big for the pages' form limit (docs/decisions/020). Each
 * call carries the session's CSRF token, as an action's does on the server.
 */
export function staffApi(csrfToken: string): ApiClient {
  return createApiClient((path, init) =>
    fetch(path, { ...init, headers: { ...(init.headers as Record<string, string>), [CSRF_HEADER]: csrfToken }, credentials: "same-origin" }),
  );
}
