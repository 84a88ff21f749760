import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
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

/** The user's row locked for the caller's transaction (a support link decides on it). */
export const lockUserById = async (exec: Executor, id: number) =>
  (await exec.select().from(users).where(eq(users.id, id)).for('update'))[0];

/**
 * The time 2FA was turned on (null: off), copied onto the user's row in the 2FA change's own
 * transaction so that the session lookup reads it without another query. updated_at stays.
 */
export async function setTwofaEnabledAt(exec: Executor, userId: number, at: Date | null) {
  await exec.update(users).set({ twofaEnabledAt: at }).where(eq(users.id, userId));
}

/** The admin's approvals of pending changes count from now on (the bootstrap super admins). */
export async function countApprovalsFromNow(exec: Executor, userId: number) {
  await exec.update(users).set({ approverSince: sql`now()` }).where(eq(users.id, userId));
}

/** Marks the user's e-mail verified while it is still `email`; false when it changed meanwhile. */
export async function markEmailVerified(exec: Executor, userId: number, email: string): Promise<boolean> {
  const rows = await exec
    .update(users)
    .set({ emailVerifiedAt: sql`COALESCE(${users.emailVerifiedAt}, now())` })
    .where(and(eq(users.id, userId), eq(users.email, email)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Holds the user's withdrawals until the database's now() + `hours` (after a security change, in
 * its transaction); returns that now() and the hold's end, or undefined when there is no such user.
 */
export async function holdWithdrawals(exec: Executor, userId: number, hours: number) {
  const [row] = await exec
    .update(users)
    .set({ withdrawalsHeldUntil: sql`now() + make_interval(hours => ${hours})` })
    .where(eq(users.id, userId))
    .returning({
      at: sql<Date>`now()`.mapWith(users.withdrawalsHeldUntil),
      heldUntil: users.withdrawalsHeldUntil,
    });
  return row;
}

/** Until when the user's withdrawals are held, by the database clock; null when they are not. */
export async function withdrawalsHeldUntil(exec: Executor, userId: number): Promise<Date | null> {
  const [row] = await exec
    .select({ heldUntil: users.withdrawalsHeldUntil })
    .from(users)
    .where(and(eq(users.id, userId), gt(users.withdrawalsHeldUntil, sql`now()`)));
  return row?.heldUntil ?? null;
}

/** Sets is_active only when it differs, never on a deleted account; returns whether the row changed. */
export async function setUserActive(exec: Executor, id: number, isActive: boolean): Promise<boolean> {
  const rows = await exec
    .update(users)
    .set({ isActive, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), ne(users.isActive, isActive), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}
