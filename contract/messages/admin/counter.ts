/** The API's texts of the back office's counter area (pt-BR first; es-PY says each of them). */
export const ptBR = {
  counter_unknown_code: "Nenhum pedido tem o código de retirada {{codigo}}. Confira o código com o cliente.",
  counter_not_paid: "O pedido {{pedido}} ainda não foi pago: não entregue a mercadoria.",
  counter_handed_over: "O pedido {{pedido}} já foi entregue em {{quando}} por {{quem}}.",
  counter_refunded: "O pedido {{pedido}} foi estornado: não entregue a mercadoria.",
  counter_cancelled: "O pedido {{pedido}} foi cancelado: não entregue a mercadoria.",
  counter_delivery: "O pedido {{pedido}} é de entrega, não de retirada no balcão.",
  counter_link_expired: "O link da imagem expirou. Busque o pedido de novo.",
  counter_handed_over_now: "Pedido {{pedido}} entregue.",
  counter_someone: "um funcionário",
  ticket_qr_hint: "Mostre este código no balcão da loja para retirar o pedido.",
};

export const esPY: Record<keyof typeof ptBR, string> = {
  counter_unknown_code: "Ningún pedido tiene el código de retiro {{codigo}}. Verifique el código con el cliente.",
  counter_not_paid: "El pedido {{pedido}} todavía no fue pagado: no entregue la mercadería.",
  counter_handed_over: "El pedido {{pedido}} ya fue entregado el {{quando}} por {{quem}}.",
  counter_refunded: "El pedido {{pedido}} fue reembolsado: no entregue la mercadería.",
  counter_cancelled: "El pedido {{pedido}} fue cancelado: no entregue la mercadería.",
  counter_delivery: "El pedido {{pedido}} es de envío, no de retiro en el mostrador.",
  counter_link_expired: "El enlace de la imagen venció. Busque el pedido de nuevo.",
  counter_handed_over_now: "Pedido {{pedido}} entregado.",
  counter_someone: "un funcionario",
  ticket_qr_hint: "Muestre este código en el mostrador de la tienda para retirar el pedido.",
};
