import { type PublicUser, SESSION_STORAGE_KEY_FRAGMENTS, SESSION_STORAGE_KEYS } from '@platform/contracts';

export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';
/** When the stored profile was last confirmed by GET /auth/me (ms since epoch). Contains user_: cleared with the session. */
export const PROFILE_CHECKED_KEY = 'user_profile_checked_at';

/** The keys of `keys` that end with the session: the fixed list plus any key containing a fragment. */
export function sessionKeysToClear(keys: readonly string[]): string[] {
  const fixed: readonly string[] = SESSION_STORAGE_KEYS;
  return keys.filter(
    (key) => fixed.includes(key) || SESSION_STORAGE_KEY_FRAGMENTS.some((fragment) => key.includes(fragment)),
  );
}

function storageKeys(storage: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null) keys.push(key);
  }
  return keys;
}

type Listener = () => void;
const clearedListeners = new Set<Listener>();

/** Called after every clearSessionStorage (the session store and the socket listen). */
export function onSessionCleared(listener: Listener): () => void {
  clearedListeners.add(listener);
  return () => clearedListeners.delete(listener);
}

/**
 * Ends the session locally: removes the token, the cached user and every cached key of the spec
 * (SESSION_STORAGE_KEYS and any key containing a SESSION_STORAGE_KEY_FRAGMENTS fragment), then
 * tells the listeners. Used by logout and by the 401 rule of the request layer. Returns the removed keys.
 */
export function clearSessionStorage(storage: Storage = window.localStorage): string[] {
  const removed = sessionKeysToClear(storageKeys(storage));
  for (const key of removed) storage.removeItem(key);
  for (const listener of [...clearedListeners]) listener();
  return removed;
}

export function readToken(): string | null {
  return window.localStorage.getItem(TOKEN_KEY) || null;
}

/** The cached user, or null when missing or unreadable. */
export function readUser(): PublicUser | null {
  const raw = window.localStorage.getItem(USER_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && 'id' in parsed && 'email' in parsed && 'role' in parsed) {
      return parsed as PublicUser;
    }
    return null;
  } catch {
    return null;
  }
}

export function writeToken(token: string): void {
  window.localStorage.setItem(TOKEN_KEY, token);
}

export function writeUser(user: PublicUser): void {
  window.localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function readProfileCheckedAt(): number | null {
  const raw = window.localStorage.getItem(PROFILE_CHECKED_KEY);
  if (raw === null) return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

export function writeProfileCheckedAt(ms: number): void {
  window.localStorage.setItem(PROFILE_CHECKED_KEY, String(ms));
}

/** The spec's key of the favourite pairs on the markets screen (one of SESSION_STORAGE_KEYS: ends with the session). */
export const MARKET_FAVORITES_KEY = 'market_favorites';

/** The favourite pair symbols in the order they were added; [] when missing or unreadable. */
export function readMarketFavorites(storage: Storage = window.localStorage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(MARKET_FAVORITES_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return [...new Set(parsed.filter((s): s is string => typeof s === 'string' && s !== ''))];
  } catch {
    return [];
  }
}

export function writeMarketFavorites(
  symbols: readonly string[],
  storage: Storage = window.localStorage,
): void {
  storage.setItem(MARKET_FAVORITES_KEY, JSON.stringify([...new Set(symbols)]));
}

/** The products whose orders are confirmed with 不再提示 offered (user/trade/shared/OrderConfirmSheet.tsx). */
export type ConfirmedProduct = 'spot' | 'perpetual';

/**
 * An order confirmation's 不再提示, kept per device and per product (skipping spot's sheet never
 * skips a leveraged position's): no fragment of SESSION_STORAGE_KEY_FRAGMENTS is in the key, so
 * logging out keeps it. `spot_confirm_skip` is the key spot always had.
 */
export const confirmSkipKey = (product: ConfirmedProduct) => `${product}_confirm_skip`;

export function readSkipOrderConfirm(
  product: ConfirmedProduct,
  storage: Storage = window.localStorage,
): boolean {
  return storage.getItem(confirmSkipKey(product)) === '1';
}

export function writeSkipOrderConfirm(
  product: ConfirmedProduct,
  skip: boolean,
  storage: Storage = window.localStorage,
): void {
  if (skip) storage.setItem(confirmSkipKey(product), '1');
  else storage.removeItem(confirmSkipKey(product));
}
