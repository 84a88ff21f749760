import {
  DEFAULT_PAGE_SIZE,
  getAdminPerpetualRisk,
  getInsuranceFund,
  type PerpetualRiskConfig,
  type PerpetualTier,
  proposePerpetualRisk,
} from '@platform/contracts';
import { Decimal, formatNumber } from '@platform/domain';
import { i18n } from '../../../i18n/index.ts';
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

/** "≤ 50,000：100× / 0.50%" per tier (in the language shown). */
export const tierText = (t: PerpetualTier) =>
  i18n.t('admin:trading.perpetualRisk.tier', {
    notional: formatNumber(t.max_notional, 0),
    leverage: t.max_leverage,
    rate: formatNumber(new Decimal(t.maintenance_margin_rate).times(100), 2),
  });
