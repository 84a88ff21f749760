import { REALTIME_EVENTS, type TimedContract, type TradeOrder } from '@platform/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useSessionSnapshot } from '../../../lib/session.tsx';
import { useSocketConnection, useSocketEvent } from '../../../lib/socket.ts';
import { WALLET_QUERY_ROOT } from '../../wallet/walletApi.ts';
import { serverNow } from './serverClock.ts';
import { type TimedProduct, timedKeys } from './timedApi.ts';

/** With the socket up the push normally arrives first: the poll waits this long past expiry. */
const POLL_AFTER_EXPIRY_LIVE_MS = 5000;
/** Without a socket the settlement job (every 0.5 s, 1 s after expiry) is polled for sooner. */
const POLL_AFTER_EXPIRY_OFFLINE_MS = 2000;
/** Then again this often while a contract past its expiry is still open (a void waits 30 s for a price). */
const POLL_EVERY_MS = 2000;

/**
 * Keeps a timed product's screen current: a settlement arrives as the order-updated push, which
 * refetches the product's lists and the wallet; a reconnect refetches too (pushes sent while the
 * socket was down are lost). As a fallback, once an open contract is past its expiry on the
 * server's clock and still shown open, the lists are polled until it is settled.
 */
export function useTimedLive(product: TimedProduct, open: readonly TimedContract[] | undefined) {
  const queryClient = useQueryClient();
  const { token } = useSessionSnapshot();
  const signedIn = token !== null;
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: timedKeys.root(product) });
    void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
  }, [queryClient, product]);

  useSocketEvent<{ order?: TradeOrder }>(
    REALTIME_EVENTS.orderUpdated,
    (payload) => {
      if (!payload?.order || payload.order.product === product) refresh();
    },
    signedIn,
  );

  const { connected, generation } = useSocketConnection();
  const seen = useRef(generation);
  useEffect(() => {
    if (generation > 1 && generation !== seen.current) refresh();
    seen.current = generation;
  }, [generation, refresh]);

  const earliestExpiry = open?.length ? Math.min(...open.map((c) => Date.parse(c.expires_at))) : null;
  useEffect(() => {
    if (earliestExpiry === null) return;
    const grace = connected ? POLL_AFTER_EXPIRY_LIVE_MS : POLL_AFTER_EXPIRY_OFFLINE_MS;
    let timer: ReturnType<typeof setTimeout>;
    const poll = () => {
      refresh();
      timer = setTimeout(poll, POLL_EVERY_MS);
    };
    timer = setTimeout(poll, Math.max(0, earliestExpiry + grace - serverNow()));
    return () => clearTimeout(timer);
  }, [earliestExpiry, connected, refresh]);
}
