import {
  App as AntApp,
  Button,
  ConfigProvider,
  Flex,
  Grid,
  Layout,
  Menu,
  Skeleton,
  Typography,
  theme,
} from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { RouteBoundary } from '../../components/RouteBoundary.tsx';
import { useThemeMode } from '../../lib/appearance.ts';
import { useSessionSnapshot } from '../../lib/session.tsx';
import { DisconnectedBanner } from './DisconnectedBanner.tsx';
import { activeNavPath, USER_NAV } from './navItems.tsx';

const TAB_BAR_HEIGHT = 56;
const HEADER_HEIGHT = 48;

/** The phone's bottom tab bar: five equal buttons, the current one in the primary colour. */
function TabBar({ active }: { active: string | undefined }) {
  const navigate = useNavigate();
  const { t } = useTranslation('user');
  return (
    <nav
      aria-label={t('nav.label')}
      data-testid="user-tab-bar"
      style={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        height: TAB_BAR_HEIGHT,
        paddingBottom: 'env(safe-area-inset-bottom)',
        background: 'var(--app-surface)',
        borderTop: '1px solid var(--app-divider)',
        display: 'flex',
        zIndex: 100,
      }}
    >
      {USER_NAV.map((item) => {
        const current = item.path === active;
        return (
          <button
            key={item.path}
            type="button"
            aria-current={current ? 'page' : undefined}
            onClick={() => navigate(item.path)}
            style={{
              flex: 1,
              border: 0,
              background: 'transparent',
              color: current ? '#1677ff' : 'var(--app-text-secondary)',
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 2,
              fontSize: 12,
              cursor: 'pointer',
            }}
          >
            <span style={{ fontSize: 20, lineHeight: 1 }}>{item.icon}</span>
            {t(`nav.${item.key}`)}
          </button>
        );
      })}
    </nav>
  );
}

/**
 * The user app in this device's theme (设置 → 深色模式): antd's dark algorithm, and data-theme on
 * <html> for the --app-* colours of index.css while the user app is shown (the back office stays light).
 */
function UserTheme({ children }: { children: ReactNode }) {
  const mode = useThemeMode();
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = mode;
    return () => {
      delete root.dataset.theme;
    };
  }, [mode]);
  return (
    <ConfigProvider theme={{ algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm }}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}

/** The content area while a tab's code downloads: the frame around it stays (issue 33). */
function TabLoading() {
  const { t } = useTranslation('user');
  return (
    <div role="status" data-testid="tab-loading" aria-busy="true" aria-label={t('shell.loading')}>
      <Skeleton active paragraph={{ rows: 2 }} />
      <Skeleton active paragraph={{ rows: 4 }} style={{ marginTop: 16 }} />
    </div>
  );
}

/**
 * The user app's frame, phone first: a slim header and a bottom tab bar under 768 px; on wider
 * screens the tabs move into the header and the content gets a wider column.
 */
export function UserLayout() {
  return (
    <UserTheme>
      <UserFrame />
    </UserTheme>
  );
}

function UserFrame() {
  const screens = Grid.useBreakpoint();
  const phone = !screens.md;
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { user } = useSessionSnapshot();
  const active = activeNavPath(pathname);
  const { t } = useTranslation(['user', 'common']);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          position: 'sticky',
          top: 0,
          zIndex: 100,
          height: HEADER_HEIGHT,
          lineHeight: `${HEADER_HEIGHT}px`,
          padding: '0 12px',
          background: 'var(--app-surface)',
          borderBottom: '1px solid var(--app-divider)',
        }}
      >
        <Flex align="center" justify="space-between" gap={12} style={{ maxWidth: 1200, margin: '0 auto' }}>
          <Link to="/" style={{ color: 'inherit' }}>
            <Typography.Text strong style={{ fontSize: 16 }}>
              {t('common:platformName')}
            </Typography.Text>
          </Link>
          {!phone && (
            <Menu
              mode="horizontal"
              selectedKeys={active ? [active] : []}
              style={{ flex: 1, minWidth: 0, borderBottom: 0, lineHeight: '46px' }}
              items={USER_NAV.map((item) => ({
                key: item.path,
                icon: item.icon,
                label: t(`nav.${item.key}`),
              }))}
              onClick={({ key }) => navigate(key)}
            />
          )}
          {user ? (
            <Button type="text" onClick={() => navigate('/me')} data-testid="header-account">
              {user.email.slice(0, 1).toUpperCase()}
            </Button>
          ) : (
            <Flex gap={8}>
              <Button size="small" onClick={() => navigate('/login')}>
                {t('shell.login')}
              </Button>
              <Button size="small" type="primary" onClick={() => navigate('/register')}>
                {t('shell.register')}
              </Button>
            </Flex>
          )}
        </Flex>
      </Layout.Header>
      <DisconnectedBanner top={HEADER_HEIGHT} />
      <Layout.Content
        style={{
          width: '100%',
          maxWidth: 1200,
          margin: '0 auto',
          padding: phone ? `12px 12px ${TAB_BAR_HEIGHT + 16}px` : '20px 24px 32px',
        }}
      >
        {/* Its own boundary, so that a loading or crashed tab replaces the content, never the frame. */}
        <RouteBoundary resetKey={pathname} fallback={<TabLoading />}>
          <Outlet />
        </RouteBoundary>
      </Layout.Content>
      {phone && <TabBar active={active} />}
    </Layout>
  );
}
