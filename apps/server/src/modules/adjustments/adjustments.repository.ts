import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { holdsCurrency } from '../ledger/ledger.reads.ts';
import { isPairCurrency } from '../market-data/market-data.reads.ts';
import { userDirectory } from '../users/users.ts';
import { balanceAdjustments } from './adjustments.schema.ts';

export type AdjustmentRow = typeof balanceAdjustments.$inferSelect;
export type AdjustmentStatus = AdjustmentRow['status'];
export type AdjustmentWithEmails = AdjustmentRow & {
  userEmail: string;
  createdByEmail: string;
  reviewedByEmail: string | null;
};

/** The user whose balance the adjustment moves. */
const adjusted = userDirectory('adjustment_user');
const creator = userDirectory('adjustment_creator');
const reviewer = userDirectory('adjustment_reviewer');

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
  userEmail: adjusted.email,
  createdByEmail: creator.email,
  reviewedByEmail: reviewer.email,
};

function selectWithEmails(exec: Executor) {
  return exec
    .select(withEmails)
    .from(balanceAdjustments)
    .innerJoin(adjusted, eq(adjusted.id, balanceAdjustments.userId))
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
  const [row] = await exec
    .select({ id: adjusted.id, email: adjusted.email })
    .from(adjusted)
    .where(eq(adjusted.id, id));
  return row ?? null;
}

/**
 * Whether the platform knows `currency` for this user: one they already hold an account in, or
 * one a trading pair is quoted or based in (the caller also accepts the default currency).
 */
export async function isKnownCurrency(exec: Executor, userId: number, currency: string): Promise<boolean> {
  return (await holdsCurrency(exec, userId, currency)) || (await isPairCurrency(exec, currency));
}

export { availableBalance } from '../ledger/ledger.reads.ts';
