import {
  type AdminDashboard,
  ASSET_COLORS,
  ASSET_FALLBACK_COLORS,
  type AssetDistributionItem,
  DEFAULT_CURRENCY,
  DEPOSIT_STATUS_LABELS,
  type DepositStatus,
  MAX_ASSET_DISTRIBUTION_ROWS,
  OTHER_ASSETS_NAME,
  RECENT_ACTIVITY_LIMIT,
  type RecentActivity,
  type WalletOverview,
  WITHDRAW_METHOD_LABELS,
  WITHDRAWAL_STATUS_LABELS,
  type WithdrawalStatus,
  type WithdrawMethod,
} from '@platform/contracts';
import { startOfBeijingDay } from '@platform/domain';
import { Decimal, decimalFromDb, formatFixed, sumDecimals } from '../../core/money.ts';
import type { Db } from '../../db/client.ts';
import * as repo from './dashboard.repository.ts';

/**
 * The dashboard and the wallet overview: read-only aggregates, no audit (nothing changes).
 * Each call's independent queries run side by side (on PostgreSQL over several pool connections).
 */
export function createDashboardService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const today = (): Date => {
    const start = startOfBeijingDay(now());
    if (!start) throw new Error('the clock returned an invalid time');
    return start;
  };

  return {
    async dashboard(): Promise<AdminDashboard> {
      const since = today();
      const [users, totals, pending] = await Promise.all([
        repo.userCounts(db, since),
        repo.flowTotals(db),
        repo.pendingCounts(db),
      ]);
      return {
        userStats: {
          totalUsers: users.total,
          newUsersToday: users.newToday,
          kycApprovedUsers: users.kycApproved,
        },
        financialStats: {
          totalDeposits: money(totals.deposits),
          pendingDeposits: pending.deposits,
          totalWithdrawals: money(totals.withdrawals),
          pendingWithdrawals: pending.withdrawals,
        },
        // KYC requests have no table yet (the next issue adds one): pending KYC is counted from
        // users.kyc_status = 'pending' until then.
        pendingTasks: {
          pendingKyc: users.kycPending,
          pendingDeposits: pending.deposits,
          pendingWithdrawals: pending.withdrawals,
        },
      };
    },

    async walletOverview(): Promise<WalletOverview> {
      const since = today();
      const [users, depositedUsers, holdings, todayTotals, pending, volume, activities] = await Promise.all([
        repo.userCounts(db, since),
        repo.depositedUserCount(db),
        repo.userHoldings(db),
        repo.flowTotals(db, since),
        repo.pendingCounts(db),
        repo.tradeVolumeSince(db, since),
        repo.latestActivities(db, RECENT_ACTIVITY_LIMIT),
      ]);
      const usdt = holdings.find((h) => h.currency === DEFAULT_CURRENCY);
      return {
        userStats: { totalUsers: users.total, activeUsers: users.active, depositedUsers },
        totalAssets: money(usdt?.amount ?? '0'),
        totalDeposits: money(todayTotals.deposits),
        totalWithdrawals: money(todayTotals.withdrawals),
        pendingDeposits: pending.deposits,
        pendingWithdrawals: pending.withdrawals,
        // From users.kyc_status = 'pending' until the KYC table exists (next issue).
        pendingKyc: users.kycPending,
        todayVolume: money(volume),
        assetDistribution: assetDistribution(holdings),
        recentActivities: recentActivities(activities),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;

const money = (value: string): string => formatFixed(decimalFromDb(value));

/**
 * Currencies with a positive total, largest first; past four rows the rest are summed into 其他.
 * Percentages are of the listed total, one decimal. Empty when nobody holds anything (the web
 * then shows its four zero rows).
 *
 * The amounts are summed in each currency's own units: exact while users hold USDT only; once
 * other currencies carry balances the shares need a valuation in USDT (market prices).
 */
export function assetDistribution(holdings: readonly repo.CurrencyHolding[]): AssetDistributionItem[] {
  const positive = holdings
    .map((h) => ({ name: h.currency, amount: decimalFromDb(h.amount) }))
    .filter((h) => h.amount.isPositive() && !h.amount.isZero())
    .sort((a, b) => b.amount.comparedTo(a.amount) || (a.name < b.name ? -1 : 1));
  if (positive.length === 0) return [];

  const rows =
    positive.length <= MAX_ASSET_DISTRIBUTION_ROWS
      ? positive
      : [
          ...positive.slice(0, MAX_ASSET_DISTRIBUTION_ROWS - 1),
          {
            name: OTHER_ASSETS_NAME,
            amount: sumDecimals(positive.slice(MAX_ASSET_DISTRIBUTION_ROWS - 1).map((h) => h.amount)),
          },
        ];
  const total = sumDecimals(rows.map((r) => r.amount));
  let fallback = 0;
  return rows.map((row) => ({
    name: row.name,
    amount: formatFixed(row.amount),
    percentage: row.amount.div(total).times(100).toFixed(1, Decimal.ROUND_HALF_UP),
    color:
      ASSET_COLORS[row.name] ?? ASSET_FALLBACK_COLORS[fallback++ % ASSET_FALLBACK_COLORS.length] ?? '#1677ff',
  }));
}

/** The latest deposits and withdrawals merged, newest first, at most RECENT_ACTIVITY_LIMIT. */
export function recentActivities(rows: readonly repo.ActivityRow[]): RecentActivity[] {
  return [...rows]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
    .slice(0, RECENT_ACTIVITY_LIMIT)
    .map((row) => ({
      id: `${row.type}:${row.id}`,
      type: row.type,
      description: describe(row),
      created_at: row.createdAt.toISOString(),
      amount: money(row.amount),
      currency: row.currency,
      user_email: row.userEmail,
      status: row.status,
    }));
}

function describe(row: repo.ActivityRow): string {
  if (row.type === 'deposit') {
    const status = DEPOSIT_STATUS_LABELS[row.status as DepositStatus] ?? row.status;
    return `充值 · ${row.detail} · ${status}`;
  }
  const method = WITHDRAW_METHOD_LABELS[row.detail as WithdrawMethod] ?? row.detail;
  const status = WITHDRAWAL_STATUS_LABELS[row.status as WithdrawalStatus] ?? row.status;
  return `提现 · ${method} · ${status}`;
}
