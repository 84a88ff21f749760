import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { loginUrl } from '../../lib/navigation.ts';
import { useSessionSnapshot } from '../../lib/session.tsx';

/**
 * A user screen that needs an account. Without a stored session it shows 请先登录 and renders none
 * of its children, so the screen makes no call without a token.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { token, user } = useSessionSnapshot();
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation('user');
  if (token && user) return <>{children}</>;
  return (
    <Result
      status="403"
      title={t('shell.loginFirst')}
      subTitle={t('shell.loginFirstDetail')}
      data-testid="require-login"
      extra={
        <Button type="primary" onClick={() => navigate(loginUrl(location.pathname + location.search))}>
          {t('shell.goToLogin')}
        </Button>
      }
    />
  );
}
