/** Addresses of one order's pages and files. */
export const orderHref = (externalId: string) => `/pedido/${externalId}`;
export const ticketHref = (externalId: string) => `/ecom/venda/pedidos/${externalId}/ticket.pdf`;
export const ORDERS_HREF = "/perfil/meus-pedidos";
