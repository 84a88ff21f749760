import type { WithdrawMethod } from '@platform/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { depositChannels, withdrawChannels } from './channels.schema.ts';

export type DepositChannelRow = typeof depositChannels.$inferSelect;
export type DepositChannelValues = Omit<
  typeof depositChannels.$inferInsert,
  'id' | 'createdAt' | 'updatedAt'
>;
export type WithdrawChannelRow = typeof withdrawChannels.$inferSelect;
export type WithdrawChannelValues = Omit<
  typeof withdrawChannels.$inferInsert,
  'id' | 'createdAt' | 'updatedAt'
>;

// ---- deposit channels ----

export const listDepositChannels = (exec: Executor, onlyActive = false) =>
  exec
    .select()
    .from(depositChannels)
    .where(onlyActive ? eq(depositChannels.status, 'active') : undefined)
    .orderBy(asc(depositChannels.id));

/** The channel, locked for the rest of the transaction when `forUpdate`. */
export async function findDepositChannel(exec: Executor, id: number, forUpdate = false) {
  const query = exec.select().from(depositChannels).where(eq(depositChannels.id, id)).limit(1);
  return (await (forUpdate ? query.for('update') : query))[0];
}

/** An active deposit channel by id, or undefined (for the user's deposit request). */
export async function findActiveDepositChannel(exec: Executor, id: number) {
  return (
    await exec
      .select()
      .from(depositChannels)
      .where(and(eq(depositChannels.id, id), eq(depositChannels.status, 'active')))
      .limit(1)
  )[0];
}

export async function insertDepositChannel(exec: Executor, values: DepositChannelValues) {
  const [row] = await exec.insert(depositChannels).values(values).returning();
  if (!row) throw new Error('insert into deposit_channels returned nothing');
  return row;
}

export async function updateDepositChannel(
  exec: Executor,
  id: number,
  values: Partial<DepositChannelValues>,
) {
  const [row] = await exec
    .update(depositChannels)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(depositChannels.id, id))
    .returning();
  return row;
}

export async function deleteDepositChannel(exec: Executor, id: number) {
  const [row] = await exec.delete(depositChannels).where(eq(depositChannels.id, id)).returning();
  return row;
}

// ---- withdrawal channels ----

export const listWithdrawChannels = (exec: Executor, onlyActive = false) =>
  exec
    .select()
    .from(withdrawChannels)
    .where(onlyActive ? eq(withdrawChannels.status, 'active') : undefined)
    .orderBy(asc(withdrawChannels.id));

export async function findWithdrawChannel(exec: Executor, id: number, forUpdate = false) {
  const query = exec.select().from(withdrawChannels).where(eq(withdrawChannels.id, id)).limit(1);
  return (await (forUpdate ? query.for('update') : query))[0];
}

/**
 * An active withdrawal channel of `type`: the one with `id` when given, else the first active one
 * of that type by id. Undefined when there is none (for the user's withdrawal request).
 */
export async function findActiveWithdrawChannel(exec: Executor, opts: { type: WithdrawMethod; id?: number }) {
  const conditions = [eq(withdrawChannels.type, opts.type), eq(withdrawChannels.status, 'active')];
  if (opts.id !== undefined) conditions.push(eq(withdrawChannels.id, opts.id));
  return (
    await exec
      .select()
      .from(withdrawChannels)
      .where(and(...conditions))
      .orderBy(asc(withdrawChannels.id))
      .limit(1)
  )[0];
}

export async function insertWithdrawChannel(exec: Executor, values: WithdrawChannelValues) {
  const [row] = await exec.insert(withdrawChannels).values(values).returning();
  if (!row) throw new Error('insert into withdraw_channels returned nothing');
  return row;
}

export async function updateWithdrawChannel(
  exec: Executor,
  id: number,
  values: Partial<WithdrawChannelValues>,
) {
  const [row] = await exec
    .update(withdrawChannels)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(withdrawChannels.id, id))
    .returning();
  return row;
}

export async function deleteWithdrawChannel(exec: Executor, id: number) {
  const [row] = await exec.delete(withdrawChannels).where(eq(withdrawChannels.id, id)).returning();
  return row;
}
