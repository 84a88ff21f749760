import { z } from 'zod';
import { ADMIN_ACTIVATION_TEXTS, adminActivationLink } from './admin-activation.ts';
import { publicUser, walletView } from './auth.ts';
import { adminChange, CHANGE_TEXTS, changeProposed, changeReply } from './changes.ts';
import { endpoint } from './endpoint.ts';
import { adminLevel, kycStatuses } from './enums.ts';
import { decimalString, envelope, isoDateTime } from './envelope.ts';
import { cappedPagination, idParams, pageQuery, pagination } from './pagination.ts';
import { twofaResetBody } from './two-factor.ts';

/** User list and admin management (spec 000 §2 user list and admin management, §5, §6, §7). */

export const MAX_BULK_USERS = 100;

/** A path id: /api/admin/users/:id, /api/admin/admins/:id. */

/** The users' and admins' forms' texts (the contracts' catalogue, messages.ts, holds their English). */
export const ADMIN_USER_FORM_TEXTS = {
  isActive: 'is_active 必须是 true 或 false',
  statusFilter: '状态筛选不正确',
  kycFilter: 'KYC筛选不正确',
  usersRequired: '请选择用户',
  bulkMax: `一次最多处理${MAX_BULK_USERS}个用户`,
  emailRequired: '请输入邮箱',
  emailTooLong: '邮箱不能超过254个字符',
  levelInvalid: '管理员级别必须是 admin 或 super_admin',
} as const;

const isActive = z.boolean({ error: ADMIN_USER_FORM_TEXTS.isActive });
const search = z.string().trim().max(100, '搜索内容不能超过100个字符').optional();

// --- users ------------------------------------------------------------------------------------

export const userStatusFilters = ['all', 'active', 'inactive', 'admin'] as const;
export const userStatusFilter = z.enum(userStatusFilters, { error: ADMIN_USER_FORM_TEXTS.statusFilter });
export type UserStatusFilter = z.infer<typeof userStatusFilter>;

export const userKycFilters = ['all', ...kycStatuses] as const;
export const userKycFilter = z.enum(userKycFilters, { error: ADMIN_USER_FORM_TEXTS.kycFilter });
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
  /** Two-step verification is on (users.twofa_enabled_at). */
  twofa_enabled: z.boolean(),
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
    .array(z.number().int().positive(), { error: ADMIN_USER_FORM_TEXTS.usersRequired })
    .min(1, ADMIN_USER_FORM_TEXTS.usersRequired)
    .max(MAX_BULK_USERS, ADMIN_USER_FORM_TEXTS.bulkMax),
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

/**
 * Admin accounts are changed by two super admins (issue 32, docs/admin-accounts.md): creating one,
 * a level change, a new activation link (the password / 2FA reset), deleting and enabling are
 * proposals; e-mail, phone and disabling are applied at once.
 */
export const ADMIN_CHANGE_TEXTS = {
  proposed: '已提交，等待另一位超级管理员批准',
  linkOnce: '激活链接只显示这一次，批准生效后 24 小时内有效',
  levelAlone: '修改管理员级别需另一位超级管理员批准，须单独提交：请先保存邮箱和手机号，再修改级别',
  enableByProposal: '启用管理员账户需另一位超级管理员批准，请在管理员管理中提交启用',
  updated: '管理员信息更新成功',
  enabled: '管理员已启用',
  disabled: '管理员已禁用',
} as const;

/**
 * The message of an admin account proposal: waiting for a second super admin, or (none who may
 * approve) taking effect in 24 h.
 */
export const adminChangeProposedMessage = (change: { status: string }) =>
  change.status === 'delayed' ? CHANGE_TEXTS.delayed : ADMIN_CHANGE_TEXTS.proposed;

export const adminStatusFilters = ['all', 'active', 'inactive'] as const;
export const adminStatusFilter = z.enum(adminStatusFilters, { error: ADMIN_USER_FORM_TEXTS.statusFilter });
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
/**
 * Proposing a new admin or a new link for one (202, issue 32): the change a second super admin
 * approves, and the link, in this reply only, never shown again; it works once the change applies.
 */
export const adminActivationProposalReply = envelope(
  z.object({ change: adminChange, activation: adminActivationLink }),
);
export type AdminActivationProposalReply = z.infer<typeof adminActivationProposalReply>;
/**
 * An admin account call that is applied at once (200, `{ admin }`: e-mail and phone, disabling) or
 * proposed to a second super admin (202, `{ change }`: a level change, enabling).
 */
export const adminOrChangeReply = envelope(z.union([z.object({ admin: adminView }), changeProposed]));
export type AdminOrChangeReply = z.infer<typeof adminOrChangeReply>;

