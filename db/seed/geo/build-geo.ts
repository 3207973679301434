// Regenerates brazil.json and paraguay.json. Run from the project root:
//   node --import tsx db/seed/geo/build-geo.ts [path-to-unpacked-facturacionelectronicapy-xmlgen]
// Without the path only brazil.json is written. The Paraguay source is not a project dependency:
//   cd $(mktemp -d) && npm pack facturacionelectronicapy-xmlgen && tar xzf *.tgz   (then pass .../package)
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getMunicipalities, getStates } from "@brazilian-utils/brazilian-utils";

const here = path.dirname(fileURLToPath(import.meta.url));

interface StateRow {
  estado_id: number;
  nome: string;
  sigla: string | null;
  codigo: string;
}

interface CityRow {
  cidade_id: number;
  estado_id: number;
  nome: string;
  codigo: string;
}

// The spec's cidade_id ranges follow IBGE's classic 5,570 municipalities; later ones go after 5570.
const CLASSIC_MUNICIPALITY_COUNT = 5570;
const BRAZIL_NEWER_MUNICIPALITIES = new Set(["5101837"]);

const PARAGUAY_FIRST_STATE_ID = 28;
const PARAGUAY_FIRST_CITY_ID = 6001;

// Departments and districts by SET code. SET spells them upper case, mostly without accents and with
// abbreviations; these are the display names.
const PY_DEPARTMENTS: Record<number, string> = {
  1: "Asunción",
  2: "Concepción",
  3: "San Pedro",
  4: "Cordillera",
  5: "Guairá",
  6: "Caaguazú",
  7: "Caazapá",
  8: "Itapúa",
  9: "Misiones",
  10: "Paraguarí",
  11: "Alto Paraná",
  12: "Central",
  13: "Ñeembucú",
  14: "Amambay",
  15: "Presidente Hayes",
  16: "Boquerón",
  17: "Alto Paraguay",
  18: "Canindeyú",
};

