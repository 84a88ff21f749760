import { ADMIN_LEVEL_LABELS, type AdminUserRow } from '@platform/contracts';
import { Tag } from 'antd';

/** 普通用户, or the admin's real level (管理员 / 超级管理员). */
export function RoleTag({ user }: { user: Pick<AdminUserRow, 'role' | 'admin_level'> }) {
  if (user.role !== 'admin') return <Tag>普通用户</Tag>;
  const level = user.admin_level ?? 'admin';
  return <Tag color={level === 'super_admin' ? 'red' : 'blue'}>{ADMIN_LEVEL_LABELS[level]}</Tag>;
}

export function ActiveTag({ active }: { active: boolean }) {
  return active ? <Tag color="green">正常</Tag> : <Tag color="default">已禁用</Tag>;
}
