import {
  LockOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
} from '@ant-design/icons';
import { APP_VERSION_LABEL, type ChangesSummary } from '@platform/contracts';
import { isSuperAdmin } from '@platform/domain';
import {
  Avatar,
  Breadcrumb,
  Button,
  Drawer,
  Flex,
  Grid,
  Layout,
  Menu,
  type MenuProps,
  Popover,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { formatLongDateIn } from '../../i18n/format.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { useSessionSnapshot } from '../../lib/session.tsx';
import { useLogout } from '../../lib/useLogout.ts';
import {
  CHANGES_PAGE,
  DelayedChangesBanner,
  PendingChangesCount,
  usePendingChangesSummary,
} from '../changes/PendingChangesNotice.tsx';
import {
  type AdminPage,
  adminBreadcrumbs,
  adminDocumentTitle,
  adminNavigation,
  findAdminPage,
  groupMenuKey,
  groupTitle,
  pageTitle,
} from '../routes.tsx';
import { AdminPasswordModal } from './AdminPasswordModal.tsx';

const SIDER_WIDTH = 220;

function useToday(): string {
  useTranslation(); // the date is written anew in a newly chosen language
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return formatLongDateIn(currentLanguage(), now);
}

interface SidebarProps {
  /** The open changes: the count beside 待生效变更. */
  changes: ChangesSummary | undefined;
  collapsed: boolean;
  openKeys: string[];
  onOpenChange: (keys: string[]) => void;
  onNavigate?: () => void;
}

function Sidebar({ changes, collapsed, openKeys, onOpenChange, onNavigate }: SidebarProps) {
  const { user } = useSessionSnapshot();
  const { pathname } = useLocation();
  const superAdmin = isSuperAdmin(user);
  const { t } = useTranslation('admin');
  const levelLabel = t(`level.${user?.admin_level ?? 'admin'}`);

  const items = useMemo<MenuProps['items']>(() => {
    const label = (page: AdminPage) => (
      <Link to={page.path}>
        {pageTitle(page, t)}
        {page.path === CHANGES_PAGE && <PendingChangesCount summary={changes} />}
      </Link>
    );
    return adminNavigation(superAdmin).map((entry) =>
      entry.type === 'page'
        ? { key: entry.page.path, icon: entry.page.icon, label: label(entry.page) }
        : {
            key: groupMenuKey(entry.group.key),
            icon: entry.group.icon,
            label: groupTitle(entry.group.key, t),
            children: entry.pages.map((page) => ({ key: page.path, label: label(page) })),
          },
    );
  }, [superAdmin, changes, t]);
  const selected = findAdminPage(pathname)?.path;

  return (
    <Flex vertical style={{ height: '100%' }}>
      <Flex vertical align="center" gap={6} style={{ padding: collapsed ? '16px 4px' : '16px 12px' }}>
        <Typography.Text
          strong
          style={{ color: '#fff', fontSize: collapsed ? 14 : 18, whiteSpace: 'nowrap' }}
        >
          {collapsed ? t('shell.short') : t('menu.backOffice')}
        </Typography.Text>
        <Tag color="gold" data-testid="admin-level-label" style={{ marginInlineEnd: 0 }}>
          {levelLabel}
        </Tag>
      </Flex>
      <Menu
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={selected ? [selected] : []}
        onClick={() => onNavigate?.()}
        {...(collapsed ? {} : { openKeys, onOpenChange })}
      />
    </Flex>
  );
}

/**
 * The avatar's card: who is signed in, whether their 2FA is on (resets are a super admin's job), and
 * 修改密码 (their own password, in a modal).
 */
function AccountCard({ onChangePassword }: { onChangePassword: () => void }) {
  const { user } = useSessionSnapshot();
  const { t } = useTranslation('admin');
  if (!user) return null;
  return (
    <Flex vertical gap={6} style={{ maxWidth: 260 }} data-testid="admin-account-card">
      <Typography.Text strong style={{ wordBreak: 'break-all' }}>
        {user.email}
      </Typography.Text>
      <Typography.Text type="secondary">{t(`level.${user.admin_level ?? 'admin'}`)}</Typography.Text>
      <Flex align="center" gap={6}>
        <Typography.Text>{t('shell.twofa')}</Typography.Text>
        <Tag color={user.twofa_enabled ? 'green' : 'default'} data-testid="admin-twofa-state">
          {user.twofa_enabled ? t('shell.twofaOn') : t('shell.twofaOff')}
        </Tag>
      </Flex>
      <Button icon={<LockOutlined />} onClick={onChangePassword} data-testid="admin-change-password">
        {t('shell.changePassword')}
      </Button>
    </Flex>
  );
}

/** The admin shell: sidebar (drawer under 768 px), header with breadcrumbs, date, avatar and logout, footer. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { user } = useSessionSnapshot();
  const { pathname } = useLocation();
  const screens = Grid.useBreakpoint();
  const isMobile = screens.md === false;
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const today = useToday();
  const { logout, pending } = useLogout();
  const changes = usePendingChangesSummary();
  const [accountOpen, setAccountOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const { t } = useTranslation('admin');

  // The group holding the current screen is open; groups the user opened stay open.
  const activeGroup = findAdminPage(pathname)?.group;
  const [openKeys, setOpenKeys] = useState<string[]>(() => (activeGroup ? [groupMenuKey(activeGroup)] : []));
  useEffect(() => {
    if (!activeGroup) return;
    const key = groupMenuKey(activeGroup);
    setOpenKeys((keys) => (keys.includes(key) ? keys : [...keys, key]));
  }, [activeGroup]);

  // The tab says which screen it is, in the menu's words; leaving the back office restores the app's title.
  const documentTitle = adminDocumentTitle(pathname, t);
  useEffect(() => {
    const previous = document.title;
    document.title = documentTitle;
    return () => {
      document.title = previous;
    };
  }, [documentTitle]);

  // On one line: a phone names the current screen only (its parents are in the drawer's menu), and
  // a title too long for the room left beside the switch and the buttons ends in an ellipsis
  // (.admin-breadcrumbs, index.css). English titles are longer than the spec's Chinese ones.
  const trail = adminBreadcrumbs(pathname, t);
  const crumbs = (isMobile ? trail.slice(-1) : trail).map((crumb, index, all) => ({
    key: `${index}`,
    title: crumb.path && index < all.length - 1 ? <Link to={crumb.path}>{crumb.title}</Link> : crumb.title,
  }));
  const initial = (user?.email.trim().charAt(0) ?? '?').toUpperCase();

  const sidebar = (
    <Sidebar
      changes={changes}
      collapsed={!isMobile && collapsed}
      openKeys={openKeys}
      onOpenChange={setOpenKeys}
      onNavigate={() => setDrawerOpen(false)}
    />
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {isMobile ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={SIDER_WIDTH + 20}
          closable={false}
          styles={{ body: { padding: 0, background: '#001529' } }}
        >
          <div data-testid="admin-sidebar" style={{ height: '100%' }}>
            {sidebar}
          </div>
        </Drawer>
      ) : (
        <Layout.Sider
          data-testid="admin-sidebar"
          width={SIDER_WIDTH}
          collapsed={collapsed}
          collapsible
          trigger={null}
          style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
        >
          {sidebar}
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            padding: '0 16px',
            display: 'flex',
            alignItems: 'center',
            gap: isMobile ? 8 : 12,
            borderBottom: '1px solid #f0f0f0',
          }}
        >
          {isMobile ? (
            <Button
              type="text"
              icon={<MenuOutlined />}
              aria-label={t('shell.openMenu')}
              data-testid="sidebar-drawer-toggle"
              onClick={() => setDrawerOpen(true)}
            />
          ) : (
            <Button
              type="text"
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              aria-label={collapsed ? t('shell.expandSidebar') : t('shell.collapseSidebar')}
              aria-expanded={!collapsed}
              data-testid="sidebar-collapse"
              onClick={() => setCollapsed((value) => !value)}
            />
          )}
          <Breadcrumb
            data-testid="breadcrumbs"
            className="admin-breadcrumbs"
            items={crumbs}
            style={{ flex: 1, minWidth: 0 }}
          />
          {!isMobile && (
            <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
              {today}
            </Typography.Text>
          )}
          <LanguageSwitch />
          <Popover
            trigger="click"
            placement="bottomRight"
            open={accountOpen}
            onOpenChange={setAccountOpen}
            content={
              <AccountCard
                onChangePassword={() => {
                  setAccountOpen(false);
                  setPasswordOpen(true);
                }}
              />
            }
          >
            <Button
              type="text"
              shape="circle"
              aria-label={t('shell.myAccount')}
              data-testid="header-account"
              style={{ padding: 0, flex: 'none' }}
            >
              <Avatar data-testid="header-avatar" style={{ background: '#1677ff' }}>
                {initial}
              </Avatar>
            </Button>
          </Popover>
          {/* A phone has room for the icon only; its name stays for screen readers. */}
          <Button
            icon={<LogoutOutlined />}
            loading={pending}
            aria-label={t('shell.logout')}
            data-testid="logout"
            style={{ flex: 'none' }}
            onClick={() => void logout()}
          >
            {isMobile ? null : t('shell.logout')}
          </Button>
          <AdminPasswordModal open={passwordOpen} onClose={() => setPasswordOpen(false)} />
        </Layout.Header>
        <Layout.Content style={{ padding: isMobile ? 12 : 24 }}>
          {isMobile && (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
              {today}
            </Typography.Paragraph>
          )}
          <DelayedChangesBanner summary={changes} />
          {children}
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center' }} data-testid="app-version">
          {APP_VERSION_LABEL}
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}
