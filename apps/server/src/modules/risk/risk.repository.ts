import type { RiskAlertKind } from '@platform/contracts';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { riskAlerts, riskThresholds } from './risk.schema.ts';

export type ThresholdRow = typeof riskThresholds.$inferSelect;
export type AlertRow = typeof riskAlerts.$inferSelect;

export async function listThresholds(exec: Executor): Promise<ThresholdRow[]> {
  return exec.select().from(riskThresholds).orderBy(asc(riskThresholds.symbol));
}

export async function thresholdFor(exec: Executor, symbol: string): Promise<ThresholdRow | undefined> {
  const [row] = await exec
    .select()
    .from(riskThresholds)
    .where(eq(riskThresholds.symbol, symbol))
    .for('update');
  return row;
}

export async function upsertThreshold(
  exec: Executor,
  values: { symbol: string; netNotional: string | null; worstCaseLoss: string | null; updatedBy: number },
): Promise<void> {
  await exec
    .insert(riskThresholds)
    .values({ ...values, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: riskThresholds.symbol,
      set: {
        netNotional: values.netNotional,
        worstCaseLoss: values.worstCaseLoss,
        updatedBy: values.updatedBy,
        updatedAt: sql`now()`,
      },
    });
}

export async function deleteThreshold(exec: Executor, symbol: string): Promise<void> {
  await exec.delete(riskThresholds).where(eq(riskThresholds.symbol, symbol));
}

export async function listAlerts(exec: Executor): Promise<AlertRow[]> {
  return exec.select().from(riskAlerts).orderBy(asc(riskAlerts.symbol), asc(riskAlerts.kind));
}

/**
 * Records a crossing; true only for the call whose insert made the row (a second runner, or the next
 * turn while the value stays over, finds it there and gets false). A row still there has its value
 * brought up to date.
 */
export async function raiseAlert(
  exec: Executor,
  values: { symbol: string; kind: RiskAlertKind; threshold: string; value: string; since: Date },
): Promise<boolean> {
  const inserted = await exec
    .insert(riskAlerts)
    .values(values)
    .onConflictDoNothing()
    .returning({ symbol: riskAlerts.symbol });
  if (inserted.length > 0) return true;
  await exec
    .update(riskAlerts)
    .set({ threshold: values.threshold, value: values.value })
    .where(and(eq(riskAlerts.symbol, values.symbol), eq(riskAlerts.kind, values.kind)));
  return false;
}

/** Clears the alerts of (symbol, kind) pairs not in `keep` (back under, or no threshold any more). */
export async function clearAlertsExcept(exec: Executor, keep: readonly { symbol: string; kind: string }[]) {
  const keys = keep.map((k) => `${k.symbol}/${k.kind}`);
  const key = sql<string>`${riskAlerts.symbol} || '/' || ${riskAlerts.kind}`;
  await exec.delete(riskAlerts).where(keys.length === 0 ? sql`true` : notInArray(key, keys));
}
