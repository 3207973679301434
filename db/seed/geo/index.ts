import brazil from "./brazil.json" with { type: "json" };
import paraguay from "./paraguay.json" with { type: "json" };
import { ARGENTINA_ID, ARGENTINE_PROVINCES } from "./argentina.ts";

export interface Country {
  id: number;
  nome: string;
  sigla: string;
}

export interface State {
  id: number;
  pais_id: number;
  nome: string;
  sigla: string | null;
  codigo: string;
}

export interface City {
  id: number;
  estado_id: number;
  nome: string;
  codigo: string;
}

export interface Geography {
  countries: Country[];
  states: State[];
  cities: City[];
}

interface GeoFile {
  states: { estado_id: number; nome: string; sigla: string | null; codigo: string }[];
  cities: { cidade_id: number; estado_id: number; nome: string; codigo: string }[];
}

export const BRASIL_ID = 1;
export const PARAGUAI_ID = 2;

function fromFile(file: GeoFile, paisId: number): Pick<Geography, "states" | "cities"> {
  return {
    states: file.states.map((s) => ({ id: s.estado_id, pais_id: paisId, nome: s.nome, sigla: s.sigla, codigo: s.codigo })),
    cities: file.cities.map((c) => ({ id: c.cidade_id, estado_id: c.estado_id, nome: c.nome, codigo: c.codigo })),
  };
}

export function loadGeography(): Geography {
  const br = fromFile(brazil as GeoFile, BRASIL_ID);
  const py = fromFile(paraguay as GeoFile, PARAGUAI_ID);
  return {
    countries: [
      { id: BRASIL_ID, nome: "Brasil", sigla: "BR" },
      { id: PARAGUAI_ID, nome: "Paraguai", sigla: "PY" },
      { id: ARGENTINA_ID, nome: "Argentina", sigla: "AR" },
    ],
    states: [...br.states, ...py.states, ...ARGENTINE_PROVINCES.map((p) => ({ ...p, pais_id: ARGENTINA_ID }))],
    cities: [...br.cities, ...py.cities],
  };
}