const PY_DISTRICTS: Record<number, string> = {
  1: "Asunción",
  2: "Concepción",
  3: "San Lázaro",
  4: "San Carlos",
  5: "Belén",
  6: "Loreto",
  7: "Horqueta",
  8: "San Salvador",
  9: "Yby Yaú",
  267: "San Carlos del Apa",
  270: "Sargento José Félix López",
  280: "Paso Barreto",
  281: "San Alfredo",
  282: "Azotey",
  286: "Arroyito",
  288: "Paso Horqueta",
  10: "San Pedro de Ycuamandyyú",
  11: "Antequera",
  12: "General Elizardo Aquino",
  13: "Itacurubí del Rosario",
  14: "San Estanislao (Santaní)",
  15: "Lima",
  16: "Nueva Germania",
  17: "Tacuatí",
  18: "Unión",
  19: "25 de Diciembre",
  20: "Villa del Rosario",
  21: "Yataity del Norte",
  22: "Isidoro Resquín",
  23: "Choré",
  24: "San Pablo",
  25: "San José del Rosario",
  220: "Guayaibí",
  226: "Capiibary",
  245: "Yrybucuá",
  263: "Santa Rosa del Aguaray",
  268: "Liberación",
  285: "San Vicente Pancholo",
  26: "Caacupé",
  27: "Altos",
  28: "Arroyos y Esteros",
  29: "Atyrá",
  30: "Caraguatay",
  31: "Emboscada",
  32: "Eusebio Ayala",
  33: "Isla Pucú",
  34: "Itacurubí de la Cordillera",
  35: "Juan de Mena",
  36: "Nueva Colombia",
  37: "Piribebuy",
  38: "Primero de Marzo",
  39: "San Bernardino",
  40: "Santa Elena",
  41: "Tobatí",
  42: "Valenzuela",
  43: "Loma Grande",
  44: "San José Obrero",
  214: "Mbocayaty del Yhaguy",
  45: "Villarrica",
  46: "San Salvador",
  47: "Borja",
  48: "Independencia",
  49: "General Eugenio A. Garay",
  50: "Coronel Martínez",
  51: "José Fassardi",
  52: "Félix Pérez Cardozo",
  53: "Mauricio José Troche",
  54: "Itapé",
  55: "Iturbe",
  56: "Mbocayaty",
  57: "Natalicio Talavera",
  58: "Ñumí",
  59: "Yataity",
  60: "Doctor Bottrell",
  225: "Paso Yobái",
  265: "Tebicuary",
  61: "Coronel Oviedo",
  62: "Caaguazú",
  63: "Carayaó",
  64: "Cecilio Báez",
  65: "Nueva Londres",
  66: "San Joaquín",
  67: "San José de los Arroyos",
  68: "Yhú",
  69: "Juan Manuel Frutos",
  70: "Repatriación",
  71: "Santa Rosa del Mbutuy",
  72: "J. Eulogio Estigarribia",
  73: "José Domingo Ocampos",
  74: "R.I. 3 Corrales",
  75: "Raúl Arsenio Oviedo",
  76: "Mariscal Francisco Solano López",
  227: "3 de Febrero",
  228: "Simón Bolívar",
  229: "La Pastora",
  237: "Vaquería",
  244: "Esculies",
  275: "Tembiaporá",
  276: "Nueva Toledo",
  77: "Caazapá",
  78: "Buena Vista",
  79: "General Higinio Morínigo",
  80: "Maciel",
  81: "Moisés Bertoni",
  82: "San Juan Nepomuceno",
  83: "Abaí",
  84: "Tavaí",
  85: "Yegros",
  86: "Yuty",
  272: "3 de Mayo",
  87: "Encarnación",
  88: "Bella Vista",
  89: "Cambyretá",
  90: "Capitán Meza",
  91: "Carmen del Paraná",
  92: "Capitán Miranda",
  93: "Coronel Bogado",
  94: "Fram",
  95: "General Artigas",
  96: "General Delgado",
  97: "Hohenau",
  98: "Jesús",
  99: "Obligado",
  100: "San Cosme y Damián",
  101: "San Pedro del Paraná",
  102: "Nueva Alborada",
  103: "Trinidad",
  104: "Natalio",
  105: "José Leandro Oviedo",
  106: "San Rafael del Paraná",
  107: "Carlos Antonio López",
  108: "Julio D. Otaño",
  109: "Edelira",
  110: "San Juan del Paraná",
  111: "La Paz",
  112: "Tomás Romero Pereira",
  113: "Yatytay",
  114: "Heriberta S. de Iglesias",
  221: "Pirapó",
  232: "Itapúa Poty",
  243: "Federico Chávez",
  262: "Alto Verá",
  115: "San Juan Bautista",
  116: "Ayolas",
  117: "San Ignacio",
  118: "San Miguel",
  119: "San Patricio",
  120: "Santiago",
  121: "Santa María",
  122: "Santa Rosa",
  123: "Villa Florida",
  124: "Yabebyry",
  125: "Paraguarí",
  126: "Acahay",
  127: "Caapucú",
  128: "Caballero",
  129: "Carapeguá",
  130: "La Colmena",
  131: "Escobar",
  132: "Mbuyapey",
  133: "Pirayú",
  134: "Quiindy",
  135: "Roque González",
  136: "Sapucai",
  137: "Ybycuí",
  138: "Quyquyhó",
  139: "Ybytymí",
  140: "Tebicuarymí",
  141: "Yaguarón",
  142: "Hernandarias",
  143: "Domingo Martínez de Irala",
  144: "Ñacunday",
  145: "Ciudad del Este",
  146: "Juan León Mallorquín",
  147: "Itakyry",
  148: "Juan Emilio O'Leary",
  149: "Presidente Franco",
  150: "Yguazú",
  151: "San Cristóbal",
  209: "Santa Rita",
  210: "Minga Guazú",
  211: "Los Cedrales",
  212: "San Alberto",
  213: "Minga Porá",
  215: "Naranjal",
  216: "Santa Rosa del Monday",
  217: "Iruña",
  219: "Mbaracayú",
  239: "Santa Fe del Paraná",
  240: "Nueva Esperanza",
  269: "Tavapy",
  273: "Doctor Raúl Peña",
  152: "Areguá",
  153: "Capiatá",
  154: "Fernando de la Mora",
  155: "Guarambaré",
  156: "Itá",
  157: "Itauguá",
  158: "Limpio",
  159: "Luque",
  160: "Mariano Roque Alonso",
  161: "Ñemby",
  162: "Nueva Italia",
  163: "San Antonio",
  164: "San Lorenzo",
  165: "Villa Elisa",
  166: "Villeta",
  167: "Ypacaraí",
  168: "Ypané",
  169: "Lambaré",
  170: "J. Augusto Saldívar",
  171: "Pilar",
  172: "Alberdi",
  173: "Cerrito",
  174: "Desmochados",
  175: "Guazú Cuá",
  176: "Humaitá",
  177: "Isla Umbú",
  178: "Laureles",
  179: "Paso de Patria",
  180: "Mayor J. D. Martínez",
  181: "San Juan de Ñeembucú",
  182: "Tacuaras",
  183: "Villa Oliva",
  184: "Villalbín",
  203: "General José Eduvigis Díaz",
  205: "Villa Franca",
  185: "Pedro Juan Caballero",
  186: "Bella Vista",
  187: "Capitán Bado",
  278: "Karapaí",
  279: "Zanja Pytá",
  188: "Villa Hayes",
  189: "Benjamín Aceval",
  190: "Puerto Pinasco",
  191: "Nanawa",
  206: "Pozo Colorado",
  242: "José Falcón",
  261: "Teniente Primero Irala Fernández",
  264: "Teniente Esteban Martínez",
  287: "Nueva Asunción",
  192: "Mariscal Estigarribia",
  193: "Boquerón",
  194: "Pedro P. Peña",
  234: "General Eugenio A. Garay",
  259: "Filadelfia",
  260: "Loma Plata",
  195: "Fuerte Olimpo",
  196: "Bahía Negra",
  218: "Puerto Casado",
  223: "Puerto Guaraní",
  233: "Mayor Pablo Lagerenza",
  266: "Carmelo Peralta",
  197: "San Isidro del Curuguaty",
  198: "Villa Ygatimí",
  199: "Ypejhú",
  200: "Corpus Christi",
  201: "Itanará",
  202: "Francisco Caballero Álvarez",
  207: "Salto del Guairá",
  235: "La Paloma",
  236: "Katueté",
  238: "Nueva Esperanza",
  241: "Yasy Kañy",
  271: "Ybyrarobaná",
  274: "Yby Pytá",
  283: "Maracaná",
  284: "Puerto Adela",
};

