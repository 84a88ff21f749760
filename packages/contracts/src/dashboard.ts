import { z } from 'zod';
import { secondApprovalCounts } from './approval-thresholds.ts';
import { endpoint } from './endpoint.ts';
import { decimalString, envelope, isoDateTime } from './envelope.ts';

/**
 * The admin dashboard (GET /api/admin/dashboard) and the wallet overview
 * (GET /api/admin/wallet/overview), spec 000 §2 and §3. "Today" is the Beijing calendar day
 * (Asia/Shanghai). Amounts are USDT decimal strings with 18 decimals; counts are integers.
 * A pending withdrawal is one an operator still has to decide: status pending or reviewing.
 */

export const dashboardUserStats = z.object({
  /** Users (role user): admins are not counted, here or in any userStats. */
  totalUsers: z.number().int(),
  /** Users registered since 00:00 Beijing time today. */
  newUsersToday: z.number().int(),
  kycApprovedUsers: z.number().int(),
});

export const dashboardFinancialStats = z.object({
  /** All-time amount of approved USDT deposits (an amount, not a count). */
  totalDeposits: decimalString,
  /** Deposits waiting for review (status pending): a count. */
  pendingDeposits: z.number().int(),
  /** All-time amount of completed (paid out) USDT withdrawals (an amount, not a count). */
  totalWithdrawals: decimalString,
  /** Withdrawals waiting for a decision (pending or reviewing): a count. */
  pendingWithdrawals: z.number().int(),
});

export const dashboardPendingTasks = z.object({
  /** Users whose KYC is pending. */
  pendingKyc: z.number().int(),
  pendingDeposits: z.number().int(),
  pendingWithdrawals: z.number().int(),
});

/**
 * Structuring watch (issue 32): users whose USDT deposit or withdrawal requests of the last
 * NEAR_THRESHOLD_DAYS days cluster just under the dual-control threshold — at least
 * NEAR_THRESHOLD_MIN_COUNT requests (any status) each from NEAR_THRESHOLD_RATIO of the threshold up
 * to, not including, the threshold. Most requests first; at most NEAR_THRESHOLD_LIMIT rows.
 */
export const NEAR_THRESHOLD_DAYS = 7;
export const NEAR_THRESHOLD_MIN_COUNT = 2;
export const NEAR_THRESHOLD_RATIO = '0.8';
export const NEAR_THRESHOLD_LIMIT = 50;
export const nearThresholdKinds = ['deposit', 'withdrawal'] as const;
export const nearThresholdUser = z.object({
  kind: z.enum(nearThresholdKinds),
  user_id: z.number().int(),
  user_email: z.string(),
  /** How many of the user's requests of that kind fall in the band. */
  count: z.number().int(),
  /** Their sum (USDT). */
  total: decimalString,
  /** The threshold in force (USDT). */
  threshold: decimalString,
});
export type NearThresholdUser = z.infer<typeof nearThresholdUser>;

export const adminDashboard = z.object({
  userStats: dashboardUserStats,
  financialStats: dashboardFinancialStats,
  pendingTasks: dashboardPendingTasks,
  /** What waits for a second admin (dual control, issue 17): 待复核 deposits, withdrawals, payouts, adjustments. */
  secondApprovals: secondApprovalCounts,
  /** 临界金额预警: users whose requests cluster just under a threshold (nearThresholdUser). */
  nearThreshold: z.array(nearThresholdUser),
});
export type AdminDashboard = z.infer<typeof adminDashboard>;
export const adminDashboardReply = envelope(adminDashboard);
export type AdminDashboardReply = z.infer<typeof adminDashboardReply>;

/** The name of the distribution row that gathers every valued currency past the first three. */
export const OTHER_ASSETS_NAME = '其他';
/**
 * At most this many valued rows: the three largest values and 其他. Currencies without a reference
 * price follow, each on its own row (amounts in different units are never added up).
 */
export const MAX_ASSET_DISTRIBUTION_ROWS = 4;
/** What a row without a reference price shows instead of its value. */
export const NO_REFERENCE_PRICE_TEXT = '无参考价';
/** The rows the wallet overview shows, all zero, while no user holds anything. */
export const EMPTY_ASSET_DISTRIBUTION_NAMES = ['USDT', 'BTC', 'ETH', OTHER_ASSETS_NAME] as const;
/** Colours of the distribution rows; currencies not listed take ASSET_FALLBACK_COLORS in order. */
export const ASSET_COLORS: Readonly<Record<string, string>> = {
  USDT: '#26a17b',
  BTC: '#f7931a',
  ETH: '#627eea',
  [OTHER_ASSETS_NAME]: '#8c8c8c',
};
export const ASSET_FALLBACK_COLORS = ['#1677ff', '#722ed1', '#eb2f96'] as const;

