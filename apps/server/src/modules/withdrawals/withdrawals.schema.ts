import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { money } from '../../db/columns.ts';
import { withdrawChannels } from '../channels/channels.schema.ts';
import { users } from '../users/users.schema.ts';

export interface PayeeAccount {
  account: string;
  name: string;
  phone?: string | null;
}

/**
 * Two-phase: the request freezes amount + fee (`withdrawal:<id>:freeze`); completion takes the
 * frozen funds out of the platform, rejection returns them. Every status change is one conditional
 * UPDATE in the same transaction as its postings.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    channelId: bigint('channel_id', { mode: 'number' }).references(() => withdrawChannels.id, {
      onDelete: 'set null',
    }),
    /** Snapshot of the channel's name for display after the channel changes. */
    channelName: text('channel_name').notNull(),
    withdrawType: text('withdraw_type', { enum: ['wechat', 'alipay', 'usdt'] }).notNull(),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    feeRate: numeric('fee_rate', { precision: 12, scale: 8 }).notNull(),
    /** usdt: the destination address. */
    address: text('address'),
    /** usdt: the address's network (TRC20 or ERC20), derived when it was checked; null otherwise. */
    network: text('network', { enum: ['TRC20', 'ERC20'] }),
    /** wechat and alipay: the payee. */
    accountInfo: jsonb('account_info').$type<PayeeAccount>(),
    userRemark: text('user_remark'),
    adminRemark: text('admin_remark'),
    status: text('status', {
      enum: ['pending', 'reviewing', 'approved', 'rejected', 'processing', 'completed'],
    })
      .notNull()
      .default('pending'),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => users.id),
    /**
     * Dual control (issue 17): the admin whose move to 已通过 of an amount at or above the
     * withdrawal threshold was recorded while the status stays; a different admin completes it.
     */
    firstApprovedBy: bigint('first_approved_by', { mode: 'number' }).references(() => users.id),
    firstApprovedAt: timestamp('first_approved_at', { withTimezone: true }),
    /**
     * With the first approval: the user's USDT total in the 24 h window (this withdrawal plus the
     * others approved or first-approved), which reached the threshold (issue 32, structuring).
     */
    firstApprovalWindowTotal: money('first_approval_window_total'),
    /** When it moved to 已通过 (what the 24 h window counts); kept through 出款中 and 已出款. */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * 已出款 of a USDT withdrawal: the payout's transaction hash the admin entered, in the form checked
     * against the address's network (payoutTxHashOf in packages/domain; migration 0033).
     */
    txHash: text('tx_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('withdrawals_status_created_idx').on(t.status, t.createdAt),
    index('withdrawals_type_created_idx').on(t.withdrawType, t.createdAt),
    index('withdrawals_created_idx').on(t.createdAt),
    index('withdrawals_user_created_idx').on(t.userId, t.createdAt),
    // Completed today (今日提现), whenever requested.
    index('withdrawals_completed_at_idx').on(t.currency, t.completedAt).where(sql`${t.status} = 'completed'`),
    // The user's approvals of the last 24 h (dual control over time).
    index('withdrawals_user_approved_idx').on(t.userId, t.approvedAt).where(sql`${t.approvedAt} IS NOT NULL`),
    // 待复核: undecided withdrawals with a first approval (lists and the dashboard count them).
    index('withdrawals_awaiting_second_idx')
      .on(t.createdAt)
      .where(sql`${t.status} IN ('pending', 'reviewing') AND ${t.firstApprovedBy} IS NOT NULL`),
    check('withdrawals_amount_positive', sql`${t.amount} > 0`),
    check('withdrawals_fee_non_negative', sql`${t.fee} >= 0`),
    check('withdrawals_tx_hash_completed', sql`${t.txHash} IS NULL OR ${t.status} = 'completed'`),
    // One transfer pays one withdrawal: the normalised hash is unique (migration 0016's function).
    uniqueIndex('withdrawals_tx_hash_key')
      .on(sql`normalise_tx_hash(${t.txHash})`)
      .where(sql`${t.txHash} IS NOT NULL`),
    check('withdrawals_network_known', sql`${t.network} IS NULL OR ${t.network} IN ('TRC20', 'ERC20')`),
    check(
      'withdrawals_payee',
      sql`(${t.withdrawType} = 'usdt' AND ${t.address} IS NOT NULL) OR (${t.withdrawType} <> 'usdt' AND ${t.accountInfo} IS NOT NULL)`,
    ),
  ],
);
