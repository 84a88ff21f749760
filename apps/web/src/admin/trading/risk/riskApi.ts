import {
  getRiskExposure,
  listRiskThresholds,
  type RiskExposureData,
  type RiskThreshold,
  type RiskThresholdBody,
  saveRiskThreshold,
} from '@platform/contracts';
import { call } from '../../../lib/request.ts';

export type { RiskExposureData, RiskThreshold, RiskThresholdBody };

/** 风险敞口 reloads this often (the issue's "at least every 5 s"). */
export const RISK_REFRESH_MS = 5000;

export const RISK_EXPOSURE_KEY = ['admin', 'risk-exposure'] as const;
export const RISK_THRESHOLDS_KEY = ['admin', 'risk-thresholds'] as const;

/** GET /api/admin/risk/exposure. */
export const fetchRiskExposure = (signal?: AbortSignal) =>
  call(getRiskExposure, { signal }).then((reply) => reply.data);

/** GET /api/admin/risk/thresholds. */
export const fetchRiskThresholds = (signal?: AbortSignal) =>
  call(listRiskThresholds, { signal }).then((reply) => reply.data.thresholds);

/** PUT /api/admin/risk/thresholds: the reply carries every pair's thresholds after the save. */
export const putRiskThreshold = (body: RiskThresholdBody) => call(saveRiskThreshold, { body });

/** 持仓列表 of one user and pair, and the user list searched by the user's e-mail (用户详情 is one click away). */
export const positionsLink = (userId: number, symbol?: string) =>
  `/admin/trading/positions?user=${userId}${symbol ? `&symbol=${symbol}` : ''}`;
export const userLink = (email: string) => `/admin/users?search=${encodeURIComponent(email)}`;
