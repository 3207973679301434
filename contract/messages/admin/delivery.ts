/** The API's texts of the back office's delivery area (pt-BR first; es-PY says each of them). */
export const ptBR = {
  shipping_service_created: "Serviço de entrega cadastrado.",
  shipping_service_saved: "Serviço de entrega salvo. A loja já usa a mudança.",
  shipping_rate_created: "Tarifa cadastrada. A próxima cotação já a usa.",
  shipping_rate_saved: "Tarifa salva. A próxima cotação já a usa.",
  shipping_rate_deleted: "Tarifa excluída.",
  shipping_rate_taken: "Este serviço já tem uma tarifa para este lugar: edite a existente.",
  pickup_point_created: "Ponto de retirada cadastrado.",
  pickup_point_saved: "Ponto de retirada salvo. A loja já mostra a mudança.",
  delivery_state_not_paraguay: "Escolha um departamento do Paraguai.",
  delivery_city_outside_state: "Esta cidade não é do departamento escolhido.",
  delivery_service_unknown: "Serviço de entrega não encontrado.",
  delivery_service_not_pickup: "Escolha um serviço de entrega em pontos de retirada.",
};

export const esPY: Record<keyof typeof ptBR, string> = {
  shipping_service_created: "Servicio de envío cargado.",
  shipping_service_saved: "Servicio de envío guardado. La tienda ya usa el cambio.",
  shipping_rate_created: "Tarifa cargada. La próxima cotización ya la usa.",
  shipping_rate_saved: "Tarifa guardada. La próxima cotización ya la usa.",
  shipping_rate_deleted: "Tarifa eliminada.",
  shipping_rate_taken: "Este servicio ya tiene una tarifa para este lugar: editá la existente.",
  pickup_point_created: "Punto de retiro cargado.",
  pickup_point_saved: "Punto de retiro guardado. La tienda ya muestra el cambio.",
  delivery_state_not_paraguay: "Elegí un departamento de Paraguay.",
  delivery_city_outside_state: "Esta ciudad no es del departamento elegido.",
  delivery_service_unknown: "Servicio de envío no encontrado.",
  delivery_service_not_pickup: "Elegí un servicio de envío a puntos de retiro.",
};
