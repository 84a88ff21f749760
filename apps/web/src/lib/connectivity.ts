import { useSyncExternalStore } from 'react';
import { i18n } from '../i18n/index.ts';
import { onSocketStatus, socketStatus } from './socket.ts';

/**
 * Whether the app is cut off (issue 20): the browser says it is offline, or the session's socket
 * dropped (or its connection was refused). While it is, the user app shows 网络已断开, marks prices
 * as stale and disables every button that moves money, so nothing is done on a price the user can
 * no longer see and nothing waits to be sent later. A guest has no socket: only the browser counts.
 */

/** Why a money action was not sent (the request layer's ApiError kind 'offline'), in the language shown. */
export const disconnectedActionText = (): string => i18n.t('common:components.disconnectedAction');

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export function isDisconnected(): boolean {
  return !browserOnline() || socketStatus() === 'down';
}

function subscribeConnectivity(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  const stopSocket = onSocketStatus(listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
    stopSocket();
  };
}

/** React helper: isDisconnected(), re-rendered on every change. */
export function useDisconnected(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isDisconnected, () => false);
}
