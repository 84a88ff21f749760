import { z } from 'zod';
import { ADMIN_ACTIVATION_TEXTS, adminActivationLink } from './admin-activation.ts';
import { publicUser, walletView } from './auth.ts';
import { endpoint } from './endpoint.ts';
import { adminLevel, kycStatuses } from './enums.ts';
import { decimalString, envelope, isoDateTime } from './envelope.ts';
import { cappedPagination, idParams, pageQuery, pagination } from './pagination.ts';
import { twofaResetBody } from './two-factor.ts';

/** User list and admin management (spec 000 §2 user list and admin management, §5, §6, §7). */

export const MAX_BULK_USERS = 100;

/** A path id: /api/admin/users/:id, /api/admin/admins/:id. */

const isActive = z.boolean({ error: 'is_active 必须是 true 或 false' });
const search = z.string().trim().max(100, '搜索内容不能超过100个字符').optional();

// --- users ------------------------------------------------------------------------------------

export const userStatusFilters = ['all', 'active', 'inactive', 'admin'] as const;
export const userStatusFilter = z.enum(userStatusFilters, { error: '状态筛选不正确' });
export type UserStatusFilter = z.infer<typeof userStatusFilter>;

export const userKycFilters = ['all', ...kycStatuses] as const;
export const userKycFilter = z.enum(userKycFilters, { error: 'KYC筛选不正确' });
export type UserKycFilter = z.infer<typeof userKycFilter>;