// Not real districts: later codes repeating a district of the same department (the earlier code
// holds the localities), and SET's "SIN EQUIVALENCIA" bucket.
const PY_DROPPED_DISTRICTS: Record<number, string> = {
  230: "VILLA FRANCA, duplicate of 205",
  231: "VILLALBIN, duplicate of 184",
  289: "PUERTO ADELA, duplicate of 284",
  246: "SIN EQUIVALENCIA, placeholder",
};

function buildBrazil(): { states: StateRow[]; cities: CityRow[] } {
  const states = getStates()
    .map((s) => ({ sigla: s.code, nome: s.name, codigo: String(s.ibgeCode) }))
    .sort((a, b) => (a.sigla < b.sigla ? -1 : a.sigla > b.sigla ? 1 : 0))
    .map((s, i): StateRow => ({ estado_id: i + 1, nome: s.nome, sigla: s.sigla, codigo: s.codigo }));
  if (states.length !== 27) throw new Error(`expected 27 states, got ${states.length}`);
  const stateIdBySigla = new Map(states.map((s) => [s.sigla, s.estado_id]));

  const municipalities = getMunicipalities().sort((a, b) => Number(a.code) - Number(b.code));
  const ordered = [
    ...municipalities.filter((m) => !BRAZIL_NEWER_MUNICIPALITIES.has(m.code)),
    ...municipalities.filter((m) => BRAZIL_NEWER_MUNICIPALITIES.has(m.code)),
  ];
  if (ordered.length - BRAZIL_NEWER_MUNICIPALITIES.size !== CLASSIC_MUNICIPALITY_COUNT) {
    throw new Error(`expected ${CLASSIC_MUNICIPALITY_COUNT} classic municipalities, got ${ordered.length}`);
  }
  const cities = ordered.map((m, i): CityRow => {
    const estadoId = stateIdBySigla.get(m.stateCode);
    if (estadoId === undefined) throw new Error(`unknown state ${m.stateCode} for ${m.code}`);
    return { cidade_id: i + 1, estado_id: estadoId, nome: m.name, codigo: m.code };
  });
  return { states, cities };
}

