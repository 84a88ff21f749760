import { ADMIN_GATE_DELAY_MS } from '@platform/contracts';
import { adminGateOutcome } from '@platform/domain';
import { Button, Result, Space } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
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
        title="需要登录"
        subTitle="请先登录"
        data-testid="admin-gate-login"
        extra={
          <Button type="primary" onClick={() => navigate(loginUrl(location.pathname + location.search))}>
            前往登录
          </Button>
        }
      />
    );
  }
  if (outcome === 'forbidden') {
    return (
      <Result
        status="403"
        title="权限不足"
        subTitle="您没有访问管理后台的权限"
        data-testid="admin-gate-forbidden"
        extra={
          <Space>
            <Button type="primary" onClick={() => navigate('/')}>
              返回首页
            </Button>
            <Button onClick={() => navigate(-1)}>返回上一页</Button>
          </Space>
        }
      />
    );
  }
  return children;
}
