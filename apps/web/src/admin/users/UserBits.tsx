import {
  ADMIN_LEVEL_LABELS,
  type AdminUserRow,
  KYC_STATUS_LABELS,
  type KycStatus,
} from '@platform/contracts';
import { Tag } from 'antd';

const KYC_COLORS: Record<KycStatus, string> = {
  approved: 'success',
  pending: 'warning',
  reviewing: 'processing',
  rejected: 'error',
  none: 'default',
};

/** 已认证 / 待审核 / 审核中 / 已拒绝 / 未认证. */
export function KycBadge({ status }: { status: KycStatus }) {
  return (
    <Tag color={KYC_COLORS[status]} data-testid="kyc-badge">
      {KYC_STATUS_LABELS[status]}
    </Tag>
  );
}

/** 普通用户, or the admin's real level (管理员 / 超级管理员). */
export function RoleTag({ user }: { user: Pick<AdminUserRow, 'role' | 'admin_level'> }) {
  if (user.role !== 'admin') return <Tag>普通用户</Tag>;
  const level = user.admin_level ?? 'admin';
  return <Tag color={level === 'super_admin' ? 'red' : 'blue'}>{ADMIN_LEVEL_LABELS[level]}</Tag>;
}

export function ActiveTag({ active }: { active: boolean }) {
  return active ? <Tag color="green">正常</Tag> : <Tag color="default">已禁用</Tag>;
}
