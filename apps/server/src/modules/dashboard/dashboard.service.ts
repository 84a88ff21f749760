import {
  type AdminDashboard,
  ASSET_COLORS,
  ASSET_FALLBACK_COLORS,
  type AssetDistributionItem,
  type Language,
  MAX_ASSET_DISTRIBUTION_ROWS,
  OTHER_ASSETS_NAME,
  RECENT_ACTIVITY_LIMIT,
  type RecentActivity,
  type WalletOverview,
  withdrawMethods,
} from '@platform/contracts';
import { startOfBeijingDay } from '@platform/domain';
import { Decimal, decimalFromDb, formatFixed, formatNormalised, sumDecimals } from '../../core/money.ts';
import {
  OVERVIEW_PRICE_WAIT_MS,
  type ReferencePriceSource,
  referencePrices,
} from '../../core/reference-prices.ts';
import type { Db } from '../../db/client.ts';
import { t } from '../../i18n/i18n.ts';
import { readThresholdAmounts } from '../dual-control/thresholds.service.ts';
import { usdtVolumeSince } from '../trading/admin/trading-admin.service.ts';
import * as repo from './dashboard.repository.ts';

export { OVERVIEW_PRICE_WAIT_MS, type ReferencePriceSource, referencePrices };

/**
 * The dashboard and the wallet overview: read-only aggregates, no audit (nothing changes).
 * Each call's independent queries run side by side (on PostgreSQL over several pool connections).
 * `prices` values the asset distribution; without it only USDT has a value.
 */
