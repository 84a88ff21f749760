import {
  type AdminDeposit,
  DEFAULT_CURRENCY,
  type DepositStats,
  type DepositStatus,
} from '@platform/contracts';
import { Decimal } from '@platform/domain';
import type { DepositsData } from './depositsApi.ts';

const COUNT_KEY: Partial<Record<DepositStatus, keyof DepositStats>> = {
  pending: 'pendingDeposits',
  approved: 'approvedDeposits',
  rejected: 'rejectedDeposits',
};

function addCount(stats: DepositStats, status: DepositStatus, delta: number): void {
  const key = COUNT_KEY[status];
  if (key && key !== 'totalAmount' && key !== 'todayAmount') stats[key] = Math.max(0, stats[key] + delta);
}

function addAmount(stats: DepositStats, row: AdminDeposit, sign: 1 | -1): void {
  // The stats amounts are approved USDT; a reload corrects anything else.
  if (row.currency !== DEFAULT_CURRENCY) return;
  const delta = new Decimal(row.amount).times(sign);
  stats.totalAmount = new Decimal(stats.totalAmount).plus(delta).toFixed();
  stats.todayAmount = new Decimal(stats.todayAmount).plus(delta).toFixed();
}

/**
 * The list with some rows moved to new statuses and the counters adjusted to match: what the screen
 * shows while a review is on its way (and, with the old statuses, how it is rolled back).
 */
export function withDepositStatuses(
  data: DepositsData,
  changes: ReadonlyMap<number, { status: DepositStatus; admin_note?: string | null }>,
): DepositsData {
  const stats = { ...data.stats };
  const deposits = data.deposits.map((row) => {
    const change = changes.get(row.id);
    if (!change || change.status === row.status) return row;
    addCount(stats, row.status, -1);
    addCount(stats, change.status, 1);
    if (row.status === 'approved') addAmount(stats, row, -1);
    if (change.status === 'approved') addAmount(stats, row, 1);
    return {
      ...row,
      status: change.status,
      admin_note: change.admin_note === undefined ? row.admin_note : change.admin_note,
    };
  });
  return { ...data, deposits, stats };
}

/** The pending rows a batch acts on: the selected ones if any are selected, else every pending row shown. */
export function batchTargets(rows: readonly AdminDeposit[], selected: readonly number[]): AdminDeposit[] {
  const pending = rows.filter((row) => row.status === 'pending');
  if (selected.length === 0) return pending;
  const chosen = new Set(selected);
  return pending.filter((row) => chosen.has(row.id));
}
