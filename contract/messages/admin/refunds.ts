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
  refund_gateway_pending:
    "O gateway ainda não confirmou o estorno de {{valor}}: ele fica pendente, sem mexer no estoque, até ser confirmado. Confira de novo no pedido.",
  refund_still_pending: "O gateway ainda não confirmou o estorno de {{valor}}. Confira de novo mais tarde.",
  refund_check_refused: "O gateway diz que o estorno de {{valor}} não foi feito: os itens e o valor podem ser estornados de novo.",
  refund_check_unsupported:
    "Este gateway não informa o andamento de estornos: confira no portal do gateway e marque o estorno como feito ou não feito.",
  refund_not_pending: "Este estorno não está mais pendente.",
  refund_settled_done: "Estorno de {{valor}} marcado como feito pelo gateway.",
  refund_settled_failed: "Estorno de {{valor}} marcado como não feito: os itens e o valor podem ser estornados de novo.",
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
  refund_gateway_pending:
    "La pasarela todavía no confirmó el reembolso de {{valor}}: queda pendiente, sin tocar el stock, hasta que se confirme. Vuelva a consultar en el pedido.",
  refund_still_pending: "La pasarela todavía no confirmó el reembolso de {{valor}}. Vuelva a consultar más tarde.",
  refund_check_refused: "La pasarela dice que el reembolso de {{valor}} no se hizo: los ítems y el monto se pueden reembolsar de nuevo.",
  refund_check_unsupported:
    "Esta pasarela no informa el estado de los reembolsos: consulte en el portal de la pasarela y marque el reembolso como hecho o no hecho.",
  refund_not_pending: "Este reembolso ya no está pendiente.",
  refund_settled_done: "Reembolso de {{valor}} marcado como hecho por la pasarela.",
  refund_settled_failed: "Reembolso de {{valor}} marcado como no hecho: los ítems y el monto se pueden reembolsar de nuevo.",
};
