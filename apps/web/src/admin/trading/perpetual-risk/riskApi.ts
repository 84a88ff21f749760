import {
  DEFAULT_PAGE_SIZE,
  getAdminPerpetualRisk,
  getInsuranceFund,
  type PerpetualRiskConfig,
  type PerpetualTier,
  proposePerpetualRisk,
} from '@platform/contracts';
import { Decimal, formatNumber } from '@platform/domain';
import { call } from '../../../lib/request.ts';

export const PERPETUAL_RISK_KEY = ['admin', 'perpetual-risk'] as const;
export const insuranceFundKey = (page: number) => ['admin', 'insurance-fund', page] as const;

export async function fetchPerpetualRisk(signal?: AbortSignal) {
  return (await call(getAdminPerpetualRisk, { signal })).data;
}

export const proposeRisk = (body: PerpetualRiskConfig) => call(proposePerpetualRisk, { body });

export async function fetchInsuranceFund(page: number, signal?: AbortSignal) {
  return (await call(getInsuranceFund, { query: { page, limit: DEFAULT_PAGE_SIZE }, signal })).data;
}

/** "≤ 50,000：100× / 0.5%" per tier. */
export const tierText = (t: PerpetualTier) =>
  `≤ ${formatNumber(t.max_notional, 0)}：${t.max_leverage}× / ${formatNumber(new Decimal(t.maintenance_margin_rate).times(100), 2)}%`;
