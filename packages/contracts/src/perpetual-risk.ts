import { z } from 'zod';
import { amount } from './amount.ts';
import { adminChange, changeReply } from './changes.ts';
import { endpoint } from './endpoint.ts';
import { decimalString, envelope, isoDateTime } from './envelope.ts';
import { pageQuery, pagination } from './pagination.ts';
import { PERPETUAL_MAX_LEVERAGE, perpetualSide } from './trading-perpetual.ts';

/**
 * The perpetuals' risk parameters (issue 34, docs/perpetual-risk.md): leverage tiers by position
 * notional (Binance's leverage brackets), open-interest caps per user and per pair side, and the
 * insurance fund's page. The tiers and caps are the app setting `perpetual.risk`, changed only as a
 * pending change another admin approves (kind `perpetual.risk`).
 */

export const PERPETUAL_RISK_SETTING_KEY = 'perpetual.risk';

const SCALE = 18;
/** A non-negative plain decimal string as an integer of 10^-18 units: exact comparisons without floats. */
function scaled(value: string): bigint {
  const [integer = '0', fraction = ''] = value.split('.');
  return BigInt(integer + fraction.padEnd(SCALE, '0').slice(0, SCALE));
}
const ONE = scaled('1');

/**
 * The risk parameters' validation texts (风控参数); the contracts' catalogue (messages.ts) holds
 * their English, the parameterised ones by shape and the amounts' names as labels.
 */
export const PERPETUAL_RISK_FORM_TEXTS = {
  tierLeverageInteger: '档位最大杠杆必须是整数',
  tierLeverageMin: '档位最大杠杆至少为 1',
  tierLeverageMax: `档位最大杠杆不能超过 ${PERPETUAL_MAX_LEVERAGE}`,
  rateText: '维持保证金率必须是小数字符串',
  rateFormat: '维持保证金率格式不正确（小于1，最多8位小数）',
  ratePositive: '维持保证金率必须大于0',
  tiersRequired: '至少需要一个档位',
  tiersMax: '档位最多 20 个',
  pairRequired: '请选择交易对',
  pairFormat: '交易对格式不正确',
  pairsMax: '单独配置的交易对最多 200 个',
  pairRepeated: '交易对不能重复配置',
  rateTimesLeverage: (tier: number | string) => `第 ${tier} 档：维持保证金率乘以最大杠杆必须小于 1`,
  notionalNotAbove: (tier: number | string, previous: number | string) =>
    `第 ${tier} 档的名义价值上限必须大于第 ${previous} 档`,
  leverageAbove: (tier: number | string, previous: number | string) =>
    `第 ${tier} 档的最大杠杆不能高于第 ${previous} 档`,
  rateBelow: (tier: number | string, previous: number | string) =>
    `第 ${tier} 档的维持保证金率不能低于第 ${previous} 档`,
  amountRequired: (field: string) => `${field}必须是金额字符串`,
  amountFormat: (field: string) => `${field}格式不正确（最多15位整数、8位小数）`,
  /** The USDT amounts' names in their texts. */
  labels: { tierNotional: '档位名义价值上限', userCap: '单用户持仓上限', sideCap: '单方向持仓上限' },
} as const;
const F = PERPETUAL_RISK_FORM_TEXTS;

/** A positive USDT amount: at most 15 integer digits and 8 decimals. */
const usdtAmount = (name: keyof typeof F.labels) =>
  amount({
    label: F.labels[name],
    integer: 15,
    scale: 8,
    required: F.amountRequired(F.labels[name]),
    format: F.amountFormat(F.labels[name]),
  });

/** One tier: positions of notional up to `max_notional` (USDT) may use at most `max_leverage`. */
export const perpetualTier = z.object({
  max_notional: usdtAmount('tierNotional'),
  max_leverage: z
    .number({ error: F.tierLeverageInteger })
    .int(F.tierLeverageInteger)
    .min(1, F.tierLeverageMin)
    .max(PERPETUAL_MAX_LEVERAGE, F.tierLeverageMax),
  /** The maintenance margin rate of a position opened in this tier (a fraction: 0.005 = 0.5%). */
  maintenance_margin_rate: z
    .string({ error: F.rateText })
    .trim()
    .regex(/^0(\.\d{1,8})?$/, F.rateFormat)
    .refine((v) => scaled(v) > 0n, F.ratePositive),
});
export type PerpetualTier = z.infer<typeof perpetualTier>;

