import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  clearSessionStorage,
  MARKET_FAVORITES_KEY,
  readMarketFavorites,
  writeMarketFavorites,
} from '../../lib/storage.ts';
import { toggleMarketFavorite, useMarketFavorites } from './favorites.ts';

describe('market favourites storage', () => {
  it('is stored under the spec key market_favorites as a JSON list without duplicates', () => {
    writeMarketFavorites(['BTCUSDT', 'ETHUSDT', 'BTCUSDT']);
    expect(window.localStorage.getItem('market_favorites')).toBe('["BTCUSDT","ETHUSDT"]');
    expect(readMarketFavorites()).toEqual(['BTCUSDT', 'ETHUSDT']);
  });

  it('reads a missing or damaged value as no favourites', () => {
    expect(readMarketFavorites()).toEqual([]);
    window.localStorage.setItem(MARKET_FAVORITES_KEY, '{not json');
    expect(readMarketFavorites()).toEqual([]);
    window.localStorage.setItem(MARKET_FAVORITES_KEY, '{"a":1}');
    expect(readMarketFavorites()).toEqual([]);
    window.localStorage.setItem(MARKET_FAVORITES_KEY, '["BTCUSDT", 3, null, ""]');
    expect(readMarketFavorites()).toEqual(['BTCUSDT']);
  });

  it('toggles a pair in and out, keeping the order they were added in', () => {
    expect(toggleMarketFavorite('ETHUSDT')).toEqual(['ETHUSDT']);
    expect(toggleMarketFavorite('BTCUSDT')).toEqual(['ETHUSDT', 'BTCUSDT']);
    expect(toggleMarketFavorite('ETHUSDT')).toEqual(['BTCUSDT']);
    expect(readMarketFavorites()).toEqual(['BTCUSDT']);
  });

  it('re-renders its readers on a toggle and empties them when the session ends (logout)', () => {
    const { result } = renderHook(() => useMarketFavorites());
    expect(result.current).toEqual([]);
    act(() => void toggleMarketFavorite('SOLUSDT'));
    expect(result.current).toEqual(['SOLUSDT']);
    const stable = result.current;
    act(() => void toggleMarketFavorite('XRPUSDT'));
    act(() => void toggleMarketFavorite('XRPUSDT'));
    expect(result.current).toEqual(stable);
    act(() => void clearSessionStorage());
    expect(window.localStorage.getItem(MARKET_FAVORITES_KEY)).toBeNull();
    expect(result.current).toEqual([]);
  });
});
