import { useEffect, useState } from "react";
import { onlyDigits } from "#contract/documents.ts";

export interface GeoOption {
  id: number;
  nome: string;
}

export const BRASIL_ID = 1;
export const PARAGUAI_ID = 2;

const cache = new Map<string, Promise<GeoOption[]>>();

function load(url: string): Promise<GeoOption[]> {
  let pending = cache.get(url);
  if (!pending) {
    pending = fetch(url, { headers: { Accept: "application/json" } })
      .then(async (res) => {
        if (!res.ok) throw new Error(`${url}: ${res.status}`);
        return ((await res.json()) as { data: GeoOption[] }).data;
      })
      .catch((error: unknown) => {
        cache.delete(url);
        throw error;
      });
    cache.set(url, pending);
  }
  return pending;
}

function useList(url: string | null): GeoOption[] {
  const [loaded, setLoaded] = useState<{ url: string; list: GeoOption[] } | null>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    load(url).then(
      (list) => live && setLoaded({ url, list }),
      (error: unknown) => console.error(error),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return url && loaded?.url === url ? loaded.list : [];
}

/** States (Brazil) or departments (Paraguay) of a country; null loads nothing. */
export const useStates = (paisId: number | null) => useList(paisId ? `/ecom/endereco/estados?pais_id=${paisId}` : null);

/** The cities of one state; an empty list until a state is chosen. */
export const useCities = (estadoId: number | null) =>
  useList(estadoId ? `/ecom/endereco/estados/${estadoId}/cidades` : null);

export interface CepResult {
  logradouro: string;
  bairro: string;
  localidade: string;
  uf: string;
  cidade_id: number | null;
  cidade: string | null;
  estado_id: number | null;
  estado: string | null;
}

/** Postal-code lookup through our API: the address, "not-found", or "error" (network, service). */
export async function lookupCep(cep: string): Promise<CepResult | "not-found" | "error"> {
  const digits = onlyDigits(cep);
  if (digits.length !== 8) return "not-found";
  try {
    const res = await fetch(`/ecom/endereco/cep/${digits}`, { headers: { Accept: "application/json" } });
    if (res.status === 400) return "not-found";
    if (!res.ok) return "error";
    const body = (await res.json()) as CepResult | { erro: true };
    if ("erro" in body || !body.cidade_id || !body.estado_id) return "not-found";
    return body;
  } catch (error) {
    console.error(error);
    return "error";
  }
}
