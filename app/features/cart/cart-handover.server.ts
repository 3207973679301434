import type { AppLoadContext } from "react-router";
import { serverApi } from "#app/lib/api-client.ts";
import { handoverCookie, HANDOVER_PARAM } from "./cart-handover.ts";

/**
 * The Set-Cookie that gives this host's page the cart handed over in the address (`?carrinho=`), or
 * undefined when there is none, or it expired, was taken already or altered: the switch then keeps
 * only the language.
 */
export async function takeCartHandover(request: Request, context: AppLoadContext): Promise<string | undefined> {
  const url = new URL(request.url);
  const token = url.searchParams.get(HANDOVER_PARAM);
  if (!token) return undefined;
  return serverApi(context)("POST /ecom/venda/carrinho/passagem", { body: { token: token.slice(0, 400) } }).then(
    ({ external_id }) => handoverCookie(external_id, url),
    () => undefined,
  );
}
