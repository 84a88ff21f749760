import type { AdminUserRow } from '@platform/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** 普通用户, or the admin's real level (管理员 / 超级管理员). */
export function RoleTag({ user }: { user: Pick<AdminUserRow, 'role' | 'admin_level'> }) {
  const { t } = useTranslation('admin');
  if (user.role !== 'admin') return <Tag>{t('users.plainUser')}</Tag>;
  const level = user.admin_level ?? 'admin';
  return <Tag color={level === 'super_admin' ? 'red' : 'blue'}>{t(`level.${level}`)}</Tag>;
}

export function ActiveTag({ active }: { active: boolean }) {
  const { t } = useTranslation('admin');
  return active ? (
    <Tag color="green">{t('users.activeTag')}</Tag>
  ) : (
    <Tag color="default">{t('users.disabledTag')}</Tag>
  );
}