/**
 * One row of the asset distribution: users' holdings of a currency valued in USDT at the reference
 * price (the price trading opens orders at, `<currency>USDT`), its share of the valued total.
 */
export const assetDistributionItem = z.object({
  /** A currency code, or 其他. */
  name: z.string(),
  /** The unit of `amount`; null for 其他, which gathers several currencies. */
  currency: z.string().nullable(),
  /** The row's currencies: [currency], or the ones 其他 gathers. */
  currencies: z.array(z.string()),
  /** Sum of users' available and frozen balances in `currency`; null for 其他. */
  amount: decimalString.nullable(),
  /** USDT per unit at the reference price (USDT itself: 1); null without one (无参考价) and for 其他. */
  price: decimalString.nullable(),
  /** amount × price in USDT; 其他: the sum of its values; null without a reference price. */
  value: decimalString.nullable(),
  /** Share of the valued total in percent, one decimal ('62.5'); null for a row without a value. */
  percentage: decimalString.nullable(),
  color: z.string(),
});
export type AssetDistributionItem = z.infer<typeof assetDistributionItem>;

export const recentActivityTypes = ['deposit', 'withdrawal', 'other'] as const;
export const recentActivityType = z.enum(recentActivityTypes);
export type RecentActivityType = z.infer<typeof recentActivityType>;

export const recentActivity = z.object({
  /** Unique across types: 'deposit:12', 'withdrawal:7'. */
  id: z.string(),
  type: recentActivityType,
  /** What happened, in Chinese: '充值 · USDT-TRC20', '提现 · 支付宝' (the status is `status`). */
  description: z.string(),
  created_at: isoDateTime,
  amount: decimalString,
  currency: z.string(),
  user_email: z.string(),
  /**
   * The record's own status value (deposit or withdrawal status). Money has moved only for an
   * approved deposit and a completed withdrawal.
   */
  status: z.string(),
});
export type RecentActivity = z.infer<typeof recentActivity>;

/** How many activities the overview lists: the latest deposits and withdrawals merged. */
export const RECENT_ACTIVITY_LIMIT = 10;

export const walletOverview = z.object({
  userStats: z.object({
    /** Users (role user), as on the dashboard: admins are not counted. */
    totalUsers: z.number().int(),
    /** Users whose account is enabled (is_active), admins not counted. */
    activeUsers: z.number().int(),
    /** Users with at least one approved deposit. */
    depositedUsers: z.number().int(),
  }),
  /** Sum of every user's available + frozen USDT balance. */
  totalAssets: decimalString,
  /** USDT deposits approved today (Beijing day), whenever they were requested. */
  totalDeposits: decimalString,
  /** USDT withdrawals completed (paid out) today (Beijing day), whenever they were requested. */
  totalWithdrawals: decimalString,
  /** Counts, as on the dashboard: deposits pending; withdrawals pending or reviewing. */
  pendingDeposits: z.number().int(),
  pendingWithdrawals: z.number().int(),
  /**
   * Not in the spec's field list: users whose KYC is pending, the badge of the users entry card
   * (counted from users.kyc_status until the KYC table exists).
   */
  pendingKyc: z.number().int(),
  /**
   * Today's trading volume in USDT (Beijing day): Σ quote_amount of the USDT-quoted orders of every
   * product created today, the same figure as tradingStats.todayVolume (交易概览's 今日成交额).
   */
  todayVolume: decimalString,
  assetDistribution: z.array(assetDistributionItem),
  recentActivities: z.array(recentActivity),
});
export type WalletOverview = z.infer<typeof walletOverview>;
export const walletOverviewReply = envelope(walletOverview);
export type WalletOverviewReply = z.infer<typeof walletOverviewReply>;

export const getAdminDashboard = endpoint({
  method: 'GET',
  path: '/api/admin/dashboard',
  operationId: 'getAdminDashboard',
  summary: '后台首页统计',
  description: "The back office's dashboard figures.",
  reply: adminDashboardReply,
});
export const getWalletOverview = endpoint({
  method: 'GET',
  path: '/api/admin/wallet/overview',
  operationId: 'getWalletOverview',
  summary: '钱包概览',
  description: 'Platform-wide balances by currency (admin).',
  reply: walletOverviewReply,
});