export const adminUsersQuery = pageQuery.extend({
  /** E-mail or phone, case-insensitive, anywhere in the value. */
  search,
  status: userStatusFilter.default('all'),
  kyc: userKycFilter.default('all'),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuery>;

/** A row of the user list; balance and frozen_balance are the user's USDT wallet. */
export const adminUserRow = publicUser
  .pick({
    id: true,
    email: true,
    phone: true,
    nickname: true,
    role: true,
    admin_level: true,
    is_active: true,
    kyc_status: true,
  })
  .extend({
    created_at: isoDateTime,
    last_login: isoDateTime.nullable(),
    balance: decimalString,
    frozen_balance: decimalString,
  });
export type AdminUserRow = z.infer<typeof adminUserRow>;

/** Over every account, whatever the filters: the stat cards of the user list. */
export const userStats = z.object({
  total: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
  /** kyc_status pending (submitted, not yet picked up). */
  kycPending: z.number().int(),
  kycApproved: z.number().int(),
});
export type UserStats = z.infer<typeof userStats>;

export const adminUsersReply = envelope(
  z.object({ users: z.array(adminUserRow), pagination: cappedPagination, stats: userStats }),
);
export type AdminUsersReply = z.infer<typeof adminUsersReply>;

export const adminUserDetail = adminUserRow.extend({
  invite_code: z.string(),
  invited_by_code: z.string().nullable(),
  permissions: z.array(z.string()),
  updated_at: isoDateTime,
  wallets: z.array(walletView),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;
export const adminUserDetailReply = envelope(z.object({ user: adminUserDetail }));
export type AdminUserDetailReply = z.infer<typeof adminUserDetailReply>;

export const userStatusBody = z.object({ is_active: isActive });
export type UserStatusBody = z.infer<typeof userStatusBody>;
export const userStatusReply = envelope(z.object({ user: adminUserRow }));
export type UserStatusReply = z.infer<typeof userStatusReply>;

export const bulkUserStatusBody = z.object({
  ids: z
    .array(z.number().int().positive(), { error: '请选择用户' })
    .min(1, '请选择用户')
    .max(MAX_BULK_USERS, `一次最多处理${MAX_BULK_USERS}个用户`),
  is_active: isActive,
});
export type BulkUserStatusBody = z.infer<typeof bulkUserStatusBody>;
export const bulkUserStatusReply = envelope(
  z.object({
    /** Users whose status changed. */
    processedCount: z.number().int(),
    processedIds: z.array(z.number().int()),
    /** Ids left alone: the caller, unknown ids and users already in the wanted state. */
    skippedIds: z.array(z.number().int()),
  }),
);
export type BulkUserStatusReply = z.infer<typeof bulkUserStatusReply>;

// --- admins -----------------------------------------------------------------------------------

export const adminStatusFilters = ['all', 'active', 'inactive'] as const;
export const adminStatusFilter = z.enum(adminStatusFilters, { error: '状态筛选不正确' });
export type AdminStatusFilter = z.infer<typeof adminStatusFilter>;

export const adminsQuery = pageQuery.extend({
  /** E-mail or phone, case-insensitive, anywhere in the value. */
  search,
  status: adminStatusFilter.default('all'),
});
export type AdminsQuery = z.input<typeof adminsQuery>;

export const adminView = z.object({
  id: z.number().int(),
  email: z.string(),
  phone: z.string().nullable(),
  admin_level: adminLevel,
  is_active: z.boolean(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  last_login: isoDateTime.nullable(),
  /** 2FA (TOTP) is on for this admin (a super admin may issue a new activation link instead). */
  twofa_enabled: z.boolean(),
  /** No password yet: the admin has not opened their activation link (待激活). */
  activation_pending: z.boolean(),
});
export type AdminView = z.infer<typeof adminView>;

export const adminsReply = envelope(z.object({ admins: z.array(adminView), pagination }));
export type AdminsReply = z.infer<typeof adminsReply>;
export const adminReply = envelope(z.object({ admin: adminView }));
export type AdminReply = z.infer<typeof adminReply>;
/** Creating an admin or issuing a new link: the link is in this reply only, never shown again. */
export const adminActivationReply = envelope(z.object({ admin: adminView, activation: adminActivationLink }));
export type AdminActivationReply = z.infer<typeof adminActivationReply>;

const adminEmail = z
  .string({ error: '请输入邮箱' })
  .trim()
  .min(1, { error: '请输入邮箱', abort: true })
  .max(254, '邮箱不能超过254个字符')
  .pipe(z.email('邮箱格式不正确'))
  .transform((v) => v.toLowerCase());
/**
 * Nobody sets another admin's password (issue 32): a body naming one is refused, not ignored, so
 * that an old client learns it; the admin sets their own through an activation link.
 */
const noPassword = z
  .unknown()
  .refine((v) => v === undefined || v === '', ADMIN_ACTIVATION_TEXTS.passwordNotSettable)
  .optional()
  .transform(() => undefined);
/** Phone is optional; a blank one means none. */
const adminPhone = z
  .string()
  .trim()
  .transform((v) => (v === '' ? null : v))
  .pipe(
    z
      .string()
      .regex(/^\+?\d{6,20}$/, '手机号格式不正确')
      .nullable(),
  )
  .nullable()
  .optional();
const adminLevelField = z.enum(['admin', 'super_admin'], { error: '管理员级别必须是 admin 或 super_admin' });

export const adminCreateBody = z.object({
  email: adminEmail,
  phone: adminPhone,
  password: noPassword,
  admin_level: adminLevelField.default('admin'),
});
export type AdminCreateBody = z.infer<typeof adminCreateBody>;
export type AdminCreateInput = z.input<typeof adminCreateBody>;

/** Every field optional; a password is refused (an admin changes their own in 安全中心). */
export const adminUpdateBody = z.object({
  email: adminEmail.optional(),
  phone: adminPhone,
  password: noPassword,
  admin_level: adminLevelField.optional(),
});
export type AdminUpdateBody = z.infer<typeof adminUpdateBody>;
export type AdminUpdateInput = z.input<typeof adminUpdateBody>;

export const adminStatusBody = z.object({ is_active: isActive });
export type AdminStatusBody = z.infer<typeof adminStatusBody>;

export const adminDeleteReply = envelope(z.object({ id: z.number().int() }));
export type AdminDeleteReply = z.infer<typeof adminDeleteReply>;

export const listAdminUsers = endpoint({
  method: 'GET',
  path: '/api/admin/users',
  operationId: 'listAdminUsers',
  summary: '用户列表',
  query: adminUsersQuery,
  reply: adminUsersReply,
});
export const getAdminUser = endpoint({
  method: 'GET',
  path: '/api/admin/users/:id',
  operationId: 'getAdminUser',
  summary: '用户详情',
  params: idParams,
  reply: adminUserDetailReply,
});
export const setUserStatus = endpoint({
  method: 'PATCH',
  path: '/api/admin/users/:id/status',
  operationId: 'setUserStatus',
  summary: '修改用户状态',
  params: idParams,
  body: userStatusBody,
  reply: userStatusReply,
});
export const bulkSetUserStatus = endpoint({
  method: 'POST',
  path: '/api/admin/users/bulk-status',
  operationId: 'bulkSetUserStatus',
  summary: '批量修改用户状态',
  body: bulkUserStatusBody,
  reply: bulkUserStatusReply,
});
export const listAdmins = endpoint({
  method: 'GET',
  path: '/api/admin/admins',
  operationId: 'listAdmins',
  summary: '管理员列表',
  query: adminsQuery,
  reply: adminsReply,
});
export const createAdmin = endpoint({
  method: 'POST',
  path: '/api/admin/admins',
  operationId: 'createAdmin',
  summary: '创建管理员',
  body: adminCreateBody,
  reply: adminActivationReply,
});
export const updateAdmin = endpoint({
  method: 'PATCH',
  path: '/api/admin/admins/:id',
  operationId: 'updateAdmin',
  summary: '修改管理员信息',
  params: idParams,
  body: adminUpdateBody,
  reply: adminReply,
});
export const setAdminStatus = endpoint({
  method: 'PATCH',
  path: '/api/admin/admins/:id/status',
  operationId: 'setAdminStatus',
  summary: '启用或禁用管理员',
  params: idParams,
  body: adminStatusBody,
  reply: adminReply,
});
/**
 * A new activation link for another admin (a lost phone or password): their password, 2FA and
 * every session are revoked at once, and only the link sets new ones. Replaces the 2FA reset.
 */
export const issueAdminActivation = endpoint({
  method: 'POST',
  path: '/api/admin/admins/:id/activation',
  operationId: 'issueAdminActivation',
  summary: '重新发送管理员激活链接（重置密码与两步验证）',
  params: idParams,
  body: twofaResetBody,
  reply: adminActivationReply,
});
export const deleteAdmin = endpoint({
  method: 'DELETE',
  path: '/api/admin/admins/:id',
  operationId: 'deleteAdmin',
  summary: '删除管理员',
  params: idParams,
  reply: adminDeleteReply,
});
