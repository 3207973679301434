import { adminAction, adminApi } from "#app/features/admin/api.server.ts";
import type { Route } from "./+types/reauth";

/**
 * The step-up dialog's action (decision 026): the password and, with two-factor on, a code, sent to
 * POST /api/admin/me/reauth; the answer opens a few minutes for the sensitive operations.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const codigo = String(form.get("codigo") ?? "").trim();
  return adminAction(request, "reauth", () =>
    adminApi(context, form)("POST /api/admin/me/reauth", {
      body: { password: String(form.get("password") ?? ""), ...(codigo ? { codigo } : {}) },
    }),
  );
}
