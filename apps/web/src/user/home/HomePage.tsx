import { RightOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Col, Flex, Grid, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { KycBadge } from '../../components/StatusTags.tsx';
import { useSession } from '../../lib/session.tsx';
import { Announcements } from './Announcements.tsx';
import { EntryGrid } from './EntryGrid.tsx';
import { HomeCarousel } from './HomeCarousel.tsx';
import { HotMarkets } from './HotMarkets.tsx';

/** A guest's invitation to sign in; a user's account line (opens 我的), with the back office for admins. */
function Greeting() {
  const session = useSession();
  const navigate = useNavigate();
  const { t } = useTranslation('user');
  const user = session.user;
  if (!session.authenticated || !user) {
    return (
      <Card size="small" data-testid="home-guest">
        <Flex align="center" justify="space-between" gap={8} wrap>
          <div style={{ minWidth: 0 }}>
            <Typography.Text strong>{t('home.welcome')}</Typography.Text>
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {t('home.welcomeText')}
            </Typography.Text>
          </div>
          <Flex gap={8}>
            <Button onClick={() => navigate('/login')}>{t('home.loginNow')}</Button>
            <Button type="primary" onClick={() => navigate('/register')}>
              {t('home.registerNow')}
            </Button>
          </Flex>
        </Flex>
      </Card>
    );
  }
  return (
    <Card size="small" data-testid="home-account">
      <Flex align="center" gap={10}>
        <Link
          to="/me"
          style={{ display: 'flex', alignItems: 'center', gap: 10, flex: 1, minWidth: 0, color: 'inherit' }}
        >
          <Avatar style={{ background: '#1677ff', flex: 'none' }}>
            {user.email.slice(0, 1).toUpperCase()}
          </Avatar>
          <span style={{ minWidth: 0, flex: 1 }}>
            <Typography.Text strong ellipsis style={{ display: 'block' }} data-testid="user-email">
              {user.email}
            </Typography.Text>
            <KycBadge status={user.kyc_status} />
          </span>
          <RightOutlined style={{ color: '#bfbfbf' }} />
        </Link>
        {session.isAdmin && (
          <Button type="primary" size="small" onClick={() => navigate('/admin')}>
            {t('home.admin')}
          </Button>
        )}
      </Flex>
    </Card>
  );
}

/**
 * 首页: account or sign-in prompt, the carousel and announcements published by the operators, the
 * shortcuts, and live prices. Everything but the account line is public.
 */
export default function HomePage() {
  const wide = Boolean(Grid.useBreakpoint().md);
  return (
    <Flex vertical gap={12} data-testid="home-page">
      <Greeting />
      {wide ? (
        <Row gutter={16}>
          <Col span={15}>
            <HomeCarousel height={260} />
          </Col>
          <Col span={9}>
            <Announcements />
          </Col>
        </Row>
      ) : (
        <>
          <HomeCarousel height={150} />
          <Announcements />
        </>
      )}
      <EntryGrid wide={wide} />
      <HotMarkets wide={wide} />
    </Flex>
  );
}
