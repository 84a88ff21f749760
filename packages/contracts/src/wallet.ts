import { z } from 'zod';
import { amount } from './amount.ts';
import { walletView, withdrawRequirement } from './auth.ts';
import { endpoint } from './endpoint.ts';
import { depositChannelType, depositStatus, withdrawalStatus, withdrawMethod } from './enums.ts';
import { decimalString, envelope, isoDateTime } from './envelope.ts';
import { idParams, pageQuery, pagination } from './pagination.ts';
import { totpCode } from './two-factor.ts';

/** The user's own money calls (ARCHITECTURE.md, "API conventions"). */

/** A positive amount as a decimal string with at most 8 decimals: '100', '12.5'. */
export const positiveAmount = amount({ label: '金额', integer: 12, scale: 8 });

/** Optional free text: blank becomes absent. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `不能超过${max}个字符`)
    .transform((v) => v || undefined)
    .optional();

/** A wallet with its value in USDT at the reference price (issue 20: 总资产 values every coin). */
export const valuedWallet = walletView.extend({
  /** USDT per unit at the reference price of `<currency>USDT` (1 for USDT); null when the market has none. */
  price_usdt: decimalString.nullable(),
  /** (balance + frozen + salary) × price_usdt; null without a price (never counted as 0 silently). */
  value_usdt: decimalString.nullable(),
});
export type ValuedWallet = z.infer<typeof valuedWallet>;

export const walletReply = envelope(
  z.object({
    wallets: z.array(valuedWallet),
    /** The sum of every value_usdt: the currencies in unpriced_currencies are not in it. */
    total_value_usdt: decimalString,
    /** Currencies the user holds that have no reference price now (shown as 无参考价, left out of the total). */
    unpriced_currencies: z.array(z.string()),
    withdrawRequirement: withdrawRequirement,
  }),
);
export type WalletReply = z.infer<typeof walletReply>;

/** A deposit channel as users see it: where to pay, no admin fields. */
export const userDepositChannel = z.object({
  id: z.number().int(),
  name: z.string(),
  type: depositChannelType,
  currency: z.string(),
  address: z.string(),
  qr_code_url: z.string().nullable(),
  min_amount: decimalString,
  max_amount: decimalString,
  description: z.string().nullable(),
});
export type UserDepositChannel = z.infer<typeof userDepositChannel>;
export const userDepositChannelsReply = envelope(z.object({ channels: z.array(userDepositChannel) }));

export const userWithdrawChannel = z.object({
  id: z.number().int(),
  name: z.string(),
  type: withdrawMethod,
  currency: z.string(),
  min_amount: decimalString,
  max_amount: decimalString,
  /** A fraction: 0.015 is 1.5%. */
  fee_rate: decimalString,
  description: z.string().nullable(),
});
export type UserWithdrawChannel = z.infer<typeof userWithdrawChannel>;
export const userWithdrawChannelsReply = envelope(z.object({ channels: z.array(userWithdrawChannel) }));

export const createDepositBody = z.object({
  channel_id: z.coerce.number({ error: '请选择充值渠道' }).int().positive('请选择充值渠道'),
  amount: positiveAmount,
  tx_hash: optionalText(200),
  remark: optionalText(500),
});
export type CreateDepositBody = z.infer<typeof createDepositBody>;

export const userDeposit = z.object({
  id: z.number().int(),
  channel_id: z.number().int().nullable(),
  channel_name: z.string(),
  to_address: z.string().nullable(),
  currency: z.string(),
  amount: decimalString,
  tx_hash: z.string().nullable(),
  remark: z.string().nullable(),
  status: depositStatus,
  admin_note: z.string().nullable(),
  created_at: isoDateTime,
  reviewed_at: isoDateTime.nullable(),
});
export type UserDeposit = z.infer<typeof userDeposit>;
export const userDepositReply = envelope(z.object({ deposit: userDeposit }));
export const userDepositsReply = envelope(z.object({ deposits: z.array(userDeposit), pagination }));

/** The network of a USDT withdrawal address (checked by usdtAddressNetwork in packages/domain). */
export const usdtNetwork = z.enum(['TRC20', 'ERC20']);
export type UsdtNetworkName = z.infer<typeof usdtNetwork>;

export const payeeAccount = z.object({
  account: z.string().trim().min(1, '请输入收款账号').max(100),
  name: z.string().trim().min(1, '请输入收款人姓名').max(50),
  phone: z.string().trim().max(32).nullable().optional(),
});
export type PayeeAccountBody = z.infer<typeof payeeAccount>;

