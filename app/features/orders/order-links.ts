/** Addresses of one order's pages and files. */
export const orderHref = (externalId: string) => `/pedido/${externalId}`;
export const ticketHref = (externalId: string) => `/ecom/venda/pedidos/${externalId}/ticket.pdf`;
export const ORDERS_HREF = "/perfil/meus-pedidos";
/** "Pay now": the store sends the buyer on to the gateway, with a new charge after a decline where the gateway needs one. */
export const payHref = (externalId: string) => `/ecom/venda/pedidos/${externalId}/pagar`;
