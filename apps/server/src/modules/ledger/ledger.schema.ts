import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { money } from '../../db/columns.ts';
import { users } from '../users/users.schema.ts';

/**
 * One row per (owner, bucket, currency). User accounts (available, frozen, salary) carry their
 * balance in place and the database refuses an overdraft; system accounts never update their row,
 * their balance is derived from the journal so that no trade contends on a hot row.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    /** available | frozen | salary for users; the system account's name otherwise. */
    bucket: text('bucket').notNull(),
    currency: text('currency').notNull(),
    isSystem: boolean('is_system').notNull(),
    balance: money('balance').notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_key')
      .on(t.userId, t.bucket, t.currency)
      .where(sql`${t.userId} IS NOT NULL`),
    uniqueIndex('ledger_accounts_system_key').on(t.bucket, t.currency).where(sql`${t.userId} IS NULL`),
    check('ledger_accounts_user_balance_non_negative', sql`${t.isSystem} OR ${t.balance} >= 0`),
    check('ledger_accounts_system_row_not_updated', sql`NOT ${t.isSystem} OR ${t.balance} = 0`),
    check(
      'ledger_accounts_owner',
      sql`(${t.isSystem} AND ${t.userId} IS NULL) OR (NOT ${t.isSystem} AND ${t.userId} IS NOT NULL)`,
    ),
    check('ledger_accounts_currency_format', sql`${t.currency} ~ '^[A-Z0-9]{2,12}$'`),
  ],
);

/** One journal transaction per money movement; the idempotency key makes a retry a no-op. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind').notNull(),
    /** A fingerprint of the postings, so that a key reused for a different movement is refused. */
    fingerprint: text('fingerprint').notNull(),
    memo: text('memo'),
    metadata: jsonb('metadata'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_idempotency_key').on(t.idempotencyKey),
    index('ledger_transactions_created_at_idx').on(t.createdAt),
    // The journal page filters by kind and pages newest first.
    index('ledger_transactions_kind_created_idx').on(t.kind, t.createdAt),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    // Both references are checked by a statement-level trigger instead of foreign keys (migration
    // 0030: one lookup per statement, no row locks on the referenced rows).
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** Signed: positive credits the account, negative debits it. */
    amount: money('amount').notNull(),
    /** The user account's balance after this entry; null for system accounts. */
    balanceAfter: money('balance_after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    check('ledger_entries_amount_non_zero', sql`${t.amount} <> 0`),
  ],
);
