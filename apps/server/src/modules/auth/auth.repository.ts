import { and, type Column, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { activeAccounts } from '../users/users.reads.ts';
import { accountRow, userAccount } from '../users/users.ts';
import { sessions } from './auth.schema.ts';

export type { UserRow } from '../users/users.ts';

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

/** How long admin sessions last: without a request, and in all. */
export interface AdminSessionPolicy {
  idleMinutes: number;
  maxHours: number;
}

/**
 * last_seen_at is refreshed at most this often: one write per session a minute, not per request.
 * It is every session's last use (安全中心's device list) and an admin session's idle clock.
 */
export const TOUCH_INTERVAL_MS = 60_000;
const TOUCH_INTERVAL = sql`make_interval(secs => ${TOUCH_INTERVAL_MS / 1000}::int)`;

/**
 * Whether a session of a user whose role is `role` (the joined account's column) is within the
 * admin limits: an admin session is in force while used within the idle limit and younger than the
 * absolute one; other sessions have neither.
 */
export function withinAdminLimits(admin: AdminSessionPolicy, role: Column | SQL) {
  const idle = sql`make_interval(mins => ${admin.idleMinutes}::int)`;
  const max = sql`make_interval(hours => ${admin.maxHours}::int)`;
  return sql`(${role} <> 'admin' OR (${sessions.lastSeenAt} > now() - ${idle} AND ${sessions.createdAt} > now() - ${max}))`;
}

/** The session's user, the whole row (the caller is authenticated with it). */
const account = userAccount('account');
/** Its columns to select, built once: findSessions runs on every authenticated request. */
const accountColumns = accountRow(account);

/**
 * The unrevoked sessions behind token hashes, each with its user and whether it has run out:
 * `expired` (past expires_at) or, for an admin, `timedOut` (idle or too old under `admin`). One
 * statement for any number of hashes (concurrent lookups share it, issue 19): a data-modifying CTE
 * refreshes last_seen_at of each session still in force when it is over a minute old, so a lookup
 * writes at most once a minute per session and costs no extra round trip; the SELECT sees the
 * values from before this request.
 */
export async function findSessions(
  exec: Executor,
  tokenHashes: readonly string[],
  admin: AdminSessionPolicy,
) {
  const hashes = sql`${sql.param([...tokenHashes])}::text[]`;
  const touch = exec.$with('touched_session', {}).as(sql`
    UPDATE sessions SET last_seen_at = now()
    FROM ${activeAccounts} active_account
    WHERE active_account.id = sessions.user_id
      AND sessions.token_hash = ANY(${hashes})
      AND sessions.revoked_at IS NULL
      AND sessions.expires_at > now()
      AND sessions.last_seen_at < now() - ${TOUCH_INTERVAL}
      AND ${withinAdminLimits(admin, sql`active_account.role`)}
    RETURNING sessions.id`);
  const rows = await exec
    .with(touch)
    .select({
      session: sessions,
      user: accountColumns,
      expired: sql<boolean>`${sessions.expiresAt} <= now()`,
      timedOut: sql<boolean>`NOT ${withinAdminLimits(admin, account.role)}`,
      touched: sql<boolean>`${sessions.id} IN (SELECT id FROM touched_session)`,
      now: sql<number>`(extract(epoch from now()) * 1000)::float8`.mapWith(Number),
    })
    .from(sessions)
    .innerJoin(account, eq(account.id, sessions.userId))
    .where(and(sql`${sessions.tokenHash} = ANY(${hashes})`, isNull(sessions.revokedAt)));
  return new Map(rows.map((row) => [row.session.tokenHash, row]));
}

export type FoundSession = NonNullable<ReturnType<Awaited<ReturnType<typeof findSessions>>['get']>>;

/**
 * Revokes a live session; with `ownerId`, only if it is that user's. Returns whether it did. The
 * triggers of migration 0028 announce it to every instance at commit (session-changes.ts).
 */
export async function revokeSession(exec: Executor, sessionId: string, ownerId?: number) {
  const conditions = [eq(sessions.id, sessionId), isNull(sessions.revokedAt)];
  if (ownerId !== undefined) conditions.push(eq(sessions.userId, ownerId));
  const rows = await exec
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  return rows.length > 0;
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

/**
 * What a login's device (its User-Agent) is to the account: its first session ever, one it has had
 * a session from before, or a new one (a new-device notice, issue 33).
 */
export async function deviceOfLogin(
  exec: Executor,
  userId: number,
  userAgent: string | null,
): Promise<'first' | 'known' | 'new'> {
  // One row always (an aggregate); bool_or is null when the account has no session at all.
  const [row] = await exec
    .select({ known: sql<boolean | null>`bool_or(${sessions.userAgent} IS NOT DISTINCT FROM ${userAgent})` })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  const known = row?.known ?? null;
  if (known === null) return 'first';
  return known === true || (known as unknown) === 't' ? 'known' : 'new';
}
