import { z } from 'zod';
import { changeReply } from './changes.ts';
import { endpoint } from './endpoint.ts';
import { envelope, isoDateTime } from './envelope.ts';

/**
 * Option control (spec 001 §2 期权控制, §3 option config, §5 validation, §9 constants).
 *
 * Deliberately without the spec's `profitLoss` block (win rate, loss rate, force control, priority):
 * outcomes are decided only by the reference market price (ARCHITECTURE.md, "Fair settlement").
 * There is no field, key or code path for it; a saved config that carries one is refused.
 */

/** HH:mm, 24-hour, Beijing time. */
export const HHMM_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const TIME_WINDOW_FORMAT_MESSAGE = '时间窗口配置格式不正确，应为 HH:mm 格式（北京时间）';
export const DEFAULT_TIME_WINDOW = { start: '09:00', end: '09:05', enabled: true } as const;
export const OPTION_CONFIG_SECTIONS = [
  'timeWindows',
  'investmentLevels',
  'minTradeRequirements',
  'globalSettings',
] as const;
export type OptionConfigSection = (typeof OPTION_CONFIG_SECTIONS)[number];
export const OPTION_CONFIG_SECTION_LABELS: Record<OptionConfigSection, string> = {
  timeWindows: '时间窗口',
  investmentLevels: '投资等级',
  minTradeRequirements: '等级开放条件',
  globalSettings: '全局设置',
};
/**
 * A timed product's payout rate is at most MAX_PAYOUT_RATE (server config, default 0.95), so that a
 * call and a put of the same stake always lose together (issue 32).
 */
export const payoutRateLimitMessage = (maxPercent: string, what: string) =>
  `收益率不能超过 ${maxPercent}%（${what}）`;

export const incompleteConfigMessage = (missing: readonly string[]) =>
  `配置不完整，缺少: ${missing.join(', ')}。请联系管理员初始化配置。`;
export const OPTION_TEXTS = {
  loadFailed: '获取期权配置失败',
  saveFailed: '保存期权配置失败',
  saved: '期权配置保存成功',
  saving: '保存中...',
  save: '保存配置',
  reset: '重置配置',
  missingPrefix: '缺少的配置项',
} as const;

/** The option config's validation texts (the contracts' catalogue, messages.ts, holds their English). */
export const OPTION_CONFIG_TEXTS = {
  timeWindowFormat: TIME_WINDOW_FORMAT_MESSAGE,
  levelInteger: '等级必须是整数',
  levelMin: '等级至少为 1',
  levelMax: '等级最大为 100',
  percentageInteger: '收益百分比必须是整数',
  percentageMin: '收益百分比至少为 1',
  percentageMax: '收益百分比最大为 1000',
  minOrdersInteger: '最少有效订单数必须是整数',
  minOrdersMin: '最少有效订单数至少为 1',
  timeWindowsMax: '时间窗口最多 48 个',
  levelsRequired: '至少需要一个投资等级',
  levelsMax: '投资等级最多 20 个',
  windowStartIsEnd: '时间窗口的开始和结束不能相同',
  levelRepeated: (level: number | string) => `投资等级 ${level} 重复`,
} as const;
const T = OPTION_CONFIG_TEXTS;

const hhmm = z.string({ error: TIME_WINDOW_FORMAT_MESSAGE }).regex(HHMM_PATTERN, TIME_WINDOW_FORMAT_MESSAGE);

export const timeWindow = z.object({ start: hhmm, end: hhmm, enabled: z.boolean() });
export type TimeWindow = z.infer<typeof timeWindow>;

export const investmentLevel = z.object({
  level: z.number({ error: T.levelInteger }).int(T.levelInteger).min(1, T.levelMin).max(100, T.levelMax),
  /** Payout percentage of the stake on a win (80 means a win pays the stake back plus 80% of it). */
  percentage: z
    .number({ error: T.percentageInteger })
    .int(T.percentageInteger)
    .min(1, T.percentageMin)
    .max(1000, T.percentageMax),
  windowPeriodEnabled: z.boolean(),
  nonWindowPeriodEnabled: z.boolean(),
  enabled: z.boolean(),
});
export type InvestmentLevel = z.infer<typeof investmentLevel>;

const minOrders = z
  .number({ error: T.minOrdersInteger })
  .int(T.minOrdersInteger)
  .min(1, T.minOrdersMin)
  .max(100_000);

const optionConfigShape = z.object({
  globalSettings: z.object({ enabled: z.boolean(), maintenanceMode: z.boolean() }),
  timeWindows: z.array(timeWindow).max(48, T.timeWindowsMax),
  investmentLevels: z.array(investmentLevel).min(1, T.levelsRequired).max(20, T.levelsMax),
  /** Valid orders a user needs, per level above the first, to open the next level. */
  minTradeRequirements: z.object({ windowTime: minOrders, nonWindowTime: minOrders }),
});

/** The body of POST /api/admin/trading/options/config: the whole configuration, nothing else. */
export const optionConfig = optionConfigShape.strict().superRefine((config, ctx) => {
  const seen = new Set<number>();
  config.investmentLevels.forEach((l, i) => {
    if (seen.has(l.level)) {
      ctx.addIssue({
        code: 'custom',
        path: ['investmentLevels', i, 'level'],
        message: T.levelRepeated(l.level),
      });
    }
    seen.add(l.level);
  });
  config.timeWindows.forEach((w, i) => {
    if (w.start === w.end) {
      ctx.addIssue({
        code: 'custom',
        path: ['timeWindows', i, 'end'],
        message: T.windowStartIsEnd,
      });
    }
  });
});
export type OptionConfig = z.infer<typeof optionConfig>;

/** A fresh platform's configuration: switched on, one morning and one evening window, five levels. */
export const DEFAULT_OPTION_CONFIG: OptionConfig = {
  globalSettings: { enabled: true, maintenanceMode: false },
  timeWindows: [
    { start: '09:00', end: '09:05', enabled: true },
    { start: '21:00', end: '21:05', enabled: true },
  ],
  investmentLevels: [
    { level: 1, percentage: 80, windowPeriodEnabled: true, nonWindowPeriodEnabled: true, enabled: true },
    { level: 2, percentage: 85, windowPeriodEnabled: true, nonWindowPeriodEnabled: true, enabled: true },
    { level: 3, percentage: 88, windowPeriodEnabled: true, nonWindowPeriodEnabled: false, enabled: true },
    { level: 4, percentage: 92, windowPeriodEnabled: true, nonWindowPeriodEnabled: false, enabled: true },
    { level: 5, percentage: 95, windowPeriodEnabled: true, nonWindowPeriodEnabled: false, enabled: true },
  ],
  minTradeRequirements: { windowTime: 3, nonWindowTime: 5 },
};

export const optionConfigData = optionConfigShape.extend({
  updatedAt: isoDateTime.nullable(),
  updatedBy: z.number().int().nullable(),
});
export const optionConfigReply = envelope(optionConfigData);
export type OptionConfigData = z.infer<typeof optionConfigData>;

export const getOptionConfig = endpoint({
  method: 'GET',
  path: '/api/admin/trading/options/config',
  operationId: 'getOptionConfig',
  summary: '期权配置（管理）',
  description: "The options' settings (admin).",
  reply: optionConfigReply,
});
export const saveOptionConfig = endpoint({
  method: 'POST',
  path: '/api/admin/trading/options/config',
  operationId: 'saveOptionConfig',
  summary: '保存期权配置',
  description: "Saves the options' settings.",
  body: optionConfig,
  /** A proposal (docs/pending-changes.md): it takes effect once another admin approves it. */
  status: 202,
  reply: changeReply,
});
