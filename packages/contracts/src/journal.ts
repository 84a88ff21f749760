import { z } from 'zod';
import { dayRangeOrder, dayRangeShape } from './audit.ts';
import { endpoint } from './endpoint.ts';
import { decimalString, envelope, isoDateTime } from './envelope.ts';
import { pageQuery, pagination } from './pagination.ts';

/** GET /api/admin/transactions: the ledger journal, newest first (admin). */

/** Chinese names of the journal kinds the platform posts; any other kind is shown as it is. */
export const LEDGER_KIND_LABELS: Readonly<Record<string, string>> = {
  deposit: '充值',
  withdrawal_freeze: '提现冻结',
  withdrawal_complete: '提现出款',
  withdrawal_reject: '提现退回',
  spot_freeze: '现货挂单冻结',
  spot_fill: '现货成交',
  spot_cancel: '现货撤单退回',
  spot_release: '现货挂单释放',
  flash_open: '秒合约下单',
  flash_settle: '秒合约结算',
  option_open: '期权下单',
  option_settle: '期权结算',
  perpetual_open: '永续开仓',
  perpetual_close: '永续平仓',
  perpetual_liquidate: '永续强平',
  perpetual_margin: '永续追加保证金',
  perpetual_limit_freeze: '永续限价委托冻结',
  perpetual_limit_cancel: '永续撤单退回',
  perpetual_reduce: '永续部分平仓',
  perpetual_funding: '资金费用',
  team_reward: '团队奖励',
  team_salary: '团队工资',
  adjustment: '余额调整',
};

/** User account buckets (the API's balance, frozen_balance, salary_balance). */
export const LEDGER_BUCKET_LABELS: Readonly<Record<string, string>> = {
  available: '可用',
  frozen: '冻结',
  salary: '薪资',
};

/**
 * System accounts; their balance is derived from their entries. Typed by its names (not any
 * string), so the web's catalogues that take it must name each account in English too.
 */
export const LEDGER_SYSTEM_ACCOUNT_LABELS = {
  external_deposits: '外部充值',
  external_withdrawals: '外部提现',
  fees: '手续费',
  house_pnl: '平台盈亏',
  house_insurance: '保险基金',
  rewards: '奖励',
  salaries: '薪资发放',
  adjustments: '调账',
  house_funding: '资金费账户',
} as const satisfies Readonly<Record<string, string>>;

/**
 * How many of the newest matching rows the journal pages through, and the most it counts: past
 * this the total is an estimate (`totalExact: false`) and older rows are reached by narrowing the
 * date range. Counting or skipping millions of rows is what makes a journal page slow.
 */
export const JOURNAL_WINDOW = 10_000;

export const journalQuery = pageQuery
  .extend({
    ...dayRangeShape,
    /** A user id or an exact e-mail. */
    user: z
      .string()
      .trim()
      .max(200, '用户不能超过200个字符')
      .regex(/^(\d{1,15}|[^\s@]+@[^\s@]+)?$/, '请输入用户ID或邮箱')
      .optional(),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^([A-Z0-9]{2,12})?$/, '币种格式不正确')
      .optional(),
    kind: z
      .string()
      .trim()
      .regex(/^([\w.:-]{1,64})?$/, '类型格式不正确')
      .optional(),
  })
  .refine(...dayRangeOrder);
export type JournalQuery = z.infer<typeof journalQuery>;
export type JournalParams = z.input<typeof journalQuery>;

export const journalEntry = z.object({
  account: z.enum(['user', 'system']),
  user_id: z.number().int().nullable(),
  user_email: z.string().nullable(),
  /** available | frozen | salary for a user account; the system account's name otherwise. */
  bucket: z.string(),
  currency: z.string(),
  /** Signed: positive credits the account. */
  amount: decimalString,
  /** The user account's balance after the entry; null for system accounts. */
  balance_after: decimalString.nullable(),
});
export type JournalEntry = z.infer<typeof journalEntry>;

export const journalTransaction = z.object({
  id: z.number().int(),
  idempotency_key: z.string(),
  kind: z.string(),
  memo: z.string().nullable(),
  created_at: isoDateTime,
  entries: z.array(journalEntry),
});
export type JournalTransaction = z.infer<typeof journalTransaction>;

/**
 * `total` is exact when `totalExact`; otherwise more than JOURNAL_WINDOW rows match and it is a
 * lower bound (filtered) or the table's estimated size (unfiltered). `totalPages` covers the rows
 * that can be paged to: at most JOURNAL_WINDOW.
 */
export const journalPagination = pagination.extend({ totalExact: z.boolean() });
export type JournalPagination = z.infer<typeof journalPagination>;

export const journalReply = envelope(
  z.object({
    transactions: z.array(journalTransaction),
    pagination: journalPagination,
    /** Kinds for the filter select: the known kinds and those of recent transactions. */
    kinds: z.array(z.string()),
  }),
);
export type JournalReply = z.infer<typeof journalReply>;
export type JournalData = JournalReply['data'];

export const listAdminTransactions = endpoint({
  method: 'GET',
  path: '/api/admin/transactions',
  operationId: 'listAdminTransactions',
  summary: '资金流水（管理）',
  description: "The ledger's entries for all users (admin).",
  query: journalQuery,
  reply: journalReply,
});
