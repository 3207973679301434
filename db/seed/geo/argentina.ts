/**
 * Argentina's 23 provinces and its capital city (INDEC codes, ISO 3166-2:AR letters), for the
 * home address of Argentine customers (docs/decisions/006). No cities: the store delivers only in
 * Paraguay, so an Argentine address needs no delivery rates and its city is typed.
 * Migration 0004 inserts the same rows into databases seeded before them.
 */
export const ARGENTINA_ID = 3;

export const ARGENTINE_PROVINCES: readonly { id: number; nome: string; sigla: string; codigo: string }[] = [
  { id: 46, nome: "Ciudad Autónoma de Buenos Aires", sigla: "C", codigo: "02" },
  { id: 47, nome: "Buenos Aires", sigla: "B", codigo: "06" },
  { id: 48, nome: "Catamarca", sigla: "K", codigo: "10" },
  { id: 49, nome: "Córdoba", sigla: "X", codigo: "14" },
  { id: 50, nome: "Corrientes", sigla: "W", codigo: "18" },
  { id: 51, nome: "Chaco", sigla: "H", codigo: "22" },
  { id: 52, nome: "Chubut", sigla: "U", codigo: "26" },
  { id: 53, nome: "Entre Ríos", sigla: "E", codigo: "30" },
  { id: 54, nome: "Formosa", sigla: "P", codigo: "34" },
  { id: 55, nome: "Jujuy", sigla: "Y", codigo: "38" },
  { id: 56, nome: "La Pampa", sigla: "L", codigo: "42" },
  { id: 57, nome: "La Rioja", sigla: "F", codigo: "46" },
  { id: 58, nome: "Mendoza", sigla: "M", codigo: "50" },
  { id: 59, nome: "Misiones", sigla: "N", codigo: "54" },
  { id: 60, nome: "Neuquén", sigla: "Q", codigo: "58" },
  { id: 61, nome: "Río Negro", sigla: "R", codigo: "62" },
  { id: 62, nome: "Salta", sigla: "A", codigo: "66" },
  { id: 63, nome: "San Juan", sigla: "J", codigo: "70" },
  { id: 64, nome: "San Luis", sigla: "D", codigo: "74" },
  { id: 65, nome: "Santa Cruz", sigla: "Z", codigo: "78" },
  { id: 66, nome: "Santa Fe", sigla: "S", codigo: "82" },
  { id: 67, nome: "Santiago del Estero", sigla: "G", codigo: "86" },
  { id: 68, nome: "Tucumán", sigla: "T", codigo: "90" },
  { id: 69, nome: "Tierra del Fuego, Antártida e Islas del Atlántico Sur", sigla: "V", codigo: "94" },
];
