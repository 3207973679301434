/** A specification value: the same in both languages, a [pt, es] pair, or missing. */
export type SpecValue = string | readonly [pt: string, es: string] | null;

export interface SpecDef {
  pt: string;
  es: string;
  values: readonly SpecValue[];
}

/**
 * A kind of product the shop sells: what the generator turns into many concrete products by
 * brand, model, main specification and voltage.
 */
export interface KindDef {
  key: string;
  /** Category and department slugs (data/categories.ts). */
  cat: string;
  dept: string;
  /** Product name stem in each language. */
  pt: string;
  es: string;
  /** "ideal para …" in each language. */
  use: readonly [pt: string, es: string];
  /** Brand slugs; models[i] is the model prefix of brands[i]. */
  brands: readonly string[];
  models: readonly string[];
  /** The specification that sets the price (power, size, pieces): it is part of the name. */
  main?: SpecDef;
  /** Sold in 127 V and 220 V versions. */
  volt?: boolean;
  specs: readonly SpecDef[];
  /** Price range in US dollars, cheapest to dearest main value. */
  usd: readonly [number, number];
  weight?: number;
  /** Drawing key (art/index.ts). */
  art: string;
  /** Now and then bought from a local distributor and priced in guaraníes. */
  pyg?: boolean;
}

const spec = (pt: string, es: string, values: readonly SpecValue[]): SpecDef => ({ pt, es, values });
const yesNo: readonly SpecValue[] = [["Sim", "Sí"], ["Não", "No"]];
const pieces = (...n: number[]): SpecValue[] => n.map((v) => [`${v} peças`, `${v} piezas`] as const);

