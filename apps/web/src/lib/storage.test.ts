import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../test/fixtures.ts';
import {
  clearSessionStorage,
  onSessionCleared,
  readProfileCheckedAt,
  readSkipOrderConfirm,
  readToken,
  readUser,
  sessionKeysToClear,
  writeSkipOrderConfirm,
} from './storage.ts';

const SESSION_KEYS = [
  'token',
  'user',
  'rememberEmail',
  'trading_favorites',
  'market_favorites',
  'kyc_status_cache',
  'user_profile_checked_at',
  'my_cache_prices',
  'preference_theme',
  'setting_sound',
  'wallet_last_tab',
  'option_levels',
  'x_trading_layout',
];
const UNRELATED_KEYS = ['theme', 'i18nextLng', 'username', 'market', 'kyc', 'tokenizer'];

describe('sessionKeysToClear', () => {
  it('selects the fixed keys and every key containing a fragment, nothing else', () => {
    expect(sessionKeysToClear([...SESSION_KEYS, ...UNRELATED_KEYS]).sort()).toEqual([...SESSION_KEYS].sort());
  });
});

describe('clearSessionStorage', () => {
  it('removes exactly the session keys from local storage', () => {
    for (const key of [...SESSION_KEYS, ...UNRELATED_KEYS]) window.localStorage.setItem(key, 'x');
    const removed = clearSessionStorage();
    expect(removed.sort()).toEqual([...SESSION_KEYS].sort());
    const left: string[] = [];
    for (let i = 0; i < window.localStorage.length; i++) left.push(window.localStorage.key(i) ?? '');
    expect(left.sort()).toEqual([...UNRELATED_KEYS].sort());
  });

  it('tells the listeners, until they unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = onSessionCleared(listener);
    clearSessionStorage();
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    clearSessionStorage();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('stored session', () => {
  it('reads the token, the user and the last check', () => {
    const user = makeUser();
    window.localStorage.setItem('token', 'abc');
    window.localStorage.setItem('user', JSON.stringify(user));
    window.localStorage.setItem('user_profile_checked_at', '1700000000000');
    expect(readToken()).toBe('abc');
    expect(readUser()).toEqual(user);
    expect(readProfileCheckedAt()).toBe(1_700_000_000_000);
  });

  it('treats unreadable values as missing', () => {
    window.localStorage.setItem('token', '');
    window.localStorage.setItem('user', '{not json');
    window.localStorage.setItem('user_profile_checked_at', 'soon');
    expect(readToken()).toBeNull();
    expect(readUser()).toBeNull();
    expect(readProfileCheckedAt()).toBeNull();
    window.localStorage.setItem('user', '"just a string"');
    expect(readUser()).toBeNull();
  });
});

describe("the order confirmations' 不再提示", () => {
  it('is off until set, kept across a logout (per device), and can be turned back on', () => {
    expect(readSkipOrderConfirm('spot')).toBe(false);
    writeSkipOrderConfirm('spot', true);
    expect(readSkipOrderConfirm('spot')).toBe(true);
    // Kept where it always was: a device that chose it before keeps it.
    expect(window.localStorage.getItem('spot_confirm_skip')).toBe('1');
    clearSessionStorage();
    expect(readSkipOrderConfirm('spot')).toBe(true);
    writeSkipOrderConfirm('spot', false);
    expect(readSkipOrderConfirm('spot')).toBe(false);
  });

  it('is one choice per product: spot and perpetual each keep their own', () => {
    writeSkipOrderConfirm('perpetual', true);
    expect(readSkipOrderConfirm('spot')).toBe(false);
    clearSessionStorage();
    expect(readSkipOrderConfirm('perpetual')).toBe(true);
    writeSkipOrderConfirm('perpetual', false);
    expect(readSkipOrderConfirm('perpetual')).toBe(false);
  });
});
