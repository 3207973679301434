import { useRouteLoaderData } from "react-router";
import type { User } from "#contract/api/accounts.ts";

/** The customer the /perfil layout loaded (its loader already sent guests to /login). */
export function useProfileUser(): User {
  const data = useRouteLoaderData<{ user: User }>("routes/profile");
  if (!data) throw new Error("useProfileUser outside /perfil");
  return data.user;
}
