import {
  acknowledgeReconciliation as acknowledgeReconciliationEndpoint,
  getReconciliationAlert,
} from '@platform/contracts';
import { call } from '../../lib/request.ts';
import { RECONCILIATION_QUERY_ROOT } from '../wallet/reconciliation/reconciliationRunsApi.ts';

// Under the runs screen's root, so that reloading the runs reloads the alert too.
export const RECONCILIATION_ALERT_QUERY_KEY = [...RECONCILIATION_QUERY_ROOT, 'alert'] as const;

/** GET /api/admin/reconciliation/alert: the newest failed run nobody has acknowledged, or null. */
export const fetchReconciliationAlert = (signal?: AbortSignal) =>
  call(getReconciliationAlert, { signal }).then((reply) => reply.data.alert);

/** POST /api/admin/reconciliation/{id}/acknowledge. */
export const acknowledgeReconciliation = (id: number) =>
  call(acknowledgeReconciliationEndpoint, { params: { id } });
