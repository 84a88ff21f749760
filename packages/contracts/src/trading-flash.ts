import { z } from 'zod';
import { changeReply } from './changes.ts';
import { endpoint } from './endpoint.ts';
import { decimalString, envelope, isoDateTime } from './envelope.ts';
import { idParams, pageQuery, pagination } from './pagination.ts';
import {
  clientOrderId,
  contractOutcome,
  referencePrice,
  tradeAmount,
  tradeOrder,
  tradeSymbol,
} from './trading.ts';

/**
 * Flash (seconds) contracts (issue 6; ARCHITECTURE.md, "Trading engines" and "Fair settlement"): a
 * stake on the price going up or down over a duration, paid at the duration's rate on a win,
 * refunded on a draw, kept on a loss. Settled at expiry against the reference price only. The
 * contract views, history, stats and texts here are shared with the option product
 * (trading-option.ts), which settles the same way.
 */

// ---- configuration ----------------------------------------------------------------------------

/** The flash config's validation texts (the contracts' catalogue, messages.ts, holds their English). */
export const FLASH_CONFIG_TEXTS = {
  payoutRateText: '收益率必须是数字字符串',
  payoutRateFormat: '收益率格式不正确',
  payoutRatePositive: '收益率必须大于0',
  durationInteger: '周期必须是整数秒',
  durationMin: '周期至少 5 秒',
  durationMax: '周期最长 86400 秒',
  durationsRequired: '至少需要一个周期',
  durationsMax: '周期最多 20 个',
  maxStakeBelowMin: '最大投注金额不能小于最小投注金额',
  durationRepeated: (seconds: number | string) => `周期 ${seconds} 秒重复`,
} as const;
const C = FLASH_CONFIG_TEXTS;

/** A payout rate as a decimal string: 0.15 pays 15% of the stake on a win. */
const payoutRateText = z
  .string({ error: C.payoutRateText })
  .trim()
  .regex(/^\d{1,2}(\.\d{1,8})?$/, C.payoutRateFormat)
  .refine((v) => /[1-9]/.test(v), C.payoutRatePositive);

export const flashDuration = z.object({
  seconds: z
    .number({ error: C.durationInteger })
    .int(C.durationInteger)
    .min(5, C.durationMin)
    .max(86_400, C.durationMax),
  payout_rate: payoutRateText,
});
export type FlashDuration = z.infer<typeof flashDuration>;

/**
 * The flash product's parameters. The defaults below apply unless the app setting `flash.config`
 * holds a value valid against this schema (no admin screen yet).
 */
export const flashConfig = z
  .object({
    durations: z.array(flashDuration).min(1, C.durationsRequired).max(20, C.durationsMax),
    min_stake: tradeAmount,
    max_stake: tradeAmount,
  })
  .strict()
  .superRefine((config, ctx) => {
    const seen = new Set<number>();
    config.durations.forEach((d, i) => {
      if (seen.has(d.seconds)) {
        ctx.addIssue({
          code: 'custom',
          path: ['durations', i, 'seconds'],
          message: C.durationRepeated(d.seconds),
        });
      }
      seen.add(d.seconds);
    });
    if (compareDecimalText(config.min_stake, config.max_stake) > 0) {
      ctx.addIssue({ code: 'custom', path: ['max_stake'], message: C.maxStakeBelowMin });
    }
  });
export type FlashConfig = z.infer<typeof flashConfig>;

export const FLASH_CONFIG_SETTING_KEY = 'flash.config';
/** Stakes are in this currency: only pairs quoted in it are offered. */
export const TIMED_STAKE_CURRENCY = 'USDT';

export const DEFAULT_FLASH_CONFIG: FlashConfig = {
  durations: [
    { seconds: 30, payout_rate: '0.1' },
    { seconds: 60, payout_rate: '0.15' },
    { seconds: 120, payout_rate: '0.2' },
    { seconds: 300, payout_rate: '0.3' },
  ],
  min_stake: '10',
  max_stake: '50000',
};

/** Contracts a user may hold open at once (flash and option counted together). */
export const MAX_OPEN_TIMED_CONTRACTS = 200;
/** A settlement waits this long past expiry for a reference price before it voids the contract. */
export const TIMED_VOID_AFTER_SECONDS = 30;

