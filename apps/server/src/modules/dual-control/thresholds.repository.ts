import { DEFAULT_APPROVAL_THRESHOLDS } from '@platform/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { userDirectory } from '../users/users.ts';
import { approvalThresholds } from './dual-control.schema.ts';

export interface StoredThresholds {
  deposit: string;
  withdrawal: string;
  payout: string;
  updatedAt: Date | null;
  /** E-mail of the super admin who last saved them; null while they are the seeded defaults. */
  updatedBy: string | null;
}

/** The super admin who last saved the thresholds. */
const editor = userDirectory('thresholds_editor');

/**
 * The thresholds in force. Migration 0024 seeds the row; should it ever be missing the defaults
 * apply (never "no dual control").
 */
export async function readThresholds(exec: Executor): Promise<StoredThresholds> {
  const [row] = await exec
    .select({
      deposit: approvalThresholds.deposit,
      withdrawal: approvalThresholds.withdrawal,
      payout: approvalThresholds.payout,
      updatedAt: approvalThresholds.updatedAt,
      updatedByEmail: editor.email,
    })
    .from(approvalThresholds)
    .leftJoin(editor, eq(editor.id, approvalThresholds.updatedBy))
    .where(eq(approvalThresholds.id, 1));
  if (!row) return { ...DEFAULT_APPROVAL_THRESHOLDS, updatedAt: null, updatedBy: null };
  return {
    deposit: row.deposit,
    withdrawal: row.withdrawal,
    payout: row.payout,
    updatedAt: row.updatedByEmail ? row.updatedAt : null,
    updatedBy: row.updatedByEmail,
  };
}

export type ThresholdAmounts = Pick<StoredThresholds, 'deposit' | 'withdrawal' | 'payout'>;

/**
 * Just the amounts in force (no join), for the reviews and payouts: a batch reads them once per
 * call. `lock` (inside a transaction) takes the row's lock until commit: the save reads the
 * `before` of its audit so, and no concurrent save can slip between that read and its write.
 */
export async function readThresholdAmounts(
  exec: Executor,
  opts: { lock?: boolean } = {},
): Promise<ThresholdAmounts> {
  const query = exec
    .select({
      deposit: approvalThresholds.deposit,
      withdrawal: approvalThresholds.withdrawal,
      payout: approvalThresholds.payout,
    })
    .from(approvalThresholds)
    .where(eq(approvalThresholds.id, 1));
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row) return { ...DEFAULT_APPROVAL_THRESHOLDS };
  return row;
}

/** Saves the three thresholds (validated by the caller) in the caller's transaction. */
export async function writeThresholds(
  exec: Executor,
  values: { deposit: string; withdrawal: string; payout: string },
  adminId: number,
): Promise<void> {
  await exec
    .insert(approvalThresholds)
    .values({ id: 1, ...values, updatedBy: adminId })
    .onConflictDoUpdate({
      target: approvalThresholds.id,
      set: { ...values, updatedBy: adminId, updatedAt: sql`now()` },
    });
}
