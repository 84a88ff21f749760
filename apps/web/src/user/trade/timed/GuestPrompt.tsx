import { LockOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { loginUrl } from '../../../lib/navigation.ts';

/** In place of the order button for a guest: log in (and come back here) or register. */
export function GuestPrompt() {
  const { t } = useTranslation('user');
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (
    <Flex vertical gap={8} align="stretch" data-testid="guest-prompt">
      <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
        <LockOutlined /> {t('trade.timed.loginToTrade')}
      </Typography.Text>
      <Flex gap={8}>
        <Button block size="large" type="primary" onClick={() => navigate(loginUrl(pathname + search))}>
          {t('trade.login')}
        </Button>
        <Button block size="large" onClick={() => navigate('/register')}>
          {t('trade.register')}
        </Button>
      </Flex>
    </Flex>
  );
}
