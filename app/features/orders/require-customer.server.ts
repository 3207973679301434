import { redirect, type AppLoadContext } from "react-router";
import type { User } from "#contract/api/accounts.ts";
import { getCustomer } from "#app/lib/session.server.ts";

/** The logged-in customer, or a redirect to /login that brings the buyer back here. */
export async function customerOrLogin(request: Request, context: AppLoadContext): Promise<User> {
  const customer = await getCustomer(request, context);
  if (customer) return customer;
  const url = new URL(request.url);
  throw redirect(`/login?${new URLSearchParams({ redirect: `${url.pathname}${url.search}` })}`);
}
