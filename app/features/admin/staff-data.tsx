import { useMemo } from "react";
import { useRouteLoaderData } from "react-router";
import type { StaffSession } from "#contract/api/admin/staff.ts";
import type { ApiClient } from "#app/lib/api-client.ts";
import { staffApi } from "#app/lib/staff-api.ts";

/** The id of the back office's layout route, whose loader holds the member and the CSRF token. */
export const ADMIN_LAYOUT_ID = "routes/admin/layout";

/** The signed-in member and the session's CSRF token, from the back office's layout. */
export function useStaffSession(): StaffSession {
  const session = useRouteLoaderData<{ session: StaffSession }>(ADMIN_LAYOUT_ID)?.session;
  if (!session) throw new Error("useStaffSession outside the back office's layout");
  return session;
}

/** The hidden field every back-office form sends: the API refuses a write without it (docs/decisions/020). */
export function CsrfField() {
  const { csrf_token } = useStaffSession();
  return <input type="hidden" name="csrf" value={csrf_token} />;
}

/** The browser's client for the back office's direct calls (uploads, the import), with this session's CSRF token. */
export function useStaffApi(): ApiClient {
  const { csrf_token } = useStaffSession();
  return useMemo(() => staffApi(csrf_token), [csrf_token]);
}