/**
 * A tier table: ascending notionals, leverage never rising and the maintenance rate never falling
 * from one tier to the next, and in every tier rate × leverage < 1 (a position must open above its
 * maintenance margin).
 */
export const perpetualTiers = z
  .array(perpetualTier)
  .min(1, F.tiersRequired)
  .max(20, F.tiersMax)
  .superRefine((tiers, ctx) => {
    tiers.forEach((tier, i) => {
      const rate = scaled(tier.maintenance_margin_rate);
      if (rate * BigInt(tier.max_leverage) >= ONE) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'maintenance_margin_rate'],
          message: F.rateTimesLeverage(i + 1),
        });
      }
      const prev = tiers[i - 1];
      if (!prev) return;
      if (scaled(tier.max_notional) <= scaled(prev.max_notional)) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'max_notional'],
          message: F.notionalNotAbove(i + 1, i),
        });
      }
      if (tier.max_leverage > prev.max_leverage) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'max_leverage'],
          message: F.leverageAbove(i + 1, i),
        });
      }
      if (rate < scaled(prev.maintenance_margin_rate)) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'maintenance_margin_rate'],
          message: F.rateBelow(i + 1, i),
        });
      }
    });
  });

const pairSymbol = z
  .string({ error: F.pairRequired })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,20}$/, F.pairFormat);

/** A pair's own parameters; a null field takes the default. */
export const perpetualPairRisk = z.object({
  symbol: pairSymbol,
  tiers: perpetualTiers.nullable(),
  user_cap: usdtAmount('userCap').nullable(),
  side_cap: usdtAmount('sideCap').nullable(),
});
export type PerpetualPairRisk = z.infer<typeof perpetualPairRisk>;

export const perpetualRiskConfig = z.object({
  /** The tier table of every pair without its own. */
  tiers: perpetualTiers,
  /** The most open notional (USDT) one user may hold on one pair, both sides together. */
  user_cap: usdtAmount('userCap'),
  /** The most open notional (USDT) of all longs of one pair, and of all its shorts. */
  side_cap: usdtAmount('sideCap'),
  pairs: z
    .array(perpetualPairRisk)
    .max(200, F.pairsMax)
    .refine((p) => new Set(p.map((x) => x.symbol)).size === p.length, F.pairRepeated),
});
export type PerpetualRiskConfig = z.infer<typeof perpetualRiskConfig>;

export const DEFAULT_PERPETUAL_TIERS: PerpetualTier[] = [
  { max_notional: '50000', max_leverage: 100, maintenance_margin_rate: '0.005' },
  { max_notional: '250000', max_leverage: 50, maintenance_margin_rate: '0.01' },
  { max_notional: '1000000', max_leverage: 20, maintenance_margin_rate: '0.025' },
  { max_notional: '5000000', max_leverage: 10, maintenance_margin_rate: '0.05' },
];

export const DEFAULT_PERPETUAL_RISK: PerpetualRiskConfig = {
  tiers: DEFAULT_PERPETUAL_TIERS,
  user_cap: '2000000',
  side_cap: '20000000',
  pairs: [],
};

/** What a pair runs on: its own tiers and caps, else the defaults. */
export interface PairRiskTerms {
  tiers: PerpetualTier[];
  user_cap: string;
  side_cap: string;
}
export function pairRiskTerms(config: PerpetualRiskConfig, symbol: string): PairRiskTerms {
  const own = config.pairs.find((p) => p.symbol === symbol);
  return {
    tiers: own?.tiers ?? config.tiers,
    user_cap: own?.user_cap ?? config.user_cap,
    side_cap: own?.side_cap ?? config.side_cap,
  };
}

