import { LogoutOutlined, SafetyOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TwofaEnrolment } from '../../components/twofa/TwofaEnrolment.tsx';
import { refreshProfile, useSessionSnapshot } from '../../lib/session.tsx';
import { useLogout } from '../../lib/useLogout.ts';

/**
 * What an admin without 2FA sees instead of the back office (ADMIN_2FA_REQUIRED): the server answers
 * every other admin call 403 until it is on. After the codes are saved the profile is fetched again,
 * and the back office appears in its place with its failed queries fetched anew.
 */
export function AdminTwofaSetup() {
  const { user } = useSessionSnapshot();
  const queryClient = useQueryClient();
  const { logout, pending } = useLogout();
  const { t } = useTranslation('admin');

  const finish = async () => {
    await refreshProfile().catch(() => null);
    await queryClient.invalidateQueries();
  };

  return (
    <Flex
      vertical
      style={{ minHeight: '100vh', background: 'linear-gradient(180deg, #e8f0ff 0%, #f5f7fb 240px)' }}
      data-testid="admin-twofa-setup"
    >
      <Flex align="center" justify="space-between" gap={8} style={{ height: 56, padding: '0 12px' }}>
        <Typography.Text strong style={{ fontSize: 16 }}>
          {t('menu.backOffice')}
        </Typography.Text>
        <Button
          icon={<LogoutOutlined />}
          loading={pending}
          onClick={() => void logout()}
          data-testid="logout"
        >
          {t('shell.logout')}
        </Button>
      </Flex>
      <Flex flex={1} justify="center" style={{ padding: '8px 12px 32px' }}>
        <div style={{ width: '100%', maxWidth: 460 }}>
          <Flex vertical align="center" gap={4} style={{ marginBottom: 16, textAlign: 'center' }}>
            <SafetyOutlined style={{ fontSize: 32, color: '#1677ff' }} />
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t('shell.twofaSetup')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('shell.twofaRequired')}</Typography.Text>
            {user && (
              <Typography.Text strong style={{ overflowWrap: 'anywhere' }} data-testid="admin-twofa-account">
                {user.email}
              </Typography.Text>
            )}
          </Flex>
          <Card styles={{ body: { padding: '20px 16px' } }}>
            <TwofaEnrolment account={user?.email ?? ''} finishLabel={t('shell.enter')} onFinished={finish} />
          </Card>
        </div>
      </Flex>
    </Flex>
  );
}
