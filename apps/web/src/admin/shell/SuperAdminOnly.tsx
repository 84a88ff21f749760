import { isSuperAdmin } from '@platform/domain';
import { Result } from 'antd';
import type { ReactNode } from 'react';
import { useSessionSnapshot } from '../../lib/session.tsx';

export const SUPER_ADMIN_ONLY_TEXT = '只有超级管理员可以访问管理员管理功能';

/** Admin management needs admin_level super_admin; the screen does not render (or call) otherwise. */
export function SuperAdminOnly({ children }: { children: ReactNode }) {
  const { user } = useSessionSnapshot();
  if (!isSuperAdmin(user)) {
    return (
      <Result status="403" title="权限不足" subTitle={SUPER_ADMIN_ONLY_TEXT} data-testid="super-admin-only" />
    );
  }
  return children;
}
