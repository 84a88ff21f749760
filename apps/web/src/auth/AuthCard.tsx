import { LeftOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';

/**
 * The frame of the login and register pages, outside the user app's frame: a way back to 首页, the language switch, the
 * platform's name and one card, full width on a phone and a centred column on a desktop.
 */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const navigate = useNavigate();
  const { t } = useTranslation(['user', 'common']);
  return (
    <Flex
      vertical
      style={{ minHeight: '100vh', background: 'linear-gradient(180deg, #e8f0ff 0%, #f5f7fb 240px)' }}
    >
      <Flex align="center" justify="space-between" style={{ height: 48, padding: '0 8px 0 4px' }}>
        <Button type="text" icon={<LeftOutlined />} onClick={() => navigate('/')} data-testid="auth-home">
          {t('auth.backHome')}
        </Button>
        <LanguageSwitch />
      </Flex>
      <Flex flex={1} align="center" justify="center" style={{ padding: '4px 12px 32px' }}>
        <div style={{ width: '100%', maxWidth: 420 }}>
          <Typography.Title level={3} style={{ textAlign: 'center', margin: '0 0 4px' }}>
            {title}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginBottom: 16 }}>
            {t('common:platformName')}
          </Typography.Paragraph>
          <Card styles={{ body: { padding: '20px 16px' } }}>{children}</Card>
        </div>
      </Flex>
    </Flex>
  );
}
