import { api, ApiError } from "#app/lib/api-client.ts";
import type { ShippingChoice } from "./shipping-section.tsx";

export type StartResult = { ok: true; link: string } | { ok: false; reason: "no_link" | "failed"; message?: string; limits?: Record<string, number> };

/** `POST …/iniciar-checkout` (spec §7): the first payment link is where the buyer goes next. */
export async function startCheckout(
  externalId: string,
  choice: ShippingChoice,
  payment: { meio_pagamento: string; cpf: string | null },
): Promise<StartResult> {
  try {
    const res = await api("POST /ecom/venda/carrinho/{external_id}/iniciar-checkout", {
      params: { external_id: externalId },
      body: {
        token_entrega: choice.option.token,
        valor_frete: choice.option.valor,
        cliente_endereco_id: choice.addressId,
        entrega_servico_id: choice.option.entrega_servico_id,
        id_ponto_entrega: choice.point?.id ?? null,
        meio_pagamento: payment.meio_pagamento,
        cpf: payment.cpf,
      },
    });
    const link = res.link_pagamento[0];
    return link ? { ok: true, link } : { ok: false, reason: "no_link" };
  } catch (error) {
    if (!(error instanceof ApiError) || error.network) return { ok: false, reason: "failed" };
    return { ok: false, reason: "failed", message: error.message, limits: error.limits };
  }
}
