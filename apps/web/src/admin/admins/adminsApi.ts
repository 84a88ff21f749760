import {
  type AdminCreateInput,
  type AdminReply,
  type AdminStatusFilter,
  type AdminsReply,
  type AdminUpdateInput,
  adminStatusFilters,
} from '@platform/contracts';
import { param } from '../../lib/listParams.ts';
import { ApiError, api } from '../../lib/request.ts';

export type AdminsData = NonNullable<AdminsReply['data']>;
type AdminData = NonNullable<AdminReply['data']>;

export interface AdminFilters {
  search: string;
  status: AdminStatusFilter;
  page: number;
}

/** The list's address: ?search=bob&status=inactive&page=2 (adminsQuery). */
export const ADMIN_LIST_PARAMS = {
  search: param.search({ max: 100 }),
  status: param.oneOf(adminStatusFilters, 'all'),
  page: param.page(),
};

export const ADMINS_QUERY_ROOT = ['admin', 'admins'] as const;
export const adminsQueryKey = (filters: AdminFilters) => [...ADMINS_QUERY_ROOT, filters] as const;

/** GET /api/admin/admins: status omitted when "all", search when empty. */
export function fetchAdmins(filters: AdminFilters, limit: number, signal?: AbortSignal) {
  return api
    .get<AdminsData>(
      '/admin/admins',
      {
        page: filters.page,
        limit,
        search: filters.search.trim() || undefined,
        status: filters.status === 'all' ? undefined : filters.status,
      },
      signal,
    )
    .then((reply) => reply.data);
}

export const createAdmin = (body: AdminCreateInput) => api.post<AdminData>('/admin/admins', body);
export const updateAdmin = (id: number, body: AdminUpdateInput) =>
  api.patch<AdminData>(`/admin/admins/${id}`, body);
export const setAdminStatus = (id: number, isActive: boolean) =>
  api.patch<AdminData>(`/admin/admins/${id}/status`, { is_active: isActive });
/** POST /api/admin/admins/{id}/2fa/reset (super admins; never their own account; audited with the reason). */
export const resetAdminTwofa = (id: number, reason: string) =>
  api.post<AdminData>(`/admin/admins/${id}/2fa/reset`, { reason });
export const deleteAdmin = (id: number) => api.delete<{ id: number }>(`/admin/admins/${id}`);

/** "创建管理员失败: 该邮箱已被注册", or the bare text when the failure says nothing more. */
export function failureText(prefix: string, error: unknown): string {
  const reason = error instanceof ApiError ? error.message : '';
  return reason && reason !== prefix ? `${prefix}: ${reason}` : prefix;
}
