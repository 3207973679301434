/** The API's texts of the back office's refunds area (pt-BR first; es-PY says each of them). */
export const ptBR = {
  refund_done: "Estorno de {{valor}} feito pelo gateway.",
  refund_outside: "Estorno de {{valor}} registrado como feito fora da loja.",
  refund_refused: "O gateway recusou o estorno: {{motivo}}. Nada foi alterado.",
  refund_pending: "Este estorno ainda está sendo processado. Atualize a página em instantes.",
  refund_not_paid: "Só um pedido pago pode ser estornado.",
  refund_closed: "Este pedido já foi estornado por inteiro ou cancelado.",
  refund_key_used: "Este formulário já foi usado para outro pedido. Abra o estorno de novo.",
  refund_empty: "Escolha itens, o frete ou um valor para estornar.",
  refund_over_cap: "O valor passa do que ainda pode ser estornado ({{restante}}).",
  refund_line_over: "Passa da quantidade que ainda pode ser estornada ({{max}}).",
  refund_line_unknown: "Este item não é deste pedido.",
  refund_shipping_none: "Não há frete a estornar neste pedido.",
  refund_decimals: "Valor com casas decimais demais para a moeda do pedido.",
};

export const esPY: Record<keyof typeof ptBR, string> = {
  refund_done: "Reembolso de {{valor}} hecho por la pasarela.",
  refund_outside: "Reembolso de {{valor}} registrado como hecho fuera de la tienda.",
  refund_refused: "La pasarela rechazó el reembolso: {{motivo}}. No se cambió nada.",
  refund_pending: "Este reembolso todavía se está procesando. Actualice la página en unos instantes.",
  refund_not_paid: "Solo un pedido pagado puede ser reembolsado.",
  refund_closed: "Este pedido ya fue reembolsado por completo o cancelado.",
  refund_key_used: "Este formulario ya se usó para otro pedido. Abra el reembolso de nuevo.",
  refund_empty: "Elija ítems, el envío o un monto a reembolsar.",
  refund_over_cap: "El monto supera lo que todavía se puede reembolsar ({{restante}}).",
  refund_line_over: "Supera la cantidad que todavía se puede reembolsar ({{max}}).",
  refund_line_unknown: "Este ítem no es de este pedido.",
  refund_shipping_none: "No hay envío a reembolsar en este pedido.",
  refund_decimals: "Monto con demasiados decimales para la moneda del pedido.",
};
