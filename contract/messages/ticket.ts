/**
 * The ticket's texts about the order's status and its pickup code (pt-BR first; es-PY says each of them,
 * es-AR only those it says otherwise, in voseo). The status labels are the customer's pages' own
 * (`cart.orders.statuses` of the storefront's catalogues; app/i18n/ticket-texts.test.ts keeps them equal).
 */
export const ptBR = {
  ticket_status_AGUARDANDO: "Aguardando",
  ticket_status_ENVIADO: "Enviado",
  ticket_status_AUTORIZADO: "Autorizado",
  ticket_status_PAGO: "Pago",
  ticket_status_ESTORNADO: "Estornado",
  ticket_status_PAGAMENTO: "Aguardando pagamento",
  ticket_status_CANCELADO: "Cancelado",
  ticket_no_code_cancelled: "Sem código de retirada: este pedido foi cancelado.",
  ticket_no_code_refunded: "Sem código de retirada: este pedido foi estornado.",
  ticket_no_code_not_paid:
    "Sem código de retirada: este pedido ainda aguarda o pagamento. Baixe o comprovante de novo depois que o pagamento for confirmado.",
  ticket_no_code_handed_over: "Sem código de retirada: este pedido já foi retirado em {{data}}.",
  ticket_no_code_delivery: "Sem código de retirada: este pedido é entregue pela transportadora, não é retirado no balcão da loja.",
  ticket_no_code_not_open: "Sem código de retirada: este pedido não pode ser retirado na loja.",
};

export const esPY: Record<keyof typeof ptBR, string> = {
  ticket_status_AGUARDANDO: "Pendiente",
  ticket_status_ENVIADO: "Enviado",
  ticket_status_AUTORIZADO: "Autorizado",
  ticket_status_PAGO: "Pagado",
  ticket_status_ESTORNADO: "Reembolsado",
  ticket_status_PAGAMENTO: "Esperando pago",
  ticket_status_CANCELADO: "Cancelado",
  ticket_no_code_cancelled: "Sin código de retiro: este pedido fue cancelado.",
  ticket_no_code_refunded: "Sin código de retiro: este pedido fue reembolsado.",
  ticket_no_code_not_paid: "Sin código de retiro: este pedido todavía espera el pago. Descargue de nuevo el comprobante cuando se confirme el pago.",
  ticket_no_code_handed_over: "Sin código de retiro: este pedido ya fue retirado el {{data}}.",
  ticket_no_code_delivery: "Sin código de retiro: este pedido lo entrega la transportadora, no se retira en el mostrador de la tienda.",
  ticket_no_code_not_open: "Sin código de retiro: este pedido no se puede retirar en la tienda.",
};

export const esAR: Partial<Record<keyof typeof ptBR, string>> = {
  ticket_no_code_not_paid: "Sin código de retiro: este pedido todavía espera el pago. Descargá de nuevo el comprobante cuando se confirme el pago.",
  ticket_no_code_delivery: "Sin código de retiro: este pedido lo entrega la transportadora, no se retira en el mostrador del local.",
  ticket_no_code_not_open: "Sin código de retiro: este pedido no se puede retirar en el local.",
};
