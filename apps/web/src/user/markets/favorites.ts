import { useSyncExternalStore } from 'react';
import {
  MARKET_FAVORITES_KEY,
  onSessionCleared,
  readMarketFavorites,
  writeMarketFavorites,
} from '../../lib/storage.ts';

/**
 * The favourite pairs of the markets screen, kept in local storage under market_favorites (the
 * spec clears that key on logout). Screens read them through useMarketFavorites and re-render when
 * they change here, in another tab, or when the session ends.
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

/** Adds `symbol` at the end, or removes it when it is there already; returns the new list. */
export function toggleMarketFavorite(symbol: string): string[] {
  const current = readMarketFavorites();
  const next = current.includes(symbol) ? current.filter((s) => s !== symbol) : [...current, symbol];
  writeMarketFavorites(next);
  notify();
  return next;
}

export function useMarketFavorites(): readonly string[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
