/** First and last names of the shop's buyers, by nationality: the orders seed's customers. */
export const PEOPLE = {
  BR: {
    first: ["Ana", "João", "Maria", "Pedro", "Lucas", "Juliana", "Rafael", "Camila", "Bruno", "Fernanda", "Gustavo", "Larissa", "Thiago", "Patrícia", "Diego", "Aline", "Marcelo", "Vanessa", "Rodrigo", "Beatriz", "Felipe", "Letícia", "André", "Carla", "Eduardo", "Gabriela", "Leonardo", "Renata", "Vinícius", "Tatiane"],
    last: ["Silva", "Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves", "Pereira", "Lima", "Gomes", "Costa", "Ribeiro", "Martins", "Carvalho", "Almeida", "Lopes", "Soares", "Fernandes", "Vieira", "Barbosa", "Rocha", "Dias", "Nascimento", "Andrade", "Moreira", "Nunes", "Marques", "Machado", "Mendes", "Freitas"],
  },
  PY: {
    first: ["José", "María", "Juan", "Rosa", "Carlos", "Liz", "Luis", "Fátima", "Miguel", "Nathalia", "Jorge", "Mirta", "Ramón", "Gloria", "Víctor", "Sonia", "Hugo", "Graciela", "Derlis", "Belén", "Óscar", "Celeste", "Rubén", "Nilda", "Édgar", "Andrea", "Fabián", "Laura", "Aldo", "Rocío"],
    last: ["González", "Benítez", "Martínez", "López", "Giménez", "Vera", "Duarte", "Ramírez", "Villalba", "Fernández", "Acosta", "Báez", "Rojas", "Cáceres", "Ortiz", "Ayala", "Núñez", "Riveros", "Franco", "Cabrera", "Espínola", "Sosa", "Insfrán", "Ruiz Díaz", "Britez", "Aquino", "Chamorro", "Galeano", "Ojeda", "Torres"],
  },
  AR: {
    first: ["Martín", "Sofía", "Santiago", "Valentina", "Matías", "Camila", "Nicolás", "Lucía", "Facundo", "Florencia", "Agustín", "Micaela", "Federico", "Julieta", "Gonzalo", "Milagros", "Ezequiel", "Agustina", "Leandro", "Carolina"],
    last: ["González", "Rodríguez", "Gómez", "Fernández", "López", "Díaz", "Martínez", "Pérez", "García", "Sánchez", "Romero", "Sosa", "Álvarez", "Torres", "Ruiz", "Ramírez", "Flores", "Benítez", "Acosta", "Medina"],
  },
} as const;

export type Nationality = keyof typeof PEOPLE;

/** Streets of Paraguayan towns for the buyers' delivery addresses. */
export const STREETS = ["Av. Mariscal López", "Av. España", "Calle Palma", "Av. Eusebio Ayala", "Av. San Martín", "Calle Estrella", "Av. Monseñor Rodríguez", "Av. Adrián Jara", "Calle Curupayty", "Av. Bernardino Caballero", "Calle Tte. Fariña", "Av. Artigas"];
export const BARRIOS = ["Centro", "San Vicente", "Villa Morra", "Recoleta", "Obrero", "Boquerón", "Área 1", "San Blas", "Carlos A. López", "Santa Ana"];
