import type { LoginFailureReason } from '@platform/contracts';
import { and, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { userDirectory } from '../../users/users.ts';
import { type AdminSessionPolicy, withinAdminLimits } from '../auth.repository.ts';
import { sessions } from '../auth.schema.ts';
import { loginEvents } from './login-events.schema.ts';

/** Login attempts kept per account; the security centre shows the newest 20. */
export const LOGIN_EVENTS_KEPT = 100;

/** The sessions' user, for the admin limits (their role). */
const owner = userDirectory('owner');

/** The sessions in force of `userId` (not revoked, not expired, an admin's within its limits). */
const liveSessionsOf = (userId: number, admin: AdminSessionPolicy) =>
  and(
    eq(sessions.userId, userId),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, sql`now()`),
    withinAdminLimits(admin, owner.role),
  );

/**
 * A page of the user's sessions in force: `currentId` first (none for an admin looking on), then by last use. Served by
 * sessions_user_id_idx; a user has as many rows as logins within SESSION_TTL_HOURS.
 */
export async function listLiveSessions(
  exec: Executor,
  userId: number,
  currentId: string | null,
  admin: AdminSessionPolicy,
  page: { limit: number; offset: number },
) {
  const where = liveSessionsOf(userId, admin);
  const [rows, [count]] = await Promise.all([
    exec
      .select({
        id: sessions.id,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .innerJoin(owner, eq(owner.id, sessions.userId))
      .where(where)
      .orderBy(
        ...(currentId === null ? [] : [sql`${sessions.id} = ${currentId}::uuid DESC`]),
        desc(sessions.lastSeenAt),
        desc(sessions.id),
      )
      .limit(page.limit)
      .offset(page.offset),
    exec
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .innerJoin(owner, eq(owner.id, sessions.userId))
      .where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export interface LoginEvent {
  userId: number;
  success: boolean;
  failureReason: LoginFailureReason | null;
  ip: string | null;
  userAgent: string | null;
}

/**
 * Records a login attempt and drops the account's older ones past the newest LOGIN_EVENTS_KEPT, in
 * one statement, so that a flood of wrong passwords cannot grow the table without bound. The DELETE
 * sees the rows from before the insert: it keeps the newest LOGIN_EVENTS_KEPT - 1 of them.
 */
export async function recordLoginEvent(exec: Executor, event: LoginEvent) {
  const inserted = exec
    .$with('inserted_login')
    .as(exec.insert(loginEvents).values(event).returning({ id: loginEvents.id }));
  const cutoff = exec
    .select({ id: loginEvents.id })
    .from(loginEvents)
    .where(eq(loginEvents.userId, event.userId))
    .orderBy(desc(loginEvents.id))
    .offset(LOGIN_EVENTS_KEPT - 1)
    .limit(1);
  await exec
    .with(inserted)
    .delete(loginEvents)
    .where(and(eq(loginEvents.userId, event.userId), lte(loginEvents.id, sql`(${cutoff})`)));
}

/** A page of the user's login attempts, newest first. */
export async function listLoginEvents(
  exec: Executor,
  userId: number,
  page: { limit: number; offset: number },
) {
  const where = eq(loginEvents.userId, userId);
  const [rows, [count]] = await Promise.all([
    exec
      .select()
      .from(loginEvents)
      .where(where)
      .orderBy(desc(loginEvents.id))
      .limit(page.limit)
      .offset(page.offset),
    exec.select({ n: sql<number>`count(*)::int` }).from(loginEvents).where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
