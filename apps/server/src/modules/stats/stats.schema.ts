import { sql } from 'drizzle-orm';
import { bigint, check, numeric, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';

/**
 * Running totals that the back office shows (users per status, deposits per status, approved
 * amounts, user assets per currency), kept by triggers in the same transaction as the change
 * that moves them (migration 0004), so that no screen counts a million rows per request.
 * Each counter is striped over 16 rows (by the writing transaction's id: `stat_bump`) so that
 * concurrent writers rarely wait on the same row; a counter's value is the sum of its stripes.
 */
export const statCounters = pgTable(
  'stat_counters',
  {
    name: text('name').notNull(),
    stripe: smallint('stripe').notNull(),
    value: numeric('value', { precision: 38, scale: 18 }).notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.name, t.stripe] }),
    check('stat_counters_stripe_range', sql`${t.stripe} >= 0 AND ${t.stripe} < 16`),
  ],
);

/** Users who have had at least one deposit approved (depositedUsers), one row each. */
export const depositors = pgTable('depositors', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
});
