import { setImmediate as yieldToLoop } from 'node:timers/promises';
import {
  KLINE_INTERVALS,
  type KlineInterval,
  type Language,
  MARKET_EVENTS,
  type MarketDataJob,
} from '@platform/contracts';
import { badRequest } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { msg, t } from '../../i18n/i18n.ts';
import { marketLogText } from '../../i18n/market-logs.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { perLanguage, type Realtime } from '../realtime/realtime.ts';
import {
  currentBackfill,
  finishJob,
  insertJob,
  type JobKind,
  recordProgress,
  toMarketDataJob,
} from './jobs.repository.ts';
import { upsertKlines } from './klines.repository.ts';
import { isClosed } from './market-format.ts';
import type { MarketLogger } from './market-log.ts';
import { chain } from './market-texts.ts';
import type { MarketDataProvider } from './providers/provider.ts';

/** A job as each admin hears it: its error in their language. */
const jobEvent = (row: Parameters<typeof toMarketDataJob>[0]) =>
  perLanguage((language) => toMarketDataJob(row, language));

/**
 * Backfills: the historical initialisation (many pairs and intervals) and one pair's data. A job is a
 * row with progress that any instance can read; it runs in the background of the instance that was
 * asked, one series at a time, each series upserted in one statement batch, so a re-run or an
 * overlap with the live feed never duplicates a candle. A failure stops the job with the series named.
 */
export function createMarketJobs(deps: {
  db: Db;
  provider: () => Promise<MarketDataProvider>;
  realtime: Pick<Realtime, 'toAdmins'>;
  log: MarketLogger;
  /** Every known pair (a backfill may prepare a pair before it is enabled). */
  knownSymbols: () => Promise<string[]>;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const running = new Map<number, Promise<void>>();
  let closing = false;

  async function start(
    kind: JobKind,
    actor: AuditActor,
    symbols: string[],
    intervals: KlineInterval[],
    limit: number,
  ): Promise<MarketDataJob> {
    const known = new Set(await deps.knownSymbols());
    const unknown = symbols.filter((s) => !known.has(s));
    if (unknown.length > 0)
      throw badRequest(
        msg('marketData.job.unknownPairs', { symbols: chain(unknown, 'marketData.job.listItem') }),
      );
    if (symbols.length === 0) throw badRequest(msg('marketData.job.noPairs'));
    const units = symbols.flatMap((symbol) => intervals.map((interval) => ({ symbol, interval })));
    const params = { symbols, intervals, limit };
    // The job row and its audit row commit together.
    const row = await deps.db.transaction(async (tx) => {
      const inserted = await insertJob(
        tx,
        { kind, total: units.length, params, requestedBy: actor.adminId },
        msg('marketData.job.busy'),
      );
      await recordAudit(tx, actor, {
        action: kind === 'historical' ? 'market_data.init_historical' : 'market_data.fetch_pair',
        targetType: 'market_data_job',
        targetId: inserted.id,
        after: params,
      });
      return inserted;
    });
    const job = toMarketDataJob(row);
    deps.log.write(
      'info',
      `job.${kind}.started`,
      marketLogText('jobStarted', {
        id: row.id,
        pairs: symbols.length,
        intervals: intervals.length,
        limit,
      }),
    );
    deps.realtime.toAdmins(MARKET_EVENTS.job, jobEvent(row));
    const run = execute(row.id, units, limit).finally(() => running.delete(row.id));
    running.set(row.id, run);
    return job;
  }

  async function execute(id: number, units: { symbol: string; interval: KlineInterval }[], limit: number) {
    let done = 0;
    let written = 0;
    try {
      const provider = await deps.provider();
      for (const { symbol, interval } of units) {
        // A job's error is stored in zh-CN and read in the reader's language (toMarketDataJob).
        if (closing) throw new Error(t('zh-CN', 'marketData.job.shutdown'));
        const at = now();
        const rows = await withOneRetry(() =>
          provider.klines(symbol, interval, { limit, endTime: at }),
        ).catch((err) => {
          const message = err instanceof Error ? err.message : String(err);
          throw new Error(t('zh-CN', 'marketData.job.seriesFailed', { symbol, interval, message }));
        });
        written += await upsertKlines(
          deps.db,
          symbol,
          interval,
          provider.id,
          rows.filter((k) => isClosed(k, interval, at)),
        );
        done += 1;
        const row = await recordProgress(deps.db, id, done, written);
        if (row) deps.realtime.toAdmins(MARKET_EVENTS.job, jobEvent(row));
        await yieldToLoop();
      }
      const row = await finishJob(deps.db, id, { status: 'completed', result: { written } });
      if (row) deps.realtime.toAdmins(MARKET_EVENTS.job, jobEvent(row));
      deps.log.write('info', 'job.completed', marketLogText('jobCompleted', { id, written }), {
        id,
        written,
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const row = await finishJob(deps.db, id, { status: 'failed', error: message }).catch(() => undefined);
      if (row) deps.realtime.toAdmins(MARKET_EVENTS.job, jobEvent(row));
      deps.log.write('error', 'job.failed', marketLogText('jobFailed', { id, message }), {
        id,
        done,
        written,
      });
    }
  }

  return {
    async initHistorical(
      actor: AuditActor,
      body: { symbols?: string[]; intervals?: KlineInterval[]; limit: number },
    ) {
      const symbols = body.symbols?.length ? [...new Set(body.symbols)] : await deps.knownSymbols();
      return start('historical', actor, symbols, body.intervals ?? [...KLINE_INTERVALS], body.limit);
    },
    async fetchPairData(
      actor: AuditActor,
      body: { symbol: string; intervals?: KlineInterval[]; limit: number },
    ) {
      return start('pair_data', actor, [body.symbol], body.intervals ?? [...KLINE_INTERVALS], body.limit);
    },
    /** The running or latest backfill, its error in `language`. */
    async current(language?: Language): Promise<MarketDataJob | null> {
      const row = await currentBackfill(deps.db);
      return row ? toMarketDataJob(row, language) : null;
    },
    /** Resolves when the job running here has finished (tests). */
    async waitFor(id: number) {
      await running.get(id);
    },
    /** Stops between series; what was written stays (each series is complete). */
    async close() {
      closing = true;
      await Promise.allSettled(running.values());
    },
  };
}

export type MarketJobs = ReturnType<typeof createMarketJobs>;

async function withOneRetry<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch {
    return fn();
  }
}
