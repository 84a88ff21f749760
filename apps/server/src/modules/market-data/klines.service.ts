import {
  type DataIntegrityData,
  type IntegritySeries,
  KLINE_INTERVALS,
  type KlineInterval,
  type KlineSeries,
} from '@platform/contracts';
import type { Db } from '../../db/client.ts';
import { marketLogText } from '../../i18n/market-logs.ts';
import { candleOpen, lastOpens, nextOpen, previousOpen } from './intervals.ts';
import { countKlines, readKlines, storedOpenTimes, upsertKlines } from './klines.repository.ts';
import { isClosed, toKline } from './market-format.ts';
import type { MarketLogger } from './market-log.ts';
import type { MarketDataProvider, ProviderKline } from './providers/provider.ts';

/**
 * Kline reads and the integrity check. Stored candles answer first; when the requested window has
 * holes, the source is asked once (one request per series at a time), what it returns is stored, and
 * the reply is served from both. A failing source never fails the read: the stored candles are returned.
 */
export function createKlinesService(deps: {
  db: Db;
  provider: () => Promise<MarketDataProvider>;
  log: MarketLogger;
  /** The feed's forming candle, fresher than the source's when the feed runs. */
  forming: (symbol: string, interval: KlineInterval) => Promise<ProviderKline | null>;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const inFlight = new Map<string, Promise<ProviderKline[]>>();

  async function fetchAndStore(symbol: string, interval: KlineInterval, limit: number) {
    const key = `${symbol}:${interval}:${limit}`;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = (async () => {
        const provider = await deps.provider();
        const at = now();
        const rows = await provider.klines(symbol, interval, { limit, endTime: at });
        await upsertKlines(
          deps.db,
          symbol,
          interval,
          provider.id,
          rows.filter((k) => isClosed(k, interval, at)),
        );
        return rows;
      })().finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  }

  /** The candle still forming, straight from the source (the feed is stopped); none if the source fails. */
  async function formingFromSource(symbol: string, interval: KlineInterval, open: number) {
    try {
      const rows = await (await deps.provider()).klines(symbol, interval, { limit: 1 });
      return rows.find((k) => k.openTime === open) ?? null;
    } catch {
      return null;
    }
  }

  return {
    /** Stored candles and distinct series (the admin's market status). */
    counts: () => countKlines(deps.db),

    async read(symbol: string, interval: KlineInterval, limit: number): Promise<KlineSeries> {
      const at = now();
      const opens = lastOpens(interval, at, limit);
      const firstOpen = opens[0] ?? candleOpen(interval, at);
      const lastClosedOpen = previousOpen(interval, candleOpen(interval, at));
      const stored = await readKlines(deps.db, symbol, interval, limit, new Date(lastClosedOpen));
      const byOpen = new Map(stored.filter((k) => k.openTime >= firstOpen).map((k) => [k.openTime, k]));
      const closedWanted = opens.filter((o) => o <= lastClosedOpen);
      let fetched: ProviderKline[] = [];
      if (closedWanted.some((o) => !byOpen.has(o))) {
        try {
          fetched = await fetchAndStore(symbol, interval, limit);
        } catch (err) {
          deps.log.write(
            'warn',
            'klines.read_through_failed',
            marketLogText('klinesReadFailed', { symbol, interval, message: messageOf(err) }),
          );
        }
        for (const k of fetched)
          if (isClosed(k, interval, at) && !byOpen.has(k.openTime)) byOpen.set(k.openTime, k);
      }
      const currentOpen = candleOpen(interval, at);
      const live =
        (await deps.forming(symbol, interval)) ??
        fetched.find((k) => k.openTime === currentOpen) ??
        (await formingFromSource(symbol, interval, currentOpen));
      if (live && live.openTime === currentOpen) byOpen.set(currentOpen, live);
      const klines = [...byOpen.values()]
        .sort((a, b) => a.openTime - b.openTime)
        .slice(-limit)
        .map((k) => toKline(k, interval, at));
      return { symbol, interval, klines };
    },

    /**
     * Which closed candles are missing in the last `hours`, per series, as ranges of open times.
     * Walks the expected open times against the stored ones, so month candles (uneven lengths) are
     * checked the same way as minutes.
     */
    async integrity(opts: {
      symbols: string[];
      intervals?: KlineInterval[];
      hours: number;
    }): Promise<DataIntegrityData> {
      const at = now();
      const to = at;
      const from = at - opts.hours * 3600_000;
      const series: IntegritySeries[] = [];
      for (const symbol of opts.symbols) {
        for (const interval of opts.intervals ?? KLINE_INTERVALS) {
          const expected = expectedOpens(interval, from, to);
          if (expected.length === 0) continue;
          const first = expected[0] as number;
          const last = expected.at(-1) as number;
          const stored = new Set(
            await storedOpenTimes(deps.db, symbol, interval, new Date(first), new Date(last)),
          );
          const gaps: IntegritySeries['gaps'] = [];
          let run: { from: number; to: number; missing: number } | null = null;
          for (const open of expected) {
            if (stored.has(open)) {
              if (run) gaps.push(gapOf(run));
              run = null;
            } else if (run) {
              run.to = open;
              run.missing += 1;
            } else {
              run = { from: open, to: open, missing: 1 };
            }
          }
          if (run) gaps.push(gapOf(run));
          const missing = gaps.reduce((n, g) => n + g.missing, 0);
          series.push({
            symbol,
            interval,
            expected: expected.length,
            present: expected.length - missing,
            missing,
            gaps,
          });
        }
      }
      return {
        checkedAt: new Date(at).toISOString(),
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        series,
        totalMissing: series.reduce((n, s) => n + s.missing, 0),
      };
    },
  };
}

export type KlinesService = ReturnType<typeof createKlinesService>;

/** Open times of the closed candles lying wholly inside [from, to]. */
export function expectedOpens(interval: KlineInterval, from: number, to: number): number[] {
  const opens: number[] = [];
  let open = candleOpen(interval, from);
  if (open < from) open = nextOpen(interval, open);
  while (nextOpen(interval, open) <= to) {
    opens.push(open);
    open = nextOpen(interval, open);
  }
  return opens;
}

const gapOf = (run: { from: number; to: number; missing: number }) => ({
  from: new Date(run.from).toISOString(),
  to: new Date(run.to).toISOString(),
  missing: run.missing,
});

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
