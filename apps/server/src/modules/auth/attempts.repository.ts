import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { parseCount, queryRows, rowText } from '../../db/rows.ts';

/** One key's count after an attempt was added, and its window. */
export interface CountedAttempt {
  key: string;
  count: number;
  /** The window's end as the database wrote it (text), to take the attempt back from this window only. */
  windowEndsAt: string;
  /** Whole seconds until the window ends (at least 1). */
  secondsLeft: number;
}

/**
 * Adds one attempt to each key in one statement and returns the counts: a key whose window has
 * ended starts a new one of `windowMs` from the database's now(). The upsert is atomic per row, so
 * parallel attempts get distinct counts on every engine and instance.
 */
export async function countAttempt(
  exec: Executor,
  keys: string[],
  windowMs: number,
): Promise<CountedAttempt[]> {
  const rows = await queryRows<Record<string, unknown>>(
    exec,
    sql`INSERT INTO attempt_counters AS c (key, count, window_ends_at)
        VALUES ${sql.join(
          keys.map(
            (key) => sql`(${key}, 1, now() + ${windowMs}::double precision * interval '1 millisecond')`,
          ),
          sql`, `,
        )}
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN c.window_ends_at <= now() THEN 1 ELSE c.count + 1 END,
          window_ends_at = CASE WHEN c.window_ends_at <= now() THEN excluded.window_ends_at ELSE c.window_ends_at END
        RETURNING key, count::int AS count, window_ends_at::text AS window_ends_at,
          greatest(1, ceil(extract(epoch FROM (window_ends_at - now()))))::int AS seconds_left`,
  );
  return rows.map((row) => ({
    key: rowText(row.key),
    count: parseCount(row.count),
    windowEndsAt: rowText(row.window_ends_at),
    secondsLeft: parseCount(row.seconds_left),
  }));
}

/** Takes back one attempt from each key, in the window it was counted in (a later window is left alone). */
export async function takeBackAttempt(exec: Executor, counted: CountedAttempt[]): Promise<void> {
  if (counted.length === 0) return;
  await exec.execute(
    sql`UPDATE attempt_counters AS c SET count = c.count - 1
        FROM (VALUES ${sql.join(
          counted.map((a) => sql`(${a.key}, ${a.windowEndsAt}::timestamptz)`),
          sql`, `,
        )}) AS t(key, window_ends_at)
        WHERE c.key = t.key AND c.window_ends_at = t.window_ends_at AND c.count > 0`,
  );
}

/** Deletes rows whose window ended more than a minute ago, at most `limit` a call. */
export async function pruneEndedWindows(exec: Executor, limit = 1000): Promise<void> {
  await exec.execute(
    sql`DELETE FROM attempt_counters WHERE key IN (
          SELECT key FROM attempt_counters WHERE window_ends_at < now() - interval '1 minute' LIMIT ${limit})`,
  );
}
