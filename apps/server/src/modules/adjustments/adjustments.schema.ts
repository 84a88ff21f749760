import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { money } from '../../db/columns.ts';
import { users } from '../users/users.schema.ts';

/**
 * A manual balance adjustment (issue 17): one admin proposes a signed amount for a user's available
 * balance, a different admin approves it, and only then does it post `adjustment:<id>:approve`
 * against the `adjustments` system account, in the same transaction as the conditional
 * pending → approved update. This is also how a mistaken posting is reversed: the journal stays
 * append-only.
 */
export const balanceAdjustments = pgTable(
  'balance_adjustments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    /** Signed: positive credits the user's available balance, negative debits it. Never zero. */
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    createdBy: bigint('created_by', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** The second admin who approved or rejected it. */
    reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewNote: text('review_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('balance_adjustments_created_idx').on(t.createdAt),
    index('balance_adjustments_status_created_idx').on(t.status, t.createdAt),
    check('balance_adjustments_status', sql`${t.status} IN ('pending', 'approved', 'rejected')`),
    check('balance_adjustments_amount_not_zero', sql`${t.amount} <> 0`),
    check('balance_adjustments_reason_length', sql`char_length(${t.reason}) BETWEEN 1 AND 500`),
  ],
);
