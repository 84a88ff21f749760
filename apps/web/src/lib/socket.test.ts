import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../test/fake-socket.ts';
import { makeUser, storeSession } from '../test/fixtures.ts';

const created: FakeSocket[] = [];
const ioMock = vi.fn((_url: string, _options: unknown) => {
  const socket = new FakeSocket();
  created.push(socket);
  return socket;
});
vi.mock('socket.io-client', () => ({ io: (url: string, options: unknown) => ioMock(url, options) }));

const { disconnectSocket, getSocket, isSocketAuthenticated, socketStatus, subscribe } = await import(
  './socket.ts'
);
const { clearSessionStorage } = await import('./storage.ts');
const { isDisconnected, useDisconnected } = await import('./connectivity.ts');
const { act, renderHook } = await import('@testing-library/react');
const { applyLanguage } = await import('../i18n/index.ts');

/** What the `n`th socket sends in its handshake now (socket.io-client calls `auth` at each connect). */
function handshakeOf(n: number): unknown {
  const options = ioMock.mock.calls[n]?.[1] as { auth: (send: (data: object) => void) => void } | undefined;
  if (!options) throw new Error(`no socket #${n}`);
  const { auth } = options;
  let sent: unknown;
  auth((data) => {
    sent = data;
  });
  return sent;
}

beforeEach(() => {
  disconnectSocket();
  created.length = 0;
  ioMock.mockClear();
});

describe('socket', () => {
  it('is not created without a session', () => {
    expect(getSocket()).toBeNull();
    expect(subscribe('x', () => {})).toBeTypeOf('function');
    expect(ioMock).not.toHaveBeenCalled();
  });

  it('connects to the same origin with the token, websocket first, 20 s timeout', () => {
    storeSession(makeUser({ id: 42 }), 'tok');
    getSocket();
    expect(ioMock).toHaveBeenCalledTimes(1);
    expect(ioMock).toHaveBeenCalledWith(window.location.origin, {
      auth: expect.any(Function),
      transports: ['websocket', 'polling'],
      timeout: 20_000,
    });
    expect(handshakeOf(0)).toEqual({ token: 'tok', language: 'zh-CN' });
  });

  it('sends the language shown in every handshake (the server speaks it unless the account chose one)', () => {
    storeSession(makeUser(), 'tok');
    getSocket();
    try {
      applyLanguage('en');
      expect(handshakeOf(0)).toEqual({ token: 'tok', language: 'en' });
    } finally {
      applyLanguage('zh-CN');
    }
    expect(handshakeOf(0)).toEqual({ token: 'tok', language: 'zh-CN' });
  });

  it('sends authenticate {userId} after every connect and notes authenticated', () => {
    storeSession(makeUser({ id: 42 }), 'tok');
    getSocket();
    const socket = created[0];
    expect(socket?.emitted).toEqual([]);
    socket?.receive('connect');
    expect(socket?.emitted).toEqual([['authenticate', { userId: 42 }]]);
    expect(isSocketAuthenticated()).toBe(false);
    socket?.receive('authenticated');
    expect(isSocketAuthenticated()).toBe(true);
    socket?.receive('disconnect');
    expect(isSocketAuthenticated()).toBe(false);
    socket?.receive('connect');
    expect(socket?.emitted).toHaveLength(2);
  });

  it('shares one connection between subscribers and unsubscribes', () => {
    storeSession(makeUser(), 'tok');
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = subscribe('withdrawal_status_update', first);
    subscribe('withdrawal_status_update', second);
    expect(ioMock).toHaveBeenCalledTimes(1);
    created[0]?.receive('withdrawal_status_update', { id: 1 });
    expect(first).toHaveBeenCalledWith({ id: 1 });
    expect(second).toHaveBeenCalledWith({ id: 1 });
    stopFirst();
    created[0]?.receive('withdrawal_status_update', { id: 2 });
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
  });

  it('reconnects with the new token after a new login', () => {
    storeSession(makeUser(), 'old');
    getSocket();
    storeSession(makeUser(), 'new');
    getSocket();
    expect(created).toHaveLength(2);
    expect(created[0]?.disconnected).toBe(true);
    expect(handshakeOf(1)).toMatchObject({ token: 'new' });
  });

  it('disconnects when the session is cleared (logout or 401)', () => {
    storeSession(makeUser(), 'tok');
    getSocket();
    clearSessionStorage();
    expect(created[0]?.disconnected).toBe(true);
    expect(getSocket()).toBeNull();
  });
});

describe('connectivity (网络已断开)', () => {
  it('follows the socket: connecting is not down, a drop or a refusal is, until it connects again', () => {
    expect(socketStatus()).toBe('none');
    storeSession(makeUser(), 'tok');
    getSocket();
    const socket = created[0];
    expect(socketStatus()).toBe('connecting');
    expect(isDisconnected()).toBe(false);
    socket?.receive('connect_error', new Error('refused'));
    expect(socketStatus()).toBe('down');
    expect(isDisconnected()).toBe(true);
    socket?.receive('connect');
    expect(isDisconnected()).toBe(false);
    socket?.receive('disconnect', 'transport close');
    expect(isDisconnected()).toBe(true);
    // Logging out is not a lost connection.
    clearSessionStorage();
    expect(socketStatus()).toBe('none');
    expect(isDisconnected()).toBe(false);
  });

  it('follows the browser: offline is disconnected, with or without a socket', () => {
    const hook = renderHook(() => useDisconnected());
    expect(hook.result.current).toBe(false);
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
      expect(hook.result.current).toBe(true);
    } finally {
      online.mockRestore();
    }
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(hook.result.current).toBe(false);

    storeSession(makeUser(), 'tok');
    act(() => {
      getSocket();
      created[0]?.receive('disconnect', 'ping timeout');
    });
    expect(hook.result.current).toBe(true);
    act(() => created[0]?.receive('connect'));
    expect(hook.result.current).toBe(false);
  });
});
