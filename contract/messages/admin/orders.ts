/** The API's texts of the back office's orders area (pt-BR first; es-PY says each of them). */
export const ptBR = {
  fulfilment_closed: "Este pedido foi cancelado ou estornado: nada mais muda nele.",
  fulfilment_not_paid: "O pedido ainda não foi pago.",
  fulfilment_wrong_kind: "Este passo não vale para este tipo de pedido (retirada ou entrega).",
  fulfilment_not_next: "O pedido não pode passar para este status a partir do atual.",
  fulfilment_already: "O pedido já está neste status.",
};

export const esPY: Record<keyof typeof ptBR, string> = {
  fulfilment_closed: "Este pedido fue cancelado o reembolsado: ya no cambia.",
  fulfilment_not_paid: "El pedido todavía no fue pagado.",
  fulfilment_wrong_kind: "Este paso no corresponde a este tipo de pedido (retiro o envío).",
  fulfilment_not_next: "El pedido no puede pasar a este estado desde el actual.",
  fulfilment_already: "El pedido ya está en este estado.",
};
