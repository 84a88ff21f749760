import { SOCKET_TIMEOUT_MS } from '@platform/contracts';
import { useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { currentLanguage } from '../i18n/index.ts';
import { onSessionCleared, readToken, readUser } from './storage.ts';

/**
 * One socket.io connection per session, to the same origin (path /socket.io/), authenticated with
 * the bearer token and the language shown in the handshake (read at every connect: the server
 * speaks it on this socket unless the account chose one, docs/i18n.md). After every (re)connect it sends authenticate {userId}; the
 * server answers authenticated. Created on the first subscription; closed on logout.
 */
let socket: Socket | null = null;
let socketToken: string | null = null;
let authenticated = false;

/**
 * The session's socket: none (signed out, or nothing asked for it yet), connecting (its first
 * attempt), up, or down (dropped or refused; socket.io tries again by itself). A page that has not
 * connected yet is not "down": the app shows 网络已断开 only once a connection failed or dropped.
 */
export type SocketStatus = 'none' | 'connecting' | 'up' | 'down';
let status: SocketStatus = 'none';
const statusListeners = new Set<() => void>();

function setStatus(next: SocketStatus): void {
  if (status === next) return;
  status = next;
  for (const listener of [...statusListeners]) listener();
}

export function socketStatus(): SocketStatus {
  return status;
}

/** Called on every change of socketStatus(); returns the unsubscribe function. */
export function onSocketStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

export function isSocketAuthenticated(): boolean {
  return authenticated;
}

/** Whether the session's socket is connected now; never creates one. */
export function isSocketConnected(): boolean {
  return socket?.connected === true;
}

export function disconnectSocket(): void {
  if (socket) {
    socket.removeAllListeners();
    socket.disconnect();
  }
  socket = null;
  socketToken = null;
  authenticated = false;
  setStatus('none');
}

/** The session's socket, created on first use; null when nobody is signed in. */
export function getSocket(): Socket | null {
  const token = readToken();
  const user = readUser();
  if (!token || !user) {
    disconnectSocket();
    return null;
  }
  if (socket && socketToken === token) return socket;
  disconnectSocket();

  const created = io(window.location.origin, {
    auth: (send) => send({ token, language: currentLanguage() }),
    transports: ['websocket', 'polling'],
    timeout: SOCKET_TIMEOUT_MS,
  });
  created.on('connect', () => {
    authenticated = false;
    setStatus('up');
    created.emit('authenticate', { userId: user.id });
  });
  created.on('authenticated', () => {
    authenticated = true;
  });
  created.on('disconnect', () => {
    authenticated = false;
    setStatus('down');
  });
  created.on('connect_error', () => setStatus('down'));
  socket = created;
  socketToken = token;
  setStatus('connecting');
  return created;
}

/** Listens to a server event on the session's socket; returns the unsubscribe function. */
export function subscribe<T = unknown>(event: string, handler: (payload: T) => void): () => void {
  const current = getSocket();
  if (!current) return () => {};
  const listener = (payload: T) => handler(payload);
  current.on(event, listener);
  return () => {
    current.off(event, listener);
  };
}

/** React helper: subscribe while mounted; the latest handler is always called. */
export function useSocketEvent<T = unknown>(
  event: string,
  handler: (payload: T) => void,
  enabled = true,
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!enabled) return;
    return subscribe<T>(event, (payload) => latest.current(payload));
  }, [event, enabled]);
}

/**
 * Emits `event` and resolves with the server's acknowledgement. Refuses when the socket is not
 * connected: socket.io would buffer the event and send it after a reconnect, when the state it was
 * meant for is gone. Rejects when no answer comes within `timeoutMs`.
 */
export function emitWithAck<T = unknown>(
  event: string,
  payload: unknown,
  timeoutMs: number = SOCKET_TIMEOUT_MS,
): Promise<T> {
  const current = getSocket();
  if (!current?.connected) return Promise.reject(new Error('socket is not connected'));
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no acknowledgement for ${event}`)), timeoutMs);
    current.emit(event, payload, (reply: T) => {
      clearTimeout(timer);
      resolve(reply);
    });
  });
}

export interface SocketConnection {
  connected: boolean;
  /** Connections seen, counting one already up: grows with every (re)connect, never 0 while connected. */
  generation: number;
}

/**
 * React helper: whether the session's socket is connected. The server forgets a socket's rooms when
 * it drops, so whatever a screen joined must be asked for again whenever `generation` changes.
 */
export function useSocketConnection(): SocketConnection {
  const [state, setState] = useState<SocketConnection>(() => {
    const connected = isSocketConnected();
    return { connected, generation: connected ? 1 : 0 };
  });
  useEffect(() => {
    const stopConnect = subscribe('connect', () =>
      setState((old) => ({ connected: true, generation: old.generation + 1 })),
    );
    const stopDisconnect = subscribe('disconnect', () =>
      setState((old) => (old.connected ? { ...old, connected: false } : old)),
    );
    // It may have connected (or dropped) between the first render and this effect.
    const now = isSocketConnected();
    setState((old) =>
      old.connected === now ? old : { connected: now, generation: old.generation + (now ? 1 : 0) },
    );
    return () => {
      stopConnect();
      stopDisconnect();
    };
  }, []);
  return state;
}

onSessionCleared(disconnectSocket);
