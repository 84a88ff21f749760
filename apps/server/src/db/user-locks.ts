import { sql } from 'drizzle-orm';
import type { Tx } from './client.ts';

/**
 * Per-user transaction locks: one user's requests of one kind run one after another, so that a
 * count-then-insert limit (open orders, open positions, pending deposits) holds under concurrent
 * requests. Every scope is listed here, so that two features can never share a number.
 */
export const USER_LOCK_SCOPES = {
  spotPlacement: 1,
  perpetualOpening: 2,
  pendingDeposit: 3,
  /** Dual control over time: a user's deposit approvals, their withdrawal approvals, a payee's payouts. */
  depositApprovalWindow: 4,
  withdrawalApprovalWindow: 5,
  payoutApprovalWindow: 6,
  /** 地址簿: the count limit on saved withdrawal addresses. */
  addressBook: 7,
  /** 价格提醒: the count limit on a user's price alerts. */
  priceAlerts: 8,
} as const;

export type UserLockScope = keyof typeof USER_LOCK_SCOPES;

/**
 * Why one bigint key and not the two-int form `pg_advisory_xact_lock(scope::int, userId::int)`:
 * user ids are bigint, and `::int` fails ("integer out of range") for ids of 2^31 and above. The key
 * is the scope in the top bits and the id in the low 53 (`scope * 2^53 + userId`): every id the
 * server handles is a safe integer (below 2^53, see parseId in db/rows.ts), so two (scope, user)
 * pairs never share a key, unlike a hash. The keys are at least 2^53, so they never meet the small
 * single-key locks (the migration and bootstrap keys, hashtext's int4 values); PostgreSQL keeps the
 * two-int form in a separate key space anyway.
 */
const SCOPE_SHIFT = 53n;

export function userLockKey(scope: UserLockScope, userId: number): bigint {
  if (!Number.isSafeInteger(userId) || userId <= 0) throw new Error(`Not a user id for a lock: ${userId}`);
  return (BigInt(USER_LOCK_SCOPES[scope]) << SCOPE_SHIFT) | BigInt(userId);
}

/** Holds the user's lock of this scope until `tx` ends (commit or rollback). */
export async function lockUserScope(tx: Tx, scope: UserLockScope, userId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${userLockKey(scope, userId).toString()}::bigint)`);
}

/** Holds the lock of this scope of each of `userIds` until `tx` ends, taken in id order (no deadlock). */
export async function lockUserScopes(
  tx: Tx,
  scope: UserLockScope,
  userIds: readonly number[],
): Promise<void> {
  for (const userId of [...new Set(userIds)].sort((a, b) => a - b)) await lockUserScope(tx, scope, userId);
}
