import {
  type AdminChange,
  type AdminCreateInput,
  type AdminStatusFilter,
  type AdminUpdateInput,
  adminStatusFilters,
  createAdmin as createAdminEndpoint,
  deleteAdmin as deleteAdminEndpoint,
  type EndpointData,
  issueAdminActivation,
  listAdmins,
  setAdminStatus as setAdminStatusEndpoint,
  updateAdmin as updateAdminEndpoint,
} from '@platform/contracts';
import type { TFunction } from 'i18next';
import { param } from '../../lib/listParams.ts';
import { ApiError, call } from '../../lib/request.ts';

export type AdminsData = EndpointData<typeof listAdmins>;

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
  return call(listAdmins, {
    query: {
      page: filters.page,
      limit,
      search: filters.search.trim() || undefined,
      status: filters.status === 'all' ? undefined : filters.status,
    },
    signal,
  }).then((reply) => reply.data);
}

/**
 * POST /api/admin/admins: a proposal (202) another super admin approves; the reply carries the
 * change and the new admin's activation link, shown once (it works once the change applies).
 */
export const createAdmin = (body: AdminCreateInput) =>
  call(createAdminEndpoint, { body }).then((reply) => reply.data);
/** PATCH /api/admin/admins/{id}: `{ admin }` when saved (e-mail, phone), `{ change }` when proposed (level). */
export const updateAdmin = (id: number, body: AdminUpdateInput) =>
  call(updateAdminEndpoint, { params: { id }, body }).then((reply) => reply.data);
/** Disabling is saved at once (`{ admin }`); enabling is proposed (`{ change }`). */
export const setAdminStatus = (id: number, isActive: boolean) =>
  call(setAdminStatusEndpoint, { params: { id }, body: { is_active: isActive } }).then((reply) => reply.data);
/**
 * POST /api/admin/admins/{id}/activation (super admins; never their own account; audited with the
 * reason): a proposal; once approved, the admin's password, 2FA and sessions are revoked and the
 * link in this reply (shown once) sets new ones.
 */
export const issueActivation = (id: number, reason: string) =>
  call(issueAdminActivation, { params: { id }, body: { reason } }).then((reply) => reply.data);
/** DELETE /api/admin/admins/{id}: a proposal; the admin is deleted for good once approved. */
export const deleteAdmin = (id: number) =>
  call(deleteAdminEndpoint, { params: { id } }).then((reply) => reply.data);

/** Whether an admin call was proposed (202 `{ change }`) rather than applied. */
export const isProposal = (data: object): data is { change: AdminChange } => 'change' in data;

/** "创建管理员失败: 该邮箱已被注册", or the bare text when the failure says nothing more. */
export function failureText(prefix: string, error: unknown, t: TFunction<'admin'>): string {
  const reason = error instanceof ApiError ? error.message : '';
  return reason && reason !== prefix ? t('admins.failed', { prefix, reason }) : prefix;
}
