import { useEffect, useSyncExternalStore } from "react";

/**
 * Favourites (spec §4): a guest keeps product ids in localStorage (ids only, nothing secret); a
 * logged-in customer's list lives on the server (`/ecom/favoritos`) and is mirrored here so every
 * heart and the header count agree.
 */
export const LOCAL_FAVOURITES_KEY = "favourites";

interface State {
  /** True once the server list was read (logged in) or localStorage was (guest). */
  ready: boolean;
  loggedIn: boolean;
  /** produto_id → favourite id on the server (0 for a guest's local entry). */
  items: Map<number, number>;
}

let state: State = { ready: false, loggedIn: false, items: new Map() };
const listeners = new Set<() => void>();
const EMPTY: State = { ready: false, loggedIn: false, items: new Map() };

function set(next: State) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function readLocalIds(): number[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(LOCAL_FAVOURITES_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((v): v is number => Number.isInteger(v) && v > 0) : [];
  } catch {
    return [];
  }
}

function writeLocalIds(ids: number[]) {
  try {
    if (ids.length === 0) localStorage.removeItem(LOCAL_FAVOURITES_KEY);
    else localStorage.setItem(LOCAL_FAVOURITES_KEY, JSON.stringify(ids));
  } catch {
    // Private mode or a full store: the heart still works for this page.
  }
}

interface ServerFavourite {
  id: number;
  produto_id: number;
}

async function fetchServerList(): Promise<ServerFavourite[]> {
  const res = await fetch("/ecom/favoritos", { headers: { Accept: "application/json" } });
  if (!res.ok) throw new Error(`favourites ${res.status}`);
  return ((await res.json()) as { data: ServerFavourite[] }).data;
}

async function loadServer() {
  try {
    const list = await fetchServerList();
    set({ ready: true, loggedIn: true, items: new Map(list.map((f) => [f.produto_id, f.id])) });
  } catch (error) {
    console.error(error);
    set({ ready: true, loggedIn: true, items: new Map() });
  }
}

/**
 * At login (spec §4): every local id goes to the server one by one, a failed one does not stop
 * the others, then the local list is cleared.
 */
export async function pushLocalFavourites(): Promise<void> {
  const ids = readLocalIds();
  for (const produto_id of ids) {
    try {
      const res = await fetch("/ecom/favoritos", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ produto_id }),
      });
      if (!res.ok) console.error(`favourite ${produto_id}: ${res.status}`);
    } catch (error) {
      console.error(error);
    }
  }
  writeLocalIds([]);
}

/** Starts the store for this page: the server list when logged in, else localStorage. */
export function useFavouritesInit(loggedIn: boolean) {
  useEffect(() => {
    if (loggedIn) {
      // Ids hearted as a guest in another tab, or before a login that skipped the sync.
      if (readLocalIds().length > 0) void pushLocalFavourites().then(loadServer);
      else void loadServer();
    } else {
      set({ ready: true, loggedIn: false, items: new Map(readLocalIds().map((id) => [id, 0])) });
    }
  }, [loggedIn]);
}

export function useFavourites() {
  return useSyncExternalStore(subscribe, () => state, () => EMPTY);
}

/** Adds or removes one product; rejects when the server refuses (the caller tells the user). */
export async function toggleFavourite(productId: number): Promise<boolean> {
  const current = state;
  const favouriteId = current.items.get(productId);
  const items = new Map(current.items);
  if (!current.loggedIn) {
    if (favouriteId !== undefined) items.delete(productId);
    else items.set(productId, 0);
    writeLocalIds([...items.keys()]);
    set({ ...current, items });
    return favouriteId === undefined;
  }
  if (favouriteId !== undefined) {
    const res = await fetch(`/ecom/favoritos/${favouriteId}`, { method: "DELETE", headers: { Accept: "application/json" } });
    if (!res.ok && res.status !== 404) throw new Error(`favourite remove ${res.status}`);
    items.delete(productId);
    set({ ...state, items });
    return false;
  }
  const res = await fetch("/ecom/favoritos", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ produto_id: productId }),
  });
  if (!res.ok) throw new Error(`favourite add ${res.status}`);
  const { data } = (await res.json()) as { data: ServerFavourite };
  items.set(productId, data.id);
  set({ ...state, items });
  return true;
}

/** Forgets the server list (logout). */
export function resetFavourites() {
  set({ ready: false, loggedIn: false, items: new Map() });
}