const adminEmail = z
  .string({ error: ADMIN_USER_FORM_TEXTS.emailRequired })
  .trim()
  .min(1, { error: ADMIN_USER_FORM_TEXTS.emailRequired, abort: true })
  .max(254, ADMIN_USER_FORM_TEXTS.emailTooLong)
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
const adminLevelField = z.enum(['admin', 'super_admin'], { error: ADMIN_USER_FORM_TEXTS.levelInvalid });

export const adminCreateBody = z.object({
  email: adminEmail,
  phone: adminPhone,
  password: noPassword,
  admin_level: adminLevelField.default('admin'),
});
export type AdminCreateBody = z.infer<typeof adminCreateBody>;
export type AdminCreateInput = z.input<typeof adminCreateBody>;

/**
 * Every field optional; a password is refused (an admin changes their own in 安全中心). E-mail and
 * phone are saved at once; a different `admin_level` makes the call a proposal for a second super
 * admin, and then it must be the only change (ADMIN_LEVEL_ALONE).
 */
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

export const listAdminUsers = endpoint({
  method: 'GET',
  path: '/api/admin/users',
  operationId: 'listAdminUsers',
  summary: '用户列表',
  description: 'Users, with search and filters (admin).',
  query: adminUsersQuery,
  reply: adminUsersReply,
});
export const getAdminUser = endpoint({
  method: 'GET',
  path: '/api/admin/users/:id',
  operationId: 'getAdminUser',
  summary: '用户详情',
  description: "One user's details (admin).",
  params: idParams,
  reply: adminUserDetailReply,
});
export const setUserStatus = endpoint({
  method: 'PATCH',
  path: '/api/admin/users/:id/status',
  operationId: 'setUserStatus',
  summary: '修改用户状态',
  description: 'Enables or disables a user account.',
  params: idParams,
  body: userStatusBody,
  reply: userStatusReply,
});
export const bulkSetUserStatus = endpoint({
  method: 'POST',
  path: '/api/admin/users/bulk-status',
  operationId: 'bulkSetUserStatus',
  summary: '批量修改用户状态',
  description: 'Enables or disables several user accounts.',
  body: bulkUserStatusBody,
  reply: bulkUserStatusReply,
});
export const listAdmins = endpoint({
  method: 'GET',
  path: '/api/admin/admins',
  operationId: 'listAdmins',
  summary: '管理员列表',
  description: 'Admin accounts.',
  query: adminsQuery,
  reply: adminsReply,
});
/** A proposal (202): the admin exists once a second super admin approves (docs/admin-accounts.md). */
export const createAdmin = endpoint({
  method: 'POST',
  path: '/api/admin/admins',
  operationId: 'createAdmin',
  summary: '提交新增管理员（需另一位超级管理员批准）',
  description: 'Proposes a new admin account (another super admin must approve).',
  body: adminCreateBody,
  status: 202,
  reply: adminActivationProposalReply,
});
/** E-mail and phone: 200 `{ admin }`; a level change: 202 `{ change }` (adminOrChangeReply). */
export const updateAdmin = endpoint({
  method: 'PATCH',
  path: '/api/admin/admins/:id',
  operationId: 'updateAdmin',
  summary: '修改管理员信息（级别变更需另一位超级管理员批准）',
  description: "Changes an admin's details (a level change needs another super admin's approval).",
  params: idParams,
  body: adminUpdateBody,
  reply: adminOrChangeReply,
});
/** Disabling: at once, 200 `{ admin }`; enabling: a proposal, 202 `{ change }`. */
export const setAdminStatus = endpoint({
  method: 'PATCH',
  path: '/api/admin/admins/:id/status',
  operationId: 'setAdminStatus',
  summary: '启用或禁用管理员（禁用立即生效，启用需另一位超级管理员批准）',
  description:
    "Enables or disables an admin (disabling takes effect at once; enabling needs another super admin's approval).",
  params: idParams,
  body: adminStatusBody,
  reply: adminOrChangeReply,
});
/**
 * A new activation link for another admin (a lost phone or password), proposed (202): once a second
 * super admin approves, their password, 2FA and every session are revoked at once, and only the
 * link sets new ones. Replaces the 2FA reset.
 */
export const issueAdminActivation = endpoint({
  method: 'POST',
  path: '/api/admin/admins/:id/activation',
  operationId: 'issueAdminActivation',
  summary: '提交重新发送管理员激活链接（重置密码与两步验证，需另一位超级管理员批准）',
  description:
    'Proposes sending an admin a new activation link, resetting their password and two-factor authentication (another super admin must approve).',
  params: idParams,
  body: twofaResetBody,
  status: 202,
  reply: adminActivationProposalReply,
});
/** A proposal (202): the admin is tombstoned once a second super admin approves. */
export const deleteAdmin = endpoint({
  method: 'DELETE',
  path: '/api/admin/admins/:id',
  operationId: 'deleteAdmin',
  summary: '提交删除管理员（需另一位超级管理员批准）',
  description: 'Proposes deleting an admin account (another super admin must approve).',
  params: idParams,
  status: 202,
  reply: changeReply,
});
