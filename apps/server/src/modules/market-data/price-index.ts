import type { IndexComponent } from '@platform/contracts';
import {
  type ComputedComponent,
  type ComputedIndex,
  computeIndex,
  type IndexRules,
  nearestIncluded,
  type SourceStatus,
} from '@platform/domain';
import { type Message, msg } from '../../i18n/i18n.ts';
import { type MarketDataProvider, ProviderError, type ProviderTicker } from './providers/provider.ts';

/**
 * The reference price index of every pair (ARCHITECTURE.md, "Reference prices"): each configured
 * venue is asked for its tickers once per round, in parallel, and the index is computed once per
 * round for all pairs (domain's computeIndex), never per order. A venue that has not answered within
 * half the freshness limit counts as failed for that round, so one slow venue cannot hold it back.
 * Every instance runs its own rounds: the index that decides an order never waits for a leader.
 */

export interface PriceSource {
  id: string;
  provider: () => Promise<MarketDataProvider>;
}

export interface IndexSnapshot {
  symbol: string;
  /** The index, or null when too few sources are included. */
  price: string | null;
  /** When it was computed (this instance's clock). */
  at: number;
  components: ComputedComponent[];
  /** The included source nearest the index, with its ticker: its book and candles stand for the market. */
  primary: { source: string; ticker: ProviderTicker } | null;
}

interface SourceState {
  /** Last ticker per symbol and when it was observed. */
  quotes: Map<string, { ticker: ProviderTicker; at: number }>;
  /** `message` in zh-CN (what is shown and kept), `text` to render in another language. */
  error: { message: string; text: Message | string; at: number } | null;
  /** Symbols the last failed round asked for (the error applies to them). */
  failedSymbols: Set<string>;
  latencyMs: number | null;
}

export interface SourceStatusChange {
  source: string;
  symbol: string;
  status: SourceStatus;
  previous: SourceStatus | null;
  price: string | null;
  at: number | null;
}

