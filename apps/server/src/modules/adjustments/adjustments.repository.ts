import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { ledgerAccounts } from '../ledger/ledger.schema.ts';
import { tradingPairs } from '../market-data/market-data.schema.ts';
import { users } from '../users/users.schema.ts';
import { balanceAdjustments } from './adjustments.schema.ts';

export type AdjustmentRow = typeof balanceAdjustments.$inferSelect;
export type AdjustmentStatus = AdjustmentRow['status'];
export type AdjustmentWithEmails = AdjustmentRow & {
  userEmail: string;
  createdByEmail: string;
  reviewedByEmail: string | null;
};

const creator = alias(users, 'adjustment_creator');
const reviewer = alias(users, 'adjustment_reviewer');

const withEmails = {
  id: balanceAdjustments.id,
  userId: balanceAdjustments.userId,
  currency: balanceAdjustments.currency,
  amount: balanceAdjustments.amount,
  reason: balanceAdjustments.reason,
  status: balanceAdjustments.status,
  createdBy: balanceAdjustments.createdBy,
  reviewedBy: balanceAdjustments.reviewedBy,
  reviewedAt: balanceAdjustments.reviewedAt,
  reviewNote: balanceAdjustments.reviewNote,
  createdAt: balanceAdjustments.createdAt,
  userEmail: users.email,
  createdByEmail: creator.email,
  reviewedByEmail: reviewer.email,
};

function selectWithEmails(exec: Executor) {
  return exec
    .select(withEmails)
    .from(balanceAdjustments)
    .innerJoin(users, eq(users.id, balanceAdjustments.userId))
    .innerJoin(creator, eq(creator.id, balanceAdjustments.createdBy))
    .leftJoin(reviewer, eq(reviewer.id, balanceAdjustments.reviewedBy));
}

export async function insertAdjustment(
  exec: Executor,
  values: typeof balanceAdjustments.$inferInsert,
): Promise<AdjustmentRow> {
  const [row] = await exec.insert(balanceAdjustments).values(values).returning();
  if (!row) throw new Error('insert into balance_adjustments returned nothing');
  return row;
}

export async function findAdjustment(exec: Executor, id: number): Promise<AdjustmentWithEmails | null> {
  const [row] = await selectWithEmails(exec).where(eq(balanceAdjustments.id, id)).limit(1);
  return row ?? null;
}

/**
 * The conditional update that decides a race: only a pending adjustment becomes approved or
 * rejected, once. Null when it was no longer pending (another admin got there first).
 */
export async function reviewPending(
  exec: Executor,
  id: number,
  values: { status: 'approved' | 'rejected'; reviewedBy: number; reviewNote: string | null },
): Promise<AdjustmentRow | null> {
  const [row] = await exec
    .update(balanceAdjustments)
    .set({ ...values, reviewedAt: sql`now()` })
    .where(and(eq(balanceAdjustments.id, id), eq(balanceAdjustments.status, 'pending')))
    .returning();
  return row ?? null;
}

export async function listAdjustments(
  exec: Executor,
  filter: { status?: AdjustmentStatus },
  page: { limit: number; offset: number },
) {
  const where = filter.status ? eq(balanceAdjustments.status, filter.status) : undefined;
  const [rows, [count], [pending]] = await Promise.all([
    selectWithEmails(exec)
      .where(where)
      .orderBy(desc(balanceAdjustments.createdAt), desc(balanceAdjustments.id))
      .limit(page.limit)
      .offset(page.offset),
    exec.select({ n: sql<number>`count(*)::int` }).from(balanceAdjustments).where(where),
    exec
      .select({ n: sql<number>`count(*)::int` })
      .from(balanceAdjustments)
      .where(eq(balanceAdjustments.status, 'pending')),
  ]);
  return { rows, total: Number(count?.n ?? 0), pending: Number(pending?.n ?? 0) };
}

export async function findUser(exec: Executor, id: number) {
  const [row] = await exec.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, id));
  return row ?? null;
}

/**
 * Whether the platform knows `currency` for this user: one they already hold an account in, or
 * one a trading pair is quoted or based in (the caller also accepts the default currency).
 */
export async function isKnownCurrency(exec: Executor, userId: number, currency: string): Promise<boolean> {
  const [held] = await exec
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.currency, currency)))
    .limit(1);
  if (held) return true;
  const [pair] = await exec
    .select({ id: tradingPairs.id })
    .from(tradingPairs)
    .where(or(eq(tradingPairs.baseCurrency, currency), eq(tradingPairs.quoteCurrency, currency)))
    .limit(1);
  return Boolean(pair);
}

export async function availableBalance(exec: Executor, userId: number, currency: string): Promise<string> {
  const [row] = await exec
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.userId, userId),
        eq(ledgerAccounts.bucket, 'available'),
        eq(ledgerAccounts.currency, currency),
        ne(ledgerAccounts.isSystem, true),
      ),
    );
  return row?.balance ?? '0';
}
