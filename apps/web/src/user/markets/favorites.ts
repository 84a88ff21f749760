import { getFavorites, putFavorites } from '@platform/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { i18n } from '../../i18n/index.ts';
import { call, errorMessage } from '../../lib/request.ts';
import { useSessionSnapshot } from '../../lib/session.tsx';
import {
  MARKET_FAVORITES_KEY,
  onSessionCleared,
  readMarketFavorites,
  writeMarketFavorites,
} from '../../lib/storage.ts';

/**
 * The favourite pairs of the markets screen (自选). Signed in, they are the server's
 * (GET/PUT /api/user/favorites), so that they follow the user to every device; signed out, they
 * are kept in local storage under market_favorites (the spec clears that key on logout), and what
 * was starred there before signing in is sent to the server when its list is still empty.
 */
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of [...listeners]) listener();
};

onSessionCleared(notify);
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === MARKET_FAVORITES_KEY) notify();
  });
}

// useSyncExternalStore needs the same array while the stored text is unchanged.
let lastRaw: string | null | undefined;
let lastList: readonly string[] = [];
function snapshot(): readonly string[] {
  const raw = window.localStorage.getItem(MARKET_FAVORITES_KEY);
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastList = readMarketFavorites();
  }
  return lastList;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `list` with `symbol` added at the end, or without it when it is there already. */
export function toggled(list: readonly string[], symbol: string): string[] {
  return list.includes(symbol) ? list.filter((s) => s !== symbol) : [...list, symbol];
}

/** Signed out: toggles `symbol` in this device's list; returns the new list. */
export function toggleMarketFavorite(symbol: string): string[] {
  const next = toggled(readMarketFavorites(), symbol);
  writeMarketFavorites(next);
  notify();
  return next;
}

/** This device's list (signed out). */
export function useMarketFavorites(): readonly string[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

export const favoritesKey = ['favorites'] as const;
const NONE: readonly string[] = [];

async function saveFavorites(symbols: readonly string[]): Promise<string[]> {
  return (await call(putFavorites, { body: { symbols: [...symbols] } })).data.symbols;
}

/**
 * The favourites to show and a stable toggle: the server's list when signed in (changed at once on
 * screen, put back with the server's message if the save fails), this device's otherwise.
 */
export function useFavorites(): { favorites: readonly string[]; toggle: (symbol: string) => void } {
  const { token } = useSessionSnapshot();
  const { message } = App.useApp();
  const local = useMarketFavorites();
  const queryClient = useQueryClient();
  const remote = useQuery({
    queryKey: [...favoritesKey, token],
    queryFn: async () => (await call(getFavorites)).data.symbols,
    enabled: Boolean(token),
    staleTime: 60_000,
  });
  const key = [...favoritesKey, token];
  const save = useMutation({
    mutationFn: saveFavorites,
    onMutate: (symbols) => {
      const before = queryClient.getQueryData<string[]>(key);
      queryClient.setQueryData(key, symbols);
      return { before };
    },
    onError: (error, _symbols, context) => {
      queryClient.setQueryData(key, context?.before);
      message.error(errorMessage(error, i18n.t('user:markets.favoritesSaveFailed')));
    },
    onSuccess: (symbols) => queryClient.setQueryData(key, symbols),
  });

  // What this device starred while signed out goes to an empty server list once.
  const merged = useRef(false);
  useEffect(() => {
    if (!token || merged.current || !remote.data) return;
    merged.current = true;
    if (remote.data.length === 0 && local.length > 0) save.mutate([...local]);
  }, [token, remote.data, local, save]);

  const favorites = token ? (remote.data ?? NONE) : local;
  const current = useRef(favorites);
  current.current = favorites;
  const mutate = save.mutate;
  const signedIn = Boolean(token);
  // Until the server's list is here a star would replace it with one pair: it waits.
  const loaded = useRef(false);
  loaded.current = remote.data !== undefined;
  const toggle = useCallback(
    (symbol: string) => {
      if (!signedIn) toggleMarketFavorite(symbol);
      else if (loaded.current) mutate(toggled(current.current, symbol));
    },
    [signedIn, mutate],
  );
  return { favorites, toggle };
}
