import { z } from 'zod';
import { amount } from './amount.ts';
import { endpoint } from './endpoint.ts';
import { decimalString, envelope, isoDateTime } from './envelope.ts';
import { tradeSymbol } from './trading.ts';

/**
 * 风险敞口 (issue 34, docs/risk-exposure.md): the house's exposure as the counterparty of every
 * perpetual, flash and option trade. Amounts are USDT decimal strings. "The house's side" means
 * positive when users lose (the house gains), negative when the house pays.
 */

/** The moves of the stress lines: each pair's mark moved by this fraction at once. */
export const RISK_STRESS_MOVES = ['-0.1', '-0.05', '0.05', '0.1'] as const;

export const RISK_TEXTS = {
  exposureLoaded: '获取风险敞口成功',
  thresholdsLoaded: '获取预警阈值成功',
  thresholdSaved: '预警阈值已保存',
  thresholdRemoved: '预警阈值已删除',
  alertTitle: '风险敞口预警',
} as const;

/**
 * One pair's exposure, over the pair's mark (the latest recorded reference tick, as the perpetual
 * engine marks positions).
 * - `perpetual_long_notional` / `perpetual_short_notional`: Σ quantity × mark of the open long
 *   (short) positions.
 * - `perpetual_unrealised_pnl`: the house's side of the open positions at the mark: Σ over positions
 *   of −(the user's P&L), where a user's loss counts at most the position's margin (a user never loses
 *   more; the rest would be the insurance fund's or the house's gap). Fees are not in it.
 * - `timed_open_stake_up` / `timed_open_stake_down`: Σ stake of the open flash (up / down) and option
 *   (call / put) contracts.
 * - `timed_worst_case_payout`: what the house pays out if every open contract of the winning
 *   direction wins: max over the two directions of Σ stake × (1 + payout rate).
 * - `funding_received` / `funding_paid`: perpetual funding of the last 24 hours: what users paid the
 *   house and what the house paid users (both ≥ 0).
 */
export const riskExposurePair = z.object({
  symbol: z.string(),
  perpetual_long_notional: decimalString,
  perpetual_short_notional: decimalString,
  perpetual_unrealised_pnl: decimalString,
  timed_open_stake_up: decimalString,
  timed_open_stake_down: decimalString,
  timed_worst_case_payout: decimalString,
  funding_received: decimalString,
  funding_paid: decimalString,
});
export type RiskExposurePair = z.infer<typeof riskExposurePair>;

/**
 * The house's result if every pair's mark moved by `move` (a fraction, '-0.1' = −10 %) now, summed
 * over pairs: the perpetuals' house side at the moved mark (each position's loss capped at its
 * margin), plus the timed contracts settled as the move decides (a rise: up / call win their profit,
 * stake × rate, and down / put lose their stake to the house; a fall: the reverse).
 */
export const riskStressLine = z.object({ move: decimalString, house_result: decimalString });
export type RiskStressLine = z.infer<typeof riskStressLine>;

/** The pairs summed; net = long − short. */
export const riskExposureTotals = z.object({
  perpetual_long_notional: decimalString,
  perpetual_short_notional: decimalString,
  perpetual_net_notional: decimalString,
  perpetual_unrealised_pnl: decimalString,
  timed_open_stake_up: decimalString,
  timed_open_stake_down: decimalString,
  timed_worst_case_payout: decimalString,
  funding_received: decimalString,
  funding_paid: decimalString,
  open_positions: z.number().int(),
  open_contracts: z.number().int(),
});
export type RiskExposureTotals = z.infer<typeof riskExposureTotals>;

/** An open perpetual position among the largest by notional at the mark. */
export const riskLargestPosition = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), email: z.string() }),
  symbol: z.string(),
  side: z.enum(['long', 'short']),
  quantity: decimalString,
  margin: decimalString,
  leverage: z.number().int(),
  entry_price: decimalString,
  notional: decimalString,
  /** The house's side at the mark (see `perpetual_unrealised_pnl`). */
  house_pnl: decimalString,
});
export type RiskLargestPosition = z.infer<typeof riskLargestPosition>;

/**
 * A user among the largest by exposure: `perpetual_notional` (Σ quantity × mark of their open
 * positions) + `timed_payout` (Σ stake × (1 + rate) of their open contracts, what the house would pay
 * if they all won) = `exposure`.
 */
