import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { prepared, runPrepared } from '../../db/prepared.ts';
import { queryRows } from '../../db/rows.ts';
import { idempotencyKeys } from './idempotency.schema.ts';

/** A request's hold on its key: who, which key, and what it asked for. */
export interface KeyClaim {
  userId: number;
  key: string;
  fingerprint: string;
}

/** A key as one request holds it: the instance it runs on and its own attempt token. */
export interface HeldKey extends KeyClaim {
  owner: number;
  attempt: string;
}

/** A key that another request holds or held. */
export interface ExistingKey {
  fingerprint: string;
  state: 'in_progress' | 'completed';
  responseStatus: number | null;
  responseBody: unknown;
  /** In progress for longer than any request runs (rows from before migration 0037 only). */
  stale: boolean;
  /** The instance and request holding it (null on rows from before migration 0037). */
  owner: number | null;
  attempt: string | null;
}

/**
 * Takes the key for this request: a new row in_progress, or an expired row (not pruned yet) taken
 * over as if new. One statement, so of two requests with one key exactly one gets true. Times are
 * the database's, so every instance judges expiry alike.
 */
export async function claimKey(db: Db, claim: HeldKey, ttlHours: number): Promise<boolean> {
  const expiresAt = sql`now() + make_interval(hours => ${ttlHours})`;
  const rows = await db
    .insert(idempotencyKeys)
    .values({ ...claim, state: 'in_progress', expiresAt })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: {
        fingerprint: claim.fingerprint,
        owner: claim.owner,
        attempt: claim.attempt,
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
      owner: idempotencyKeys.owner,
      attempt: idempotencyKeys.attempt,
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

/** This request's row while it is still in progress (only its own attempt ends it). */
const ownRow = (claim: HeldKey) =>
  and(
    eq(idempotencyKeys.userId, claim.userId),
    eq(idempotencyKeys.key, claim.key),
    eq(idempotencyKeys.attempt, claim.attempt),
    eq(idempotencyKeys.state, 'in_progress'),
  );

/**
 * The key of a request that ended without completing it (or whose instance is gone), taken for
 * `claim`'s attempt: true when it was still in progress under `previousAttempt`. Waits for the row
 * lock of a transaction completing it (effect-seal.ts), and then finds it completed.
 */
export async function takeOverKey(db: Db, claim: HeldKey, previousAttempt: string): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    .set({ owner: claim.owner, attempt: claim.attempt, createdAt: sql`now()` })
    .where(
      and(
        eq(idempotencyKeys.userId, claim.userId),
        eq(idempotencyKeys.key, claim.key),
        eq(idempotencyKeys.fingerprint, claim.fingerprint),
        eq(idempotencyKeys.attempt, previousAttempt),
        eq(idempotencyKeys.state, 'in_progress'),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

/** One key an effect's transaction completes, with the reply (JSON text) its request will send. */
export interface SealedKey {
  userId: number;
  key: string;
  attempt: string;
  body: string;
}

// One statement for a whole group commit's keys; prepared, as the order path's other statements.
const sealStatement = prepared(
  'idempotency_seal',
  () => sql`
    UPDATE ${idempotencyKeys} AS k
    SET state = 'completed', response_status = 200, response_body = s.body::jsonb, completed_at = now()
    FROM unnest(
      ${sql.placeholder('users')}::bigint[], ${sql.placeholder('keys')}::text[],
      ${sql.placeholder('attempts')}::uuid[], ${sql.placeholder('bodies')}::text[]
    ) AS s(user_id, key, attempt, body)
    WHERE k.user_id = s.user_id AND k.key = s.key AND k.attempt = s.attempt AND k.state = 'in_progress'
    RETURNING k.user_id::text AS user_id, k.key`,
);

/**
 * Inside the effect's transaction: completes each key with its 200 reply, if its attempt still
 * holds it. Returns the keys completed (`<user id>:<key>`); one missing was taken over by a retry.
 */
export async function sealKeys(tx: Executor, keys: readonly SealedKey[]): Promise<Set<string>> {
  const rows = await runPrepared<{ user_id: string; key: string }>(tx, sealStatement, {
    users: keys.map((k) => k.userId),
    keys: keys.map((k) => k.key),
    attempts: keys.map((k) => k.attempt),
    bodies: keys.map((k) => k.body),
  });
  return new Set(rows.map((r) => `${r.user_id}:${r.key}`));
}

/** Stores the reply the request gave; false when its attempt no longer holds the key in progress. */
export async function completeKey(db: Db, claim: HeldKey, status: number, body: unknown): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    .set({ state: 'completed', responseStatus: status, responseBody: body, completedAt: sql`now()` })
    .where(ownRow(claim))
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

/**
 * Gives the key back (nothing was done, or nothing committed: an effect completes its key in its own
 * transaction, so a row still in progress means none). A retry with it runs afresh.
 */
export async function releaseKey(db: Db, claim: HeldKey): Promise<void> {
  await db.delete(idempotencyKeys).where(ownRow(claim));
}

/** Whether the instance `owner` is gone: nobody holds its advisory lock (PostgreSQL). */
export async function ownerGone(db: Db, lockSpace: number, owner: number): Promise<boolean> {
  const [row] = await queryRows<{ free: boolean }>(
    db,
    sql`SELECT pg_try_advisory_xact_lock(${lockSpace}::int, ${owner}::int) AS free`,
  );
  return row?.free === true;
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