export const timedPair = z.object({
  symbol: z.string(),
  base_currency: z.string(),
  quote_currency: z.string(),
});

export const flashConfigData = z.object({
  currency: z.string(),
  durations: z.array(
    z.object({
      seconds: z.number().int(),
      payout_rate: decimalString,
      /** The rate as a percentage, e.g. "15". */
      payout_percent: decimalString,
    }),
  ),
  min_stake: decimalString,
  max_stake: decimalString,
  max_open_contracts: z.number().int(),
  pairs: z.array(timedPair),
  /** How settlement works: the last reference tick at or before expiry, within this many seconds. */
  settlement: z.object({ tick_tolerance_seconds: z.number(), void_after_seconds: z.number() }),
});
export type FlashConfigData = z.infer<typeof flashConfigData>;
export const flashConfigReply = envelope(flashConfigData);

// ---- placing ----------------------------------------------------------------------------------

export const flashDirections = ['up', 'down'] as const;
export const flashDirection = z.enum(flashDirections, { error: '方向必须是 up（看涨）或 down（看跌）' });

const durationSeconds = z.coerce
  .number({ error: '请选择周期' })
  .int('周期必须是整数秒')
  .positive('周期必须是正整数秒');

export const flashOrderBody = z.object({
  symbol: tradeSymbol,
  direction: flashDirection,
  amount: tradeAmount,
  duration: durationSeconds,
  client_order_id: clientOrderId,
});
export type FlashOrderBody = z.infer<typeof flashOrderBody>;

// ---- contracts as the user sees them (flash and option) ---------------------------------------

export const timedContractStatuses = ['open', 'settled'] as const;
export const timedContractStatus = z.enum(timedContractStatuses, { error: '状态必须是 open 或 settled' });
export const TIMED_CONTRACT_STATUS_LABELS: Record<(typeof timedContractStatuses)[number], string> = {
  open: '进行中',
  settled: '已结算',
};

export const timedContract = z.object({
  order_id: z.number().int(),
  product: z.enum(['flash', 'option']),
  symbol: z.string(),
  direction: z.enum(['up', 'down', 'call', 'put']),
  stake: decimalString,
  currency: z.string(),
  payout_rate: decimalString,
  duration: z.number().int(),
  /** Option only: the investment level and the period it was placed in. */
  level: z.number().int().nullable(),
  period: z.enum(['window', 'nonWindow']).nullable(),
  /** The reference price the contract opened at. */
  entry: referencePrice,
  /** The reference price it settled against; null while open and for a void contract. */
  settlement: referencePrice.nullable(),
  status: timedContractStatus,
  outcome: contractOutcome.nullable(),
  /** What went back to the user, stake included (0 on a loss); null while open. */
  payout: decimalString.nullable(),
  /** payout − stake; null while open. */
  profit: decimalString.nullable(),
  opened_at: isoDateTime,
  expires_at: isoDateTime,
  settled_at: isoDateTime.nullable(),
});
export type TimedContract = z.infer<typeof timedContract>;

export const timedOrderReply = envelope(z.object({ order: tradeOrder, contract: timedContract }));

/**
 * GET /api/trading/orders/{id}: one of the caller's own orders (anyone else's is a 404), with its
 * contract when it is a flash or option order. What a statement row links to.
 */
export const ownOrderReply = envelope(z.object({ order: tradeOrder, contract: timedContract.nullable() }));
export type OwnOrder = NonNullable<z.infer<typeof ownOrderReply>['data']>;

export const timedHistoryQuery = pageQuery.extend({
  symbol: tradeSymbol.optional(),
  status: timedContractStatus.optional(),
});
export type TimedHistoryQuery = z.infer<typeof timedHistoryQuery>;
export const timedHistoryReply = envelope(z.object({ contracts: z.array(timedContract), pagination }));

