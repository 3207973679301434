import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadGeography, type City, type State } from "./index.ts";

const geo = loadGeography();
const brStates = geo.states.filter((s) => s.pais_id === 1);
const pyStates = geo.states.filter((s) => s.pais_id === 2);

function stateBySigla(sigla: string): State {
  const state = brStates.find((s) => s.sigla === sigla);
  if (!state) throw new Error(`no state ${sigla}`);
  return state;
}

function citiesOf(state: State): City[] {
  return geo.cities.filter((c) => c.estado_id === state.id);
}

function idRange(cities: City[]): [number, number] {
  const ids = cities.map((c) => c.id);
  return [Math.min(...ids), Math.max(...ids)];
}

describe("countries", () => {
  it("are Brasil 1, Paraguai 2 and Argentina 3", () => {
    expect(geo.countries).toEqual([
      { id: 1, nome: "Brasil", sigla: "BR" },
      { id: 2, nome: "Paraguai", sigla: "PY" },
      { id: 3, nome: "Argentina", sigla: "AR" },
    ]);
  });
});

describe("Brazil", () => {
  const siglas = "AC AL AM AP BA CE DF ES GO MA MG MS MT PA PB PE PI PR RJ RN RO RR RS SC SE SP TO".split(" ");
  const brCities = geo.cities.filter((c) => brStates.some((s) => s.id === c.estado_id));

  it("has the 27 states numbered by abbreviation", () => {
    expect(brStates.map((s) => [s.id, s.sigla])).toEqual(siglas.map((sigla, i) => [i + 1, sigla]));
  });

  it("keeps the spec's state ids, names and IBGE codes", () => {
    const expected: [string, number, string, string][] = [
      ["MS", 12, "Mato Grosso do Sul", "50"],
      ["MT", 13, "Mato Grosso", "51"],
      ["PA", 14, "Pará", "15"],
      ["PB", 15, "Paraíba", "25"],
      ["PE", 16, "Pernambuco", "26"],
      ["PI", 17, "Piauí", "22"],
      ["PR", 18, "Paraná", "41"],
      ["RJ", 19, "Rio de Janeiro", "33"],
      ["RN", 20, "Rio Grande do Norte", "24"],
      ["RO", 21, "Rondônia", "11"],
      ["RR", 22, "Roraima", "14"],
      ["RS", 23, "Rio Grande do Sul", "43"],
      ["SC", 24, "Santa Catarina", "42"],
      ["SE", 25, "Sergipe", "28"],
      ["SP", 26, "São Paulo", "35"],
    ];
    for (const [sigla, id, nome, codigo] of expected) {
      expect(stateBySigla(sigla)).toMatchObject({ id, nome, codigo });
    }
    for (const s of brStates) expect(s.codigo).toMatch(/^\d{2}$/);
  });

  it("has every municipality once, with a 7-digit code starting with its state's code", () => {
    expect(brCities.length).toBeGreaterThanOrEqual(5570);
    expect(new Set(brCities.map((c) => c.id)).size).toBe(brCities.length);
    expect(new Set(brCities.map((c) => c.codigo)).size).toBe(brCities.length);
    const codeByState = new Map(brStates.map((s) => [s.id, s.codigo]));
    for (const c of brCities) {
      expect(c.codigo).toMatch(/^\d{7}$/);
      expect(c.codigo.slice(0, 2)).toBe(codeByState.get(c.estado_id));
    }
  });

  it("numbers IBGE's 5,570 municipalities 1..5570 in code order", () => {
    const classic = brCities.filter((c) => c.id <= 5570).sort((a, b) => a.id - b.id);
    expect(classic.map((c) => c.id)).toEqual(Array.from({ length: 5570 }, (_, i) => i + 1));
    const codes = classic.map((c) => Number(c.codigo));
    expect(codes).toEqual([...codes].sort((a, b) => a - b));
  });

  it("appends newer municipalities after 5570", () => {
    const newer = geo.cities.find((c) => c.codigo === "5101837");
    expect(newer).toMatchObject({ nome: "Boa Esperança do Norte", estado_id: stateBySigla("MT").id });
    expect(newer!.id).toBeGreaterThan(5570);
    expect(newer!.id).toBeLessThan(6001);
  });

  it("keeps the spec's cidade_id ranges", () => {
    const ranges: [string, number, number][] = [
      ["RO", 1, 52],
      ["AC", 53, 74],
      ["AM", 75, 136],
      ["RR", 137, 151],
      ["PA", 152, 295],
      ["AP", 296, 311],
      ["MA", 451, 667],
      ["PI", 668, 891],
      ["CE", 892, 1075],
      ["RN", 1076, 1242],
      ["PB", 1243, 1465],
      ["PE", 1466, 1650],
      ["AL", 1651, 1752],
      ["BA", 1828, 2244],
      ["ES", 3098, 3175],
      ["MS", 5104, 5182],
      ["GO", 5324, 5569],
    ];
    for (const [sigla, first, last] of ranges) {
      expect([sigla, ...idRange(citiesOf(stateBySigla(sigla)))]).toEqual([sigla, first, last]);
    }
    expect(idRange(citiesOf(stateBySigla("MG")))[0]).toBe(2245);
    expect(idRange(citiesOf(stateBySigla("PR")))[0]).toBe(3913);
    const mtClassic = citiesOf(stateBySigla("MT")).filter((c) => c.id <= 5570);
    expect(idRange(mtClassic)).toEqual([5183, 5323]);
  });

  it("has the spec's city counts", () => {
    const counts: [string, number][] = [
      ["RO", 52],
      ["AC", 22],
      ["AM", 62],
      ["RR", 15],
      ["AP", 16],
      ["PA", 144],
      ["MA", 217],
      ["PI", 224],
      ["CE", 184],
      ["RN", 167],
      ["PE", 185],
      ["AL", 102],
      ["SE", 75],
      ["BA", 417],
      ["ES", 78],
      ["RJ", 92],
      ["RS", 497],
      ["SC", 295],
      ["MS", 79],
      ["GO", 246],
    ];
    for (const [sigla, count] of counts) {
      expect([sigla, citiesOf(stateBySigla(sigla)).length]).toEqual([sigla, count]);
    }
  });

  it("has Brasília as the only city of the Distrito Federal, id 5570", () => {
    expect(citiesOf(stateBySigla("DF"))).toEqual([{ id: 5570, estado_id: 7, nome: "Brasília", codigo: "5300108" }]);
  });

  it("includes Tocantins", () => {
    expect(citiesOf(stateBySigla("TO")).some((c) => c.nome === "Palmas")).toBe(true);
  });
});

