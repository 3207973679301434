type Pair = readonly [pt: string, es: string];

/** Same-day courier inside Alto Paraná's main cities, priced per city in guaraníes. */
export const COURIER: { descricao: Pair; cities: readonly { city: string; valor: string; prazo: number }[] } = {
  descricao: ["Motoboy Alto Paraná (mesmo dia)", "Delivery en el día - Alto Paraná"],
  cities: [
    { city: "Ciudad del Este", valor: "15000", prazo: 1 },
    { city: "Hernandarias", valor: "25000", prazo: 1 },
    { city: "Presidente Franco", valor: "25000", prazo: 1 },
    { city: "Minga Guazú", valor: "30000", prazo: 1 },
    { city: "Santa Rita", valor: "35000", prazo: 2 },
  ],
};

/**
 * Door-to-door carrier, one rate per department: [valor in guaraníes, days]. The nearer the
 * department to Ciudad del Este, the cheaper and faster; the Chaco costs most.
 */
export const CARRIER: { descricao: Pair; departments: Readonly<Record<string, readonly [string, number]>>; fallback: readonly [string, number] } = {
  descricao: ["Transportadora Nacional", "Transportadora Nacional"],
  departments: {
    "Alto Paraná": ["20000", 1],
    Itapúa: ["35000", 2],
    Caaguazú: ["35000", 2],
    Canindeyú: ["40000", 2],
    "Caazapá": ["40000", 3],
    Guairá: ["40000", 3],
    Central: ["35000", 2],
    Asunción: ["35000", 2],
    Paraguarí: ["45000", 3],
    Cordillera: ["45000", 3],
    Misiones: ["45000", 3],
    "San Pedro": ["50000", 3],
    Ñeembucú: ["55000", 4],
    Amambay: ["55000", 4],
    Concepción: ["60000", 4],
    "Presidente Hayes": ["70000", 5],
    Boquerón: ["85000", 6],
    "Alto Paraguay": ["90000", 7],
  },
  fallback: ["60000", 5],
};

/** Pickup network: cheaper than the door, collected at a partner agency. */
export const PICKUP: {
  descricao: Pair;
  discount: string;
  points: readonly { nome: string; endereco: string; city: string; horario: string }[];
} = {
  descricao: ["Retirada em ponto parceiro", "Retiro en punto asociado"],
  discount: "0.6",
  points: [
    { nome: "Agencia Centro CDE", endereco: "Av. San Blas 1240, Microcentro", city: "Ciudad del Este", horario: "Lun a Sáb 8:00 a 18:00" },
    { nome: "Agencia Hernandarias", endereco: "Calle Carlos Antonio López 455", city: "Hernandarias", horario: "Lun a Vie 8:00 a 17:30" },
    { nome: "Agencia Encarnación", endereco: "Av. Irrazábal 1020", city: "Encarnación", horario: "Lun a Sáb 7:30 a 18:00" },
    { nome: "Agencia Coronel Oviedo", endereco: "Ruta PY02 km 132", city: "Coronel Oviedo", horario: "Lun a Vie 8:00 a 18:00" },
    { nome: "Agencia San Lorenzo", endereco: "Av. Mcal. Estigarribia 2850", city: "San Lorenzo", horario: "Lun a Sáb 8:00 a 19:00" },
    { nome: "Agencia Asunción Centro", endereco: "Calle Palma 560", city: "Asunción", horario: "Lun a Vie 8:00 a 18:00" },
    { nome: "Agencia Pedro Juan Caballero", endereco: "Av. Dr. Francia 870", city: "Pedro Juan Caballero", horario: "Lun a Sáb 8:00 a 17:00" },
    { nome: "Agencia Villarrica", endereco: "Calle Mcal. López 315", city: "Villarrica", horario: "Lun a Vie 8:00 a 17:30" },
  ],
};