export const createWithdrawalBody = z
  .object({
    withdraw_type: withdrawMethod,
    /** Optional: without it the first active channel of withdraw_type is used. */
    channel_id: z.coerce.number().int().positive().optional(),
    amount: positiveAmount,
    address: optionalText(200),
    account_info: payeeAccount.optional(),
    user_remark: optionalText(500),
    /** Required when the user has 2FA on (see two-factor.ts). */
    totp: totpCode.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.withdraw_type === 'usdt' && !body.address) {
      ctx.addIssue({ code: 'custom', path: ['address'], message: '请输入提现地址' });
    }
    if (body.withdraw_type !== 'usdt' && !body.account_info) {
      ctx.addIssue({ code: 'custom', path: ['account_info'], message: '请填写收款账户信息' });
    }
  });
export type CreateWithdrawalBody = z.infer<typeof createWithdrawalBody>;

export const userWithdrawal = z.object({
  id: z.number().int(),
  withdraw_type: withdrawMethod,
  channel: z.string(),
  currency: z.string(),
  amount: decimalString,
  fee: decimalString,
  /** amount + fee: what the request froze. */
  total: decimalString,
  address: z.string().nullable(),
  /** usdt: TRC20 or ERC20; null for payee withdrawals (and old rows of neither shape). */
  network: usdtNetwork.nullable(),
  account_info: z
    .object({ account: z.string(), name: z.string(), phone: z.string().nullable().optional() })
    .nullable(),
  status: withdrawalStatus,
  user_remark: z.string().nullable(),
  admin_remark: z.string().nullable(),
  /** 已出款 of a USDT withdrawal: the payout's transaction hash, as the admin entered it (TRC20: 64 hex, ERC20: 0x + 64 hex). */
  tx_hash: z.string().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type UserWithdrawal = z.infer<typeof userWithdrawal>;
export const userWithdrawalReply = envelope(z.object({ withdrawal: userWithdrawal }));
export const userWithdrawalsReply = envelope(z.object({ withdrawals: z.array(userWithdrawal), pagination }));

export const ownHistoryQuery = pageQuery;

/**
 * What a ledger row of the statement was for (issue 20: each row links to it): an order of any
 * product (the order's id), a deposit, a withdrawal, a balance adjustment or a team reward. Salary
 * payouts name no record (they are per user and day); their reference is null.
 */
export const ledgerReferenceKinds = ['order', 'deposit', 'withdrawal', 'adjustment', 'reward'] as const;
export const ledgerReference = z.object({ kind: z.enum(ledgerReferenceKinds), id: z.number().int() });
export type LedgerReference = z.infer<typeof ledgerReference>;

export const ledgerBuckets = ['available', 'frozen', 'salary'] as const;
export const ledgerBucket = z.enum(ledgerBuckets);
export type LedgerBucket = z.infer<typeof ledgerBucket>;

/**
 * How a statement row moved the user's money (statementMovementOf in packages/domain): in or out of
 * what they hold, or only between their own buckets (a freeze: a stake, an order or a withdrawal
 * waiting; an unfreeze: returned to available; internal: any other move between them).
 */
export const statementMovements = ['in', 'out', 'freeze', 'unfreeze', 'internal'] as const;
export const statementMovement = z.enum(statementMovements);
export type StatementMovement = z.infer<typeof statementMovement>;

/**
 * One row of the user's statement (全部流水): one ledger transaction in one currency, with what it did
 * to each of the user's buckets. `amount` is the change of everything held in the currency
 * (available + frozen + salary): 0 for a freeze or an unfreeze.
 */
export const userTransaction = z.object({
  /** The row's last ledger entry: a stable key, newest rows first. */
  id: z.number().int(),
  transaction_id: z.number().int(),
  kind: z.string(),
  memo: z.string().nullable(),
  currency: z.string(),
  movement: statementMovement,
  amount: decimalString,
  changes: z.array(z.object({ bucket: ledgerBucket, amount: decimalString, balance_after: decimalString })),
  reference: ledgerReference.nullable(),
  created_at: isoDateTime,
});
export type UserTransaction = z.infer<typeof userTransaction>;
export const userTransactionsQuery = pageQuery.extend({
  currency: z
    .string()
    .regex(/^[A-Z0-9]{2,12}$/, '币种格式不正确')
    .optional(),
});
export const userTransactionsReply = envelope(
  z.object({ transactions: z.array(userTransaction), pagination }),
);

export const listActiveDepositChannels = endpoint({
  method: 'GET',
  path: '/api/wallet/deposit-channels',
  operationId: 'listActiveDepositChannels',
  summary: '可用的充值渠道',
  description: 'The deposit channels available.',
  reply: userDepositChannelsReply,
});
export const listActiveWithdrawChannels = endpoint({
  method: 'GET',
  path: '/api/wallet/withdraw-channels',
  operationId: 'listActiveWithdrawChannels',
  summary: '可用的提现渠道',
  description: 'The withdrawal channels available.',
  reply: userWithdrawChannelsReply,
});
export const createDeposit = endpoint({
  method: 'POST',
  path: '/api/wallet/deposits',
  operationId: 'createDeposit',
  summary: '提交充值申请',
  description: 'Submits a deposit request.',
  body: createDepositBody,
  reply: userDepositReply,
});
export const getDeposit = endpoint({
  method: 'GET',
  path: '/api/wallet/deposits/:id',
  operationId: 'getDeposit',
  summary: '充值记录详情',
  description: "One of the caller's deposits.",
  params: idParams,
  reply: userDepositReply,
});
export const listDeposits = endpoint({
  method: 'GET',
  path: '/api/wallet/deposits',
  operationId: 'listDeposits',
  summary: '充值记录',
  description: "The caller's deposits.",
  query: ownHistoryQuery,
  reply: userDepositsReply,
});
export const getWallet = endpoint({
  method: 'GET',
  path: '/api/wallet',
  operationId: 'getWallet',
  summary: '我的钱包',
  description: "The caller's balances.",
  reply: walletReply,
});
/**
 * One held coin's cost and unrealised P&L (issue 33, 资产): the moving-average cost of the coins
 * bought on spot (a sell takes coins out at that average, leaving it unchanged); coins that came
 * without a buy price (deposits, adjustments, rewards) are `unknown_quantity`, shown as 成本未知.
 */
export const holding = z.object({
  currency: z.string(),
  /** Everything held: available + frozen + salary. */
  quantity: decimalString,
  /** The part bought on spot whose cost is known, and the rest. */
  known_quantity: decimalString,
  unknown_quantity: decimalString,
  /** USDT per coin; null when no held coin has a known cost. */
  avg_cost: decimalString.nullable(),
  /** The reference index price now; null when the market has none. */
  price_usdt: decimalString.nullable(),
  /** (price_usdt − avg_cost) × known_quantity in USDT; null without a cost or a price. */
  unrealised_pnl: decimalString.nullable(),
  /** (price_usdt − avg_cost) / avg_cost × 100, two decimals; null as above. */
  unrealised_pnl_percent: decimalString.nullable(),
});
export type Holding = z.infer<typeof holding>;
export const holdingsReply = envelope(z.object({ holdings: z.array(holding) }));
export const getHoldings = endpoint({
  method: 'GET',
  path: '/api/wallet/holdings',
  operationId: 'getHoldings',
  summary: '我的持仓成本与未实现盈亏',
  description: "The caller's holdings with their cost and unrealised PnL.",
  reply: holdingsReply,
});
export const listTransactions = endpoint({
  method: 'GET',
  path: '/api/wallet/transactions',
  operationId: 'listTransactions',
  summary: '我的资金流水',
  description: "The caller's ledger entries.",
  query: userTransactionsQuery,
  reply: userTransactionsReply,
});
export const createWithdrawal = endpoint({
  method: 'POST',
  path: '/api/wallet/withdrawals',
  operationId: 'createWithdrawal',
  summary: '提交提现申请',
  description: 'Submits a withdrawal request.',
  body: createWithdrawalBody,
  reply: userWithdrawalReply,
});
export const listWithdrawals = endpoint({
  method: 'GET',
  path: '/api/wallet/withdrawals',
  operationId: 'listWithdrawals',
  summary: '提现记录',
  description: "The caller's withdrawals.",
  query: ownHistoryQuery,
  reply: userWithdrawalsReply,
});
export const getWithdrawal = endpoint({
  method: 'GET',
  path: '/api/wallet/withdrawals/:id',
  operationId: 'getWithdrawal',
  summary: '提现记录详情',
  description: "One of the caller's withdrawals.",
  params: idParams,
  reply: userWithdrawalReply,
});
