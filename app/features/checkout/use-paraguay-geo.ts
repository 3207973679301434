import { PARAGUAI_ID, useCities, useStates } from "#app/lib/geo.ts";

export interface Geo {
  states: { estado_id: number; nome: string }[];
  /** The chosen department's cities (none until one is chosen). */
  cities: { cidade_id: number; estado_id: number; nome: string }[];
}

/**
 * Paraguay's departments, and the cities of the chosen one, from the API's geography (the same calls
 * the account pages make), fetched only while the selects show; null until the departments arrive.
 */
export function useParaguayGeo(enabled: boolean, estadoId: number | null): Geo | null {
  const states = useStates(enabled ? PARAGUAI_ID : null);
  const cities = useCities(enabled ? estadoId : null);
  if (states.length === 0) return null;
  return {
    states: states.map((s) => ({ estado_id: s.id, nome: s.nome })),
    cities: estadoId ? cities.map((c) => ({ cidade_id: c.id, estado_id: estadoId, nome: c.nome })) : [],
  };
}

export const byName = (a: { nome: string }, b: { nome: string }) => a.nome.localeCompare(b.nome, "es");
