import { redirect } from "react-router";
import { STAFF_COOKIE } from "#contract/api/admin/staff.ts";
import { adminApi } from "#app/features/admin/api.server.ts";
import type { Route } from "./+types/logout";

export function loader() {
  return redirect("/admin");
}

/** Ends the session on the server (POST /api/admin/logout) and forgets the cookie, whatever the API answered. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  await adminApi(context, form)("POST /api/admin/logout").catch(() => undefined);
  const secure = process.env.NODE_ENV === "production" ? "; Secure" : "";
  return redirect("/admin/login", { headers: { "Set-Cookie": `${STAFF_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${secure}` } });
}
