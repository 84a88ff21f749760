import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { decimalString, envelope, isoDateTime } from './envelope.ts';
import { pageQuery, pagination } from './pagination.ts';
import { tradeSymbol } from './trading.ts';
import { perpetualSide } from './trading-perpetual.ts';

/**
 * Perpetual funding (issue 34, docs/perpetual-funding.md): every FUNDING_INTERVAL_MINUTES (default 480:
 * 00:00, 08:00 and 16:00 UTC) each position open at the funding instant pays or receives
 * quantity × mark × rate against the house's funding account; a long pays when the rate is positive.
 * The rate of an instant is fixed and stored when the instant comes; before it, `rate` is the predicted one.
 */

export const FUNDING_TEXTS = {
  rateLoaded: '获取资金费率成功',
  historyLoaded: '获取资金费用记录成功',
  reportLoaded: '获取资金费用报表成功',
  noRate: '该交易对暂无资金费率',
} as const;

/** GET /api/trading/perpetual/funding/{symbol} */
export const fundingRateParams = z.object({ symbol: tradeSymbol });
export const fundingRateData = z.object({
  symbol: z.string(),
  /** The rate predicted for the next funding instant (a fraction: 0.0001 = 0.01 %). */
  rate: decimalString,
  next_funding_at: isoDateTime,
  interval_minutes: z.number().int(),
  /** The last instant's fixed rate and time; null before the pair's first funding. */
  last_rate: decimalString.nullable(),
  last_funding_at: isoDateTime.nullable(),
});
export type FundingRateData = z.infer<typeof fundingRateData>;
export const fundingRateReply = envelope(fundingRateData);

/** One position's payment at one funding instant. `amount` is signed: negative when the user paid. */
export const fundingPayment = z.object({
  position_id: z.number().int(),
  symbol: z.string(),
  side: perpetualSide,
  funding_at: isoDateTime,
  rate: decimalString,
  mark_price: decimalString,
  /** quantity at the funding instant (base units). */
  quantity: decimalString,
  amount: decimalString,
  /** The payment exceeded the position's equity: it was liquidated instead (amount 0). */
  liquidated: z.boolean(),
});
export type FundingPayment = z.infer<typeof fundingPayment>;

/** GET /api/trading/perpetual/funding-history: the caller's own payments, newest first. */
export const fundingHistoryQuery = pageQuery.extend({ symbol: tradeSymbol.optional() });
export type FundingHistoryQuery = z.infer<typeof fundingHistoryQuery>;
export const fundingHistoryReply = envelope(z.object({ payments: z.array(fundingPayment), pagination }));

/**
 * One funding instant of one pair as the back office sees it (资金费用报表): the fixed rate and mark,
 * the positions that paid and received, and the sums. `house_net` = paid_by_users − received_by_users
 * (positive: the house gained).
 */
export const fundingReportRow = z.object({
  symbol: z.string(),
  funding_at: isoDateTime,
  rate: decimalString,
  mark_price: decimalString,
  positions: z.number().int(),
  paid_by_users: decimalString,
  received_by_users: decimalString,
  house_net: decimalString,
  /** Positions liquidated because the payment exceeded their margin. */
  liquidated: z.number().int(),
});
export type FundingReportRow = z.infer<typeof fundingReportRow>;

/** GET /api/admin/trading/funding: funding instants, newest first, optionally one pair's. */
export const fundingReportQuery = pageQuery.extend({ symbol: tradeSymbol.optional() });
export type FundingReportQuery = z.infer<typeof fundingReportQuery>;
export const fundingReportReply = envelope(
  z.object({
    rows: z.array(fundingReportRow),
    pagination,
    /** Over every instant: what the house's funding account holds (Σ paid − Σ received), USDT. */
    house_funding_balance: decimalString,
  }),
);

export const getFundingRate = endpoint({
  method: 'GET',
  path: '/api/trading/perpetual/funding/:symbol',
  operationId: 'getFundingRate',
  summary: '资金费率',
  description: "A perpetual's current funding rate and its sources.",
  params: fundingRateParams,
  reply: fundingRateReply,
});
export const listFundingHistory = endpoint({
  method: 'GET',
  path: '/api/trading/perpetual/funding-history',
  operationId: 'listFundingHistory',
  summary: '资金费用记录',
  description: "The caller's funding fee payments.",
  query: fundingHistoryQuery,
  reply: fundingHistoryReply,
});
export const listFundingReport = endpoint({
  method: 'GET',
  path: '/api/admin/trading/funding',
  operationId: 'listFundingReport',
  summary: '资金费用报表（管理）',
  description: 'Funding fees by pair and period (admin).',
  query: fundingReportQuery,
  reply: fundingReportReply,
});
