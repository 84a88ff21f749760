import {
  type AdminUserDetailReply,
  type AdminUsersReply,
  type BulkUserStatusReply,
  type UserKycFilter,
  type UserStatusFilter,
  type UserStatusReply,
  userKycFilters,
  userStatusFilters,
} from '@platform/contracts';
import { param } from '../../lib/listParams.ts';
import { api } from '../../lib/request.ts';

export type UsersData = NonNullable<AdminUsersReply['data']>;
export type UserDetailData = NonNullable<AdminUserDetailReply['data']>;

export interface UserFilters {
  search: string;
  status: UserStatusFilter;
  kyc: UserKycFilter;
  page: number;
}

/** The list's address: ?search=bob&status=inactive&kyc=pending&page=2 (adminUsersQuery). */
export const USER_LIST_PARAMS = {
  search: param.search({ max: 100 }),
  status: param.oneOf(userStatusFilters, 'all'),
  kyc: param.oneOf(userKycFilters, 'all'),
  page: param.page(),
};

export const USERS_QUERY_ROOT = ['admin', 'users'] as const;
export const usersQueryKey = (filters: UserFilters) => [...USERS_QUERY_ROOT, 'list', filters] as const;
export const userDetailQueryKey = (id: number) => [...USERS_QUERY_ROOT, 'detail', id] as const;

/** GET /api/admin/users: "all" filters and an empty search are left out. */
export function fetchUsers(filters: UserFilters, limit: number, signal?: AbortSignal) {
  return api
    .get<UsersData>(
      '/admin/users',
      {
        page: filters.page,
        limit,
        search: filters.search.trim() || undefined,
        status: filters.status === 'all' ? undefined : filters.status,
        kyc: filters.kyc === 'all' ? undefined : filters.kyc,
      },
      signal,
    )
    .then((reply) => reply.data);
}

export const fetchUserDetail = (id: number, signal?: AbortSignal) =>
  api.get<UserDetailData>(`/admin/users/${id}`, undefined, signal).then((reply) => reply.data);

export const setUserStatus = (id: number, isActive: boolean) =>
  api.patch<NonNullable<UserStatusReply['data']>>(`/admin/users/${id}/status`, { is_active: isActive });

export const bulkSetUserStatus = (ids: number[], isActive: boolean) =>
  api.post<NonNullable<BulkUserStatusReply['data']>>('/admin/users/bulk-status', {
    ids,
    is_active: isActive,
  });
