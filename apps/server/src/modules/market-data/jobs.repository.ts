import { DEFAULT_LANGUAGE, type Language, type MarketDataJob } from '@platform/contracts';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { conflict } from '../../core/errors.ts';
import type { Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { type Message, t } from '../../i18n/i18n.ts';
import { marketDataJobs } from './market-data.schema.ts';
import { marketTextIn } from './market-texts.ts';

type JobRow = typeof marketDataJobs.$inferSelect;
export type JobKind = MarketDataJob['kind'];

/** A job whose runner has not written for this long is taken to be dead (its process crashed). */
export const JOB_STALE_AFTER_MS = 60_000;

/** Starts a job row; the partial unique indexes allow one backfill and one pair sync at a time. */
export async function insertJob(
  exec: Executor,
  job: { kind: JobKind; total: number; params: Record<string, unknown>; requestedBy: number | null },
  busyMessage: Message | string,
): Promise<JobRow> {
  try {
    const [row] = await exec
      .insert(marketDataJobs)
      .values({ ...job, status: 'running' })
      .returning();
    if (!row) throw new Error('job insert returned nothing');
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(busyMessage);
    throw err;
  }
}

export async function recordProgress(exec: Executor, id: number, done: number, written: number) {
  const [row] = await exec
    .update(marketDataJobs)
    .set({ done, written, heartbeatAt: new Date() })
    .where(eq(marketDataJobs.id, id))
    .returning();
  return row;
}

export async function finishJob(
  exec: Executor,
  id: number,
  outcome: { status: 'completed'; result?: unknown } | { status: 'failed'; error: string },
) {
  const [row] = await exec
    .update(marketDataJobs)
    .set({
      status: outcome.status,
      finishedAt: new Date(),
      heartbeatAt: new Date(),
      result: outcome.status === 'completed' ? (outcome.result ?? null) : null,
      error: outcome.status === 'failed' ? outcome.error : null,
    })
    .where(and(eq(marketDataJobs.id, id), eq(marketDataJobs.status, 'running')))
    .returning();
  return row;
}

/** Marks jobs whose runner stopped writing as failed, so a crashed backfill does not block the next one. */
export async function failStaleJobs(exec: Executor): Promise<number> {
  const rows = await exec
    .update(marketDataJobs)
    // Stored in zh-CN, read in the reader's language (toMarketDataJob).
    .set({ status: 'failed', finishedAt: new Date(), error: t('zh-CN', 'marketData.job.interrupted') })
    .where(
      and(
        eq(marketDataJobs.status, 'running'),
        lt(marketDataJobs.heartbeatAt, sql`now() - ${`${JOB_STALE_AFTER_MS} milliseconds`}::interval`),
      ),
    )
    .returning({ id: marketDataJobs.id });
  return rows.length;
}

/** The running backfill, else the latest one: what the admin screen's progress bar shows. */
export async function currentBackfill(exec: Executor): Promise<JobRow | undefined> {
  const [row] = await exec
    .select()
    .from(marketDataJobs)
    .where(inArray(marketDataJobs.kind, ['historical', 'pair_data']))
    .orderBy(sql`${marketDataJobs.status} = 'running' DESC`, desc(marketDataJobs.id))
    .limit(1);
  return row;
}

/** A job row as `language`'s reader sees it: its stored error (zh-CN) in their language. */
export function toMarketDataJob(row: JobRow, language: Language = DEFAULT_LANGUAGE): MarketDataJob {
  return {
    id: row.id,
    kind: row.kind as JobKind,
    status: row.status as MarketDataJob['status'],
    total: row.total,
    done: row.done,
    written: row.written,
    params: (row.params as Record<string, unknown>) ?? {},
    error: row.error === null ? null : marketTextIn(language, row.error),
    requested_by: row.requestedBy,
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}
