import type { PublicUser } from '@platform/contracts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { AppProviders } from '../../App.tsx';
import { applyLanguage } from '../../i18n/index.ts';
import { setNavigator } from '../../lib/navigation.ts';
import { sessionStore } from '../../lib/session.tsx';
import { routes } from '../../router.tsx';
import { jsonResponse, makeAdmin, storeSession } from '../../test/fixtures.ts';
import { setViewportWidth } from '../../test/setup.ts';

type FetchArgs = [string, RequestInit];
let fetchMock: Mock<(...args: FetchArgs) => Promise<Response>>;

beforeEach(() => {
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(async () =>
    jsonResponse({ success: true, message: 'ok' }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

function renderApp(path: string, user: PublicUser | null = makeAdmin({ admin_level: 'super_admin' })) {
  if (user) storeSession(user, 'admin-token');
  sessionStore.reload();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigator((to, options) => void router.navigate(to, options));
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}

/** The shell; the file's first render also imports the lazily loaded back office (11.7 s seen on a loaded machine). */
async function shell() {
  return screen.findByTestId('admin-sidebar', {}, { timeout: 20_000 });
}

describe('admin shell', () => {
  it('shows the sidebar, the real level label, avatar initial, date, breadcrumbs and version', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url.startsWith('/api/admin/orders')
        ? jsonResponse({
            success: true,
            message: 'ok',
            data: {
              orders: [],
              pagination: { page: 1, limit: 20, total: 0, totalPages: 0 },
              stats: {
                totalOrders: 0,
                todayOrders: 0,
                pendingOrders: 0,
                filledOrders: 0,
                totalVolume: '0',
                todayVolume: '0',
              },
            },
          })
        : jsonResponse({ success: true, message: 'ok' }),
    );
    renderApp('/admin/trading/orders', makeAdmin({ email: 'root@example.com', admin_level: 'super_admin' }));
    const sidebar = await shell();
    expect(within(sidebar).getByTestId('admin-level-label').textContent).toBe('超级管理员');
    for (const title of [
      '仪表盘',
      '用户管理',
      '管理员管理',
      'KYC审核',
      '钱包管理',
      '交易管理',
      '团队管理',
      '资金流水',
    ]) {
      expect(within(sidebar).getByText(title)).toBeTruthy();
    }
    // The group of the current screen is open; the others are closed.
    expect(within(sidebar).getByText('期权控制')).toBeTruthy();
    expect(within(sidebar).queryByText('提现通道')).toBeNull();

    expect(screen.getByTestId('header-avatar').textContent).toBe('R');
    expect(screen.getByText(/^\d{4}年\d{1,2}月\d{1,2}日 星期./)).toBeTruthy();
    const crumbs = screen.getByTestId('breadcrumbs');
    expect(crumbs.textContent).toContain('管理后台');
    expect(crumbs.textContent).toContain('交易管理');
    expect(crumbs.textContent).toContain('订单管理');
    expect(screen.getByTestId('app-version').textContent).toBe('v1.0.0');

    // The page is lazy-loaded: on a loaded machine its chunk can take seconds to arrive.
    const page = await screen.findByTestId('orders-page', {}, { timeout: 15_000 });
    expect(within(page).getByRole('heading', { name: '订单管理' })).toBeTruthy();
    expect(screen.queryByTestId('under-construction')).toBeNull();
  });

  it('labels an ordinary admin 管理员 and hides admin management from them', async () => {
    renderApp('/admin', makeAdmin({ admin_level: 'admin' }));
    const sidebar = await shell();
    expect(within(sidebar).getByTestId('admin-level-label').textContent).toBe('管理员');
    expect(within(sidebar).queryByText('管理员管理')).toBeNull();
  });

  it('refuses /admin/admins below super_admin', async () => {
    renderApp('/admin/admins', makeAdmin({ admin_level: 'admin' }));
    await shell();
    expect(await screen.findByText('只有超级管理员可以访问管理员管理功能')).toBeTruthy();
    expect(screen.queryByTestId('under-construction')).toBeNull();
  });

  it('redirects the alias paths to the real routes, keeping the query', async () => {
    const { router } = renderApp('/admin/orders?status=pending');
    await shell();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/trading/orders'));
    expect(router.state.location.search).toBe('?status=pending');
    for (const [from, to] of [
      ['/admin/deposits', '/admin/wallet/deposits'],
      ['/admin/withdrawals', '/admin/wallet/withdrawals'],
      ['/admin/trading-pairs', '/admin/trading/pairs'],
      ['/admin/option-control', '/admin/trading/options'],
    ] as const) {
      await act(() => router.navigate(from));
      await waitFor(() => expect(router.state.location.pathname).toBe(to));
    }
  });

  it('shows 请先登录 and makes no call without a token', async () => {
    renderApp('/admin/users', null);
    expect(await screen.findByText('需要登录', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('请先登录')).toBeTruthy();
    expect(screen.queryByTestId('admin-sidebar')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('collapses the sidebar with the collapse button', async () => {
    renderApp('/admin');
    await shell();
    const toggle = screen.getByTestId('sidebar-collapse');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('admin-sidebar').className).toContain('collapsed');
    expect(screen.queryByTestId('sidebar-drawer-toggle')).toBeNull();
  });

  it('uses a drawer opened by the menu button under 768 px', async () => {
    setViewportWidth(500);
    renderApp('/admin/team/salary');
    const toggle = await screen.findByTestId('sidebar-drawer-toggle', {}, { timeout: 3000 });
    expect(screen.queryByTestId('sidebar-collapse')).toBeNull();
    expect(screen.queryByTestId('admin-sidebar')).toBeNull();
    fireEvent.click(toggle);
    const sidebar = await screen.findByTestId('admin-sidebar');
    expect(within(sidebar).getByText('团队工资')).toBeTruthy();
  });

  it('keeps the header on one line at phone width in English: the current screen only, an icon to log out', async () => {
    applyLanguage('en');
    setViewportWidth(390);
    renderApp('/admin/wallet/deposits');
    const crumbs = await screen.findByTestId('breadcrumbs', {}, { timeout: 3000 });
    // The parents (Back office, Wallet) are left out on a phone; the page's own title is cut with an ellipsis.
    await waitFor(() => expect(crumbs.textContent).toBe('Deposits'));
    expect(crumbs.className).toContain('admin-breadcrumbs');
    const logout = screen.getByTestId('logout');
    expect(logout.textContent).toBe('');
    expect(logout.getAttribute('aria-label')).toBe('Log out');
  });

  it('keeps the whole trail and the worded logout at desktop width in English and in Chinese', async () => {
    applyLanguage('en');
    renderApp('/admin/wallet/deposits');
    const crumbs = await screen.findByTestId('breadcrumbs', {}, { timeout: 3000 });
    await waitFor(() => expect(crumbs.textContent).toBe('Back office/Wallet/Deposits'));
    expect(crumbs.className).toContain('admin-breadcrumbs');
    expect(screen.getByTestId('logout').textContent).toBe('Log out');
    act(() => applyLanguage('zh-CN'));
    await waitFor(() => expect(crumbs.textContent).toBe('管理后台/钱包管理/充值管理'));
    expect(screen.getByTestId('logout').textContent).toBe('退出登录');
  });

  it('names only the current screen at phone width in Chinese', async () => {
    setViewportWidth(390);
    renderApp('/admin/wallet/deposits');
    const crumbs = await screen.findByTestId('breadcrumbs', {}, { timeout: 3000 });
    await waitFor(() => expect(crumbs.textContent).toBe('充值管理'));
    expect(screen.getByTestId('logout').getAttribute('aria-label')).toBe('退出登录');
  });

  it('logs out: POST /api/auth/logout, clears the session and goes to /login', async () => {
    window.localStorage.setItem('wallet_filter', 'x');
    const { router } = renderApp('/admin');
    await shell();
    fireEvent.click(screen.getByTestId('logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const [url, init] = fetchMock.mock.calls.find(([u]) => u === '/api/auth/logout') ?? [];
    expect(url).toBe('/api/auth/logout');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer admin-token');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(window.localStorage.getItem('wallet_filter')).toBeNull();
  });
});
