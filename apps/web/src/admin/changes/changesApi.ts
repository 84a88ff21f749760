import {
  type AdminChange,
  approveAdminChange,
  type ChangeStatus,
  cancelAdminChange,
  changeStatuses,
  getAdminChangesSummary,
  listAdminChanges,
  rejectAdminChange,
} from '@platform/contracts';
import { param } from '../../lib/listParams.ts';
import { call } from '../../lib/request.ts';

export type { AdminChange };

export interface ChangeFilters {
  status: ChangeStatus | 'all';
  page: number;
}

/** The list's address: ?status=pending&page=2 (changesQuery). */
export const CHANGE_LIST_PARAMS = {
  status: param.oneOf(['all', ...changeStatuses], 'all'),
  page: param.page(),
};

/** Everything about pending changes on the client: one invalidation refreshes every list. */
export const CHANGES_QUERY_ROOT = ['admin', 'changes'] as const;
export const changesQueryKey = (filters: ChangeFilters) => [...CHANGES_QUERY_ROOT, 'list', filters] as const;

/** GET /api/admin/changes, newest first; status is omitted when "all". */
export function fetchChanges(filters: ChangeFilters, limit: number, signal?: AbortSignal) {
  return call(listAdminChanges, {
    query: { page: filters.page, limit, status: filters.status === 'all' ? undefined : filters.status },
    signal,
  }).then((reply) => reply.data);
}

export type ChangeDecision = 'approve' | 'reject' | 'cancel';

/** POST /api/admin/changes/:id/{approve,reject,cancel} with the action's Idempotency-Key; the server's message. */
export async function decideChange(
  decision: ChangeDecision,
  id: number,
  reason: string,
  idempotencyKey: string,
): Promise<string> {
  const params = { id };
  const body = reason.trim() ? { reason: reason.trim() } : {};
  const reply =
    decision === 'approve'
      ? await call(approveAdminChange, { params, idempotencyKey })
      : await call(decision === 'reject' ? rejectAdminChange : cancelAdminChange, {
          params,
          body,
          idempotencyKey,
        });
  return reply.message;
}

export const CHANGES_SUMMARY_KEY = [...CHANGES_QUERY_ROOT, 'summary'] as const;

/** GET /api/admin/changes/summary: the menu's count and the delayed-change banner. */
export function fetchChangesSummary(signal?: AbortSignal) {
  return call(getAdminChangesSummary, { signal }).then((reply) => reply.data);
}
