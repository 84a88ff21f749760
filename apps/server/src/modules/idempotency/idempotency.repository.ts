import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { idempotencyKeys } from './idempotency.schema.ts';

/** A request's hold on its key: who, which key, and what it asked for. */
export interface KeyClaim {
  userId: number;
  key: string;
  fingerprint: string;
}

/** A key that another request holds or held. */
export interface ExistingKey {
  fingerprint: string;
  state: 'in_progress' | 'completed';
  responseStatus: number | null;
  responseBody: unknown;
  /** In progress for longer than any request runs: its request died without an answer. */
  stale: boolean;
}

/**
 * Takes the key for this request: a new row in_progress, or an expired row (not pruned yet) taken
 * over as if new. One statement, so of two requests with one key exactly one gets true. Times are
 * the database's, so every instance judges expiry alike.
 */
export async function claimKey(db: Db, claim: KeyClaim, ttlHours: number): Promise<boolean> {
  const expiresAt = sql`now() + make_interval(hours => ${ttlHours})`;
  const rows = await db
    .insert(idempotencyKeys)
    .values({ ...claim, state: 'in_progress', expiresAt })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: {
        fingerprint: claim.fingerprint,
        state: 'in_progress',
        responseStatus: null,
        responseBody: null,
        createdAt: sql`now()`,
        completedAt: null,
        expiresAt,
      },
      setWhere: sql`${idempotencyKeys.expiresAt} <= now()`,
    })
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

/** The live row of a key, or null (none, or expired and about to be pruned). */
export async function findKey(
  db: Db,
  userId: number,
  key: string,
  staleAfterMs: number,
): Promise<ExistingKey | null> {
  const [row] = await db
    .select({
      fingerprint: idempotencyKeys.fingerprint,
      state: idempotencyKeys.state,
      responseStatus: idempotencyKeys.responseStatus,
      responseBody: idempotencyKeys.responseBody,
      stale: sql<boolean>`${idempotencyKeys.createdAt} < now() - make_interval(secs => ${staleAfterMs / 1000})`,
    })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        sql`${idempotencyKeys.expiresAt} > now()`,
      ),
    );
  return row ?? null;
}

/** This request's row while it is still in progress (only its own request ends it). */
const ownRow = (claim: KeyClaim) =>
  and(
    eq(idempotencyKeys.userId, claim.userId),
    eq(idempotencyKeys.key, claim.key),
    eq(idempotencyKeys.fingerprint, claim.fingerprint),
    eq(idempotencyKeys.state, 'in_progress'),
  );

/** Stores the reply the first request gave; false when its row is gone (it cannot be, short of a prune). */
export async function completeKey(db: Db, claim: KeyClaim, status: number, body: unknown): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    .set({ state: 'completed', responseStatus: status, responseBody: body, completedAt: sql`now()` })
    .where(ownRow(claim))
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

/** Gives the key back (the request could not run): a retry with it runs afresh. */
export async function releaseKey(db: Db, claim: KeyClaim): Promise<void> {
  await db.delete(idempotencyKeys).where(ownRow(claim));
}

/** Deletes up to `limit` expired rows (completed or not); returns how many. */
export async function deleteExpired(db: Db, limit: number): Promise<number> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`
    DELETE FROM ${idempotencyKeys}
    WHERE (user_id, key) IN (
      SELECT user_id, key FROM ${idempotencyKeys} WHERE expires_at <= now() ORDER BY expires_at LIMIT ${limit}
    )
    RETURNING user_id`,
  );
  return rows.length;
}
