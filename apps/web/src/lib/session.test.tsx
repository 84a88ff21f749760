import { PROFILE_REFRESH_MS } from '@platform/contracts';
import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { jsonResponse, makeAdmin, makeUser, storeSession } from '../test/fixtures.ts';
import {
  LOGIN_INCOMPLETE_MESSAGE,
  login,
  logout,
  refreshProfileIfStale,
  SessionProvider,
  sessionStore,
  useSession,
} from './session.tsx';
import { clearSessionStorage } from './storage.ts';

type FetchArgs = [string, RequestInit];
let fetchMock: Mock<(...args: FetchArgs) => Promise<Response>>;

beforeEach(() => {
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
});

function calledPaths(): string[] {
  return fetchMock.mock.calls.map(([url]) => url);
}

describe('session store', () => {
  it('is logged out until both a token and a user are stored', () => {
    window.localStorage.setItem('token', 't');
    sessionStore.reload();
    expect(sessionStore.get()).toEqual({ token: null, user: null });

    window.localStorage.removeItem('token');
    window.localStorage.setItem('user', JSON.stringify(makeUser()));
    sessionStore.reload();
    expect(sessionStore.get()).toEqual({ token: null, user: null });

    window.localStorage.setItem('token', 't');
    sessionStore.reload();
    expect(sessionStore.get()).toEqual({ token: 't', user: makeUser() });
  });

  it('logs in with the account in the email field and stores token, user and check time', async () => {
    const user = makeUser();
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ success: true, message: '登录成功', data: { token: 'tk', user } }),
    );
    await expect(login(' 13800000000 ', 'secret1')).resolves.toEqual(user);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/login');
    expect(JSON.parse(String(init?.body))).toEqual({ email: '13800000000', password: 'secret1' });
    expect(window.localStorage.getItem('token')).toBe('tk');
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toEqual(user);
    expect(Number(window.localStorage.getItem('user_profile_checked_at'))).toBeGreaterThan(0);
    expect(sessionStore.get()).toEqual({ token: 'tk', user });
  });

  it('refuses a login reply without token or user (登录响应数据不完整)', async () => {
    sessionStore.reload();
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ success: true, message: 'ok', data: { user: makeUser() } }),
    );
    await expect(login('a@b.c', 'x')).rejects.toThrow(LOGIN_INCOMPLETE_MESSAGE);
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: 'ok', data: { token: 't' } }));
    await expect(login('a@b.c', 'x')).rejects.toThrow(LOGIN_INCOMPLETE_MESSAGE);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(sessionStore.get().token).toBeNull();
  });

  it('logs out on the server with the token, then clears local storage even if that call fails', async () => {
    storeSession(makeUser(), 'tk');
    window.localStorage.setItem('trading_favorites', '[]');
    window.localStorage.setItem('theme', 'dark');
    sessionStore.reload();
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await logout();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/logout');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tk');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(window.localStorage.getItem('trading_favorites')).toBeNull();
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(sessionStore.get()).toEqual({ token: null, user: null });
  });
});

describe('profile staleness', () => {
  const now = Date.now();

  it('does not call /auth/me within 5 minutes of the last check', async () => {
    storeSession(makeUser(), 't', now - PROFILE_REFRESH_MS + 1_000);
    sessionStore.reload();
    await expect(refreshProfileIfStale(now)).resolves.toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('re-fetches /auth/me after more than 5 minutes and stores the new profile', async () => {
    storeSession(makeUser(), 't', now - PROFILE_REFRESH_MS - 1_000);
    sessionStore.reload();
    const fresh = makeUser({ kyc_status: 'approved' });
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: 'ok', data: { user: fresh } }));
    await expect(refreshProfileIfStale(now)).resolves.toBe(true);
    expect(calledPaths()).toEqual(['/api/auth/me']);
    expect(sessionStore.get().user?.kyc_status).toBe('approved');
    expect(Number(window.localStorage.getItem('user_profile_checked_at'))).toBeGreaterThanOrEqual(now);
  });

  it('re-fetches when there was never a check', async () => {
    window.localStorage.setItem('token', 't');
    window.localStorage.setItem('user', JSON.stringify(makeUser()));
    sessionStore.reload();
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ success: true, message: 'ok', data: { user: makeUser() } }),
    );
    await expect(refreshProfileIfStale(now)).resolves.toBe(true);
    expect(calledPaths()).toEqual(['/api/auth/me']);
  });

  it('logs out locally when /auth/me replies success false', async () => {
    storeSession(makeUser(), 't', 0);
    sessionStore.reload();
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, message: '用户已被禁用' }, 200));
    await refreshProfileIfStale(now);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(sessionStore.get()).toEqual({ token: null, user: null });
  });

  it('keeps the cached profile when the network fails', async () => {
    storeSession(makeUser(), 't', 0);
    sessionStore.reload();
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await refreshProfileIfStale(now);
    expect(sessionStore.get().token).toBe('t');
  });

  it('makes no call without a session', async () => {
    sessionStore.reload();
    await expect(refreshProfileIfStale(now)).resolves.toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

function Probe() {
  const session = useSession();
  return (
    <div>
      <span data-testid="state">{session.authenticated ? session.user?.email : 'anonymous'}</span>
      <span data-testid="level">{session.level}</span>
      <span data-testid="perm">{String(session.hasPermission('withdraw'))}</span>
    </div>
  );
}

describe('SessionProvider', () => {
  it('refreshes a stale profile on load and exposes level and permissions', async () => {
    storeSession(makeUser({ permissions: ['withdraw'] }), 't', 0);
    sessionStore.reload();
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ success: true, message: 'ok', data: { user: makeUser({ kyc_status: 'approved' }) } }),
    );
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(screen.getByTestId('state').textContent).toBe('alice@example.com');
    expect(screen.getByTestId('level').textContent).toBe('basic');
    expect(screen.getByTestId('perm').textContent).toBe('true');
    await waitFor(() => expect(screen.getByTestId('level').textContent).toBe('verified'));
    // The new profile has no permissions.
    expect(screen.getByTestId('perm').textContent).toBe('false');
    expect(calledPaths()).toEqual(['/api/auth/me']);
  });

  it('does not call /auth/me for a fresh profile, and follows a session cleared elsewhere', () => {
    storeSession(makeAdmin(), 't', Date.now());
    sessionStore.reload();
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(screen.getByTestId('level').textContent).toBe('admin');
    expect(fetchMock).not.toHaveBeenCalled();
    act(() => {
      clearSessionStorage();
    });
    expect(screen.getByTestId('state').textContent).toBe('anonymous');
    expect(screen.getByTestId('level').textContent).toBe('guest');
  });
});