interface XmlgenConstants {
  departamentos: { codigo: number; descripcion: string }[];
  distritos: { codigo: number; descripcion: string; departamento: number }[];
}

function buildParaguay(packageDir: string): { states: StateRow[]; cities: CityRow[] } {
  const require = createRequire(import.meta.url);
  const mod = require(path.resolve(packageDir, "dist/services/constants.service.js")) as {
    default: XmlgenConstants;
  };
  const { departamentos, distritos } = mod.default;

  const departments = [...departamentos].sort((a, b) => a.codigo - b.codigo);
  if (departments.length !== 18) throw new Error(`expected 18 departments, got ${departments.length}`);
  const states = departments.map((d, i): StateRow => {
    const nome = PY_DEPARTMENTS[d.codigo];
    if (nome === undefined) throw new Error(`no display name for department ${d.codigo} ${d.descripcion}`);
    return { estado_id: PARAGUAY_FIRST_STATE_ID + i, nome, sigla: null, codigo: String(d.codigo) };
  });
  const stateIdByCode = new Map(departments.map((d, i) => [d.codigo, PARAGUAY_FIRST_STATE_ID + i]));

  const seenCodes = new Set<number>();
  const kept = [...distritos]
    .sort((a, b) => a.departamento - b.departamento || a.codigo - b.codigo)
    .filter((d) => {
      seenCodes.add(d.codigo);
      return !(d.codigo in PY_DROPPED_DISTRICTS);
    });
  for (const code of Object.keys(PY_DISTRICTS).map(Number)) {
    if (!seenCodes.has(code)) throw new Error(`district ${code} named here is gone from the source`);
  }
  const cities = kept.map((d, i): CityRow => {
    const nome = PY_DISTRICTS[d.codigo];
    if (nome === undefined) throw new Error(`no display name for district ${d.codigo} ${d.descripcion}`);
    const estadoId = stateIdByCode.get(d.departamento);
    if (estadoId === undefined) throw new Error(`district ${d.codigo} has unknown department ${d.departamento}`);
    return { cidade_id: PARAGUAY_FIRST_CITY_ID + i, estado_id: estadoId, nome, codigo: String(d.codigo) };
  });

  const names = new Set<string>();
  for (const c of cities) {
    const key = `${c.estado_id}/${c.nome}`;
    if (names.has(key)) throw new Error(`duplicate district ${key}`);
    names.add(key);
  }
  return { states, cities };
}

// One record per line keeps the files small and their diffs readable.
function toJson(data: { states: StateRow[]; cities: CityRow[] }): string {
  const rows = (items: object[]) => items.map((item) => JSON.stringify(item)).join(",\n");
  return `{"states":[\n${rows(data.states)}\n],"cities":[\n${rows(data.cities)}\n]}\n`;
}

const brazil = buildBrazil();
writeFileSync(path.join(here, "brazil.json"), toJson(brazil));
console.log(`brazil.json: ${brazil.states.length} states, ${brazil.cities.length} cities`);

const xmlgenDir = process.argv[2];
if (xmlgenDir) {
  const paraguay = buildParaguay(xmlgenDir);
  writeFileSync(path.join(here, "paraguay.json"), toJson(paraguay));
  console.log(`paraguay.json: ${paraguay.states.length} departments, ${paraguay.cities.length} districts`);
} else {
  console.log("paraguay.json left as is (no facturacionelectronicapy-xmlgen path given)");
}
