import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { setTwofaEnabledAt } from '../../users/users.ts';
import { twoFactorCredentials, twoFactorRecoveryCodes } from '../auth.schema.ts';

/** Data access of 2FA (TOTP): secrets, the replay guard and recovery codes. No rules here. */

export type TwoFactorRow = typeof twoFactorCredentials.$inferSelect;

export const findCredentials = async (exec: Executor, userId: number) =>
  (await exec.select().from(twoFactorCredentials).where(eq(twoFactorCredentials.userId, userId)).limit(1))[0];

/** The row locked for the rest of the transaction (enable and disable decide on it). */
export const lockCredentials = async (exec: Executor, userId: number) =>
  (
    await exec
      .select()
      .from(twoFactorCredentials)
      .where(eq(twoFactorCredentials.userId, userId))
      .limit(1)
      .for('update')
  )[0];

/** Stores a new pending secret (setup), keeping an enabled one as it is. */
export async function savePendingSecret(exec: Executor, userId: number, pendingSecret: string) {
  await exec
    .insert(twoFactorCredentials)
    .values({ userId, pendingSecret, pendingCreatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: twoFactorCredentials.userId,
      set: { pendingSecret, pendingCreatedAt: sql`now()`, updatedAt: sql`now()` },
    });
}

/** Turns the pending secret on; `step` is the time step of the code that proved it. */
export async function enableSecret(exec: Executor, userId: number, secret: string, step: number) {
  const [row] = await exec
    .update(twoFactorCredentials)
    .set({
      secret,
      pendingSecret: null,
      pendingCreatedAt: null,
      enabledAt: sql`now()`,
      lastUsedStep: step,
      updatedAt: sql`now()`,
    })
    .where(eq(twoFactorCredentials.userId, userId))
    .returning({ enabledAt: twoFactorCredentials.enabledAt });
  await setTwofaEnabledAt(exec, userId, row?.enabledAt ?? null);
}

/** Turns 2FA off: the secret, any pending one and every recovery code go. */
export async function removeTwoFactor(exec: Executor, userId: number) {
  await exec.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await exec.delete(twoFactorCredentials).where(eq(twoFactorCredentials.userId, userId));
  await setTwofaEnabledAt(exec, userId, null);
}

/**
 * Records `step` as used, if it is later than the last used one: one statement, so of two requests
 * with the same code exactly one gets `true`.
 */
export async function claimTimeStep(exec: Executor, userId: number, step: number): Promise<boolean> {
  const rows = await exec
    .update(twoFactorCredentials)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(twoFactorCredentials.userId, userId),
        sql`${twoFactorCredentials.enabledAt} IS NOT NULL`,
        or(isNull(twoFactorCredentials.lastUsedStep), lt(twoFactorCredentials.lastUsedStep, step)),
      ),
    )
    .returning({ userId: twoFactorCredentials.userId });
  return rows.length === 1;
}

export async function replaceRecoveryCodes(exec: Executor, userId: number, codeHashes: string[]) {
  await exec.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await exec.insert(twoFactorRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Spends an unused recovery code: one statement, so a code is spent once even under races. */
export async function spendRecoveryCode(exec: Executor, userId: number, codeHash: string): Promise<boolean> {
  const rows = await exec
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, codeHash),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length === 1;
}

export async function countUnusedRecoveryCodes(exec: Executor, userId: number): Promise<number> {
  const [row] = await exec
    .select({ n: sql<number>`count(*)::int` })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}
