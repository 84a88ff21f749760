import {
  type AdminDeposit,
  type AdminDepositsReply,
  type DateRange,
  type DepositBatchReviewBody,
  type DepositReviewBody,
  type DepositStatus,
  dateRanges,
  type depositBatchReviewReply,
  type depositReviewReply,
  depositStatuses,
} from '@platform/contracts';
import { param } from '../../../lib/listParams.ts';
import { api } from '../../../lib/request.ts';

/** The `data` of a reply contract. */
type ReplyData<S extends { parse: (input: unknown) => { data?: unknown } }> = NonNullable<
  ReturnType<S['parse']>['data']
>;

export type DepositsData = NonNullable<AdminDepositsReply['data']>;
export type DepositReviewData = ReplyData<typeof depositReviewReply>;
export type DepositBatchReviewData = ReplyData<typeof depositBatchReviewReply>;

export interface DepositFilters {
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
  page: param.page(),
};

export const DEPOSITS_QUERY_ROOT = ['admin', 'deposits'] as const;
export const depositsQueryKey = (filters: DepositFilters) => [...DEPOSITS_QUERY_ROOT, filters] as const;

/** GET /api/admin/deposits: status and dateRange are omitted when "all", search when empty. */
export function fetchDeposits(filters: DepositFilters, limit: number, signal?: AbortSignal) {
  return api
    .get<DepositsData>(
      '/admin/deposits',
      {
        page: filters.page,
        limit,
        status: filters.status === 'all' ? undefined : filters.status,
        search: filters.search.trim() || undefined,
        dateRange: filters.dateRange === 'all' ? undefined : filters.dateRange,
        awaitingSecondApproval: filters.awaiting === 'true' ? 'true' : undefined,
      },
      signal,
    )
    .then((reply) => reply.data);
}

export const reviewDeposit = (id: AdminDeposit['id'], body: DepositReviewBody, idempotencyKey: string) =>
  api.patch<DepositReviewData>(`/admin/deposits/${id}/review`, body, { idempotencyKey });

export const batchReviewDeposits = (body: DepositBatchReviewBody, idempotencyKey: string) =>
  api.post<DepositBatchReviewData>('/admin/deposits/batch-review', body, { idempotencyKey });
