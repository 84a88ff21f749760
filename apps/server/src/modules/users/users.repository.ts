import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from './users.schema.ts';

export type UserRow = typeof users.$inferSelect;

/** What createUser (accounts/create-user.ts) is given: the invite code is its own to pick. */
export type NewUser = Omit<typeof users.$inferInsert, 'id' | 'inviteCode'>;

export const findUserById = async (exec: Executor, id: number) =>
  (await exec.select().from(users).where(eq(users.id, id)).limit(1))[0];

export const findUserByEmail = async (exec: Executor, email: string) =>
  (await exec.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1))[0];

export const findUserByPhone = async (exec: Executor, phone: string) =>
  (await exec.select().from(users).where(eq(users.phone, phone.trim())).limit(1))[0];

export const findUserByInviteCode = async (exec: Executor, code: string) =>
  (await exec.select({ id: users.id }).from(users).where(eq(users.inviteCode, code)).limit(1))[0];

export async function insertUser(exec: Executor, values: typeof users.$inferInsert) {
  const [row] = await exec.insert(users).values(values).returning();
  if (!row) throw new Error('insert into users returned nothing');
  return row;
}

export async function updateUser(exec: Executor, id: number, values: Partial<typeof users.$inferInsert>) {
  const [row] = await exec
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}
