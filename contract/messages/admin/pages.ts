/** The API's texts of the back office's pages area (pt-BR first; es-PY says each of them). */
export const ptBR = {
  faq_created: "Pergunta cadastrada. A loja já mostra.",
  faq_saved: "Pergunta salva. A loja já mostra a mudança.",
  faq_deleted: "Pergunta excluída.",
  page_texts_saved: "Textos salvos. A loja já mostra a mudança.",
  page_text_other_page: "Este texto é de outra página.",
};

export const esPY: Record<keyof typeof ptBR, string> = {
  faq_created: "Pregunta cargada. La tienda ya la muestra.",
  faq_saved: "Pregunta guardada. La tienda ya muestra el cambio.",
  faq_deleted: "Pregunta eliminada.",
  page_texts_saved: "Textos guardados. La tienda ya muestra el cambio.",
  page_text_other_page: "Este texto es de otra página.",
};
