import {
  DEFAULT_PAGE_SIZE,
  type EndpointData,
  type FundingReportRow,
  listFundingReport,
  SYMBOL_PATTERN,
} from '@platform/contracts';
import { param } from '../../../lib/listParams.ts';
import { call } from '../../../lib/request.ts';

export type { FundingReportRow };
export type FundingReportData = EndpointData<typeof listFundingReport>;

/** 资金费用's filters as the address holds them (?symbol=BTCUSDT&page=2); '' is no filter. */
export const FUNDING_REPORT_PARAMS = {
  symbol: param.text((value) => SYMBOL_PATTERN.test(value)),
  page: param.page(),
};
export interface FundingReportFilters {
  symbol: string;
  page: number;
}

export const fundingReportKey = (filters: FundingReportFilters) =>
  ['admin', 'funding-report', filters] as const;

/** GET /api/admin/trading/funding: one row per pair and funding instant, newest first. */
export async function fetchFundingReport(filters: FundingReportFilters, signal?: AbortSignal) {
  const reply = await call(listFundingReport, {
    query: { page: filters.page, limit: DEFAULT_PAGE_SIZE, symbol: filters.symbol || undefined },
    signal,
  });
  return reply.data;
}
