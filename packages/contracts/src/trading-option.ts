import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { decimalString, envelope, isoDateTime } from './envelope.ts';
import { investmentLevel, timeWindow } from './option-config.ts';
import { clientOrderId, tradeAmount, tradeSymbol } from './trading.ts';
import {
  timedContract,
  timedHistoryQuery,
  timedHistoryReply,
  timedOrderReply,
  timedPair,
  timedStatsReply,
} from './trading-flash.ts';

/**
 * Options (issue 6; ARCHITECTURE.md, "Trading engines" and "Fair settlement"): call or put on a
 * pair at an investment level whose percentage is the payout on a win. Levels are valid in window
 * or non-window periods (Beijing time) and open for a user after a minimum count of valid orders.
 * The option config (option-config.ts) governs these product parameters only; outcomes follow the
 * reference price, as for flash contracts.
 */

/** Durations an option may run for, in seconds. */
export const OPTION_DURATIONS = [60, 180, 300, 600] as const;
export const OPTION_MIN_STAKE = '10';
export const OPTION_MAX_STAKE = '50000';

export const optionDirections = ['call', 'put'] as const;
export const optionDirection = z.enum(optionDirections, { error: '方向必须是 call（看涨）或 put（看跌）' });

export const optionPeriods = ['window', 'nonWindow'] as const;
export const optionPeriod = z.enum(optionPeriods);
export const OPTION_PERIOD_LABELS: Record<(typeof optionPeriods)[number], string> = {
  window: '窗口期',
  nonWindow: '非窗口期',
};

export const optionOrderBody = z.object({
  symbol: tradeSymbol,
  direction: optionDirection,
  amount: tradeAmount,
  level: z.coerce
    .number({ error: '请选择投资等级' })
    .int('投资等级必须是整数')
    .positive('投资等级必须是正整数'),
  duration: z.coerce.number({ error: '请选择周期' }).int('周期必须是整数秒').positive('周期必须是正整数秒'),
  client_order_id: clientOrderId,
});
export type OptionOrderBody = z.infer<typeof optionOrderBody>;

export const optionLevelRefusals = ['disabled', 'not_in_period', 'not_opened', 'unknown'] as const;

/** Each level as the caller may use it now. */
export const optionLevelView = investmentLevel.extend({
  payout_rate: decimalString,
  available: z.boolean(),
  /** Why the caller cannot pick it now; null when available. */
  reason: z.enum(optionLevelRefusals).nullable(),
  reason_text: z.string().nullable(),
  /** Valid orders of the current period this level needs (0 for the first level). */
  orders_needed: z.number().int(),
});
export type OptionLevelView = z.infer<typeof optionLevelView>;

export const optionConfigForUser = z.object({
  /** The clock-independent switches. */
  enabled: z.boolean(),
  maintenanceMode: z.boolean(),
  /** enabled and not in maintenance. */
  tradable: z.boolean(),
  /** The current period, decided against the Beijing-time windows at server_time. */
  period: optionPeriod,
  inWindow: z.boolean(),
  activeWindow: timeWindow.nullable(),
  server_time: isoDateTime,
  /** HH:mm:ss, Beijing time. */
  beijing_time: z.string(),
  timeWindows: z.array(timeWindow),
  investmentLevels: z.array(investmentLevel),
  minTradeRequirements: z.object({ windowTime: z.number().int(), nonWindowTime: z.number().int() }),
  durations: z.array(z.number().int()),
  currency: z.string(),
  min_stake: decimalString,
  max_stake: decimalString,
  pairs: z.array(timedPair),
  /** The caller's valid orders (settled wins and losses) per period type. */
  valid_orders: z.object({ window: z.number().int(), nonWindow: z.number().int() }),
  levels: z.array(optionLevelView),
});
export type OptionConfigForUser = z.infer<typeof optionConfigForUser>;
export const optionConfigForUserReply = envelope(optionConfigForUser);

export const activeOption = timedContract.extend({ seconds_left: z.number().int() });
export const activeOptionsReply = envelope(z.object({ contracts: z.array(activeOption) }));

export const OPTION_TRADING_TEXTS = {
  configLoaded: '获取期权配置成功',
  historyLoaded: '获取期权记录成功',
  statsLoaded: '获取期权统计成功',
  activeLoaded: '获取进行中期权成功',
  disabled: '期权交易已关闭',
  maintenance: '期权交易维护中，请稍后再试',
  unknownLevel: '投资等级不存在',
  levelDisabled: '该投资等级已停用',
  notInPeriod: (period: (typeof optionPeriods)[number]) =>
    `该投资等级在${OPTION_PERIOD_LABELS[period]}不可用`,
  notOpened: (needed: number) => `需完成 ${needed} 笔有效订单后开放该等级`,
  unknownDuration: (allowed: readonly number[]) => `不支持的期权周期，可选：${allowed.join('、')} 秒`,
} as const;

export const getOptionConfigForUser = endpoint({
  method: 'GET',
  path: '/api/trading/option/config',
  operationId: 'getOptionConfigForUser',
  summary: '期权配置',
  description: "The options' settings.",
  reply: optionConfigForUserReply,
});
export const placeOptionOrder = endpoint({
  method: 'POST',
  path: '/api/trading/option/order',
  operationId: 'placeOptionOrder',
  summary: '期权下单',
  description: 'Places an option.',
  body: optionOrderBody,
  reply: timedOrderReply,
});
export const listOptionHistory = endpoint({
  method: 'GET',
  path: '/api/trading/option/history',
  operationId: 'listOptionHistory',
  summary: '期权历史订单',
  description: "The caller's options.",
  query: timedHistoryQuery,
  reply: timedHistoryReply,
});
export const getOptionStats = endpoint({
  method: 'GET',
  path: '/api/trading/option/stats',
  operationId: 'getOptionStats',
  summary: '期权统计',
  description: "The caller's option statistics.",
  reply: timedStatsReply,
});
export const listActiveOptions = endpoint({
  method: 'GET',
  path: '/api/trading/option/active',
  operationId: 'listActiveOptions',
  summary: '持仓中的期权',
  description: "The caller's open options.",
  reply: activeOptionsReply,
});
