import {
  type EndpointData,
  listReconciliationRuns,
  type ReconciliationRunResult,
  reconciliationRunResults,
  runReconciliation,
} from '@platform/contracts';
import { param } from '../../../lib/listParams.ts';
import { call } from '../../../lib/request.ts';

export type ReconciliationRunsData = EndpointData<typeof listReconciliationRuns>;
export type ReconciliationRunData = EndpointData<typeof runReconciliation>;

export interface ReconciliationRunFilters {
  result: ReconciliationRunResult | 'all';
  page: number;
}

/** The list's address: ?result=unacknowledged&page=2 (reconciliationRunsQuery). */
export const RECONCILIATION_RUN_LIST_PARAMS = {
  result: param.oneOf(['all', ...reconciliationRunResults], 'all'),
  page: param.page(),
};

/** Everything reconciliation on the client (runs and the dashboard alert): one invalidation refreshes both. */
export const RECONCILIATION_QUERY_ROOT = ['admin', 'reconciliation'] as const;
export const reconciliationRunsQueryKey = (filters: ReconciliationRunFilters) =>
  [...RECONCILIATION_QUERY_ROOT, 'runs', filters] as const;

/** GET /api/admin/reconciliation: result is omitted when "all". */
export function fetchReconciliationRuns(
  filters: ReconciliationRunFilters,
  limit: number,
  signal?: AbortSignal,
) {
  return call(listReconciliationRuns, {
    query: { page: filters.page, limit, result: filters.result === 'all' ? undefined : filters.result },
    signal,
  }).then((reply) => reply.data);
}

/** POST /api/admin/reconciliation/run (立即对账): the reply's message says whether it found breaches. */
export const runReconciliationNow = () => call(runReconciliation);
