import { z } from 'zod';

export const userRoles = ['user', 'admin'] as const;
export const userRole = z.enum(userRoles);
export type UserRole = z.infer<typeof userRole>;

export const adminLevels = ['admin', 'super_admin'] as const;
export const adminLevel = z.enum(adminLevels);
export type AdminLevel = z.infer<typeof adminLevel>;
export const ADMIN_LEVEL_LABELS: Record<AdminLevel, string> = {
  admin: '管理员',
  super_admin: '超级管理员',
};

export const kycStatuses = ['none', 'pending', 'reviewing', 'approved', 'rejected'] as const;
export const kycStatus = z.enum(kycStatuses);
export type KycStatus = z.infer<typeof kycStatus>;
export const KYC_STATUS_LABELS: Record<KycStatus, string> = {
  approved: '已认证',
  pending: '待审核',
  reviewing: '审核中',
  rejected: '已拒绝',
  none: '未认证',
};

export const userLevels = ['guest', 'basic', 'verified', 'admin'] as const;
export type UserLevel = (typeof userLevels)[number];

export const withdrawMethods = ['wechat', 'alipay', 'usdt'] as const;
export const withdrawMethod = z.enum(withdrawMethods);
export type WithdrawMethod = z.infer<typeof withdrawMethod>;
