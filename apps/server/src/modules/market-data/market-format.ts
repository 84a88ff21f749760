import type { Kline, KlineInterval, OrderBook, RecentTrades, Ticker } from '@platform/contracts';
import { Decimal, trimDecimalZeros as trim } from '@platform/domain';
import { nextOpen } from './intervals.ts';
import type {
  ProviderKline,
  ProviderOrderBook,
  ProviderTicker,
  ProviderTrade,
} from './providers/provider.ts';

/** Provider shapes → the wire's. Change is a percentage of the 24-hour open, 2 decimals. */
export function toTicker(t: ProviderTicker, source: string): Ticker {
  const open = new Decimal(t.open24h);
  const change = open.isZero() ? new Decimal(0) : new Decimal(t.last).minus(open).div(open).times(100);
  return {
    symbol: t.symbol,
    last_price: t.last,
    open_24h: t.open24h,
    high_24h: t.high24h,
    low_24h: t.low24h,
    change_24h: change.toFixed(2),
    volume_24h: t.volume24h,
    quote_volume_24h: t.quoteVolume24h,
    bid: t.bid,
    ask: t.ask,
    source,
    updated_at: new Date(t.timestamp).toISOString(),
  };
}

export function toKline(k: ProviderKline, interval: KlineInterval, now: number): Kline {
  const close = nextOpen(interval, k.openTime);
  return {
    open_time: new Date(k.openTime).toISOString(),
    close_time: new Date(close - 1).toISOString(),
    open: trim(k.open),
    high: trim(k.high),
    low: trim(k.low),
    close: trim(k.close),
    volume: trim(k.volume),
    quote_volume: trim(k.quoteVolume),
    is_closed: close <= now,
  };
}

export function toOrderBook(b: ProviderOrderBook, source: string, depth: number): OrderBook {
  return {
    symbol: b.symbol,
    bids: b.bids.slice(0, depth),
    asks: b.asks.slice(0, depth),
    source,
    updated_at: new Date(b.timestamp).toISOString(),
  };
}

/** `trades` newest first, as the provider gives them; `at` is when they were read. */
export function toRecentTrades(
  symbol: string,
  trades: ProviderTrade[],
  source: string,
  at: number,
): RecentTrades {
  return {
    symbol,
    trades: trades.map((t) => ({
      id: t.id,
      price: t.price,
      amount: t.amount,
      side: t.side,
      time: new Date(t.timestamp).toISOString(),
    })),
    source,
    updated_at: new Date(at).toISOString(),
  };
}

/** The newest `limit` trades of a snapshot. */
export const latestTrades = (snapshot: RecentTrades, limit: number): RecentTrades =>
  snapshot.trades.length <= limit ? snapshot : { ...snapshot, trades: snapshot.trades.slice(0, limit) };

/** A candle is closed once the next one has opened. */
export const isClosed = (k: ProviderKline, interval: KlineInterval, now: number) =>
  nextOpen(interval, k.openTime) <= now;
