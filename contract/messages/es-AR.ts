import * as esPY from "./es-PY.ts";
import * as ticket from "./ticket.ts";
import type { ApiTexts, ValidationTexts } from "./pt-BR.ts";

/**
 * es-AR says every API text as es-PY does (decision 016), except the shipping notices and the ticket's
 * refund line the storefront's es-AR pages also say, which read as those do (voseo; decision 040), and the
 * ticket's lines about its pickup code (messages/ticket.ts), its QR hint and its footer.
 */
export const validation: ValidationTexts = { ...esPY.validation };

/** es-AR: every text the API answers with. */
export const messages: ApiTexts = {
  ...esPY.messages,
  ...validation,
  shipping_needs_city: "¡Seleccioná una ciudad y tené productos en el carrito!",
  no_delivery_region: "No realizamos entregas en tu región. Por favor, seleccioná un punto de retiro abajo.",
  ticket_paid_after_cancel: "La tienda canceló este pedido. Te vamos a devolver el pago que recibimos.",
  ticket_qr_hint: "Mostrá este código en el mostrador del local para retirar el pedido.",
  ticket_footer: "Presentá el código de retiro y un documento con foto al retirar tus productos.",
  ...ticket.esAR,
};
