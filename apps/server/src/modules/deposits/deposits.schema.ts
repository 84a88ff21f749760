import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { money } from '../../db/columns.ts';
import { depositChannels } from '../channels/channels.schema.ts';
import { users } from '../users/users.schema.ts';

/**
 * A user's claim that they sent money through a channel. Nothing is credited until an admin
 * approves it; approval posts `deposit:<id>:approve` to the ledger in the same transaction as the
 * conditional status change, so it credits exactly once.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    channelId: bigint('channel_id', { mode: 'number' }).references(() => depositChannels.id, {
      onDelete: 'set null',
    }),
    /** Snapshots of the channel at request time: the channel may be edited or deleted later. */
    channelName: text('channel_name').notNull(),
    toAddress: text('to_address'),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    /** The hash as the user typed it (trimmed). */
    txHash: text('tx_hash'),
    /**
     * The same hash normalised (packages/domain normaliseTxHash): what the duplicate check and the
     * admin search compare. Null without a hash.
     */
    txHashNormalized: text('tx_hash_normalized'),
    remark: text('remark'),
    status: text('status', { enum: ['pending', 'processing', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    adminNote: text('admin_note'),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /**
     * Dual control (issue 17): the admin whose approval of an amount at or above the deposit
     * threshold was recorded while the deposit stays pending; a different admin completes it.
     */
    firstApprovedBy: bigint('first_approved_by', { mode: 'number' }).references(() => users.id),
    firstApprovedAt: timestamp('first_approved_at', { withTimezone: true }),
    /**
     * With the first approval: the user's USDT total in the 24 h window (this deposit plus the others
     * approved or first-approved), which reached the threshold (issue 32, structuring).
     */
    firstApprovalWindowTotal: money('first_approval_window_total'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('deposits_status_created_idx').on(t.status, t.createdAt),
    index('deposits_created_idx').on(t.createdAt),
    index('deposits_user_created_idx').on(t.userId, t.createdAt),
    index('deposits_tx_hash_idx').on(t.txHash).where(sql`${t.txHash} IS NOT NULL`),
    // One live claim per transfer, however its hash is written: it cannot be credited twice.
    uniqueIndex('deposits_tx_hash_normalized_key')
      .on(t.currency, t.txHashNormalized)
      .where(sql`${t.txHashNormalized} IS NOT NULL AND ${t.status} <> 'rejected'`),
    index('deposits_tx_hash_normalized_idx')
      .on(t.txHashNormalized)
      .where(sql`${t.txHashNormalized} IS NOT NULL`),
    // Approved today (今日充值), whenever requested.
    index('deposits_approved_processed_idx')
      .on(t.currency, t.processedAt)
      .where(sql`${t.status} = 'approved'`),
    // The user's approvals of the last 24 h (dual control over time).
    index('deposits_user_processed_idx').on(t.userId, t.processedAt).where(sql`${t.status} = 'approved'`),
    // 待复核: pending deposits with a first approval (lists and the dashboard count them).
    index('deposits_awaiting_second_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending' AND ${t.firstApprovedBy} IS NOT NULL`),
    check('deposits_amount_positive', sql`${t.amount} > 0`),
  ],
);
