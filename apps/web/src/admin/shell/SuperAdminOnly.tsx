import { isSuperAdmin } from '@platform/domain';
import { Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionSnapshot } from '../../lib/session.tsx';

/** Admin management needs admin_level super_admin; the screen does not render (or call) otherwise. */
export function SuperAdminOnly({ children }: { children: ReactNode }) {
  const { user } = useSessionSnapshot();
  const { t } = useTranslation('admin');
  if (!isSuperAdmin(user)) {
    return (
      <Result
        status="403"
        title={t('shell.gate.forbidden')}
        subTitle={t('shell.gate.superAdminOnly')}
        data-testid="super-admin-only"
      />
    );
  }
  return children;
}
