import {
  type AdminDeposit,
  batchReviewDeposits as batchReviewDepositsEndpoint,
  type DateRange,
  type DepositBatchReviewBody,
  type DepositReviewBody,
  type DepositStatus,
  dateRanges,
  depositStatuses,
  type EndpointData,
  listAdminDeposits,
  reviewDeposit as reviewDepositEndpoint,
} from '@platform/contracts';
import { param } from '../../../lib/listParams.ts';
import { call } from '../../../lib/request.ts';
import { userIdParam, userIdQuery } from '../../users/userRecords.tsx';

export type DepositsData = EndpointData<typeof listAdminDeposits>;
export type DepositReviewData = EndpointData<typeof reviewDepositEndpoint>;
export type DepositBatchReviewData = EndpointData<typeof batchReviewDepositsEndpoint>;

export interface DepositFilters {
  /** One user's deposits (用户详情's link); '' for every user. */
  user_id: string;
  status: DepositStatus | 'all';
  search: string;
  dateRange: DateRange | 'all';
  /** 'true': only 待复核 (pending with a first approval, waiting for a second admin). */
  awaiting: 'all' | 'true';
  page: number;
}

/** The list's address: ?status=pending&search=bob&dateRange=week&page=2 (adminDepositsQuery). */
export const DEPOSIT_LIST_PARAMS = {
  status: param.oneOf(['all', ...depositStatuses], 'all'),
  search: param.search({ max: 200 }),
  dateRange: param.oneOf(['all', ...dateRanges], 'all'),
  awaiting: param.oneOf(['all', 'true'], 'all'),
  user_id: userIdParam,
  page: param.page(),
};

export const DEPOSITS_QUERY_ROOT = ['admin', 'deposits'] as const;
export const depositsQueryKey = (filters: DepositFilters) => [...DEPOSITS_QUERY_ROOT, filters] as const;

/** GET /api/admin/deposits: status and dateRange are omitted when "all", search when empty. */
export function fetchDeposits(filters: DepositFilters, limit: number, signal?: AbortSignal) {
  return call(listAdminDeposits, {
    query: {
      page: filters.page,
      limit,
      status: filters.status === 'all' ? undefined : filters.status,
      search: filters.search.trim() || undefined,
      dateRange: filters.dateRange === 'all' ? undefined : filters.dateRange,
      awaitingSecondApproval: filters.awaiting === 'true' ? 'true' : undefined,
      user_id: userIdQuery(filters.user_id),
    },
    signal,
  }).then((reply) => reply.data);
}

export const reviewDeposit = (id: AdminDeposit['id'], body: DepositReviewBody, idempotencyKey: string) =>
  call(reviewDepositEndpoint, { params: { id }, body, idempotencyKey });

export const batchReviewDeposits = (body: DepositBatchReviewBody, idempotencyKey: string) =>
  call(batchReviewDepositsEndpoint, { body, idempotencyKey });