export function createPriceIndex(deps: {
  sources: readonly PriceSource[];
  rules: IndexRules;
  now?: () => number;
  /** Called after a round with the (source, pair) statuses that changed. */
  onStatusChange?: (changes: SourceStatusChange[], at: number) => void;
}) {
  const now = deps.now ?? Date.now;
  const states = new Map<string, SourceState>(
    deps.sources.map((s) => [
      s.id,
      { quotes: new Map(), error: null, failedSymbols: new Set(), latencyMs: null },
    ]),
  );
  const snapshots = new Map<string, IndexSnapshot>();
  /**
   * A venue must answer within half the freshness limit: the round is computed when the slowest has
   * answered or given up, and by then the prices of the fast ones must still be fresh.
   */
  const answerWithinMs = Math.max(100, Math.floor(deps.rules.maxAgeMs / 2));
  const statuses = new Map<string, { status: SourceStatus; since: number }>();

  async function askSource(source: PriceSource, symbols: readonly string[]): Promise<void> {
    const state = states.get(source.id)!;
    const started = now();
    let timer: NodeJS.Timeout | undefined;
    try {
      const provider = await source.provider();
      const tickers = await Promise.race([
        provider.tickers(symbols),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () =>
              reject(
                new ProviderError(
                  source.id,
                  'timeout',
                  msg('marketData.venue.notAnswered', { ms: answerWithinMs }),
                ),
              ),
            answerWithinMs,
          );
        }),
      ]);
      const received = now();
      state.latencyMs = received - started;
      state.error = null;
      state.failedSymbols.clear();
      for (const ticker of tickers) {
        // A venue's clock ahead of ours never makes its price look fresher than when we got it.
        const at = Math.min(ticker.timestamp || received, received);
        state.quotes.set(ticker.symbol, { ticker, at });
      }
    } catch (err) {
      state.latencyMs = now() - started;
      const message = err instanceof Error ? err.message : String(err);
      state.error = { message, text: err instanceof ProviderError ? err.text : message, at: now() };
      for (const s of symbols) state.failedSymbols.add(s);
    } finally {
      if (timer) clearTimeout(timer);
    }
  }

  function compute(symbol: string, at: number): IndexSnapshot {
    const index: ComputedIndex = computeIndex(
      deps.sources.map((s) => {
        const state = states.get(s.id)!;
        const quote = state.quotes.get(symbol);
        return {
          source: s.id,
          price: quote?.ticker.last ?? null,
          at: quote?.at ?? null,
          error: state.error && state.failedSymbols.has(symbol) ? state.error.message : null,
        };
      }),
      at,
      deps.rules,
    );
    const nearest = nearestIncluded(index);
    const primaryQuote = nearest ? states.get(nearest.source)!.quotes.get(symbol) : undefined;
    return {
      symbol,
      price: index.price,
      at,
      components: index.components,
      primary: nearest && primaryQuote ? { source: nearest.source, ticker: primaryQuote.ticker } : null,
    };
  }

  /** When each pair was last asked for by a caller: a round covers every pair asked for lately. */
  const lastAsked = new Map<string, number>();
  const keepAskingMs = Math.max(60_000, deps.rules.maxAgeMs * 20);
  /**
   * The pairs of a round: those asked for now and those any caller asked for within keepAskingMs.
   * The recorder asks for the enabled pairs and the feed for every listed pair, each at its own
   * pace; one round serving both keeps each venue asked once per interval, not once per caller.
   */
  function roundSymbols(symbols: readonly string[], at: number): string[] {
    for (const s of symbols) lastAsked.set(s, at);
    const round: string[] = [];
    for (const [s, askedAt] of lastAsked) {
      if (askedAt >= at - keepAskingMs) round.push(s);
      else lastAsked.delete(s);
    }
    return round;
  }

  let inFlight: { symbols: ReadonlySet<string>; done: Promise<IndexSnapshot[]> } | null = null;
  /**
   * One round: every source asked once, every pair's index computed. A caller whose pairs are all in
   * the round under way waits for it instead of starting another.
   */
  function refresh(symbols: readonly string[]): Promise<IndexSnapshot[]> {
    const running = inFlight;
    const mine = (list: IndexSnapshot[]) => list.filter((snapshot) => symbols.includes(snapshot.symbol));
    if (running && symbols.every((s) => running.symbols.has(s))) {
      for (const s of symbols) lastAsked.set(s, now());
      return running.done.then(mine);
    }
    const round = roundSymbols(symbols, now());
    const done = (async () => {
      await Promise.all(deps.sources.map((s) => askSource(s, round)));
      const at = now();
      const changes: SourceStatusChange[] = [];
      const result = round.map((symbol) => {
        const snapshot = compute(symbol, at);
        snapshots.set(symbol, snapshot);
        for (const c of snapshot.components) {
          const statusKey = `${c.source} ${symbol}`;
          const before = statuses.get(statusKey);
          if (before?.status !== c.status) {
            statuses.set(statusKey, { status: c.status, since: at });
            changes.push({
              source: c.source,
              symbol,
              status: c.status,
              previous: before?.status ?? null,
              price: c.price,
              at: c.at,
            });
          }
        }
        return snapshot;
      });
      if (changes.length > 0) deps.onStatusChange?.(changes, at);
      return result;
    })().finally(() => {
      if (inFlight?.done === done) inFlight = null;
    });
    inFlight = { symbols: new Set(round), done };
    return done.then(mine);
  }

  return {
    sources: deps.sources.map((s) => s.id),
    rules: deps.rules,
    refresh,
    /** Each pair's snapshot computed at most `maxAgeMs` ago, refreshing the pairs that have none. */
    async latest(symbols: readonly string[], maxAgeMs: number): Promise<IndexSnapshot[]> {
      const oldest = now() - maxAgeMs;
      const missing = symbols.filter((s) => {
        const snapshot = snapshots.get(s);
        return !snapshot || snapshot.at < oldest;
      });
      if (missing.length > 0) await refresh(missing);
      return symbols.flatMap((s) => {
        const snapshot = snapshots.get(s);
        return snapshot ? [snapshot] : [];
      });
    },
    /** The last computed snapshot of a pair (no network). */
    snapshot(symbol: string): IndexSnapshot | null {
      return snapshots.get(symbol) ?? null;
    },
    /** What the back office shows of one source. */
    sourceState(source: string) {
      const state = states.get(source);
      return state ? { error: state.error, latencyMs: state.latencyMs } : null;
    },
    /** Since when this instance has seen a source's current status for a pair. */
    statusSince(source: string, symbol: string): number | null {
      return statuses.get(`${source} ${symbol}`)?.since ?? null;
    },
  };
}

export type PriceIndex = ReturnType<typeof createPriceIndex>;

/** Components as the API and the stored rows carry them (times in ISO). */
export function toIndexComponents(components: readonly ComputedComponent[]): IndexComponent[] {
  return components.map((c) => ({
    source: c.source,
    price: c.price,
    at: c.at === null ? null : new Date(c.at).toISOString(),
    status: c.status,
    deviation: c.deviation,
  }));
}