export const timedStats = z.object({
  total: z.number().int(),
  open: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  draws: z.number().int(),
  voids: z.number().int(),
  /** Stakes of every contract, open ones included. */
  total_stake: decimalString,
  /** What settled contracts returned, stakes included. */
  total_payout: decimalString,
  /** total payout − stakes of the settled contracts. */
  net_profit: decimalString,
  /** wins / (wins + losses) in percent, 2 decimals ("0.00" with none). */
  win_rate: decimalString,
});
export type TimedStats = z.infer<typeof timedStats>;
export const timedStatsReply = envelope(timedStats);

export const FLASH_TEXTS = {
  configLoaded: '获取秒合约配置成功',
  historyLoaded: '获取秒合约记录成功',
  statsLoaded: '获取秒合约统计成功',
  unknownDuration: (allowed: readonly number[]) => `不支持的周期，可选：${allowed.join('、')} 秒`,
  configBroken: '秒合约配置已损坏，请联系管理员',
} as const;

/** Refusals shared by flash and option placement. */
export const TIMED_TEXTS = {
  stakeTooSmall: (min: string, currency: string) => `投注金额不能低于 ${min} ${currency}`,
  stakeTooLarge: (max: string, currency: string) => `投注金额不能超过 ${max} ${currency}`,
  pairNotOffered: (symbol: string, currency: string) => `交易对 ${symbol} 不支持（仅支持 ${currency} 计价）`,
  tooManyOpen: (max: number) => `未结算的合约过多（最多 ${max} 笔），请等待结算后再下单`,
  clientOrderIdTaken: 'client_order_id 已用于其他产品的订单',
} as const;

/** Compares two non-negative decimal strings without floats (for the schema's min ≤ max rule). */
function compareDecimalText(a: string, b: string): number {
  const [ai = '', af = ''] = a.split('.');
  const [bi = '', bf = ''] = b.split('.');
  const aInt = ai.replace(/^0+/, '');
  const bInt = bi.replace(/^0+/, '');
  if (aInt.length !== bInt.length) return aInt.length < bInt.length ? -1 : 1;
  if (aInt !== bInt) return aInt < bInt ? -1 : 1;
  const width = Math.max(af.length, bf.length);
  const aFrac = af.padEnd(width, '0');
  const bFrac = bf.padEnd(width, '0');
  return aFrac === bFrac ? 0 : aFrac < bFrac ? -1 : 1;
}

export const getFlashConfig = endpoint({
  method: 'GET',
  path: '/api/trading/flash/config',
  operationId: 'getFlashConfig',
  summary: '闪电合约配置',
  description: "The flash contracts' settings.",
  reply: flashConfigReply,
});
export const placeFlashOrder = endpoint({
  method: 'POST',
  path: '/api/trading/flash/order',
  operationId: 'placeFlashOrder',
  summary: '闪电合约下单',
  description: 'Places a flash contract.',
  body: flashOrderBody,
  reply: timedOrderReply,
});
export const listFlashHistory = endpoint({
  method: 'GET',
  path: '/api/trading/flash/history',
  operationId: 'listFlashHistory',
  summary: '闪电合约历史订单',
  description: "The caller's flash contracts.",
  query: timedHistoryQuery,
  reply: timedHistoryReply,
});
export const getFlashStats = endpoint({
  method: 'GET',
  path: '/api/trading/flash/stats',
  operationId: 'getFlashStats',
  summary: '闪电合约统计',
  description: "The caller's flash contract statistics.",
  reply: timedStatsReply,
});
export const getMyOrder = endpoint({
  method: 'GET',
  path: '/api/trading/orders/:id',
  operationId: 'getMyOrder',
  summary: '订单详情',
  description: "One of the caller's orders.",
  params: idParams,
  reply: ownOrderReply,
});

/**
 * PUT /api/admin/trading/flash/config: proposes a new flash config (durations, rates, stake limits);
 * it takes effect once another admin approves it (docs/pending-changes.md). Each rate is at most
 * MAX_PAYOUT_RATE.
 */
export const proposeFlashConfig = endpoint({
  method: 'PUT',
  path: '/api/admin/trading/flash/config',
  operationId: 'proposeFlashConfig',
  summary: '提交秒合约配置变更',
  description: "Proposes a change of the flash contracts' settings (another admin must approve).",
  body: flashConfig,
  status: 202,
  reply: changeReply,
});
