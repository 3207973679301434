import { useEffect, useSyncExternalStore } from "react";
import { ApiError, api } from "#app/lib/api-client.ts";
import { readStoredJson, writeStoredJson } from "#app/lib/local-store.ts";

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
  const parsed = readStoredJson(LOCAL_FAVOURITES_KEY);
  return Array.isArray(parsed) ? parsed.filter((v): v is number => Number.isInteger(v) && v > 0) : [];
}

/** Without storage (private mode) the heart still works for this page. */
const writeLocalIds = (ids: number[]) => writeStoredJson(LOCAL_FAVOURITES_KEY, ids.length === 0 ? null : ids);

async function loadServer() {
  try {
    const { data: list } = await api("GET /ecom/favoritos");
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
      await api("POST /ecom/favoritos", { body: { produto_id } });
    } catch (error) {
      console.error(`favourite ${produto_id}`, error);
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
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => EMPTY,
  );
}

// A change of the store renders its readers at once (an external store's updates are never deferred):
// the hearts and badges read only their own value, so the store's start on every page (and a change
// of one heart) renders none of those whose value stayed the same.

/** Whether `productId` is among the favourites. */
export function useIsFavourite(productId: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => state.items.has(productId),
    () => false,
  );
}

/** How many favourites there are (the header's and the bottom bar's badge). */
export function useFavouriteCount(): number {
  return useSyncExternalStore(
    subscribe,
    () => state.items.size,
    () => 0,
  );
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
    try {
      await api("DELETE /ecom/favoritos/{id}", { params: { id: favouriteId } });
    } catch (error) {
      // Already gone (removed in another tab): the heart empties all the same.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
    items.delete(productId);
    set({ ...state, items });
    return false;
  }
  const { data } = await api("POST /ecom/favoritos", { body: { produto_id: productId } });
  items.set(productId, data.id);
  set({ ...state, items });
  return true;
}

/** Forgets the server list (logout). */
export function resetFavourites() {
  set({ ready: false, loggedIn: false, items: new Map() });
}
