import { redirect } from "react-router";
import { adminApi, clearStaffCookie } from "#app/features/admin/api.server.ts";
import type { Route } from "./+types/logout";

export function loader() {
  return redirect("/admin");
}

/** Ends the session on the server (POST /api/admin/logout) and forgets the cookie, whatever the API answered. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  await adminApi(context, form)("POST /api/admin/logout").catch(() => undefined);
  return redirect("/admin/login", { headers: { "Set-Cookie": clearStaffCookie() } });
}
