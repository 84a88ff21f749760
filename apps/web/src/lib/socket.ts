import { SOCKET_TIMEOUT_MS } from '@platform/contracts';
import { useEffect, useRef } from 'react';
import { io, type Socket } from 'socket.io-client';
import { onSessionCleared, readToken, readUser } from './storage.ts';

/**
 * One socket.io connection per session, to the same origin (path /socket.io/), authenticated with
 * the bearer token in the handshake. After every (re)connect it sends authenticate {userId}; the
 * server answers authenticated. Created on the first subscription; closed on logout.
 */
let socket: Socket | null = null;
let socketToken: string | null = null;
let authenticated = false;

export function isSocketAuthenticated(): boolean {
  return authenticated;
}

export function disconnectSocket(): void {
  if (socket) {
    socket.removeAllListeners();
    socket.disconnect();
  }
  socket = null;
  socketToken = null;
  authenticated = false;
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
    auth: { token },
    transports: ['websocket', 'polling'],
    timeout: SOCKET_TIMEOUT_MS,
  });
  created.on('connect', () => {
    authenticated = false;
    created.emit('authenticate', { userId: user.id });
  });
  created.on('authenticated', () => {
    authenticated = true;
  });
  created.on('disconnect', () => {
    authenticated = false;
  });
  socket = created;
  socketToken = token;
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

onSessionCleared(disconnectSocket);
