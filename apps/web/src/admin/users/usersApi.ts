import {
  bulkSetUserStatus as bulkSetUserStatusEndpoint,
  type EndpointData,
  getAdminUser,
  listAdminUsers,
  listUserLoginsForAdmin,
  listUserSessionsForAdmin,
  setUserStatus as setUserStatusEndpoint,
  type UserKycFilter,
  type UserStatusFilter,
  userKycFilters,
  userStatusFilters,
} from '@platform/contracts';
import { param } from '../../lib/listParams.ts';
import { call } from '../../lib/request.ts';

export type UsersData = EndpointData<typeof listAdminUsers>;
export type UserDetailData = EndpointData<typeof getAdminUser>;

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
  return call(listAdminUsers, {
    query: {
      page: filters.page,
      limit,
      search: filters.search.trim() || undefined,
      status: filters.status === 'all' ? undefined : filters.status,
      kyc: filters.kyc === 'all' ? undefined : filters.kyc,
    },
    signal,
  }).then((reply) => reply.data);
}

export const fetchUserDetail = (id: number, signal?: AbortSignal) =>
  call(getAdminUser, { params: { id }, signal }).then((reply) => reply.data);

export const setUserStatus = (id: number, isActive: boolean) =>
  call(setUserStatusEndpoint, { params: { id }, body: { is_active: isActive } });

export const bulkSetUserStatus = (ids: number[], isActive: boolean) =>
  call(bulkSetUserStatusEndpoint, { body: { ids, is_active: isActive } });

export const userSessionsQueryKey = (id: number) => [...USERS_QUERY_ROOT, 'sessions', id] as const;
export const userLoginsQueryKey = (id: number) => [...USERS_QUERY_ROOT, 'logins', id] as const;

/** GET /api/admin/users/:id/sessions: the user's signed-in devices, most recently used first (20). */
export const fetchUserSessions = (id: number, signal?: AbortSignal) =>
  call(listUserSessionsForAdmin, { params: { id }, query: { page: 1, limit: 20 }, signal }).then(
    (reply) => reply.data,
  );

/** GET /api/admin/users/:id/logins: the user's last 20 login attempts. */
export const fetchUserLogins = (id: number, signal?: AbortSignal) =>
  call(listUserLoginsForAdmin, { params: { id }, query: { page: 1, limit: 20 }, signal }).then(
    (reply) => reply.data,
  );
