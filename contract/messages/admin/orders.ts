/** The API's texts of the back office's orders area (pt-BR first; es-PY says each of them). */
export const ptBR = {
  fulfilment_closed: "Este pedido foi cancelado ou estornado: nada mais muda nele.",
  fulfilment_not_paid: "O pedido ainda não foi pago.",
  fulfilment_wrong_kind: "Este passo não vale para este tipo de pedido (retirada ou entrega).",
  fulfilment_not_next: "O pedido não pode passar para este status a partir do atual.",
  fulfilment_already: "O pedido já está neste status.",
  fulfilment_counter_only: "No balcão só é possível marcar um pedido como pronto para retirada ou retirado.",
  order_note_added: "Nota adicionada ao pedido.",
  order_fulfilment_saved: "Status de entrega atualizado.",
  order_cancelled: "Pedido cancelado; a reserva de estoque foi liberada.",
  order_cancel_paid: "Este pedido já foi pago: estorne o pedido inteiro para cancelá-lo (ele fica estornado e encerrado).",
  order_cancel_closed: "Este pedido já está cancelado ou estornado.",
  order_cancel_handed: "Um pedido já retirado ou entregue não é cancelado: faça um estorno (devolução).",
};

export const esPY: Record<keyof typeof ptBR, string> = {
  fulfilment_closed: "Este pedido fue cancelado o reembolsado: ya no cambia.",
  fulfilment_not_paid: "El pedido todavía no fue pagado.",
  fulfilment_wrong_kind: "Este paso no corresponde a este tipo de pedido (retiro o envío).",
  fulfilment_not_next: "El pedido no puede pasar a este estado desde el actual.",
  fulfilment_already: "El pedido ya está en este estado.",
  fulfilment_counter_only: "En el mostrador solo se puede marcar un pedido como listo para retirar o retirado.",
  order_note_added: "Nota agregada al pedido.",
  order_fulfilment_saved: "Estado de entrega actualizado.",
  order_cancelled: "Pedido cancelado; la reserva de stock fue liberada.",
  order_cancel_paid: "Este pedido ya fue pagado: reembolse el pedido entero para cancelarlo (queda reembolsado y cerrado).",
  order_cancel_closed: "Este pedido ya está cancelado o reembolsado.",
  order_cancel_handed: "Un pedido ya retirado o entregado no se cancela: haga un reembolso (devolución).",
};
