import {
  type AdjustmentStatus,
  adjustmentStatuses,
  approveAdjustment as approveAdjustmentEndpoint,
  type CreateAdjustmentBody,
  createAdjustment as createAdjustmentEndpoint,
  type EndpointData,
  getAdminUser,
  listAdjustments,
  listAdminUsers,
  rejectAdjustment as rejectAdjustmentEndpoint,
} from '@platform/contracts';
import { param } from '../../../lib/listParams.ts';
import { ApiError, call } from '../../../lib/request.ts';

export type AdjustmentsData = EndpointData<typeof listAdjustments>;
export type AdjustmentData = EndpointData<typeof createAdjustmentEndpoint>;

export interface AdjustmentFilters {
  status: AdjustmentStatus | 'all';
  page: number;
}

/** The list's address: ?status=pending&page=2 (adjustmentsQuery). */
export const ADJUSTMENT_LIST_PARAMS = {
  status: param.oneOf(['all', ...adjustmentStatuses], 'all'),
  page: param.page(),
};

export const ADJUSTMENTS_QUERY_ROOT = ['admin', 'adjustments'] as const;
export const adjustmentsQueryKey = (filters: AdjustmentFilters) =>
  [...ADJUSTMENTS_QUERY_ROOT, filters] as const;

/** GET /api/admin/adjustments: status is omitted when "all". */
export function fetchAdjustments(filters: AdjustmentFilters, limit: number, signal?: AbortSignal) {
  return call(listAdjustments, {
    query: { page: filters.page, limit, status: filters.status === 'all' ? undefined : filters.status },
    signal,
  }).then((reply) => reply.data);
}

export const createAdjustment = (body: CreateAdjustmentBody, idempotencyKey: string) =>
  call(createAdjustmentEndpoint, { body, idempotencyKey });

/** Approval carries nothing but the id: the endpoint has no body, so none is sent. */
export const approveAdjustment = (id: number, idempotencyKey: string) =>
  call(approveAdjustmentEndpoint, { params: { id }, idempotencyKey });

export const rejectAdjustment = (id: number, reason: string | undefined, idempotencyKey: string) =>
  call(rejectAdjustmentEndpoint, { params: { id }, body: reason ? { reason } : {}, idempotencyKey });

export interface FoundUser {
  id: number;
  email: string;
}

/**
 * The account a user id or an e-mail names, through the user list's search (GET /api/admin/users):
 * an id is looked up as typed; an e-mail must match exactly (case-insensitive). Null when none.
 */
export async function lookupUser(term: string): Promise<FoundUser | null> {
  const text = term.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) {
    try {
      const reply = await call(getAdminUser, { params: { id: text } });
      return { id: reply.data.user.id, email: reply.data.user.email };
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
      throw error;
    }
  }
  const reply = await call(listAdminUsers, { query: { search: text, page: 1, limit: 20 } });
  const match = reply.data?.users.find((u) => u.email.toLowerCase() === text.toLowerCase());
  return match ? { id: match.id, email: match.email } : null;
}
