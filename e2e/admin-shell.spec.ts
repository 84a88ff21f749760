import { expect, test } from '@playwright/test';
import { E2E_ADMIN, loginThroughForm, snap } from './support.ts';

const SIDEBAR_ENTRIES = {
  top: ['仪表盘', '用户管理', '管理员管理', 'KYC审核', '资金流水'],
  钱包管理: ['钱包概览', '充值管理', '提现管理', '充值通道', '提现通道'],
  交易管理: ['交易概览', '订单管理', '交易对管理', '期权控制'],
  团队管理: ['团队概览', '团队层级', '团队奖励', '团队工资'],
};

// The whole-shell walk opens a dozen screens: more than the default minute on a busy machine.
test.describe.configure({ timeout: 240_000 });

test('a visitor at /admin is asked to log in and sent to the login page with a redirect', async ({
  page,
}, info) => {
  await page.goto('/admin/users');
  await expect(page.getByText('需要登录')).toBeVisible();
  await snap(page, info, '01-visitor-needs-login');
  await page.getByRole('button', { name: '前往登录' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fusers$/);
});

test('a normal user who registers is refused the back office', async ({ page }, info) => {
  const email = `e2e-user-${Date.now()}@example.com`;
  await page.goto('/register');
  await page.getByPlaceholder('邮箱', { exact: true }).fill(email);
  await page.getByPlaceholder('密码', { exact: true }).fill('user-secret-7');
  await page.getByPlaceholder('确认密码').fill('user-secret-7');
  await snap(page, info, '02-register-form');
  await page.getByRole('button', { name: '注册' }).click();
  await expect(page.getByTestId('user-email')).toHaveText(email);
  await snap(page, info, '03-user-home');

  await page.goto('/admin');
  await expect(page.getByText('权限不足')).toBeVisible();
  await expect(page.getByRole('button', { name: '返回首页' })).toBeVisible();
  await expect(page.getByRole('button', { name: '返回上一页' })).toBeVisible();
  await snap(page, info, '04-user-forbidden');
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the super admin logs in, uses the whole shell and logs out with storage cleared', async ({
  page,
}, info) => {
  await page.goto('/login');
  await page.getByPlaceholder('邮箱或手机号').fill(E2E_ADMIN.email);
  await page.getByPlaceholder('密码').fill('not-the-password');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByTestId('login-error')).toBeVisible();
  await snap(page, info, '05-login-wrong-password');

  await loginThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  const sidebar = page.getByTestId('admin-sidebar');
  await expect(sidebar).toBeVisible();
  await expect(page.getByTestId('admin-level-label')).toHaveText('超级管理员');
  await expect(page.getByTestId('header-avatar')).toHaveText('E');
  await expect(page.getByTestId('app-version')).toHaveText('v1.0.0');
  await expect(page.getByTestId('breadcrumbs')).toContainText('仪表盘');
  await snap(page, info, '06-admin-dashboard');

  // Every entry of the sidebar, opening each group.
  for (const title of SIDEBAR_ENTRIES.top)
    await expect(sidebar.getByText(title, { exact: true })).toBeVisible();
  for (const group of ['钱包管理', '交易管理', '团队管理'] as const) {
    await sidebar.getByText(group, { exact: true }).click();
    for (const title of SIDEBAR_ENTRIES[group]) {
      await expect(sidebar.getByRole('link', { name: title, exact: true })).toBeVisible();
    }
  }
  await snap(page, info, '07-sidebar-groups-open');

  // Following an entry inside a group.
  await sidebar.getByRole('link', { name: '充值管理', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/wallet\/deposits$/);
  await expect(page.getByTestId('breadcrumbs')).toContainText('钱包管理');
  await expect(page.getByTestId('breadcrumbs')).toContainText('充值管理');
  await expect(page.getByTestId('deposits-page')).toBeVisible();
  // An entry of the team group opens its screen (no screen is a placeholder any more).
  await sidebar.getByRole('link', { name: '团队概览', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/team$/);
  await expect(page.getByTestId('breadcrumbs')).toContainText('团队管理');
  await expect(page.getByTestId('team-overview')).toBeVisible();

  // Collapsing keeps the icons and hides the labels.
  const widthBefore = (await sidebar.boundingBox())!.width;
  await page.getByTestId('sidebar-collapse').click();
  await expect.poll(async () => (await sidebar.boundingBox())!.width).toBeLessThan(widthBefore / 2);
  // antd keeps the collapsed labels in the DOM at zero opacity (they show as tooltips on hover).
  await expect(sidebar.locator('.ant-menu-inline-collapsed')).toHaveCount(1);
  await snap(page, info, '08-sidebar-collapsed');
  await page.getByTestId('sidebar-collapse').click();
  await expect.poll(async () => (await sidebar.boundingBox())!.width).toBe(widthBefore);

  // The spec's alias paths lead to the real screens.
  const aliases: Array<[string, RegExp]> = [
    ['/admin/withdrawals', /\/admin\/wallet\/withdrawals$/],
    ['/admin/deposits', /\/admin\/wallet\/deposits$/],
    ['/admin/orders', /\/admin\/trading\/orders$/],
    ['/admin/trading-pairs', /\/admin\/trading\/pairs$/],
    ['/admin/option-control', /\/admin\/trading\/options$/],
  ];
  for (const [alias, target] of aliases) {
    await page.goto(alias);
    await expect(page).toHaveURL(target);
  }
  await expect(page.getByTestId('breadcrumbs')).toContainText('期权控制');
  await snap(page, info, '09-alias-option-control');

  // Logout clears the session keys and the prefixed ones, and nothing else.
  await page.evaluate(() => {
    for (const key of [
      'trading_favorites',
      'market_favorites',
      'kyc_status_cache',
      'rememberEmail',
      'cache_x',
      'wallet_y',
      'option_z',
    ]) {
      localStorage.setItem(key, '1');
    }
    localStorage.setItem('unrelated', 'kept');
  });
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
  const left = await page.evaluate(() => Object.keys(localStorage).sort());
  expect(left).toEqual(['unrelated']);
  await snap(page, info, '10-logged-out');

  // The revoked token no longer opens the back office.
  await page.goto('/admin');
  await expect(page.getByText('需要登录')).toBeVisible();
});

test('at a phone-sized viewport the sidebar is a drawer', async ({ page }, info) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password, '/admin/users');
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByTestId('admin-sidebar')).toBeHidden();
  await expect(page.getByTestId('sidebar-collapse')).toHaveCount(0);
  await snap(page, info, '11-mobile-closed');
  await page.getByTestId('sidebar-drawer-toggle').click();
  const drawer = page.getByTestId('admin-sidebar');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('KYC审核', { exact: true })).toBeVisible();
  // Let the drawer finish sliding in before the screenshot.
  await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
  await snap(page, info, '12-mobile-drawer-open');
  await drawer.getByRole('link', { name: 'KYC审核' }).click();
  await expect(page).toHaveURL(/\/admin\/kyc$/);
  await expect(page.getByTestId('admin-sidebar')).toBeHidden();
});