export const riskLargestUser = z.object({
  user: z.object({ id: z.number().int(), email: z.string() }),
  perpetual_notional: decimalString,
  timed_payout: decimalString,
  exposure: decimalString,
});
export type RiskLargestUser = z.infer<typeof riskLargestUser>;

export const riskAlertKinds = ['net_notional', 'worst_case_loss'] as const;
export const riskAlertKind = z.enum(riskAlertKinds);
export type RiskAlertKind = z.infer<typeof riskAlertKind>;
export const RISK_ALERT_KIND_LABELS: Record<RiskAlertKind, string> = {
  net_notional: '永续净敞口',
  worst_case_loss: '最坏情况亏损',
};

/**
 * A threshold crossed and not yet back under (the dashboard's alert; admins were notified once, when
 * it crossed). `net_notional`: |long − short notional|; `worst_case_loss`: the pair's largest loss
 * over the stress lines (−min house result, 0 when no line loses).
 */
export const riskAlert = z.object({
  symbol: z.string(),
  kind: riskAlertKind,
  threshold: decimalString,
  value: decimalString,
  since: isoDateTime,
});
export type RiskAlert = z.infer<typeof riskAlert>;

export const riskMark = z.object({ symbol: z.string(), price: decimalString, at: isoDateTime });

export const riskExposureData = z.object({
  pairs: z.array(riskExposurePair),
  totals: riskExposureTotals,
  /** The house insurance fund's balance (USDT); null where no insurance fund is wired in. */
  insurance_fund: decimalString.nullable(),
  stress: z.array(riskStressLine),
  largest_positions: z.array(riskLargestPosition),
  largest_users: z.array(riskLargestUser),
  alerts: z.array(riskAlert),
  /** The mark each pair was valued at. */
  marks: z.array(riskMark),
  /** Pairs with open positions or contracts but no recorded tick: left out of the figures. */
  unpriced: z.array(z.string()),
  computed_at: isoDateTime,
});
export type RiskExposureData = z.infer<typeof riskExposureData>;
export const riskExposureReply = envelope(riskExposureData);

/** A USDT amount typed in a threshold: positive, at most 16 integer digits and 2 decimals. */
const thresholdAmount = (label: string) =>
  amount({ label, integer: 16, scale: 2, format: `${label}格式不正确，最多2位小数` });

/**
 * A pair's alert thresholds (USDT); null: no alert of that kind. Saving both null removes the pair's
 * thresholds. Not a pending change: thresholds only raise alerts, they move no money (docs/risk-exposure.md).
 */
export const riskThresholdBody = z.object({
  symbol: tradeSymbol,
  net_notional: thresholdAmount('净敞口阈值').nullable(),
  worst_case_loss: thresholdAmount('最坏亏损阈值').nullable(),
});
export type RiskThresholdBody = z.infer<typeof riskThresholdBody>;
export const riskThreshold = z.object({
  symbol: z.string(),
  net_notional: decimalString.nullable(),
  worst_case_loss: decimalString.nullable(),
  updated_at: isoDateTime,
  updated_by: z.number().int().nullable(),
});
export type RiskThreshold = z.infer<typeof riskThreshold>;
export const riskThresholdsReply = envelope(z.object({ thresholds: z.array(riskThreshold) }));

/**
 * `fresh=true` computes the figures now; without it the reply is the instance's last computation
 * (`computed_at`), recomputed in the background once it is older than 5 s, so that a screen polling
 * every 5 s never waits for the aggregates (docs/risk-exposure.md, "Exact and fast").
 */
export const riskExposureQuery = z.object({
  fresh: z.enum(['true', 'false'], { error: 'fresh 必须是 true 或 false' }).optional(),
});
export const getRiskExposure = endpoint({
  method: 'GET',
  path: '/api/admin/risk/exposure',
  operationId: 'getRiskExposure',
  summary: '风险敞口',
  description: "The platform's risk exposure by product and pair.",
  query: riskExposureQuery,
  reply: riskExposureReply,
});
export const listRiskThresholds = endpoint({
  method: 'GET',
  path: '/api/admin/risk/thresholds',
  operationId: 'listRiskThresholds',
  summary: '风险敞口预警阈值',
  description: 'The risk exposure alert thresholds.',
  reply: riskThresholdsReply,
});
export const saveRiskThreshold = endpoint({
  method: 'PUT',
  path: '/api/admin/risk/thresholds',
  operationId: 'saveRiskThreshold',
  summary: '保存风险敞口预警阈值',
  description: 'Saves a risk exposure alert threshold.',
  body: riskThresholdBody,
  reply: riskThresholdsReply,
});
