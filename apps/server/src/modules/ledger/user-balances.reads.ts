import { and, eq } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { ledgerAccounts } from './ledger.schema.ts';

const query = new QueryBuilder();

/**
 * The users' balances in one bucket and currency as a subquery named `alias`, which another
 * module's drizzle query left-joins by user id in its own statement (admin-users' list: each user's
 * USDT available and frozen). A plain filter of ledger_accounts, which PostgreSQL pulls up into the
 * caller's query: the plan is the one of a join with the table itself (ledger_accounts_user_key).
 */
export const userBucketBalances = (alias: string, bucket: string, currency: string) =>
  query
    .select({ userId: ledgerAccounts.userId, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.bucket, bucket), eq(ledgerAccounts.currency, currency)))
    .as(alias);
