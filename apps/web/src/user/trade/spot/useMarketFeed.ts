import {
  type Kline,
  type KlineInterval,
  kline,
  MARKET_EVENTS,
  type MarketChannel,
  orderBook,
  recentTrades,
  type Ticker,
  ticker,
} from '@platform/contracts';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchMarkets, MARKETS_KEY } from '../../../lib/market/useLiveTickers.ts';
import { emitWithAck, isSocketConnected, useSocketConnection, useSocketEvent } from '../../../lib/socket.ts';
import { mergeKline } from './klines.ts';
import { fetchKlines, fetchOrderBook, fetchRecentTrades, KLINE_HISTORY_LIMIT, spotKeys } from './spotApi.ts';

/**
 * The spot screen's market data: one HTTP read to start, then socket pushes (signed-in users) or
 * polling (guests, or whenever the socket is down or refuses a channel). Pushes are written into the
 * same query cache the reads fill, so a component reads one source whichever transport delivers.
 */

/** Polling periods without a socket. */
export const BOOK_POLL_MS = 2000;
export const TRADES_POLL_MS = 3000;
export const KLINE_POLL_MS = 3000;
/** Candles re-read by each kline poll: the forming one and the one that may just have closed. */
const KLINE_TAIL = 2;

/** The forming candle of a subscribed series, as the server pushes it: { symbol, interval, kline }. */
function parseKlinePush(payload: unknown): { symbol: unknown; interval: unknown; kline: Kline } | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { symbol, interval, kline: candle } = payload as Record<string, unknown>;
  const parsed = kline.safeParse(candle);
  return parsed.success ? { symbol, interval, kline: parsed.data } : null;
}

/** What the snapshot pushes need of a contract schema. */
interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

interface Ack {
  success?: boolean;
}

/**
 * Joins one market channel of `symbol` while mounted and connected, again after every reconnect, and
 * leaves it on unmount or change. True while the server has confirmed it: until then, the caller polls.
 */
export function useMarketChannel(
  symbol: string | undefined,
  channel: Exclude<MarketChannel, 'ticker'>,
  interval?: KlineInterval,
): boolean {
  const connection = useSocketConnection();
  const [live, setLive] = useState(false);
  const liveConnection = connection.connected ? connection.generation : 0;
  useEffect(() => {
    if (!symbol || liveConnection === 0) return;
    const subscription = { symbol, channels: [channel], ...(interval ? { interval } : {}) };
    let current = true;
    emitWithAck<Ack>(MARKET_EVENTS.subscribe, subscription)
      .then((ack) => {
        if (current && ack?.success === true) setLive(true);
      })
      // Refused or unanswered: the caller keeps polling.
      .catch(() => undefined);
    return () => {
      current = false;
      setLive(false);
      // A dropped socket has left its rooms already.
      if (isSocketConnected()) emitWithAck(MARKET_EVENTS.unsubscribe, subscription).catch(() => undefined);
    };
  }, [symbol, channel, interval, liveConnection]);
  return live && connection.connected;
}

/** Of two snapshots, the later: a poll answered late must not replace a newer push. */
function newer<T extends { updated_at: string }>(old: T | undefined, incoming: T): T {
  return old && Date.parse(old.updated_at) > Date.parse(incoming.updated_at) ? old : incoming;
}

function useSnapshotPush<T extends { symbol: string; updated_at: string }>(
  event: string,
  schema: Schema<T>,
  symbol: string | undefined,
  key: QueryKey,
) {
  const queryClient = useQueryClient();
  useSocketEvent<unknown>(event, (payload) => {
    const parsed = schema.safeParse(payload);
    if (!parsed.success || parsed.data.symbol !== symbol) return;
    queryClient.setQueryData<T>(key, (old) => newer(old, parsed.data));
  });
}

/** The reference order book of `symbol` (20 levels a side). */
export function useOrderBook(symbol: string | undefined) {
  const live = useMarketChannel(symbol, 'depth');
  const key = spotKeys.book(symbol ?? '');
  useSnapshotPush(MARKET_EVENTS.depth, orderBook, symbol, key);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchOrderBook(symbol as string, signal),
    enabled: Boolean(symbol),
    refetchInterval: live ? false : BOOK_POLL_MS,
  });
  return { query, live };
}

/** The reference market's latest trades of `symbol`, newest first. */
export function useRecentTrades(symbol: string | undefined) {
  const live = useMarketChannel(symbol, 'trades');
  const key = spotKeys.trades(symbol ?? '');
  useSnapshotPush(MARKET_EVENTS.trades, recentTrades, symbol, key);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchRecentTrades(symbol as string, signal),
    enabled: Boolean(symbol),
    refetchInterval: live ? false : TRADES_POLL_MS,
  });
  return { query, live };
}

/**
 * The candles of `symbol` at `interval`: the history read once, the forming candle merged in from
 * the socket, or from a short poll of the last candles without one.
 */
export function useKlines(symbol: string | undefined, interval: KlineInterval) {
  const queryClient = useQueryClient();
  const live = useMarketChannel(symbol, 'kline', interval);
  const key = spotKeys.klines(symbol ?? '', interval);
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }): Promise<readonly Kline[]> =>
      (await fetchKlines(symbol as string, interval, KLINE_HISTORY_LIMIT, signal)).klines,
    enabled: Boolean(symbol),
    // Each reconnect or return to the tab reads the history again: pushes missed meanwhile are lost.
    staleTime: 0,
  });

  useSocketEvent<unknown>(MARKET_EVENTS.kline, (payload) => {
    const pushed = parseKlinePush(payload);
    if (!pushed || pushed.symbol !== symbol || pushed.interval !== interval) return;
    queryClient.setQueryData<readonly Kline[]>(key, (old) => (old ? mergeKline(old, pushed.kline) : old));
  });

  const tail = useQuery({
    queryKey: spotKeys.klineTail(symbol ?? '', interval),
    queryFn: async ({ signal }) => (await fetchKlines(symbol as string, interval, KLINE_TAIL, signal)).klines,
    enabled: Boolean(symbol) && !live && query.isSuccess,
    refetchInterval: KLINE_POLL_MS,
  });
  useEffect(() => {
    if (!tail.data || !symbol) return;
    const candles = tail.data;
    queryClient.setQueryData<readonly Kline[]>(spotKeys.klines(symbol, interval), (old) =>
      old ? candles.reduce<readonly Kline[]>(mergeKline, old) : old,
    );
  }, [tail.data, queryClient, symbol, interval]);

  return { query, live };
}

/**
 * The live ticker of one pair without re-rendering for the others: the markets list the header
 * polls (this observer adds no polling of its own) and the header's ticker pushes, filtered to
 * `symbol` before anything is parsed. (useLiveTickers would re-render this screen for every pair's
 * tick, some twenty a second.)
 */
export function useSymbolTicker(symbol: string): Ticker | undefined {
  const polled = useQuery({
    queryKey: MARKETS_KEY,
    queryFn: ({ signal }) => fetchMarkets(signal),
    select: (list) => list.find((t) => t.symbol === symbol),
  });
  const [pushed, setPushed] = useState<Ticker | undefined>(undefined);
  useSocketEvent<{ symbol?: unknown } | null>(MARKET_EVENTS.ticker, (payload) => {
    if (payload?.symbol !== symbol) return;
    const parsed = ticker.safeParse(payload);
    if (parsed.success) setPushed(parsed.data);
  });
  const live = pushed?.symbol === symbol ? pushed : undefined;
  if (!live) return polled.data;
  if (!polled.data) return live;
  return Date.parse(polled.data.updated_at) > Date.parse(live.updated_at) ? polled.data : live;
}
