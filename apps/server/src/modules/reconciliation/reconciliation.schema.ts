import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import type { LedgerBreach, LedgerVerification } from '../ledger/verify.ts';
import { users } from '../users/users.schema.ts';

/**
 * One row per run of the reconciliation job (the ledger verifier on a snapshot): when it ran, whether
 * it was clean, what it checked, who started it (null: the job) and what broke. A failed run stays
 * an alert on the dashboard until an admin acknowledges it.
 */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
    ok: boolean('ok').notNull(),
    breaches: jsonb('breaches').$type<LedgerBreach[]>().notNull().default(sql`'[]'::jsonb`),
    acknowledgedBy: bigint('acknowledged_by', { mode: 'number' }).references(() => users.id),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    /** What the run went through; null for runs stored before migration 0025. */
    checked: jsonb('checked').$type<LedgerVerification['checked']>(),
    /** The admin who started it with 立即对账; null for the scheduled job. */
    triggeredBy: bigint('triggered_by', { mode: 'number' }).references(() => users.id),
  },
  (t) => [
    index('reconciliation_runs_started_idx').on(t.startedAt),
    // The dashboard's alert: failed runs nobody has acknowledged yet.
    index('reconciliation_runs_unacknowledged_idx')
      .on(t.id)
      .where(sql`NOT ${t.ok} AND ${t.acknowledgedAt} IS NULL`),
  ],
);
