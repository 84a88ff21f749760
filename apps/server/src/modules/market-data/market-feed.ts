import {
  KLINE_INTERVALS,
  type KlineInterval,
  MARKET_EVENTS,
  type MarketFeedState,
  type MarketFeedStatus,
  ORDER_BOOK_DEFAULT_DEPTH,
  RECENT_TRADES_DEFAULT_LIMIT,
  RECENT_TRADES_MAX_LIMIT,
  type Ticker,
} from '@platform/contracts';
import { Decimal } from '@platform/domain';
import type { Db } from '../../db/client.ts';
import type { Message } from '../../i18n/i18n.ts';
import { marketLogText } from '../../i18n/market-logs.ts';
import type { Lease } from '../jobs/lease.ts';
import { readSetting, writeSetting } from '../jobs/settings.ts';
import { perLanguage, type Realtime } from '../realtime/realtime.ts';
import { candleOpen } from './intervals.ts';
import { upsertKlines } from './klines.repository.ts';
import type { MarketCache } from './market-cache.ts';
import { isClosed, latestTrades, toKline, toOrderBook, toRecentTrades, toTicker } from './market-format.ts';
import type { MarketLogger } from './market-log.ts';
import { type MarketPush, marketRooms } from './market-push.ts';
import { feedStatusIn } from './market-texts.ts';
import { writeBackPrices as writeBackPricesFor } from './pairs.repository.ts';
import {
  type MarketDataProvider,
  ProviderError,
  type ProviderKline,
  type ProviderTicker,
} from './providers/provider.ts';

export const FEED_RUNNING_SETTING = 'market_feed.running';
/** Forming candles are re-read from the source at roll-over and at least this often. */
const CANDLE_RESEED_MS = 60_000;
const PRICE_WRITE_BACK_MS = 30_000;
/** Consecutive failed polls after which the feed reports itself in error. */
const ERRORS_BEFORE_ERROR_STATE = 3;

/**
 * The live feed. One instance, the holder of the `market-feed` lease, is the publisher: it takes
 * tickers from the provider's stream, keeps the cache, pushes updates to subscribed sockets, builds
 * the forming candles that charts show and stores every candle that closes. Without Redis each
 * instance publishes to its own sockets (the cache is per instance), but only the leader writes.
 * While Redis is down (or before it first comes) every instance is in that case: each reads the
 * source itself for its own sockets and cache, until Redis is back (`sharingChanged`).
 *
 * Whether the feed should run is a shared switch (app_settings), so an admin's stop holds on every
 * instance and across restarts.
 */
