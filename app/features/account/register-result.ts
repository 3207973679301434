/** What the registration page's action answers (app/routes/register.tsx), read by the registration form. */
export type RegisterActionResult =
  { ok: true; message: string; redirectTo: string } | { ok: false; message?: string; errors?: Record<string, string[]> };