describe("Paraguay", () => {
  function department(nome: string): State {
    const state = pyStates.find((s) => s.nome === nome);
    if (!state) throw new Error(`no department ${nome}`);
    return state;
  }

  it("has the 17 departments and the capital, ids from 28 in SET code order", () => {
    expect(pyStates).toHaveLength(18);
    expect(pyStates.map((s) => s.id)).toEqual(Array.from({ length: 18 }, (_, i) => 28 + i));
    expect(pyStates.map((s) => s.codigo)).toEqual(Array.from({ length: 18 }, (_, i) => String(i + 1)));
    for (const s of pyStates) expect(s.sigla).toBeNull();
    const names = pyStates.map((s) => s.nome);
    for (const nome of ["Alto Paraná", "Itapúa", "Central", "Ñeembucú", "Boquerón", "Presidente Hayes", "Canindeyú"]) {
      expect(names).toContain(nome);
    }
  });

  it("has Alto Paraná with the shop's neighbouring cities", () => {
    const names = citiesOf(department("Alto Paraná")).map((c) => c.nome);
    for (const nome of ["Ciudad del Este", "Hernandarias", "Presidente Franco", "Minga Guazú"]) {
      expect(names).toContain(nome);
    }
    expect(geo.cities.find((c) => c.nome === "Ciudad del Este")).toMatchObject({ codigo: "145" });
  });

  it("has Asunción as the capital, SET department 1", () => {
    const capital = department("Asunción");
    expect(capital.codigo).toBe("1");
    expect(citiesOf(capital)).toEqual([{ id: 6001, estado_id: capital.id, nome: "Asunción", codigo: "1" }]);
  });

  it("numbers districts from 6001 with unique SET codes and no duplicate names per department", () => {
    const pyIds = new Set(pyStates.map((s) => s.id));
    const pyCities = geo.cities.filter((c) => pyIds.has(c.estado_id));
    expect(pyCities.map((c) => c.id)).toEqual(Array.from({ length: pyCities.length }, (_, i) => 6001 + i));
    expect(new Set(pyCities.map((c) => c.codigo)).size).toBe(pyCities.length);
    expect(new Set(pyCities.map((c) => `${c.estado_id}/${c.nome}`)).size).toBe(pyCities.length);
    for (const c of pyCities) expect(c.nome).not.toMatch(/^[^a-zà-ÿ]*$/);
  });
});

describe("Argentina", () => {
  const arStates = geo.states.filter((s) => s.pais_id === 3);
  it("has its 23 provinces and its capital city, without cities, as migration 0004 inserts them", () => {
    expect(arStates).toHaveLength(24);
    expect(arStates.map((s) => s.id)).toEqual(Array.from({ length: 24 }, (_, i) => 46 + i));
    expect(arStates.map((s) => s.nome)).toContain("Misiones");
    expect(geo.cities.some((c) => arStates.some((s) => s.id === c.estado_id))).toBe(false);
    const migration = readFileSync(new URL("../../migrations/0004_customer_nationality_last_login.sql", import.meta.url), "utf8");
    for (const p of arStates) expect(migration).toContain(`(${p.id}, 3, '${p.nome}', '${p.sigla}', '${p.codigo}')`);
  });
});

describe("ids", () => {
  it("are unique across both countries", () => {
    expect(new Set(geo.states.map((s) => s.id)).size).toBe(geo.states.length);
    expect(new Set(geo.cities.map((c) => c.id)).size).toBe(geo.cities.length);
    const stateIds = new Set(geo.states.map((s) => s.id));
    for (const c of geo.cities) expect(stateIds.has(c.estado_id)).toBe(true);
  });
});
