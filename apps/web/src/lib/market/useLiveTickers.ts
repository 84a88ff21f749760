import {
  listMarkets,
  MARKET_EVENTS,
  MAX_MARKET_SUBSCRIPTIONS_PER_SOCKET,
  type MarketSubscription,
  type Ticker,
  ticker as tickerSchema,
} from '@platform/contracts';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { call } from '../request.ts';
import { emitWithAck, isSocketConnected, useSocketConnection, useSocketEvent } from '../socket.ts';

export type { Ticker };

export const MARKETS_KEY = ['trading', 'markets'] as const;
/** Without a socket (or for pairs the socket could not subscribe) the list is polled this often. */
export const MARKETS_POLL_MS = 5000;

/** GET /api/trading/markets: the latest ticker of every enabled pair. */
export async function fetchMarkets(signal?: AbortSignal): Promise<Ticker[]> {
  return (await call(listMarkets, { signal })).data.markets;
}

interface SubscriptionAck {
  success?: boolean;
  message?: string;
}

const tickerSubscription = (symbol: string): MarketSubscription => ({ symbol, channels: ['ticker'] });

/** Of two reports about one pair, the later; a push and a poll race each other. */
function later(a: Ticker | undefined, b: Ticker | undefined): Ticker | undefined {
  if (!a) return b;
  if (!b) return a;
  return Date.parse(b.updated_at) >= Date.parse(a.updated_at) ? b : a;
}

export interface LiveTickers {
  /** Latest ticker per symbol, from the list call and the socket, whichever is newer. */
  tickers: ReadonlyMap<string, Ticker>;
  /** The rows: the enabled pairs when known, otherwise the pairs of the list call, in their order. */
  symbols: readonly string[];
  /** 'live' while the socket is up and carries at least one pair (if there is any); else 'polling'. */
  transport: 'live' | 'polling';
  /** Pairs the socket pushes; the rest (beyond the per-socket cap, or refused) are polled. */
  liveCount: number;
  query: UseQueryResult<Ticker[]>;
}

/**
 * The tickers of the enabled pairs (`enabledSymbols`; while unknown, the pairs the list call returns):
 * the list call first, then socket pushes for up to MAX_MARKET_SUBSCRIPTIONS_PER_SOCKET of them,
 * subscribed again after every reconnect and left on unmount. Whatever the socket does not carry (it
 * is down, the cap, a refused pair) is polled.
 */
export function useLiveTickers(enabledSymbols: readonly string[] | undefined): LiveTickers {
  const connection = useSocketConnection();
  const [pushed, setPushed] = useState<ReadonlyMap<string, Ticker>>(() => new Map());
  const [subscribed, setSubscribed] = useState<ReadonlySet<string>>(() => new Set());

  const query = useQuery({
    queryKey: MARKETS_KEY,
    queryFn: ({ signal }) => fetchMarkets(signal),
    refetchInterval: (current) => {
      const rows = enabledSymbols ?? (current.state.data ?? []).map((t) => t.symbol);
      const allPushed = connection.connected && subscribed.size >= new Set(rows).size;
      return allPushed ? false : MARKETS_POLL_MS;
    },
  });
  const listed = useMemo(() => (query.data ?? []).map((t) => t.symbol), [query.data]);
  const symbols = enabledSymbols ?? listed;
  // One key for the set, so that a re-ordered or re-fetched pair list does not resubscribe.
  const wantedKey = useMemo(
    () => [...new Set(symbols)].sort().slice(0, MAX_MARKET_SUBSCRIPTIONS_PER_SOCKET).join(','),
    [symbols],
  );

  // Each connection starts without rooms: a new one subscribes again.
  const liveConnection = connection.connected ? connection.generation : 0;
  useEffect(() => {
    const wanted = wantedKey ? wantedKey.split(',') : [];
    if (liveConnection === 0 || wanted.length === 0) return;
    let current = true;
    for (const symbol of wanted) {
      emitWithAck<SubscriptionAck>(MARKET_EVENTS.subscribe, tickerSubscription(symbol))
        .then((ack) => {
          if (current && ack?.success === true) setSubscribed((old) => new Set(old).add(symbol));
        })
        // A refused or unanswered subscription leaves the pair to the poll.
        .catch(() => undefined);
    }
    return () => {
      current = false;
      setSubscribed(new Set());
      // A dropped socket has left its rooms already; only a live one is told.
      if (!isSocketConnected()) return;
      for (const symbol of wanted) {
        emitWithAck(MARKET_EVENTS.unsubscribe, tickerSubscription(symbol)).catch(() => undefined);
      }
    };
  }, [liveConnection, wantedKey]);

  useSocketEvent<unknown>(MARKET_EVENTS.ticker, (payload) => {
    const parsed = tickerSchema.safeParse(payload);
    if (!parsed.success) return;
    const incoming = parsed.data;
    setPushed((old) => {
      if (later(old.get(incoming.symbol), incoming) !== incoming) return old;
      return new Map(old).set(incoming.symbol, incoming);
    });
  });

  const tickers = useMemo(() => {
    const merged = new Map<string, Ticker>();
    for (const polled of query.data ?? []) merged.set(polled.symbol, polled);
    for (const [symbol, live] of pushed) {
      const newer = later(merged.get(symbol), live);
      if (newer) merged.set(symbol, newer);
    }
    return merged;
  }, [query.data, pushed]);

  // With nothing to subscribe to, an open socket is all that "live" can mean.
  const noPairs = symbols.length === 0 && (enabledSymbols !== undefined || query.isSuccess);

  return {
    tickers,
    symbols,
    transport: connection.connected && (subscribed.size > 0 || noPairs) ? 'live' : 'polling',
    liveCount: connection.connected ? subscribed.size : 0,
    query,
  };
}
