/** The API's texts of the back office's customers area (pt-BR first; es-PY says each of them). */
export const ptBR = {
  customer_not_found: "Cliente não encontrado.",
  customer_no_documents: "Este cliente ainda não enviou as imagens do documento.",
  document_not_found: "Esta imagem do documento não existe mais: o cliente enviou outra. Abra a página do cliente de novo.",
  document_link_invalid: "O link desta imagem expirou ou não é válido. Abra a página do cliente de novo para ver o documento.",
  document_verified: "Documento marcado como verificado. O cliente foi avisado por e-mail.",
  document_rejected: "Documento recusado. O cliente foi avisado por e-mail e pode enviar novas imagens.",
  customer_already_confirmed: "O e-mail deste cliente já está confirmado.",
  customer_mail_limit: "Já enviamos vários e-mails a este cliente nos últimos minutos. Tente novamente mais tarde.",
  confirmation_resent: "E-mail de confirmação reenviado para {{email}}.",
  password_reset_sent: "Enviamos a {{email}} o link para o cliente criar uma nova senha.",
};

export const esPY: Record<keyof typeof ptBR, string> = {
  customer_not_found: "Cliente no encontrado.",
  customer_no_documents: "Este cliente todavía no envió las imágenes del documento.",
  document_not_found: "Esta imagen del documento ya no existe: el cliente envió otra. Abra de nuevo la página del cliente.",
  document_link_invalid: "El enlace de esta imagen venció o no es válido. Abra de nuevo la página del cliente para ver el documento.",
  document_verified: "Documento marcado como verificado. El cliente fue avisado por correo.",
  document_rejected: "Documento rechazado. El cliente fue avisado por correo y puede enviar nuevas imágenes.",
  customer_already_confirmed: "El correo de este cliente ya está confirmado.",
  customer_mail_limit: "Ya enviamos varios correos a este cliente en los últimos minutos. Intente de nuevo más tarde.",
  confirmation_resent: "Correo de confirmación reenviado a {{email}}.",
  password_reset_sent: "Enviamos a {{email}} el enlace para que el cliente cree una nueva contraseña.",
};
