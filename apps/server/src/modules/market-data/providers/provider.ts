import type { KlineInterval } from '@platform/contracts';
import { type Message, render } from '../../../i18n/i18n.ts';

/**
 * What the platform needs from a source of market data. Implementations: `sim` (offline,
 * deterministic) and the ccxt-backed exchanges (HTX for market data, OKX for the pair list).
 * Prices and amounts are decimal strings; times are epoch milliseconds. Symbols are canonical
 * ("BTCUSDT"); each provider maps them to its exchange's own ids.
 */
export interface MarketDataProvider {
  /** sim | htx | okx */
  readonly id: string;
  /** Whether `klines` honours `endTime` (can reach back in history) or only returns the latest candles. */
  readonly supportsHistory: boolean;
  instruments(): Promise<Instrument[]>;
  /** Latest 24-hour tickers of the given symbols (unknown symbols are left out). */
  tickers(symbols: readonly string[]): Promise<ProviderTicker[]>;
  /**
   * Up to `limit` candles, ascending by open time, the last one opening at or before `endTime`
   * (default now). The last may be the candle still forming.
   */
  klines(
    symbol: string,
    interval: KlineInterval,
    opts: { limit: number; endTime?: number },
  ): Promise<ProviderKline[]>;
  orderBook(symbol: string, depth: number): Promise<ProviderOrderBook>;
  /**
   * The source's latest trades (its own market, not the platform's fills), newest first, at most
   * `limit`. A trade keeps its id from one call to the next.
   */
  trades(symbol: string, limit: number): Promise<ProviderTrade[]>;
  /** The source's clock, for the connection test. */
  serverTime(): Promise<number>;
  /**
   * A live stream of tickers for `symbols()` (read again on every update, so pairs added later are
   * included) until the returned function is called. Errors go to `onError`; the stream goes on.
   */
  stream(
    symbols: () => readonly string[],
    onTickers: (tickers: ProviderTicker[]) => void,
    onError: (err: ProviderError) => void,
  ): () => void;
  close(): Promise<void>;
}

export interface Instrument {
  symbol: string;
  base: string;
  quote: string;
  pricePrecision: number;
  amountPrecision: number;
  minAmount: string;
  /** Whether the source trades it now. */
  active: boolean;
  logoUrl: string | null;
}

export interface ProviderTicker {
  symbol: string;
  last: string;
  open24h: string;
  high24h: string;
  low24h: string;
  volume24h: string;
  quoteVolume24h: string;
  bid: string;
  ask: string;
  timestamp: number;
}

export interface ProviderKline {
  openTime: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  quoteVolume: string;
}

export interface ProviderOrderBook {
  symbol: string;
  /** [price, amount], best first. */
  bids: [string, string][];
  asks: [string, string][];
  timestamp: number;
}

export interface ProviderTrade {
  id: string;
  price: string;
  amount: string;
  /** The taker's side. */
  side: 'buy' | 'sell';
  timestamp: number;
}

export type ProviderErrorKind = 'timeout' | 'network' | 'exchange' | 'bad_response' | 'unknown_symbol';

/**
 * Every failure of a provider, with a message an operator can act on: `text` is the catalogue's
 * (a venue's own error text inside it is data), `message` its zh-CN rendering, which is what the
 * market log and a job's row keep (read back in the reader's language: market-texts.ts).
 */
export class ProviderError extends Error {
  readonly text: Message | string;
  constructor(
    readonly provider: string,
    readonly kind: ProviderErrorKind,
    text: Message | string,
    options?: { cause?: unknown },
  ) {
    super(render('zh-CN', text), options);
    this.text = text;
    this.name = 'ProviderError';
  }
}

/**
 * The stream of a provider that has no push channel of its own: ask for tickers every `everyMs`,
 * never two requests at once, until stopped.
 */
export function pollingStream(
  provider: Pick<MarketDataProvider, 'tickers' | 'id'>,
  everyMs: number,
  symbols: () => readonly string[],
  onTickers: (tickers: ProviderTicker[]) => void,
  onError: (err: ProviderError) => void,
): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const poll = async () => {
    if (stopped) return;
    const started = Date.now();
    try {
      const list = symbols();
      if (list.length > 0) {
        const tickers = await provider.tickers(list);
        if (!stopped) onTickers(tickers);
      }
    } catch (err) {
      if (!stopped)
        onError(
          err instanceof ProviderError
            ? err
            : new ProviderError(provider.id, 'network', err instanceof Error ? err.message : String(err), {
                cause: err,
              }),
        );
    }
    if (!stopped) timer = setTimeout(poll, Math.max(0, everyMs - (Date.now() - started)));
  };
  timer = setTimeout(poll, 0);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
