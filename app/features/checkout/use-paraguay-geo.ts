import { useEffect, useState } from "react";

export interface Geo {
  states: { estado_id: number; nome: string }[];
  cities: { cidade_id: number; estado_id: number; nome: string }[];
}

// Paraguay's departments and districts: a chunk of their own, fetched only when the selects show.
const loadGeo = () => import("#db/seed/geo/paraguay.json").then((m) => m.default as Geo);

export function useParaguayGeo(enabled: boolean): Geo | null {
  const [geo, setGeo] = useState<Geo | null>(null);
  useEffect(() => {
    if (!enabled || geo) return;
    let live = true;
    loadGeo()
      .then((data) => live && setGeo(data))
      .catch((error: unknown) => console.error("checkout: geography unavailable", error));
    return () => {
      live = false;
    };
  }, [enabled, geo]);
  return geo;
}

export const byName = (a: { nome: string }, b: { nome: string }) => a.nome.localeCompare(b.nome, "es");
