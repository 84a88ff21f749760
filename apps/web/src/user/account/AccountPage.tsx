import {
  AlertOutlined,
  AuditOutlined,
  BellOutlined,
  DashboardOutlined,
  GlobalOutlined,
  IdcardOutlined,
  LockOutlined,
  LogoutOutlined,
  RightOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  SettingOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { userLevel } from '@platform/domain';
import { Avatar, Badge, Button, Card, Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { KycBadge } from '../../components/StatusTags.tsx';
import { useLogout } from '../../lib/useLogout.ts';
import { useUnreadCount } from '../notifications/useNotifications.ts';
import { UserPage } from '../shell/UserPage.tsx';
import { MENU_ICON_STYLE, MENU_ROW_STYLE } from './menuRow.ts';
import { SupportMenuRow } from './SupportMenuRow.tsx';
import { AccountColumn, RefreshError, useMe, userLevelLabel } from './useMe.tsx';

const LEVEL_COLORS = { guest: 'default', basic: 'blue', verified: 'green', admin: 'purple' } as const;

function MenuLink({
  to,
  icon,
  label,
  extra,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  extra?: ReactNode;
}) {
  return (
    <Link to={to} data-testid={`me-link-${to}`} style={MENU_ROW_STYLE}>
      <span style={MENU_ICON_STYLE}>{icon}</span>
      <span style={{ flex: 1, fontSize: 15 }}>{label}</span>
      {extra}
      <RightOutlined style={{ color: '#bfbfbf', fontSize: 12 }} />
    </Link>
  );
}

/** 我的: who is signed in (e-mail, phone, KYC, level, invite code), the account's screens and 退出登录. */
export default function AccountPage() {
  const { query, user } = useMe();
  const { logout, pending } = useLogout();
  const unread = useUnreadCount() ?? 0;
  const { t } = useTranslation('user');
  if (!user) return <PageLoading />;
  const level = userLevel(user);

  return (
    <AccountColumn>
      <UserPage title={t('me.title')} testId="account-page">
        <RefreshError query={query} />
        <Card>
          <Flex gap={14} align="center">
            <Avatar size={56} style={{ background: '#1677ff', fontSize: 24, flex: 'none' }}>
              {user.email.slice(0, 1).toUpperCase()}
            </Avatar>
            <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
              <Typography.Text strong ellipsis style={{ fontSize: 16 }} data-testid="me-email">
                {user.email}
              </Typography.Text>
              {user.nickname && (
                <Typography.Text type="secondary" ellipsis data-testid="me-nickname">
                  {user.nickname}
                </Typography.Text>
              )}
              <Typography.Text type="secondary" data-testid="me-phone">
                {user.phone ?? t('me.noPhone')}
              </Typography.Text>
              <Flex gap={4} wrap>
                <KycBadge status={user.kyc_status} />
                <Tag color={LEVEL_COLORS[level]} data-testid="me-level">
                  {userLevelLabel(level)}
                </Tag>
              </Flex>
            </Flex>
          </Flex>
          <Flex
            justify="space-between"
            align="center"
            style={{
              marginTop: 14,
              padding: '8px 12px',
              background: 'var(--app-accent-bg)',
              borderRadius: 8,
            }}
          >
            <Typography.Text type="secondary">{t('me.inviteCode')}</Typography.Text>
            <Typography.Text strong copyable={{ text: user.invite_code }} data-testid="me-invite-code">
              {user.invite_code}
            </Typography.Text>
          </Flex>
        </Card>
        <Card styles={{ body: { padding: '0 12px' } }}>
          <nav aria-label={t('me.menu')}>
            <MenuLink
              to="/me/notifications"
              icon={<BellOutlined />}
              label={t('me.notifications')}
              extra={<Badge count={unread} overflowCount={99} data-testid="me-notifications-unread" />}
            />
            <MenuLink to="/me/price-alerts" icon={<AlertOutlined />} label={t('me.priceAlerts')} />
            <MenuLink to="/wallet" icon={<WalletOutlined />} label={t('me.assets')} />
            <MenuLink
              to="/kyc"
              icon={<SafetyCertificateOutlined />}
              label={t('me.kyc')}
              extra={<KycBadge status={user.kyc_status} />}
            />
            <MenuLink to="/team" icon={<TeamOutlined />} label={t('me.team')} />
            <MenuLink to="/me/profile" icon={<IdcardOutlined />} label={t('me.profile')} />
            <MenuLink to="/me/password" icon={<LockOutlined />} label={t('me.password')} />
            <MenuLink
              to="/me/security"
              icon={<SafetyOutlined />}
              label={t('me.security')}
              extra={
                <Tag color={user.twofa_enabled ? 'green' : 'default'} data-testid="me-twofa-state">
                  {user.twofa_enabled ? t('me.twofaOn') : t('me.twofaOff')}
                </Tag>
              }
            />
            <MenuLink to="/me/por" icon={<AuditOutlined />} label={t('me.por')} />
            <MenuLink to="/me/settings" icon={<SettingOutlined />} label={t('me.settings')} />
            <div data-testid="me-language" style={MENU_ROW_STYLE}>
              <span style={MENU_ICON_STYLE}>
                <GlobalOutlined />
              </span>
              <span style={{ flex: 1, fontSize: 15 }}>{t('me.language')}</span>
              <LanguageSwitch />
            </div>
            <SupportMenuRow />
            {level === 'admin' && <MenuLink to="/admin" icon={<DashboardOutlined />} label={t('me.admin')} />}
          </nav>
        </Card>
        <Button
          danger
          block
          size="large"
          icon={<LogoutOutlined />}
          loading={pending}
          onClick={() => void logout()}
          data-testid="logout"
        >
          {t('me.logout')}
        </Button>
      </UserPage>
    </AccountColumn>
  );
}