export const KINDS: readonly KindDef[] = [
  // Ferramentas elétricas
  {
    key: "drill", cat: "ferramentas-eletricas", dept: "furadeiras", pt: "Furadeira de Impacto", es: "Taladro Percutor",
    use: ["furar concreto, madeira e metal", "perforar hormigón, madera y metal"],
    brands: ["makita", "bosch", "dewalt", "black-decker", "skil", "vonder", "einhell", "forte-tools"],
    models: ["HP", "GSB", "DWD", "KR", "SK", "FIV", "TC-ID", "FT"],
    main: spec("Potência", "Potencia", ["550 W", "650 W", "710 W", "850 W", "1050 W"]), volt: true,
    specs: [spec("Mandril", "Mandril", ["1/2\"", "3/8\""]), spec("Rotação", "Rotación", ["0-2800 rpm", "0-3000 rpm", "0-3200 rpm"]), spec("Reversível", "Reversible", yesNo)],
    usd: [32, 190], weight: 3, art: "drill", pyg: true,
  },
  {
    key: "cordless-drill", cat: "ferramentas-eletricas", dept: "parafusadeiras", pt: "Parafusadeira e Furadeira a Bateria", es: "Atornillador Taladro a Batería",
    use: ["montagem, marcenaria e manutenção", "montaje, carpintería y mantenimiento"],
    brands: ["makita", "bosch", "dewalt", "milwaukee", "black-decker", "vonder", "einhell"],
    models: ["DDF", "GSR", "DCD", "M18", "BDCD", "PFV", "TE-CD"],
    main: spec("Tensão da bateria", "Tensión de la batería", ["12 V", "18 V", "20 V"]),
    specs: [spec("Baterias incluídas", "Baterías incluidas", ["1", "2"]), spec("Torque máximo", "Torque máximo", ["30 Nm", "45 Nm", "60 Nm", "90 Nm"]), spec("Carregador", "Cargador", [["Bivolt", "Bivolt"]])],
    usd: [45, 320], weight: 3, art: "cordless-drill",
  },
  {
    key: "rotary-hammer", cat: "ferramentas-eletricas", dept: "marteletes", pt: "Martelete Rompedor", es: "Rotomartillo",
    use: ["demolição leve e furos em concreto", "demolición liviana y perforación de hormigón"],
    brands: ["makita", "bosch", "dewalt", "milwaukee", "vonder"],
    models: ["HR", "GBH", "D25", "MXF", "MPV"],
    main: spec("Potência", "Potencia", ["800 W", "1000 W", "1500 W"]), volt: true,
    specs: [spec("Encaixe", "Encastre", ["SDS Plus", "SDS Max"]), spec("Energia de impacto", "Energía de impacto", ["2,7 J", "3,2 J", "5 J"])],
    usd: [95, 520], art: "rotary-hammer",
  },
  {
    key: "angle-grinder", cat: "ferramentas-eletricas", dept: "esmerilhadeiras", pt: "Esmerilhadeira Angular", es: "Amoladora Angular",
    use: ["corte e desbaste de metal", "corte y desbaste de metal"],
    brands: ["makita", "bosch", "dewalt", "skil", "vonder", "einhell", "forte-tools"],
    models: ["GA", "GWS", "DWE", "SK", "EAV", "TC-AG", "FT"],
    main: spec("Disco", "Disco", ["4 1/2\"", "5\"", "7\"", "9\""]), volt: true,
    specs: [spec("Potência", "Potencia", ["720 W", "850 W", "2200 W"]), spec("Rotação", "Rotación", ["11000 rpm", "8500 rpm", "6600 rpm"])],
    usd: [38, 260], weight: 2, art: "angle-grinder", pyg: true,
  },
  {
    key: "circular-saw", cat: "ferramentas-eletricas", dept: "serras", pt: "Serra Circular", es: "Sierra Circular",
    use: ["cortes retos em madeira", "cortes rectos en madera"],
    brands: ["makita", "bosch", "dewalt", "skil", "black-decker"],
    models: ["HS", "GKS", "DWE", "SK", "CS"],
    main: spec("Lâmina", "Disco", ["7 1/4\"", "8 1/4\"", "10\""]), volt: true,
    specs: [spec("Profundidade de corte", "Profundidad de corte", ["65 mm", "70 mm", "85 mm"]), spec("Inclinação", "Inclinación", ["0-45°", "0-56°"])],
    usd: [70, 330], art: "circular-saw",
  },
  {
    key: "jigsaw", cat: "ferramentas-eletricas", dept: "serras", pt: "Serra Tico-Tico de Ação Pendular", es: "Sierra Caladora Pendular",
    use: ["cortes curvos em madeira e acrílico", "cortes curvos en madera y acrílico"],
    brands: ["makita", "bosch", "dewalt", "black-decker", "vonder"],
    models: ["4329", "GST", "DW", "JS", "STV"],
    main: spec("Potência", "Potencia", ["450 W", "650 W", "800 W"]), volt: true,
    specs: [spec("Golpes por minuto", "Carreras por minuto", ["500-3000", "800-3100"]), spec("Corte em madeira", "Corte en madera", ["65 mm", "85 mm", "120 mm"])],
    usd: [40, 210], art: "jigsaw",
  },
  {
    key: "sander", cat: "ferramentas-eletricas", dept: "lixadeiras-e-sopradores", pt: "Lixadeira Orbital", es: "Lijadora Orbital",
    use: ["acabamento de madeira e massa", "terminación de madera y masilla"],
    brands: ["makita", "bosch", "dewalt", "black-decker", "einhell"],
    models: ["BO", "GSS", "DWE", "BDE", "TC-OS"],
    main: spec("Potência", "Potencia", ["200 W", "300 W", "350 W"]), volt: true,
    specs: [spec("Base", "Base", ["1/4 de folha", "1/3 de folha", ["Roto-orbital 5\"", "Roto-orbital 5\""]]), spec("Coletor de pó", "Colector de polvo", yesNo)],
    usd: [35, 180], art: "sander",
  },
  {
    key: "heat-gun", cat: "ferramentas-eletricas", dept: "lixadeiras-e-sopradores", pt: "Soprador Térmico", es: "Pistola de Calor",
    use: ["remover tinta e moldar plásticos", "remover pintura y moldear plásticos"],
    brands: ["bosch", "makita", "vonder", "einhell"],
    models: ["GHG", "HG", "STV", "TC-HA"],
    main: spec("Potência", "Potencia", ["1500 W", "1800 W", "2000 W"]), volt: true,
    specs: [spec("Temperatura", "Temperatura", ["50-550 °C", "50-600 °C"]), spec("Bicos inclusos", "Boquillas incluidas", ["2", "4"])],
    usd: [28, 140], art: "heat-gun",
  },
  // Ferramentas manuais
  {
    key: "pliers", cat: "ferramentas-manuais", dept: "alicates", pt: "Alicate Universal", es: "Pinza Universal",
    use: ["cortar, dobrar e segurar fios", "cortar, doblar y sujetar cables"],
    brands: ["tramontina", "gedore", "stanley", "irwin", "truper", "vonder"],
    models: ["PRO", "G8", "84", "VG", "T2", "AV"],
    main: spec("Tamanho", "Tamaño", ["6\"", "7\"", "8\""]),
    specs: [spec("Isolamento", "Aislamiento", ["1000 V", null]), spec("Material", "Material", [["Aço cromo-vanádio", "Acero cromo-vanadio"], ["Aço carbono", "Acero al carbono"]])],
    usd: [6, 38], weight: 2, art: "pliers", pyg: true,
  },
  {
    key: "hammer", cat: "ferramentas-manuais", dept: "martelos", pt: "Martelo de Unha", es: "Martillo de Uña",
    use: ["carpintaria e obras", "carpintería y obras"],
    brands: ["tramontina", "stanley", "truper", "irwin", "forte-tools"],
    models: ["MU", "STHT", "MOF", "IW", "FT"],
    main: spec("Peso da cabeça", "Peso de la cabeza", ["16 oz", "20 oz", "27 oz"]),
    specs: [spec("Cabo", "Mango", [["Fibra de vidro", "Fibra de vidrio"], ["Madeira", "Madera"], ["Aço", "Acero"]])],
    usd: [8, 45], art: "hammer",
  },
  {
    key: "screwdriver", cat: "ferramentas-manuais", dept: "chaves-de-fenda", pt: "Jogo de Chaves de Fenda e Philips", es: "Juego de Destornilladores Planos y Phillips",
    use: ["montagem e manutenção elétrica", "montaje y mantenimiento eléctrico"],
    brands: ["tramontina", "gedore", "stanley", "irwin", "vonder"],
    models: ["JF", "G15", "STMT", "IW", "JCV"],
    main: spec("Peças", "Piezas", pieces(6, 8, 12)),
    specs: [spec("Ponta", "Punta", [["Imantada", "Imantada"], ["Comum", "Común"]]), spec("Isolamento", "Aislamiento", ["1000 V", null])],
    usd: [9, 55], art: "screwdriver",
  },
  {
    key: "handsaw", cat: "ferramentas-manuais", dept: "serrotes", pt: "Serrote Profissional", es: "Serrucho Profesional",
    use: ["cortes rápidos em madeira", "cortes rápidos en madera"],
    brands: ["tramontina", "stanley", "irwin", "truper", "bosch"],
    models: ["SP", "ST", "XP", "STP", "PS"],
    main: spec("Comprimento", "Largo", ["18\"", "20\"", "22\""]),
    specs: [spec("Dentes por polegada", "Dientes por pulgada", ["7", "9", "11"])],
    usd: [9, 42], art: "handsaw",
  },
  // Chaves e soquetes
  {
    key: "wrench-set", cat: "chaves-e-soquetes", dept: "jogo-de-chaves", pt: "Jogo de Chaves Combinadas", es: "Juego de Llaves Combinadas",
    use: ["mecânica automotiva e industrial", "mecánica automotriz e industrial"],
    brands: ["gedore", "tramontina", "stanley", "bosch", "makita", "truper", "forte-tools"],
    models: ["1B", "PRO", "STMT", "PS", "B", "JLC", "FT"],
    main: spec("Peças", "Piezas", pieces(8, 12, 14, 22)),
    specs: [spec("Medidas", "Medidas", ["6-19 mm", "6-22 mm", "8-32 mm"]), spec("Material", "Material", [["Aço cromo-vanádio", "Acero cromo-vanadio"]]), spec("Estojo", "Estuche", yesNo)],
    usd: [18, 160], weight: 2, art: "wrench-set",
  },
  {
    key: "socket-set", cat: "chaves-e-soquetes", dept: "jogo-de-soquetes", pt: "Jogo de Soquetes com Catraca", es: "Juego de Tubos con Crique",
    use: ["oficinas mecânicas", "talleres mecánicos"],
    brands: ["gedore", "tramontina", "stanley", "dewalt", "milwaukee", "truper"],
    models: ["D19", "PRO", "STMT", "DWMT", "MX", "JS"],
    main: spec("Peças", "Piezas", pieces(24, 40, 94, 108)),
    specs: [spec("Encaixe", "Encastre", ["1/4\"", "3/8\"", "1/2\""]), spec("Catraca", "Crique", [["72 dentes", "72 dientes"], ["90 dentes", "90 dientes"]])],
    usd: [25, 240], weight: 2, art: "socket-set",
  },
  {
    key: "wrench", cat: "chaves-e-soquetes", dept: "chaves-avulsas", pt: "Chave Inglesa Ajustável", es: "Llave Ajustable",
    use: ["hidráulica e manutenção geral", "plomería y mantenimiento general"],
    brands: ["gedore", "tramontina", "stanley", "irwin", "truper"],
    models: ["60", "CI", "STHT", "IW", "PET"],
    main: spec("Tamanho", "Tamaño", ["8\"", "10\"", "12\""]),
    specs: [spec("Abertura máxima", "Apertura máxima", ["24 mm", "30 mm", "35 mm"])],
    usd: [9, 48], art: "wrench",
  },
  {
    key: "ratchet", cat: "chaves-e-soquetes", dept: "chaves-avulsas", pt: "Chave Catraca de Ação Rápida", es: "Llave Crique de Acción Rápida",
    use: ["apertos rápidos em espaços curtos", "ajustes rápidos en espacios reducidos"],
    brands: ["gedore", "tramontina", "stanley", "milwaukee"],
    models: ["DR", "CR", "STMT", "MX"],
    main: spec("Encaixe", "Encastre", ["1/4\"", "3/8\"", "1/2\""]),
    specs: [spec("Dentes", "Dientes", ["72", "90"])],
    usd: [12, 65], art: "wrench",
  },
  // Combos completos
  {
    key: "combo-kit", cat: "combos-completos", dept: "kits-a-bateria", pt: "Kit Combo Parafusadeira e Chave de Impacto a Bateria", es: "Kit Combo Atornillador y Llave de Impacto a Batería",
    use: ["quem quer a obra inteira numa maleta só", "quien quiere toda la obra en un solo maletín"],
    brands: ["makita", "dewalt", "milwaukee", "bosch"],
    models: ["DLX", "DCK", "M18", "GSB"],
    main: spec("Ferramentas", "Herramientas", [["2 ferramentas", "2 herramientas"], ["3 ferramentas", "3 herramientas"], ["4 ferramentas", "4 herramientas"]]),
    specs: [spec("Tensão da bateria", "Tensión de la batería", ["18 V", "20 V"]), spec("Baterias incluídas", "Baterías incluidas", ["2", "3"]), spec("Maleta", "Maletín", yesNo)],
    usd: [260, 980], art: "cordless-drill",
  },
  {
    key: "tool-case", cat: "combos-completos", dept: "maletas-de-ferramentas", pt: "Maleta de Ferramentas Completa", es: "Maletín de Herramientas Completo",
    use: ["manutenção da casa e da oficina", "mantenimiento del hogar y del taller"],
    brands: ["tramontina", "stanley", "bosch", "black-decker", "vonder", "forte-tools"],
    models: ["MF", "STMT", "PS", "BDK", "MFV", "FT"],
    main: spec("Peças", "Piezas", pieces(45, 110, 129, 160)),
    specs: [spec("Material da maleta", "Material del maletín", [["Plástico reforçado", "Plástico reforzado"], ["Alumínio", "Aluminio"]])],
    usd: [35, 290], art: "toolbox",
  },
  {
    key: "mechanic-kit", cat: "combos-completos", dept: "kits-de-manutencao", pt: "Kit Mecânico com Soquetes e Chaves", es: "Kit Mecánico con Tubos y Llaves",
    use: ["mecânica leve e pesada", "mecánica liviana y pesada"],
    brands: ["gedore", "stanley", "tramontina", "dewalt"],
    models: ["KM", "STMT", "KIT", "DWMT"],
    main: spec("Peças", "Piezas", pieces(82, 150, 201)),
    specs: [spec("Encaixes", "Encastres", ["1/4\" e 1/2\"", "1/4\", 3/8\" e 1/2\""])],
    usd: [60, 420], art: "socket-set",
  },
  // Energia
  {
    key: "generator", cat: "energia", dept: "geradores", pt: "Gerador a Gasolina", es: "Generador a Nafta",
    use: ["obras, sítios e emergências", "obras, estancias y emergencias"],
    brands: ["vonder", "einhell", "husqvarna", "stihl", "forte-tools"],
    models: ["GGV", "TC-PG", "G", "GE", "FT"],
    main: spec("Potência máxima", "Potencia máxima", ["2.500 W", "3.500 W", "5.500 W", "8.000 W"]),
    specs: [spec("Partida", "Arranque", [["Manual", "Manual"], ["Elétrica", "Eléctrica"]]), spec("Tanque", "Tanque", ["15 L", "25 L"]), spec("Autonomia", "Autonomía", ["8 h", "10 h", "12 h"])],
    usd: [280, 1850], art: "generator", pyg: true,
  },
  {
    key: "ups", cat: "energia", dept: "nobreaks", pt: "Nobreak", es: "UPS",
    use: ["proteger computadores e equipamentos de rede", "proteger computadoras y equipos de red"],
    brands: ["intelbras", "philips", "tp-link", "lotus"],
    models: ["XNB", "UPS", "TL", "LT"],
    main: spec("Potência", "Potencia", ["600 VA", "1200 VA", "2200 VA"]),
    specs: [spec("Tomadas", "Tomas", ["4", "6", "8"]), spec("Autonomia", "Autonomía", ["10 min", "20 min"])],
    usd: [70, 420], art: "ups",
  },
  {
    key: "battery", cat: "energia", dept: "baterias", pt: "Bateria de Íon de Lítio", es: "Batería de Ion de Litio",
    use: ["ferramentas a bateria da mesma linha", "herramientas a batería de la misma línea"],
    brands: ["makita", "dewalt", "milwaukee", "bosch"],
    models: ["BL", "DCB", "M18B", "GBA"],
    main: spec("Capacidade", "Capacidad", ["2,0 Ah", "4,0 Ah", "5,0 Ah", "6,0 Ah"]),
    specs: [spec("Tensão", "Tensión", ["18 V", "20 V"]), spec("Indicador de carga", "Indicador de carga", yesNo)],
    usd: [45, 190], art: "battery",
  },
  {
    key: "power-strip", cat: "energia", dept: "filtros-de-linha", pt: "Filtro de Linha com Proteção", es: "Zapatilla con Protección",
    use: ["escritório e bancada", "oficina y banco de trabajo"],
    brands: ["intelbras", "philips", "lotus", "tp-link"],
    models: ["EPE", "SPN", "LT", "P"],
    main: spec("Tomadas", "Tomas", [["4 tomadas", "4 tomas"], ["6 tomadas", "6 tomas"], ["8 tomadas", "8 tomas"]]),
    specs: [spec("Cabo", "Cable", ["1,5 m", "3 m"]), spec("Corrente máxima", "Corriente máxima", ["10 A", "20 A"])],
    usd: [8, 45], art: "power-strip",
  },
  // Iluminação
  {
    key: "flashlight", cat: "iluminacao", dept: "lanternas", pt: "Lanterna Tática LED Recarregável", es: "Linterna Táctica LED Recargable",
    use: ["trabalho noturno e emergências", "trabajo nocturno y emergencias"],
    brands: ["makita", "dewalt", "philips", "lotus", "stanley"],
    models: ["ML", "DCL", "SFL", "LT", "FL"],
    main: spec("Fluxo luminoso", "Flujo luminoso", ["300 lm", "800 lm", "1200 lm"]),
    specs: [spec("Autonomia", "Autonomía", ["4 h", "6 h", "10 h"]), spec("Resistência à água", "Resistencia al agua", ["IP44", "IP65", "IP67"])],
    usd: [9, 85], art: "flashlight",
  },
  {
    key: "floodlight", cat: "iluminacao", dept: "refletores", pt: "Refletor LED", es: "Reflector LED",
    use: ["fachadas, quadras e pátios", "fachadas, canchas y patios"],
    brands: ["philips", "intelbras", "lotus", "makita"],
    models: ["BVP", "RL", "LT", "DML"],
    main: spec("Potência", "Potencia", ["50 W", "100 W", "200 W"]),
    specs: [spec("Temperatura de cor", "Temperatura de color", ["3000 K", "6500 K"]), spec("Proteção", "Protección", ["IP65", "IP66"])],
    usd: [12, 95], art: "floodlight", pyg: true,
  },
  {
    key: "bulb", cat: "iluminacao", dept: "lampadas", pt: "Kit de Lâmpadas LED", es: "Kit de Lámparas LED",
    use: ["casas, lojas e escritórios", "casas, tiendas y oficinas"],
    brands: ["philips", "intelbras", "lotus"],
    models: ["LB", "LED", "LT"],
    main: spec("Potência", "Potencia", ["9 W", "12 W", "15 W"]),
    specs: [spec("Unidades", "Unidades", ["4", "6", "10"]), spec("Base", "Rosca", ["E27"])],
    usd: [6, 30], art: "bulb",
  },
  // Eletroportáteis
  {
    key: "airfryer", cat: "eletroportateis", dept: "cozinha", pt: "Fritadeira Elétrica sem Óleo", es: "Freidora de Aire",
    use: ["refeições rápidas e saudáveis", "comidas rápidas y saludables"],
    brands: ["mondial", "britania", "philips", "black-decker"],
    models: ["AF", "BFR", "HD", "AFD"],
    main: spec("Capacidade", "Capacidad", ["3,5 L", "4 L", "5,5 L"]), volt: true,
    specs: [spec("Potência", "Potencia", ["1400 W", "1500 W", "1700 W"]), spec("Timer", "Temporizador", ["30 min", "60 min"])],
    usd: [45, 190], art: "airfryer",
  },
  {
    key: "coffee-maker", cat: "eletroportateis", dept: "cozinha", pt: "Cafeteira Elétrica", es: "Cafetera Eléctrica",
    use: ["escritório e copa da oficina", "oficina y comedor del taller"],
    brands: ["mondial", "britania", "philips", "black-decker"],
    models: ["C", "CP", "HD", "CM"],
    main: spec("Capacidade", "Capacidad", [["15 xícaras", "15 tazas"], ["30 xícaras", "30 tazas"]]), volt: true,
    specs: [spec("Jarra", "Jarra", [["Vidro", "Vidrio"], ["Inox", "Acero inoxidable"]])],
    usd: [22, 110], art: "coffee-maker",
  },
  {
    key: "vacuum", cat: "eletroportateis", dept: "limpeza", pt: "Aspirador de Pó e Água", es: "Aspiradora de Polvo y Agua",
    use: ["limpeza de obras e oficinas", "limpieza de obras y talleres"],
    brands: ["karcher", "vonder", "black-decker", "makita", "einhell"],
    models: ["WD", "APV", "BDV", "VC", "TC-VC"],
    main: spec("Capacidade", "Capacidad", ["12 L", "20 L", "30 L"]), volt: true,
    specs: [spec("Potência", "Potencia", ["1200 W", "1400 W", "1600 W"]), spec("Função sopro", "Función soplado", yesNo)],
    usd: [70, 360], art: "vacuum",
  },
  {
    key: "fan", cat: "eletroportateis", dept: "climatizacao", pt: "Ventilador de Coluna", es: "Ventilador de Pie",
    use: ["casas e oficinas no verão paraguaio", "casas y talleres en el verano paraguayo"],
    brands: ["mondial", "britania", "vonder"],
    models: ["VT", "BVT", "VCV"],
    main: spec("Diâmetro", "Diámetro", ["40 cm", "50 cm", "60 cm"]), volt: true,
    specs: [spec("Velocidades", "Velocidades", ["3", "6"])],
    usd: [30, 140], art: "fan",
  },
  // Medição
  {
    key: "tape", cat: "medicao", dept: "trenas", pt: "Trena com Trava", es: "Cinta Métrica con Freno",
    use: ["medições em obra", "mediciones en obra"],
    brands: ["stanley", "tramontina", "truper", "irwin", "vonder"],
    models: ["FM", "TR", "TP", "IW", "TV"],
    main: spec("Comprimento", "Largo", ["3 m", "5 m", "8 m", "10 m"]),
    specs: [spec("Largura da fita", "Ancho de la cinta", ["16 mm", "19 mm", "25 mm"])],
    usd: [4, 32], art: "tape",
  },
  {
    key: "laser-level", cat: "medicao", dept: "niveis-a-laser", pt: "Nível a Laser de Linhas", es: "Nivel Láser de Líneas",
    use: ["nivelar pisos, forros e azulejos", "nivelar pisos, cielorrasos y azulejos"],
    brands: ["bosch", "dewalt", "makita", "stanley", "einhell"],
    models: ["GLL", "DW", "SK", "FMHT", "TE-LL"],
    main: spec("Linhas", "Líneas", [["2 linhas", "2 líneas"], ["3 linhas", "3 líneas"], ["360°", "360°"]]),
    specs: [spec("Alcance", "Alcance", ["15 m", "30 m", "50 m"]), spec("Cor do laser", "Color del láser", [["Vermelho", "Rojo"], ["Verde", "Verde"]])],
    usd: [60, 480], art: "laser-level",
  },
  {
    key: "multimeter", cat: "medicao", dept: "multimetros", pt: "Multímetro Digital", es: "Multímetro Digital",
    use: ["eletricistas e técnicos", "electricistas y técnicos"],
    brands: ["fluke", "vonder", "einhell", "intelbras"],
    models: ["F", "MDV", "TC-MM", "MD"],
    main: spec("Categoria", "Categoría", ["CAT II", "CAT III", "CAT IV"]),
    specs: [spec("True RMS", "True RMS", yesNo), spec("Tensão máxima", "Tensión máxima", ["600 V", "1000 V"])],
    usd: [15, 420], art: "multimeter",
  },
  {
    key: "caliper", cat: "medicao", dept: "paquimetros", pt: "Paquímetro Digital", es: "Calibre Digital",
    use: ["tornearia e controle de qualidade", "tornería y control de calidad"],
    brands: ["stanley", "vonder", "truper", "gedore"],
    models: ["PQ", "PDV", "CALDI", "DC"],
    main: spec("Capacidade", "Capacidad", ["150 mm", "200 mm", "300 mm"]),
    specs: [spec("Resolução", "Resolución", ["0,01 mm", "0,02 mm"])],
    usd: [12, 120], art: "caliper",
  },
  // Jardinagem
  {
    key: "lawn-mower", cat: "jardinagem", dept: "cortadores-de-grama", pt: "Cortador de Grama", es: "Cortadora de Césped",
    use: ["gramados de casas e sítios", "céspedes de casas y estancias"],
    brands: ["husqvarna", "stihl", "makita", "einhell", "vonder"],
    models: ["LC", "RM", "DLM", "GC-PM", "CGV"],
    main: spec("Motor", "Motor", [["Elétrico 1300 W", "Eléctrico 1300 W"], ["Gasolina 4T 140 cc", "Nafta 4T 140 cc"], ["Gasolina 4T 190 cc", "Nafta 4T 190 cc"]]),
    specs: [spec("Largura de corte", "Ancho de corte", ["38 cm", "46 cm", "53 cm"]), spec("Recolhedor", "Recolector", ["45 L", "60 L"])],
    usd: [120, 780], art: "lawn-mower", pyg: true,
  },
  {
    key: "trimmer", cat: "jardinagem", dept: "rocadeiras", pt: "Roçadeira", es: "Desmalezadora",
    use: ["terrenos, cercas e beiras de estrada", "terrenos, cercos y banquinas"],
    brands: ["stihl", "husqvarna", "makita", "vonder", "einhell"],
    models: ["FS", "143R", "EM", "RLV", "GC-BC"],
    main: spec("Motor", "Motor", ["26 cc", "43 cc", "52 cc"]),
    specs: [spec("Peso", "Peso", ["5,2 kg", "7,4 kg", "8,9 kg"]), spec("Acessórios", "Accesorios", [["Fio de nylon e lâmina", "Hilo de nylon y cuchilla"]])],
    usd: [110, 690], art: "trimmer",
  },
  {
    key: "chainsaw", cat: "jardinagem", dept: "motosserras", pt: "Motosserra", es: "Motosierra",
    use: ["poda e corte de lenha", "poda y corte de leña"],
    brands: ["stihl", "husqvarna", "makita", "einhell"],
    models: ["MS", "H", "EA", "GC-PC"],
    main: spec("Sabre", "Espada", ["16\"", "18\"", "20\""]),
    specs: [spec("Cilindrada", "Cilindrada", ["40 cc", "50 cc", "59 cc"])],
    usd: [150, 980], art: "chainsaw",
  },
  {
    key: "pressure-washer", cat: "jardinagem", dept: "lavadoras-de-alta-pressao", pt: "Lavadora de Alta Pressão", es: "Hidrolavadora",
    use: ["lavar carros, calçadas e máquinas", "lavar autos, veredas y máquinas"],
    brands: ["karcher", "black-decker", "vonder", "einhell", "makita"],
    models: ["K", "PW", "LAV", "TC-HP", "HW"],
    main: spec("Pressão máxima", "Presión máxima", ["1500 psi", "1800 psi", "2200 psi"]), volt: true,
    specs: [spec("Vazão", "Caudal", ["300 L/h", "360 L/h", "420 L/h"]), spec("Mangueira", "Manguera", ["5 m", "8 m"])],
    usd: [85, 520], art: "pressure-washer",
  },
  // Compressores e pneumática
  {
    key: "compressor", cat: "compressores-e-pneumatica", dept: "compressores", pt: "Compressor de Ar", es: "Compresor de Aire",
    use: ["pintura, calibragem e ferramentas pneumáticas", "pintura, inflado y herramientas neumáticas"],
    brands: ["schulz", "vonder", "einhell", "makita"],
    models: ["CSI", "MCV", "TC-AC", "AC"],
    main: spec("Reservatório", "Tanque", ["24 L", "50 L", "100 L"]), volt: true,
    specs: [spec("Pressão máxima", "Presión máxima", ["116 psi", "120 psi", "140 psi"]), spec("Potência", "Potencia", ["2 HP", "2,5 HP", "3 HP"])],
    usd: [150, 980], art: "compressor", pyg: true,
  },
  {
    key: "spray-gun", cat: "compressores-e-pneumatica", dept: "pistolas-de-pintura", pt: "Pistola de Pintura HVLP", es: "Pistola de Pintura HVLP",
    use: ["pintura automotiva e de móveis", "pintura automotriz y de muebles"],
    brands: ["schulz", "vonder", "bosch", "einhell"],
    models: ["PP", "PPV", "PFS", "TC-SY"],
    main: spec("Bico", "Pico", ["1,4 mm", "1,7 mm", "2,0 mm"]),
    specs: [spec("Caneca", "Vaso", ["600 ml", "1000 ml"])],
    usd: [25, 160], art: "spray-gun",
  },
  {
    key: "stapler", cat: "compressores-e-pneumatica", dept: "grampeadores", pt: "Grampeador Pneumático", es: "Engrapadora Neumática",
    use: ["estofaria e marcenaria", "tapicería y carpintería"],
    brands: ["stanley", "vonder", "schulz", "makita"],
    models: ["TR", "GPV", "GP", "AT"],
    main: spec("Grampos", "Grapas", ["6-16 mm", "10-22 mm", "15-40 mm"]),
    specs: [spec("Pressão de trabalho", "Presión de trabajo", ["60-100 psi", "70-115 psi"])],
    usd: [30, 190], art: "stapler",
  },
  // Solda
  {
    key: "welder", cat: "solda", dept: "inversoras", pt: "Inversora de Solda", es: "Soldadora Inverter",
    use: ["serralheria e manutenção", "herrería y mantenimiento"],
    brands: ["esab", "vonder", "einhell", "forte-tools"],
    models: ["BR", "RIV", "TC-IW", "FT"],
    main: spec("Corrente", "Corriente", ["140 A", "160 A", "200 A", "250 A"]),
    specs: [spec("Processo", "Proceso", ["MMA", "MMA/TIG", "MIG/MMA"]), spec("Alimentação", "Alimentación", [["Bivolt", "Bivolt"], "220 V"])],
    usd: [120, 890], art: "welder", pyg: true,
  },
  {
    key: "welding-mask", cat: "solda", dept: "mascaras-de-solda", pt: "Máscara de Solda Automática", es: "Máscara de Soldar Automática",
    use: ["solda elétrica com segurança", "soldadura eléctrica con seguridad"],
    brands: ["esab", "vonder", "3m"],
    models: ["A", "MSV", "SP"],
    main: spec("Tonalidade", "Tonalidad", ["DIN 11", "DIN 9-13"]),
    specs: [spec("Sensores", "Sensores", ["2", "4"])],
    usd: [25, 240], art: "welding-mask",
  },
  {
    key: "soldering", cat: "solda", dept: "ferros-de-solda", pt: "Ferro de Solda", es: "Soldador de Estaño",
    use: ["eletrônica e reparos finos", "electrónica y reparaciones finas"],
    brands: ["vonder", "intelbras", "einhell", "forte-tools"],
    models: ["FSV", "FS", "TC-SI", "FT"],
    main: spec("Potência", "Potencia", ["30 W", "60 W", "100 W"]), volt: true,
    specs: [spec("Ponta", "Punta", [["Cônica", "Cónica"], ["Chata", "Plana"]])],
    usd: [6, 60], art: "soldering",
  },
  // Segurança e EPI
  {
    key: "helmet", cat: "seguranca-epi", dept: "capacetes", pt: "Capacete de Segurança com Jugular", es: "Casco de Seguridad con Barbijo",
    use: ["obras e indústria", "obras e industria"],
    brands: ["3m", "vonder", "stanley"],
    models: ["H", "CSV", "SH"],
    main: spec("Classe", "Clase", ["A", "B"]),
    specs: [spec("Cor", "Color", [["Branco", "Blanco"], ["Amarelo", "Amarillo"], ["Azul", "Azul"]])],
    usd: [5, 35], art: "helmet",
  },
  {
    key: "gloves", cat: "seguranca-epi", dept: "luvas", pt: "Luva de Proteção Mecânica", es: "Guante de Protección Mecánica",
    use: ["manuseio de peças e ferramentas", "manipulación de piezas y herramientas"],
    brands: ["3m", "vonder", "stanley", "lotus"],
    models: ["CF", "LV", "SG", "LT"],
    main: spec("Tamanho", "Talla", ["P", "M", "G", "GG"]),
    specs: [spec("Revestimento", "Recubrimiento", [["Nitrílico", "Nitrilo"], ["Látex", "Látex"], ["Poliuretano", "Poliuretano"]])],
    usd: [2, 18], art: "gloves",
  },
  {
    key: "goggles", cat: "seguranca-epi", dept: "oculos-de-protecao", pt: "Óculos de Proteção", es: "Anteojos de Seguridad",
    use: ["corte, esmerilhamento e laboratório", "corte, amolado y laboratorio"],
    brands: ["3m", "vonder", "stanley"],
    models: ["SF", "OV", "SY"],
    main: spec("Lente", "Lente", [["Incolor", "Incolora"], ["Cinza", "Gris"], ["Amarela", "Amarilla"]]),
    specs: [spec("Antiembaçante", "Antiempañante", yesNo)],
    usd: [3, 25], art: "goggles",
  },
  // Fixação
  {
    key: "screws", cat: "fixacao", dept: "parafusos", pt: "Caixa de Parafusos Sortidos", es: "Caja de Tornillos Surtidos",
    use: ["marcenaria e montagem de móveis", "carpintería y armado de muebles"],
    brands: ["tramontina", "vonder", "truper", "forte-tools"],
    models: ["CP", "PSV", "TOR", "FT"],
    main: spec("Peças", "Piezas", pieces(100, 300, 500)),
    specs: [spec("Acabamento", "Acabado", [["Zincado", "Zincado"], ["Bicromatizado", "Bicromatado"]])],
    usd: [5, 30], art: "screws",
  },
  {
    key: "anchors", cat: "fixacao", dept: "buchas-e-chumbadores", pt: "Kit de Buchas e Chumbadores", es: "Kit de Tarugos y Anclajes",
    use: ["fixação em concreto e alvenaria", "fijación en hormigón y mampostería"],
    brands: ["vonder", "tramontina", "bosch"],
    models: ["BCV", "KB", "PS"],
    main: spec("Peças", "Piezas", pieces(50, 120, 250)),
    specs: [spec("Diâmetros", "Diámetros", ["6 e 8 mm", "6, 8 e 10 mm"])],
    usd: [6, 40], art: "screws",
  },
  {
    key: "riveter", cat: "fixacao", dept: "rebitadores", pt: "Rebitador Manual", es: "Remachadora Manual",
    use: ["chapas, calhas e esquadrias", "chapas, canaletas y aberturas"],
    brands: ["stanley", "vonder", "tramontina", "irwin"],
    models: ["MR", "RMV", "RB", "IW"],
    main: spec("Rebites", "Remaches", ["2,4-4,0 mm", "3,2-4,8 mm", "3,2-6,4 mm"]),
    specs: [spec("Corpo", "Cuerpo", [["Aço", "Acero"], ["Alumínio", "Aluminio"]])],
    usd: [9, 60], art: "pliers",
  },
  // Utilidades
  {
    key: "ladder", cat: "utilidades", dept: "escadas", pt: "Escada de Alumínio", es: "Escalera de Aluminio",
    use: ["pintura, elétrica e manutenção", "pintura, electricidad y mantenimiento"],
    brands: ["vonder", "tramontina", "forte-tools"],
    models: ["EAV", "ESC", "FT"],
    main: spec("Degraus", "Peldaños", [["5 degraus", "5 peldaños"], ["7 degraus", "7 peldaños"], ["9 degraus", "9 peldaños"]]),
    specs: [spec("Carga máxima", "Carga máxima", ["120 kg", "150 kg"])],
    usd: [40, 220], art: "ladder",
  },
  {
    key: "padlock", cat: "utilidades", dept: "cadeados", pt: "Cadeado de Latão", es: "Candado de Bronce",
    use: ["portões, depósitos e caixas", "portones, depósitos y cajas"],
    brands: ["stanley", "vonder", "tramontina", "lotus"],
    models: ["S", "CDV", "CL", "LT"],
    main: spec("Largura", "Ancho", ["30 mm", "40 mm", "50 mm", "60 mm"]),
    specs: [spec("Chaves", "Llaves", ["2", "3"])],
    usd: [4, 28], art: "padlock",
  },
  {
    key: "organizer", cat: "utilidades", dept: "caixas-organizadoras", pt: "Caixa de Ferramentas com Organizador", es: "Caja de Herramientas con Organizador",
    use: ["guardar ferramentas e miudezas", "guardar herramientas y accesorios"],
    brands: ["stanley", "tramontina", "vonder", "dewalt"],
    models: ["STST", "CX", "CFV", "DWST"],
    main: spec("Tamanho", "Tamaño", ["16\"", "19\"", "22\""]),
    specs: [spec("Material", "Material", [["Plástico", "Plástico"], ["Metal", "Metal"]])],
    usd: [12, 90], art: "toolbox",
  },
  // Hidráulica
  {
    key: "pump", cat: "hidraulica", dept: "bombas", pt: "Bomba d'Água Submersa", es: "Bomba de Agua Sumergible",
    use: ["poços, cisternas e drenagem", "pozos, aljibes y drenaje"],
    brands: ["vonder", "einhell", "karcher", "schulz"],
    models: ["BSV", "GC-DP", "SP", "BS"],
    main: spec("Potência", "Potencia", ["1/2 CV", "1 CV", "1,5 CV"]), volt: true,
    specs: [spec("Vazão máxima", "Caudal máximo", ["3.000 L/h", "6.000 L/h", "9.000 L/h"])],
    usd: [60, 340], art: "pump",
  },
  {
    key: "pressurizer", cat: "hidraulica", dept: "pressurizadores", pt: "Pressurizador de Água", es: "Presurizador de Agua",
    use: ["chuveiros e torneiras com pouca pressão", "duchas y canillas con poca presión"],
    brands: ["schulz", "vonder", "einhell"],
    models: ["PZ", "PRV", "GC-WW"],
    main: spec("Potência", "Potencia", ["120 W", "250 W", "370 W"]), volt: true,
    specs: [spec("Pressão máxima", "Presión máxima", ["20 mca", "30 mca"])],
    usd: [70, 260], art: "pump",
  },
  {
    key: "pipe-wrench", cat: "hidraulica", dept: "chaves-de-grifo", pt: "Chave de Grifo", es: "Llave Stillson",
    use: ["tubulações e conexões", "cañerías y conexiones"],
    brands: ["gedore", "tramontina", "irwin", "truper"],
    models: ["CG", "CGR", "IW", "STI"],
    main: spec("Tamanho", "Tamaño", ["10\"", "14\"", "18\"", "24\""]),
    specs: [spec("Abertura máxima", "Apertura máxima", ["35 mm", "50 mm", "65 mm"])],
    usd: [12, 85], art: "wrench",
  },
  // Informática
  {
    key: "ssd", cat: "informatica", dept: "armazenamento", pt: "SSD SATA", es: "SSD SATA",
    use: ["acelerar computadores e notebooks", "acelerar computadoras y notebooks"],
    brands: ["kingston", "intelbras", "lotus"],
    models: ["A", "SSD", "LT"],
    main: spec("Capacidade", "Capacidad", ["240 GB", "480 GB", "960 GB"]),
    specs: [spec("Leitura", "Lectura", ["500 MB/s", "550 MB/s"])],
    usd: [22, 95], art: "ssd",
  },
  {
    key: "router", cat: "informatica", dept: "redes", pt: "Roteador Wi-Fi", es: "Router Wi-Fi",
    use: ["casas, lojas e escritórios", "casas, tiendas y oficinas"],
    brands: ["tp-link", "intelbras"],
    models: ["Archer", "W"],
    main: spec("Padrão", "Estándar", ["Wi-Fi 5", "Wi-Fi 6"]),
    specs: [spec("Antenas", "Antenas", ["4", "6"]), spec("Portas Gigabit", "Puertos Gigabit", ["3", "4"])],
    usd: [25, 150], art: "router",
  },
  {
    key: "mouse", cat: "informatica", dept: "perifericos", pt: "Mouse sem Fio", es: "Mouse Inalámbrico",
    use: ["escritório e uso diário", "oficina y uso diario"],
    brands: ["intelbras", "tp-link", "lotus"],
    models: ["MSI", "M", "LT"],
    main: spec("Resolução", "Resolución", ["1200 dpi", "1600 dpi", "3200 dpi"]),
    specs: [spec("Conexão", "Conexión", [["USB sem fio", "USB inalámbrico"], "Bluetooth"])],
    usd: [6, 40], art: "mouse",
  },
  // Áudio e vídeo
  {
    key: "speaker", cat: "audio-e-video", dept: "caixas-de-som", pt: "Caixa de Som Bluetooth", es: "Parlante Bluetooth",
    use: ["oficina, churrasco e viagens", "taller, asados y viajes"],
    brands: ["jbl", "philips", "britania", "mondial"],
    models: ["GO", "TAS", "BCX", "SK"],
    main: spec("Potência", "Potencia", ["10 W", "30 W", "100 W"]),
    specs: [spec("Bateria", "Batería", ["8 h", "12 h", "20 h"]), spec("À prova d'água", "A prueba de agua", yesNo)],
    usd: [25, 320], art: "speaker",
  },
  {
    key: "headphones", cat: "audio-e-video", dept: "fones-de-ouvido", pt: "Fone de Ouvido Bluetooth", es: "Auriculares Bluetooth",
    use: ["trabalho e treino", "trabajo y entrenamiento"],
    brands: ["jbl", "philips", "britania"],
    models: ["T", "TAH", "BFO"],
    main: spec("Autonomia", "Autonomía", ["20 h", "40 h", "60 h"]),
    specs: [spec("Cancelamento de ruído", "Cancelación de ruido", yesNo)],
    usd: [18, 160], art: "headphones",
  },
  {
    key: "camera", cat: "audio-e-video", dept: "cameras-de-seguranca", pt: "Câmera de Segurança Wi-Fi", es: "Cámara de Seguridad Wi-Fi",
    use: ["monitorar lojas, depósitos e casas", "vigilar tiendas, depósitos y casas"],
    brands: ["intelbras", "tp-link"],
    models: ["IM", "Tapo C"],
    main: spec("Resolução", "Resolución", ["Full HD", "2K", "4K"]),
    specs: [spec("Visão noturna", "Visión nocturna", ["10 m", "20 m", "30 m"])],
    usd: [25, 180], art: "camera",
  },
];
