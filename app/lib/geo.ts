import { useEffect, useState } from "react";
import type { GeoOption } from "#contract/api/accounts.ts";
import { api } from "#app/lib/api-client.ts";

export type { GeoOption };

export const BRASIL_ID = 1;
export const PARAGUAI_ID = 2;

/** A list asked for once per page: states of a country ("states:1"), cities of a state ("cities:5"). */
const cache = new Map<string, Promise<GeoOption[]>>();

function load(key: string, read: () => Promise<GeoOption[]>): Promise<GeoOption[]> {
  let pending = cache.get(key);
  if (!pending) {
    pending = read().catch((error: unknown) => {
      cache.delete(key);
      throw error;
    });
    cache.set(key, pending);
  }
  return pending;
}

function useList(key: string | null, read: () => Promise<GeoOption[]>): GeoOption[] {
  const [loaded, setLoaded] = useState<{ key: string; list: GeoOption[] } | null>(null);
  useEffect(() => {
    if (!key) return;
    let live = true;
    load(key, read).then(
      (list) => live && setLoaded({ key, list }),
      (error: unknown) => console.error(error),
    );
    return () => {
      live = false;
    };
    // `read` follows from `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return key && loaded?.key === key ? loaded.list : [];
}

/** States (Brazil) or departments (Paraguay) of a country; null loads nothing. */
export const useStates = (paisId: number | null) =>
  useList(paisId ? `states:${paisId}` : null, () => api("GET /ecom/endereco/estados", { query: { pais_id: paisId! } }).then((r) => r.data));

/** The cities of one state; an empty list until a state is chosen. */
export const useCities = (estadoId: number | null) =>
  useList(estadoId ? `cities:${estadoId}` : null, () =>
    api("GET /ecom/endereco/estados/{id}/cidades", { params: { id: estadoId! } }).then((r) => r.data),
  );
