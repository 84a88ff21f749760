import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Attempt counters (issue 32): wrong passwords and 2FA codes per account and per client IP, one
 * row per key (`<limiter>:user:<id>`, `<limiter>:ip:<address>`) with the attempts of its current
 * window. An attempt is counted by one upsert before the secret is checked (attempt-limiter.ts), so
 * parallel guesses on any instance never get more checks than the limit; a success takes its own
 * attempt back. The window is fixed from its first attempt (a window, not a lock); expired rows are
 * reset by the next attempt and deleted now and then.
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('attempt_counters_window_ends_idx').on(t.windowEndsAt)],
);