export const PERPETUAL_RISK_TEXTS = {
  configInvalid: '永续合约风控参数无效，请联系管理员',
  beyondTier: (notional: string, leverage: number) =>
    `仓位名义价值 ${notional} USDT 超过当前杠杆允许的上限，该档位最大杠杆为 ${leverage} 倍`,
  beyondTiers: (notional: string, max: string) =>
    `仓位名义价值 ${notional} USDT 超过最高档位上限 ${max} USDT`,
  userCap: (cap: string, room: string) => `超过单用户该交易对持仓上限 ${cap} USDT，剩余可开 ${room} USDT`,
  sideCap: (side: string, cap: string, room: string) =>
    `超过该交易对${side}方向持仓上限 ${cap} USDT，剩余可开 ${room} USDT`,
};

/** A pair's tiers and caps with the open notional against them (the back office's 风控参数). */
export const perpetualRiskUsage = z.object({
  symbol: z.string(),
  tiers: z.array(perpetualTier),
  own: z.boolean(),
  user_cap: decimalString,
  side_cap: decimalString,
  long_notional: decimalString,
  short_notional: decimalString,
});
export type PerpetualRiskUsage = z.infer<typeof perpetualRiskUsage>;

export const adminPerpetualRiskData = z.object({
  config: perpetualRiskConfig,
  usage: z.array(perpetualRiskUsage),
  pending: z.array(adminChange),
});
export type AdminPerpetualRiskData = z.infer<typeof adminPerpetualRiskData>;

export const getAdminPerpetualRisk = endpoint({
  method: 'GET',
  path: '/api/admin/trading/perpetual-risk',
  operationId: 'getAdminPerpetualRisk',
  summary: '永续合约风控参数（杠杆档位、持仓上限、当前占用与待批准变更）',
  description:
    'Perpetual risk parameters: leverage tiers, position limits, current usage and pending changes.',
  reply: envelope(adminPerpetualRiskData),
});

export const proposePerpetualRisk = endpoint({
  method: 'PUT',
  path: '/api/admin/trading/perpetual-risk',
  operationId: 'proposePerpetualRisk',
  summary: '提交永续合约风控参数变更（需另一位管理员批准）',
  description: 'Proposes a change of the perpetual risk parameters (another admin must approve).',
  body: perpetualRiskConfig,
  status: 202,
  reply: changeReply,
});

/** GET /api/trading/perpetual/risk/{symbol}: what the order form shows (档位) and the caller's room. */
export const perpetualPairRiskData = z.object({
  symbol: z.string(),
  tiers: z.array(perpetualTier),
  user_cap: decimalString,
  /** The caller's open notional on the pair (both sides). */
  user_open_notional: decimalString,
});
export type PerpetualPairRiskData = z.infer<typeof perpetualPairRiskData>;
export const getPerpetualPairRisk = endpoint({
  method: 'GET',
  path: '/api/trading/perpetual/risk/:symbol',
  operationId: 'getPerpetualPairRisk',
  summary: '永续合约交易对的杠杆档位与持仓上限',
  description: "A perpetual pair's leverage tiers and position limits.",
  params: z.object({ symbol: pairSymbol }),
  reply: envelope(perpetualPairRiskData),
});

/** One liquidation that fed (amount > 0) or drew on (amount < 0) the insurance fund. */
export const insuranceFundEntry = z.object({
  position_id: z.number().int(),
  user_id: z.number().int(),
  user_email: z.string(),
  symbol: z.string(),
  side: perpetualSide,
  amount: decimalString,
  close_price: decimalString.nullable(),
  at: isoDateTime,
});
export type InsuranceFundEntry = z.infer<typeof insuranceFundEntry>;
export const insuranceFundData = z.object({
  currency: z.string(),
  balance: decimalString,
  history: z.array(insuranceFundEntry),
  pagination,
});
export type InsuranceFundData = z.infer<typeof insuranceFundData>;
export const getInsuranceFund = endpoint({
  method: 'GET',
  path: '/api/admin/risk/insurance-fund',
  operationId: 'getInsuranceFund',
  summary: '保险基金余额与流水',
  description: "The insurance fund's balance and entries.",
  query: pageQuery,
  reply: envelope(insuranceFundData),
});
