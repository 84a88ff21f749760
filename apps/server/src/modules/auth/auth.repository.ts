import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sessions, users } from './auth.schema.ts';

export type UserRow = typeof users.$inferSelect;

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

export async function insertSession(
  exec: Executor,
  values: {
    userId: number;
    tokenHash: string;
    expiresAt: Date;
    ip?: string | null;
    userAgent?: string | null;
  },
) {
  const [row] = await exec.insert(sessions).values(values).returning({ id: sessions.id });
  if (!row) throw new Error('insert into sessions returned nothing');
  return row;
}

/** The live session behind a token hash, with its user; expired and revoked sessions are not found. */
export async function findLiveSession(exec: Executor, tokenHash: string) {
  const [row] = await exec
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)),
    )
    .limit(1);
  return row;
}

export async function revokeSession(exec: Executor, sessionId: string) {
  await exec
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of a user except `keepSessionId`; returns the revoked ids. */
export async function revokeUserSessions(exec: Executor, userId: number, keepSessionId?: string) {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  const rows = await exec
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

export async function updateUser(exec: Executor, id: number, values: Partial<typeof users.$inferInsert>) {
  const [row] = await exec
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}
