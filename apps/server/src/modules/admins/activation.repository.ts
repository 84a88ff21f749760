import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { accountRow, userAccount } from '../users/users.ts';
import { adminActivations } from './admins.schema.ts';

/** Data access of admin activation links. No rules here. */

/**
 * Password hashes of accounts nobody can log in to: not argon2 hashes, so verifyPassword is false
 * for every password. A new admin has NO_PASSWORD until activation; a deleted admin DELETED_PASSWORD.
 */
export const NO_PASSWORD = '!activation-pending';
export const DELETED_PASSWORD = '!deleted';

export type ActivationRow = typeof adminActivations.$inferSelect;

/** The link's account, the whole row (activation sets its password and 2FA up). */
const account = userAccount('account');

/** A new link; `hours` from now by the database's clock. */
export async function insertActivation(
  exec: Executor,
  values: { userId: number; tokenHash: string; createdBy: number; hours: number },
) {
  const [row] = await exec
    .insert(adminActivations)
    .values({
      userId: values.userId,
      tokenHash: values.tokenHash,
      createdBy: values.createdBy,
      expiresAt: sql`now() + make_interval(hours => ${values.hours}::int)`,
    })
    .returning();
  if (!row) throw new Error('insert into admin_activations returned nothing');
  return row;
}

/** Revokes every link of the admin still in force; returns how many. */
export async function revokeActivations(exec: Executor, userId: number): Promise<number> {
  const rows = await exec
    .update(adminActivations)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(adminActivations.userId, userId),
        isNull(adminActivations.usedAt),
        isNull(adminActivations.revokedAt),
      ),
    )
    .returning({ id: adminActivations.id });
  return rows.length;
}

/**
 * The link behind a token hash with its account and whether it has expired (the database's clock);
 * `lock` locks the link for the caller's transaction (completion decides on it).
 */
export async function findActivation(exec: Executor, tokenHash: string, lock = false) {
  const query = exec
    .select({
      activation: adminActivations,
      user: accountRow(account),
      expired: sql<boolean>`${adminActivations.expiresAt} <= now()`,
    })
    .from(adminActivations)
    .innerJoin(account, eq(account.id, adminActivations.userId))
    .where(eq(adminActivations.tokenHash, tokenHash));
  const [row] = await (lock ? query.for('update', { of: adminActivations }) : query);
  return row;
}

export async function markActivationUsed(exec: Executor, id: number): Promise<boolean> {
  const rows = await exec
    .update(adminActivations)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(adminActivations.id, id), isNull(adminActivations.usedAt), isNull(adminActivations.revokedAt)),
    )
    .returning({ id: adminActivations.id });
  return rows.length === 1;
}
