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
export const WITHDRAW_METHOD_LABELS: Record<WithdrawMethod, string> = {
  wechat: '微信',
  alipay: '支付宝',
  usdt: 'USDT',
};

export const depositStatuses = ['pending', 'processing', 'approved', 'rejected'] as const;
export const depositStatus = z.enum(depositStatuses);
export type DepositStatus = z.infer<typeof depositStatus>;
export const DEPOSIT_STATUS_LABELS: Record<DepositStatus, string> = {
  pending: '待审核',
  processing: '处理中',
  approved: '已通过',
  rejected: '已拒绝',
};

export const withdrawalStatuses = [
  'pending',
  'reviewing',
  'approved',
  'rejected',
  'processing',
  'completed',
] as const;
export const withdrawalStatus = z.enum(withdrawalStatuses);
export type WithdrawalStatus = z.infer<typeof withdrawalStatus>;
export const WITHDRAWAL_STATUS_LABELS: Record<WithdrawalStatus, string> = {
  pending: '待审核',
  reviewing: '审核中',
  approved: '已通过',
  rejected: '已拒绝',
  processing: '出款中',
  completed: '已出款',
};

export const channelStatuses = ['active', 'inactive'] as const;
export const channelStatus = z.enum(channelStatuses);
export type ChannelStatus = z.infer<typeof channelStatus>;
export const CHANNEL_STATUS_LABELS: Record<ChannelStatus, string> = { active: '启用', inactive: '禁用' };

export const depositChannelTypes = ['crypto', 'bank', 'alipay', 'wechat'] as const;
export const depositChannelType = z.enum(depositChannelTypes);
export type DepositChannelType = z.infer<typeof depositChannelType>;
export const DEPOSIT_CHANNEL_TYPE_LABELS: Record<DepositChannelType, string> = {
  crypto: '加密货币',
  bank: '银行卡',
  alipay: '支付宝',
  wechat: '微信',
};
