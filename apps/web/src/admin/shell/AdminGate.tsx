import { ADMIN_GATE_DELAY_MS } from '@platform/contracts';
import { adminGateOutcome } from '@platform/domain';
import { Button, Result, Space } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageLoading } from '../../components/PageLoading.tsx';
import { loginUrl } from '../../lib/navigation.ts';
import { useSessionSnapshot } from '../../lib/session.tsx';

/**
 * The admin area's gate. It waits ADMIN_GATE_DELAY_MS (100 ms) before deciding, then: no session →
 * 需要登录 (nothing below it renders, so no admin call is made); a signed-in non-admin → 权限不足;
 * an admin → the children.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const { token, user } = useSessionSnapshot();
  const [decided, setDecided] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation('admin');

  useEffect(() => {
    const timer = setTimeout(() => setDecided(true), ADMIN_GATE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  if (!decided) return <PageLoading fullScreen />;

  const outcome = adminGateOutcome(token, user);
  if (outcome === 'login') {
    return (
      <Result
        status="403"
        title={t('shell.gate.loginTitle')}
        subTitle={t('shell.gate.loginText')}
        data-testid="admin-gate-login"
        extra={
          <Button type="primary" onClick={() => navigate(loginUrl(location.pathname + location.search))}>
            {t('shell.gate.toLogin')}
          </Button>
        }
      />
    );
  }
  if (outcome === 'forbidden') {
    return (
      <Result
        status="403"
        title={t('shell.gate.forbidden')}
        subTitle={t('shell.gate.forbiddenText')}
        data-testid="admin-gate-forbidden"
        extra={
          <Space>
            <Button type="primary" onClick={() => navigate('/')}>
              {t('shell.gate.home')}
            </Button>
            <Button onClick={() => navigate(-1)}>{t('shell.gate.previous')}</Button>
          </Space>
        }
      />
    );
  }
  return children;
}