export function createDashboardService(deps: { db: Db; now?: () => Date; prices?: ReferencePriceSource }) {
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
      const [users, totals, pending, secondApprovals, nearThreshold] = await Promise.all([
        repo.userCounts(db, since),
        repo.flowTotals(db),
        repo.pendingCounts(db),
        repo.secondApprovalCounts(db),
        readThresholdAmounts(db).then((thresholds) => repo.nearThresholdUsers(db, thresholds)),
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
        // pendingKyc: the KYC review queue (applications pending, what 立即处理 opens).
        pendingTasks: {
          pendingKyc: users.kycPending,
          pendingDeposits: pending.deposits,
          pendingWithdrawals: pending.withdrawals,
        },
        secondApprovals,
        nearThreshold: nearThreshold.map((n) => ({
          ...n,
          total: money(n.total),
          threshold: formatNormalised(decimalFromDb(n.threshold)),
        })),
      };
    },

    /** The overview; its activities described in `language`. */
    async walletOverview(language: Language = 'zh-CN'): Promise<WalletOverview> {
      const since = today();
      const [users, depositedUsers, holdings, todayTotals, pending, volume, activities] = await Promise.all([
        repo.userCounts(db, since),
        repo.depositedUserCount(db),
        repo.userHoldings(db),
        repo.flowTotals(db, since),
        repo.pendingCounts(db),
        // 交易概览's 今日成交额: the orders of the four engines, not the ledger's kinds.
        usdtVolumeSince(db, since),
        repo.latestActivities(db, RECENT_ACTIVITY_LIMIT),
      ]);
      const prices = await referencePrices(
        deps.prices,
        holdings.filter((h) => decimalFromDb(h.amount).gt(0)).map((h) => h.currency),
      );
      return {
        userStats: { totalUsers: users.total, activeUsers: users.active, depositedUsers },
        // Valued like the distribution below: every priced currency in USDT, never USDT alone.
        totalAssets: formatFixed(valueHoldings(holdings, prices).total),
        totalDeposits: money(todayTotals.deposits),
        totalWithdrawals: money(todayTotals.withdrawals),
        pendingDeposits: pending.deposits,
        pendingWithdrawals: pending.withdrawals,
        // The KYC review queue (applications pending), as on the dashboard.
        pendingKyc: users.kycPending,
        todayVolume: money(volume),
        assetDistribution: assetDistribution(holdings, prices),
        recentActivities: recentActivities(activities, language),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;

const money = (value: string): string => formatFixed(decimalFromDb(value));

interface ValuedHolding {
  name: string;
  amount: Decimal;
  price: Decimal;
  value: Decimal;
}

/**
 * Positive holdings split into those with a reference price (valued in USDT, largest first) and
 * those without (by name), and the valued total: what 总资产 and the distribution both show.
 */
export function valueHoldings(
  holdings: readonly repo.CurrencyHolding[],
  prices: ReadonlyMap<string, string>,
) {
  const positive = holdings
    .map((h) => ({ name: h.currency, amount: decimalFromDb(h.amount) }))
    .filter((h) => h.amount.isPositive() && !h.amount.isZero());
  const valued: ValuedHolding[] = [];
  const unpriced: { name: string; amount: Decimal }[] = [];
  for (const h of positive) {
    const price = prices.get(h.name);
    if (price === undefined) unpriced.push(h);
    else valued.push({ ...h, price: new Decimal(price), value: h.amount.times(price) });
  }
  valued.sort((a, b) => b.value.comparedTo(a.value) || (a.name < b.name ? -1 : 1));
  unpriced.sort((a, b) => (a.name < b.name ? -1 : 1));
  return { valued, unpriced, total: sumDecimals(valued.map((v) => v.value)) };
}

/**
 * Users' holdings per currency valued in USDT at `prices` (USDT per unit), largest value first; past
 * four valued rows the rest are summed into 其他 (by value: amounts in different units are never
 * added). Shares are of the valued total, one decimal. Currencies without a price follow, each with
 * its amount and no value or share. Empty when nobody holds anything (the web then shows its four
 * zero rows).
 */
export function assetDistribution(
  holdings: readonly repo.CurrencyHolding[],
  prices: ReadonlyMap<string, string>,
): AssetDistributionItem[] {
  const { valued, unpriced, total } = valueHoldings(holdings, prices);
  const share = (value: Decimal) =>
    total.isZero() ? '0.0' : value.div(total).times(100).toFixed(1, Decimal.ROUND_HALF_UP);
  let fallback = 0;
  const color = (name: string) =>
    ASSET_COLORS[name] ?? ASSET_FALLBACK_COLORS[fallback++ % ASSET_FALLBACK_COLORS.length] ?? '#1677ff';

  const shown =
    valued.length <= MAX_ASSET_DISTRIBUTION_ROWS ? valued : valued.slice(0, MAX_ASSET_DISTRIBUTION_ROWS - 1);
  const rows: AssetDistributionItem[] = shown.map((v) => ({
    name: v.name,
    currency: v.name,
    currencies: [v.name],
    amount: formatFixed(v.amount),
    price: formatNormalised(v.price),
    value: formatFixed(v.value),
    percentage: share(v.value),
    color: color(v.name),
  }));
  if (shown.length < valued.length) {
    const rest = valued.slice(shown.length);
    const value = sumDecimals(rest.map((v) => v.value));
    rows.push({
      name: OTHER_ASSETS_NAME,
      currency: null,
      currencies: rest.map((v) => v.name),
      amount: null,
      price: null,
      value: formatFixed(value),
      percentage: share(value),
      color: color(OTHER_ASSETS_NAME),
    });
  }
  for (const h of unpriced) {
    rows.push({
      name: h.name,
      currency: h.name,
      currencies: [h.name],
      amount: formatFixed(h.amount),
      price: null,
      value: null,
      percentage: null,
      color: color(h.name),
    });
  }
  return rows;
}

/** The latest deposits and withdrawals merged, newest first, at most RECENT_ACTIVITY_LIMIT. */
export function recentActivities(
  rows: readonly repo.ActivityRow[],
  language: Language = 'zh-CN',
): RecentActivity[] {
  return [...rows]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
    .slice(0, RECENT_ACTIVITY_LIMIT)
    .map((row) => ({
      id: `${row.type}:${row.id}`,
      type: row.type,
      description: describe(row, language),
      created_at: row.createdAt.toISOString(),
      amount: money(row.amount),
      currency: row.currency,
      user_email: row.userEmail,
      status: row.status,
    }));
}

/** What happened: the kind and the channel or method; the status travels on its own (`status`). */
function describe(row: repo.ActivityRow, language: Language): string {
  if (row.type === 'deposit') return t(language, 'dashboard.deposit', { detail: row.detail });
  const method = withdrawMethods.find((m) => m === row.detail);
  return t(language, 'dashboard.withdrawal', {
    detail: method ? t(language, `dashboard.${method}`) : row.detail,
  });
}