export function createMarketFeed(deps: {
  db: Db;
  provider: () => Promise<MarketDataProvider>;
  /** The index's venues, and whether any is the simulator. */
  sources: readonly string[];
  simulated: boolean;
  pairSyncProviderId: string;
  cache: MarketCache;
  /** Whether the cache is shared between instances right now (Redis configured and answering). */
  sharedCache: () => boolean;
  /** While this says why (a clock too far from the database's), nothing goes to the shared cache. */
  paused?: () => Message | null;
  lease: Lease;
  /** Told whether this instance holds the feed's lease after each turn (the metrics read it). */
  onLeaseHeld?: (name: string, held: boolean) => void;
  push: MarketPush;
  realtime: Pick<Realtime, 'toAdmins'>;
  log: MarketLogger;
  symbols: () => Promise<string[]>;
  persistSymbols: () => Promise<string[]>;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  let state: MarketFeedState = 'stopped';
  let leader = false;
  let startedAt: number | null = null;
  let lastTickAt: number | null = null;
  let ticks = 0;
  let lastError: { message: string; at: number } | null = null;
  let consecutiveErrors = 0;
  let symbols: string[] = [];
  let persistable: string[] = [];
  let stopStream: (() => void) | null = null;
  let controlTimer: NodeJS.Timeout | null = null;
  let wantedTimer: NodeJS.Timeout | null = null;
  let lastPersistBoundary = 0;
  let lastWriteBack = 0;
  let busy: Promise<unknown> = Promise.resolve();
  const latest = new Map<string, ProviderTicker>();
  const forming = new Map<string, { kline: ProviderKline; seededAt: number }>();
  /** The trade ids last pushed to each trades room: an unchanged tape is not pushed again. */
  const pushedTrades = new Map<string, string>();

  const isPublisher = () => leader || !deps.sharedCache();

  function status(): MarketFeedStatus {
    return {
      sources: [...deps.sources],
      simulated: deps.simulated,
      pairSyncProvider: deps.pairSyncProviderId as MarketFeedStatus['pairSyncProvider'],
      state,
      leader,
      startedAt: startedAt ? new Date(startedAt).toISOString() : null,
      lastTickAt: lastTickAt ? new Date(lastTickAt).toISOString() : null,
      ticks,
      symbols: symbols.length,
      lastError: lastError ? { message: lastError.message, at: new Date(lastError.at).toISOString() } : null,
    };
  }

  function setState(next: MarketFeedState) {
    if (state === next) return;
    state = next;
    deps.realtime.toAdmins(
      MARKET_EVENTS.feed,
      perLanguage((language) => feedStatusIn(language, status())),
    );
  }

  async function refreshSymbols() {
    [symbols, persistable] = await Promise.all([deps.symbols(), deps.persistSymbols()]);
  }

  async function onTickers(list: ProviderTicker[]) {
    const provider = await deps.provider();
    const tickers: Ticker[] = list.map((t) => toTicker(t, provider.id));
    for (const t of list) latest.set(t.symbol, t);
    ticks += 1;
    lastTickAt = now();
    consecutiveErrors = 0;
    if (state !== 'running') setState('running');
    if (deps.sharedCache() && deps.paused?.()) return;
    await deps.cache.putTickers(tickers);
    for (const t of tickers) deps.push.offer(marketRooms.ticker(t.symbol), MARKET_EVENTS.ticker, t);
    if (leader) {
      void persistClosedCandles();
      void writeBackPrices(tickers);
    }
  }

  function onError(err: ProviderError) {
    consecutiveErrors += 1;
    lastError = { message: err.message, at: now() };
    if (consecutiveErrors === 1 || consecutiveErrors % 30 === 0) {
      deps.log.write('warn', 'feed.poll_failed', marketLogText('pollFailed', { message: err.message }), {
        kind: err.kind,
        consecutiveErrors,
      });
    }
    if (consecutiveErrors >= ERRORS_BEFORE_ERROR_STATE) setState('error');
  }

  /** At each minute boundary, the leader stores the candles of every interval that just closed. */
  function persistClosedCandles() {
    const boundary = candleOpen('1m', now());
    if (boundary <= lastPersistBoundary) return;
    const first = lastPersistBoundary === 0;
    lastPersistBoundary = boundary;
    const closedIntervals = KLINE_INTERVALS.filter((i) => first || candleOpen(i, boundary) === boundary);
    busy = busy.then(async () => {
      const provider = await deps.provider();
      let written = 0;
      for (const symbol of persistable) {
        for (const interval of closedIntervals) {
          try {
            const rows = await provider.klines(symbol, interval, { limit: 3, endTime: boundary - 1 });
            const closed = rows.filter((k) => isClosed(k, interval, boundary));
            written += await upsertKlines(deps.db, symbol, interval, provider.id, closed);
          } catch (err) {
            deps.log.write(
              'warn',
              'feed.persist_failed',
              marketLogText('persistFailed', { symbol, interval, message: messageOf(err) }),
            );
          }
        }
      }
      return written;
    });
  }

  function writeBackPrices(tickers: Ticker[]) {
    if (now() - lastWriteBack < PRICE_WRITE_BACK_MS) return;
    lastWriteBack = now();
    busy = busy.then(() =>
      writeBackPricesFor(deps.db, tickers).catch((err) =>
        deps.log.write(
          'warn',
          'feed.write_back_failed',
          marketLogText('writeBackFailed', { message: messageOf(err) }),
        ),
      ),
    );
  }

  /** Order books, trades and forming candles, only for what some socket (on any instance) subscribed to. */
  async function serveWanted() {
    if (!isPublisher() || state === 'stopped') return;
    const provider = await deps.provider();
    const wanted = await deps.cache.wanted();
    for (const room of pushedTrades.keys()) if (!wanted.includes(room)) pushedTrades.delete(room);
    for (const room of wanted) {
      const [, channel, symbol, interval] = room.split(':');
      if (!symbol || !symbols.includes(symbol)) continue;
      try {
        if (channel === 'depth') {
          const book = toOrderBook(
            await provider.orderBook(symbol, ORDER_BOOK_DEFAULT_DEPTH),
            provider.id,
            20,
          );
          await deps.cache.putOrderBook(book);
          deps.push.offer(room, MARKET_EVENTS.depth, book);
        } else if (channel === 'trades') {
          await serveTrades(provider, room, symbol);
        } else if (channel === 'kline' && interval) {
          const candle = await formingCandle(provider, symbol, interval as KlineInterval);
          if (candle)
            deps.push.offer(room, MARKET_EVENTS.kline, {
              symbol,
              interval,
              kline: toKline(candle, interval as KlineInterval, now()),
            });
        }
      } catch (err) {
        deps.log.write(
          'warn',
          'feed.wanted_failed',
          marketLogText('wantedFailed', { room, message: messageOf(err) }),
        );
      }
    }
  }

  /** Caches the latest trades (as many as a read may ask for) and pushes the newest when they changed. */
  async function serveTrades(provider: MarketDataProvider, room: string, symbol: string) {
    const trades = await provider.trades(symbol, RECENT_TRADES_MAX_LIMIT);
    const snapshot = toRecentTrades(symbol, trades, provider.id, now());
    await deps.cache.putTrades(snapshot);
    const latest = latestTrades(snapshot, RECENT_TRADES_DEFAULT_LIMIT);
    const ids = latest.trades.map((t) => t.id).join(',');
    if (pushedTrades.get(room) === ids) return;
    pushedTrades.set(room, ids);
    deps.push.offer(room, MARKET_EVENTS.trades, latest);
  }

  /** The candle still forming: read from the source at roll-over, then moved by each ticker. */
  async function formingCandle(provider: MarketDataProvider, symbol: string, interval: KlineInterval) {
    const key = `${symbol}:${interval}`;
    const open = candleOpen(interval, now());
    let entry = forming.get(key);
    if (!entry || entry.kline.openTime !== open || now() - entry.seededAt > CANDLE_RESEED_MS) {
      const rows = await provider.klines(symbol, interval, { limit: 1 });
      const last = rows.at(-1);
      if (!last || last.openTime !== open) return last ?? null;
      entry = { kline: { ...last }, seededAt: now() };
      forming.set(key, entry);
    }
    const tick = latest.get(symbol);
    if (tick && tick.timestamp >= open) {
      const price = new Decimal(tick.last);
      const k = entry.kline;
      k.close = tick.last;
      if (price.gt(k.high)) k.high = tick.last;
      if (price.lt(k.low)) k.low = tick.last;
    }
    return entry.kline;
  }

  async function startLocal() {
    if (stopStream) return;
    setState('starting');
    startedAt = now();
    lastError = null;
    consecutiveErrors = 0;
    await refreshSymbols();
    const provider = await deps.provider();
    stopStream = provider.stream(
      () => symbols,
      (list) => void onTickers(list).catch((err) => onError(asProviderError(err, provider.id))),
      onError,
    );
    wantedTimer = setInterval(() => void serveWanted().catch(() => undefined), 1000);
    deps.log.write(
      'info',
      'feed.started',
      marketLogText('started', { provider: provider.id, count: symbols.length }),
      {
        leader,
      },
    );
  }

  async function stopLocal(
    why: 'stoppedByAdmin' | 'stoppedForOther' | 'stoppedForRestart' | 'stoppedForShutdown',
  ) {
    if (!stopStream) return;
    stopStream();
    stopStream = null;
    if (wantedTimer) clearInterval(wantedTimer);
    wantedTimer = null;
    forming.clear();
    pushedTrades.clear();
    setState('stopped');
    deps.log.write('info', 'feed.stopped', marketLogText(why));
    await busy.catch(() => undefined);
  }

  /** Renews the lease and follows the shared switch; a follower with a shared cache publishes nothing. */
  /**
   * The timer and the admin's calls may ask at the same moment; one at a time, or two streams
   * could start.
   */
  let controlQueue: Promise<unknown> = Promise.resolve();
  function serialised<T>(step: () => Promise<T>): Promise<T> {
    const run = controlQueue.then(step, step);
    controlQueue = run.catch(() => undefined);
    return run;
  }
  const control = () => serialised(reconcile);

  async function reconcile() {
    const shouldRun = await readSetting(deps.db, FEED_RUNNING_SETTING, true);
    const wasLeader = leader;
    leader = shouldRun ? await deps.lease.acquire() : false;
    deps.onLeaseHeld?.(deps.lease.name, leader);
    if (leader !== wasLeader) {
      deps.log.write(
        'info',
        leader ? 'feed.leader' : 'feed.follower',
        marketLogText(leader ? 'leader' : 'follower'),
      );
    }
    if (shouldRun && isPublisher()) await startLocal();
    else if (stopStream) await stopLocal(shouldRun ? 'stoppedForOther' : 'stoppedByAdmin');
    if (shouldRun && !isPublisher() && state === 'stopped') setState('running');
    if (!shouldRun) setState('stopped');
  }

  function startControl() {
    if (controlTimer) return;
    controlTimer = setInterval(
      () => void control().catch((err) => deps.log.write('error', 'feed.control_failed', messageOf(err))),
      // The lease's own renewal pace (a standby takes over within takeoverWithinMs); the shared
      // on/off switch is read on the same turn.
      deps.lease.renewEveryMs,
    );
  }

  return {
    status,
    /** Boot: follow the shared switch (the feed runs unless an admin stopped it). */
    async boot() {
      startControl();
      await control();
    },
    async start(adminId: number | null) {
      await writeSetting(deps.db, FEED_RUNNING_SETTING, true, adminId);
      startControl();
      await control();
      return status();
    },
    async stop(adminId: number | null) {
      await writeSetting(deps.db, FEED_RUNNING_SETTING, false, adminId);
      await control();
      return status();
    },
    async restart(adminId: number | null) {
      await serialised(() => stopLocal('stoppedForRestart'));
      return this.start(adminId);
    },
    /**
     * Redis went or came back: a follower starts or stops publishing now rather than at the next
     * control turn (no gap for its sockets, no second publisher for longer than needed).
     */
    sharingChanged() {
      if (!controlTimer) return;
      void control().catch((err) => deps.log.write('error', 'feed.control_failed', messageOf(err)));
    },
    /** Pairs were added or toggled: the stream reads the new list on its next poll. */
    pairsChanged() {
      void refreshSymbols().catch(() => undefined);
    },
    /** Immediate tickers (POST /huobi/refresh). */
    async refreshNow(): Promise<number> {
      const provider = await deps.provider();
      await refreshSymbols();
      const list = await provider.tickers(symbols);
      await onTickers(list);
      return list.length;
    },
    /** The forming candle of a series, when the feed has one (kline reads append it). */
    async formingCandle(symbol: string, interval: KlineInterval) {
      if (state !== 'running') return null;
      return formingCandle(await deps.provider(), symbol, interval).catch(() => null);
    },
    /** Resolves when queued writes are done (tests, shutdown). */
    settled: () => busy.then(() => undefined),
    async close() {
      if (controlTimer) clearInterval(controlTimer);
      controlTimer = null;
      await serialised(() => stopLocal('stoppedForShutdown'));
      if (leader) await deps.lease.release().catch(() => undefined);
      leader = false;
      deps.onLeaseHeld?.(deps.lease.name, false);
    },
  };
}

export type MarketFeed = ReturnType<typeof createMarketFeed>;

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

function asProviderError(err: unknown, provider: string): ProviderError {
  return err instanceof ProviderError
    ? err
    : new ProviderError(provider, 'network', messageOf(err), { cause: err });
}
