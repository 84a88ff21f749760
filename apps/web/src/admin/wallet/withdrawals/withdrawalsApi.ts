import {
  type AdminWithdrawal,
  bulkSetWithdrawalStatus,
  type EndpointData,
  listAdminWithdrawals,
  setWithdrawalStatus,
  type WithdrawalBulkStatusBody,
  type WithdrawalStatus,
  type WithdrawalStatusBody,
  type WithdrawMethod,
  withdrawMethods,
} from '@platform/contracts';
import { param } from '../../../lib/listParams.ts';
import { call } from '../../../lib/request.ts';
import { userIdParam, userIdQuery } from '../../users/userRecords.tsx';

export type WithdrawalsData = EndpointData<typeof listAdminWithdrawals>;
export type WithdrawalStatusData = EndpointData<typeof setWithdrawalStatus>;
export type WithdrawalBulkStatusData = EndpointData<typeof bulkSetWithdrawalStatus>;

/** The status filter buttons (spec 000 §2 plus 出款中, so that paid-out rows can be found and completed). */
export const STATUS_FILTERS = [
  { key: 'all', statuses: [] },
  { key: 'pending_all', statuses: ['pending', 'reviewing'] },
  { key: 'pending', statuses: ['pending'] },
  { key: 'reviewing', statuses: ['reviewing'] },
  { key: 'approved', statuses: ['approved'] },
  { key: 'processing', statuses: ['processing'] },
  { key: 'rejected', statuses: ['rejected'] },
  { key: 'completed', statuses: ['completed'] },
  // Dual control: undecided withdrawals one admin approved, waiting for another (awaitingSecondApproval).
  { key: 'awaiting_second', statuses: ['pending', 'reviewing'] },
] as const satisfies readonly { key: string; statuses: readonly WithdrawalStatus[] }[];
export type StatusFilterKey = (typeof STATUS_FILTERS)[number]['key'];

export interface WithdrawalFilters {
  /** One user's withdrawals (用户详情's link); '' for every user. */
  user_id: string;
  status: StatusFilterKey;
  type: WithdrawMethod | 'all';
  search: string;
  page: number;
}

/** The list's address: ?status=pending_all&type=usdt&search=bob&page=2 (adminWithdrawalsQuery). */
export const WITHDRAWAL_LIST_PARAMS = {
  status: param.oneOf(
    STATUS_FILTERS.map((filter) => filter.key),
    'all',
  ),
  type: param.oneOf(['all', ...withdrawMethods], 'all'),
  search: param.search({ max: 200 }),
  user_id: userIdParam,
  page: param.page(),
};

export const WITHDRAWALS_QUERY_ROOT = ['admin', 'withdrawals'] as const;
export const withdrawalsQueryKey = (filters: WithdrawalFilters) =>
  [...WITHDRAWALS_QUERY_ROOT, filters] as const;

/** The status query value: omitted for 全部, a comma list for 待处理 (pending,reviewing). */
export function statusQueryValue(key: StatusFilterKey): string | undefined {
  const statuses: readonly string[] = STATUS_FILTERS.find((filter) => filter.key === key)?.statuses ?? [];
  return statuses.length > 0 ? statuses.join(',') : undefined;
}

/** GET /api/admin/withdrawals. */
export function fetchWithdrawals(filters: WithdrawalFilters, limit: number, signal?: AbortSignal) {
  return call(listAdminWithdrawals, {
    query: {
      page: filters.page,
      limit,
      status: statusQueryValue(filters.status),
      awaitingSecondApproval: filters.status === 'awaiting_second' ? 'true' : undefined,
      type: filters.type === 'all' ? undefined : filters.type,
      search: filters.search.trim() || undefined,
      user_id: userIdQuery(filters.user_id),
    },
    signal,
  }).then((reply) => reply.data);
}

export const updateWithdrawalStatus = (
  id: AdminWithdrawal['id'],
  body: WithdrawalStatusBody,
  idempotencyKey: string,
) => call(setWithdrawalStatus, { params: { id }, body, idempotencyKey });

export const bulkUpdateWithdrawalStatus = (body: WithdrawalBulkStatusBody, idempotencyKey: string) =>
  call(bulkSetWithdrawalStatus, { body, idempotencyKey });
