import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { money } from '../../db/columns.ts';
import { users } from '../users/users.schema.ts';

/**
 * Dual control (issue 17): the USDT amounts at or above which a deposit approval, a withdrawal's
 * move to 已通过, or a salary / reward payout needs a second admin. One row (id 1), seeded with
 * the defaults by migration 0024; only a super admin changes it, audited.
 */
export const approvalThresholds = pgTable(
  'approval_thresholds',
  {
    id: smallint('id').primaryKey().default(1),
    deposit: money('deposit').notNull(),
    withdrawal: money('withdrawal').notNull(),
    payout: money('payout').notNull(),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('approval_thresholds_single_row', sql`${t.id} = 1`),
    check('approval_thresholds_positive', sql`${t.deposit} > 0 AND ${t.withdrawal} > 0 AND ${t.payout} > 0`),
  ],
);

/** One line of a payout: who is paid how much, and for rewards which reward, for salaries which level. */
export interface PayoutApprovalItem {
  userId: number;
  amount: string;
  rewardId?: number;
  level?: number;
}

/**
 * The first approval of a salary or reward payout at or above the payout threshold. It holds
 * exactly what is to be paid (items, total) and a fingerprint of it (kind, payout date, each
 * user / reward and amount): a second admin's call that computes the same payout finds this row by
 * the fingerprint and pays it; a payout that differs in anything is another fingerprint and needs
 * its own first approval. At most one pending row per fingerprint (payout_approvals_pending_key).
 */
export const payoutApprovals = pgTable(
  'payout_approvals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['salary', 'reward'] }).notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** Salaries: the payout date paid for. */
    payoutDate: date('payout_date', { mode: 'string' }),
    items: jsonb('items').$type<PayoutApprovalItem[]>().notNull(),
    total: money('total').notNull(),
    /**
     * The largest payee's USDT total in the 24 h window (this payout plus the payee's others paid or
     * first-approved) when it reached the threshold (issue 32); null when the total alone did.
     */
    windowTotal: money('window_total'),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['pending', 'completed', 'rejected'] })
      .notNull()
      .default('pending'),
    firstApprovedBy: bigint('first_approved_by', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    firstApprovedAt: timestamp('first_approved_at', { withTimezone: true }).notNull().defaultNow(),
    /** The second admin who paid it, or whoever rejected it. */
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payout_approvals_pending_key').on(t.kind, t.fingerprint).where(sql`${t.status} = 'pending'`),
    index('payout_approvals_status_idx').on(t.status, t.kind, t.firstApprovedAt),
    check('payout_approvals_kind', sql`${t.kind} IN ('salary', 'reward')`),
    check('payout_approvals_status', sql`${t.status} IN ('pending', 'completed', 'rejected')`),
  ],
);
