import { DEFAULT_LANGUAGE, type Language, type MarketLog } from '@platform/contracts';
import { desc, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { marketDataLogs } from './market-data.schema.ts';
import { marketLogLineIn } from './market-texts.ts';

export type MarketLogLevel = MarketLog['level'];

/** Rows kept; older ones are pruned as new ones arrive. */
const KEEP_ROWS = 5000;
const PRUNE_EVERY = 200;

/**
 * The market-data service's own log, in the database so that the admin screen shows what happened
 * on whichever instance did it. Writing never throws into the caller: a log that cannot be written
 * goes to the process log instead.
 */
export interface MarketLogger {
  write(level: MarketLogLevel, event: string, message: string, details?: Record<string, unknown>): void;
  /** The newest lines, each in `language` (stored in zh-CN: i18n/market-logs.ts, market-texts.ts). */
  list(opts: { level?: MarketLogLevel; limit: number; language?: Language }): Promise<MarketLog[]>;
  /** Resolves when every write so far has been stored (tests, shutdown). */
  flush(): Promise<void>;
}

export function createMarketLogger(db: Db, log: FastifyBaseLogger): MarketLogger {
  let pending: Promise<unknown> = Promise.resolve();
  let writes = 0;
  return {
    write(level, event, message, details) {
      log[level]({ event, ...details }, `market-data: ${message}`);
      const prune = ++writes % PRUNE_EVERY === 0;
      pending = pending
        .then(async () => {
          await db.insert(marketDataLogs).values({ level, event, message, details: details ?? null });
          if (prune) {
            await db
              .delete(marketDataLogs)
              .where(
                lt(
                  marketDataLogs.id,
                  sql`(SELECT id FROM ${marketDataLogs} ORDER BY id DESC OFFSET ${KEEP_ROWS} LIMIT 1)`,
                ),
              );
          }
        })
        .catch((err) => log.warn({ err }, 'market-data log not stored'));
    },
    async list({ level, limit, language = DEFAULT_LANGUAGE }) {
      const rows = await db
        .select()
        .from(marketDataLogs)
        .where(level ? eq(marketDataLogs.level, level) : undefined)
        .orderBy(desc(marketDataLogs.id))
        .limit(limit);
      return rows.map((r) => ({
        id: r.id,
        level: r.level as MarketLogLevel,
        event: r.event,
        message: marketLogLineIn(language, r.message),
        details: (r.details as Record<string, unknown> | null) ?? null,
        created_at: r.createdAt.toISOString(),
      }));
    },
    flush: () => pending.then(() => undefined),
  };
}
