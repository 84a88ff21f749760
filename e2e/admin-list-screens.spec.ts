import { expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import {
  adminSession,
  approveDeposit,
  callApi,
  chooseOption,
  confirmDialog,
  createDepositChannel,
  createWithdrawChannel,
  openAs,
  registerUser,
  type Session,
  selectedLabel,
  snap,
  submitDeposit,
} from './support.ts';

/**
 * The admin list screens at a laptop width: the row actions stay on screen, stat amounts stay on one
 * line, titles match the menu, and page, filters and search live in the address (reload, back, links).
 */
test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 30_000, viewport: { width: 1440, height: 900 } });
const expect = baseExpect.configure({ timeout: 30_000 });

/** A prefix of e-mails only this run registers (registerUser makes e2e-<prefix>-…): the searches match by prefix. */
const runToken = () => `ls${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const searchOf = (token: string) => `e2e-${token}`;

/** Every stat value under `scope`: loaded, on one line and not cut off or sticking out of its card. */
async function expectStatsOnOneLine(scope: Locator) {
  const page = scope.page();
  await expect(scope.locator('.ant-statistic-content').first()).toBeVisible();
  await expect(scope.locator('.ant-statistic .ant-skeleton')).toHaveCount(0);
  const lines = await scope.locator('.ant-statistic-content').evaluateAll((elements) =>
    elements.map((content) => {
      const card = content.closest('.ant-card') ?? content.parentElement!;
      const range = document.createRange();
      range.selectNodeContents(content);
      // Line boxes: text rectangles whose middles are more than 12 px apart (a smaller suffix on
      // the same line sits a few pixels lower; a wrapped line a whole line height lower).
      const middles = Array.from(range.getClientRects())
        .filter((r) => r.width > 0)
        .map((r) => (r.top + r.bottom) / 2)
        .sort((a, b) => a - b);
      const lines = middles.filter((middle, i) => i === 0 || middle - middles[i - 1]! > 12).length;
      return {
        text: content.textContent,
        lines,
        cut:
          content.scrollWidth > content.clientWidth + 1 ||
          content.getBoundingClientRect().right > card.getBoundingClientRect().right,
      };
    }),
  );
  expect(lines.length, page.url()).toBeGreaterThan(0);
  for (const line of lines) {
    expect(line, `${page.url()}: ${line.text}`).toMatchObject({ lines: 1, cut: false });
  }
}

/** The list calls of `path` whose query has `params`. */
function listCall(page: Page, path: string, params: Record<string, string>) {
  return page.waitForResponse((r) => {
    const url = new URL(r.url());
    return (
      url.pathname === path &&
      r.request().method() === 'GET' &&
      Object.entries(params).every(([key, value]) => url.searchParams.get(key) === value)
    );
  });
}

/** The text an antd Select shows. */

test('deposits at 1440 px: the first row’s actions are on screen and the amounts stay on one line', async ({
  page,
  request,
}, info) => {
  const admin = await adminSession(request);
  const channel = await createDepositChannel(request, admin, {
    name: `E2E-宽表通道-${Date.now()}-一个很长很长的充值通道名称`,
    max_amount: '100000000',
  });
  const user = await registerUser(request, `a-rather-long-mailbox-name-${runToken()}`);
  // A big approved deposit makes the totals long, and a pending one gives the first row its buttons.
  const big = await submitDeposit(request, user, channel.id, '98765432');
  await approveDeposit(request, admin, big.id);
  const pending = await submitDeposit(request, user, channel.id, '12345.67');

  await openAs(page, admin, '/admin/wallet/deposits');
  const firstRow = page.locator('[data-testid^="deposit-row-"]').first();
  await expect(firstRow).toBeVisible();
  await expect(page.getByTestId(`deposit-row-${pending.id}`)).toBeVisible();
  for (const name of ['详情', '通过', '拒绝']) {
    await expect(firstRow.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
  }
  await expect(page.getByTestId(`deposit-approve-${pending.id}`)).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('deposit-stat-totalAmount')).toContainText('98,7');
  await expectStatsOnOneLine(page.getByTestId('deposits-page'));
  await snap(page, info, 'list-screens-01-deposits-1440');

  // The button works from where it is: the confirm opens for this deposit.
  await page.getByTestId(`deposit-approve-${pending.id}`).click();
  await expect(confirmDialog(page, '确认通过')).toContainText(user.user.email);
  await confirmDialog(page, '确认通过').getByRole('button', { name: '取消' }).click();

  // The screens with stat cards (the big deposit makes several totals long), and withdrawals' table.
  for (const [path, testId, hasStats] of [
    ['/admin/wallet/withdrawals', 'withdrawals-page', false],
    ['/admin/users', 'users-page', true],
    ['/admin', 'dashboard', true],
    ['/admin/wallet', 'wallet-overview', true],
    ['/admin/trading', 'trading-overview', true],
    ['/admin/trading/orders', 'orders-page', true],
    ['/admin/team', 'team-overview', true],
    ['/admin/team/rewards', 'rewards-page', true],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId(testId)).toBeVisible();
    if (hasStats) await expectStatsOnOneLine(page.getByTestId(testId));
    await snap(page, info, `list-screens-01-stats${path.replaceAll('/', '-')}`);
  }
});

test('channels at 1440 px: titles match the menu and each row’s actions are on screen', async ({
  page,
  request,
}, info) => {
  const admin = await adminSession(request);
  const deposit = await createDepositChannel(request, admin, {
    name: `E2E-通道-${Date.now()}`,
    description: '一段相当长的通道说明文字，用来把表格撑宽，看看操作按钮是否还在屏幕上可以点到',
    // A long payee text (a bank channel's address is free text; a USDT one is a 34-character address).
    type: 'bank',
    address: `示例银行 6222 0000 0000 0000 收款人：一个很长很长的收款人名称 ${Date.now()} abcdefghijklmnopqrstuvwxyz`,
  });
  const withdraw = await createWithdrawChannel(request, admin, '0.015');

  await openAs(page, admin, '/admin/wallet/channels');
  const depositRow = page.getByTestId(`channel-row-${deposit.id}`);
  await expect(depositRow).toBeVisible();
  await expect(page.locator('.ant-card-head-title').first()).toHaveText('充值通道');
  await expect(page.getByTestId('breadcrumbs')).toContainText('充值通道');
  await expect(page).toHaveTitle(/充值通道/);
  const firstDepositRow = page.locator('[data-testid^="channel-row-"]').first();
  for (const name of ['编辑', '删除']) {
    await expect(firstDepositRow.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
  }
  await expect(page.getByTestId(`channel-edit-${deposit.id}`)).toBeInViewport({ ratio: 1 });
  await snap(page, info, 'list-screens-02-deposit-channels-1440');

  await page.getByTestId('admin-sidebar').getByRole('link', { name: '提现通道', exact: true }).click();
  await expect(page.getByTestId(`withdraw-channel-row-${withdraw.id}`)).toBeVisible();
  await expect(page.locator('.ant-card-head-title').first()).toHaveText('提现通道');
  await expect(page).toHaveTitle(/提现通道/);
  const firstWithdrawRow = page.locator('[data-testid^="withdraw-channel-row-"]').first();
  for (const name of ['编辑', '删除']) {
    await expect(firstWithdrawRow.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
  }
  await snap(page, info, 'list-screens-03-withdraw-channels-1440');
});

test('deposits: status, search and page survive a reload, and back returns to the previous filter', async ({
  page,
  request,
}, info) => {
  const admin = await adminSession(request);
  const channel = await createDepositChannel(request, admin);
  const token = runToken();
  const search = searchOf(token);
  // 24 pending deposits of three users whose e-mails share the token (at most 10 pending per user).
  for (let i = 0; i < 3; i += 1) {
    const user = await registerUser(request, token);
    for (let j = 0; j < 8; j += 1) await submitDeposit(request, user, channel.id, String(10 + j));
  }

  await openAs(page, admin, '/admin/wallet/deposits');
  await expect(page.getByTestId('deposits-page')).toBeVisible();
  const statusSelect = page.getByTestId('deposits-status-filter');
  let listed = listCall(page, '/api/admin/deposits', { status: 'pending' });
  await chooseOption(page, statusSelect, '待审核');
  await listed;
  await expect(page).toHaveURL(/[?&]status=pending(&|$)/);

  listed = listCall(page, '/api/admin/deposits', { status: 'pending', search });
  await page.getByTestId('deposits-search').fill(search);
  await page.getByTestId('deposits-search-submit').click();
  await listed;
  await expect(page.getByTestId('deposits-page-text')).toHaveText('显示第 1 到 20 条，共 24 条记录');

  listed = listCall(page, '/api/admin/deposits', { status: 'pending', search, page: '2' });
  await page.getByTestId('deposits-pagination').getByTitle('2', { exact: true }).click();
  await listed;
  await expect(page.getByTestId('deposits-page-text')).toHaveText('显示第 21 到 24 条，共 24 条记录');
  await expect(page).toHaveURL(new RegExp(`[?&]search=${search}(&|$)`));
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);

  listed = listCall(page, '/api/admin/deposits', { status: 'pending', search, page: '2' });
  await page.reload();
  await listed;
  await expect(page.getByTestId('deposits-page-text')).toHaveText('显示第 21 到 24 条，共 24 条记录');
  await expect(selectedLabel(statusSelect)).toHaveText('待审核');
  await expect(page.getByTestId('deposits-search')).toHaveValue(search);
  await expect(page.locator('[data-testid^="deposit-row-"]')).toHaveCount(4);
  await snap(page, info, 'list-screens-04-deposits-after-reload');

  // Another filter, then back: the pending list's page 2 again.
  listed = listCall(page, '/api/admin/deposits', { status: 'approved', search, page: '1' });
  await chooseOption(page, statusSelect, '已通过');
  await listed;
  await expect(page.getByTestId('deposits-page').getByText('暂无充值记录')).toBeVisible();
  await expect(page.getByTestId('deposits-page-text')).toHaveCount(0);
  listed = listCall(page, '/api/admin/deposits', { status: 'pending', search, page: '2' });
  await page.goBack();
  await listed;
  await expect(selectedLabel(statusSelect)).toHaveText('待审核');
  await expect(page.getByTestId('deposits-page-text')).toHaveText('显示第 21 到 24 条，共 24 条记录');

  // A link with a value the page does not know falls back to the default, without an error.
  await page.goto(`/admin/wallet/deposits?status=nonsense&dateRange=yesterday&page=-4&search=${search}`);
  await expect(page.getByTestId('deposits-page-text')).toHaveText('显示第 1 到 20 条，共 24 条记录');
  await expect(selectedLabel(statusSelect)).toHaveText('全部状态');
});

test('users: filter, search and page survive a reload', async ({ page, request }, info) => {
  const admin = await adminSession(request);
  const token = runToken();
  const search = searchOf(token);
  const users: Session[] = [];
  for (let i = 0; i < 21; i += 1) users.push(await registerUser(request, token));
  // 21 users: a second page with one row. One of them disabled, for the 已禁用 filter.
  await callApi(request, 'PATCH', `/api/admin/users/${users[0]!.user.id}/status`, {
    token: admin.token,
    data: { is_active: false },
  });

  await openAs(page, admin, '/admin/users');
  await expect(page.getByTestId('users-page')).toBeVisible();
  let listed = listCall(page, '/api/admin/users', { search, page: '1' });
  await page.getByTestId('users-search').fill(search);
  await page.getByTestId('users-search').press('Enter');
  await listed;
  listed = listCall(page, '/api/admin/users', { search, page: '2' });
  await page.getByTestId('users-pagination').getByTitle('2', { exact: true }).click();
  await listed;
  await expect(page.locator('[data-testid^="user-row-"]')).toHaveCount(1);
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);

  listed = listCall(page, '/api/admin/users', { search, page: '2' });
  await page.reload();
  await listed;
  await expect(page.getByTestId('users-search')).toHaveValue(search);
  await expect(page.locator('[data-testid^="user-row-"]')).toHaveCount(1);
  await expect(page.locator('.ant-pagination-item-active')).toHaveText('2');

  listed = listCall(page, '/api/admin/users', { search, status: 'inactive', page: '1' });
  await page.getByTestId('users-quick-inactive').click();
  await listed;
  await expect(page.locator('[data-testid^="user-row-"]')).toHaveCount(1);
  await expect(page.getByTestId(`user-row-${users[0]!.user.id}`)).toBeVisible();
  listed = listCall(page, '/api/admin/users', { search, status: 'inactive', page: '1' });
  await page.reload();
  await listed;
  await expect(selectedLabel(page.getByTestId('users-status-filter'))).toHaveText('已禁用');
  await expect(page.getByTestId(`user-row-${users[0]!.user.id}`)).toBeVisible();
  await snap(page, info, 'list-screens-05-users-after-reload');

  listed = listCall(page, '/api/admin/users', { search, page: '2' });
  await page.goBack();
  await listed;
  await expect(page.locator('.ant-pagination-item-active')).toHaveText('2');
});

test('立即处理 and the quick link open the deposits queue with 待审核 selected', async ({
  page,
  request,
}, info) => {
  const admin = await adminSession(request);
  const channel = await createDepositChannel(request, admin);
  const user = await registerUser(request, 'pending-task');
  await submitDeposit(request, user, channel.id, '42');

  await openAs(page, admin, '/admin');
  const go = page.getByTestId('dashboard-task-deposits-go');
  await expect(go).toBeVisible();
  const listed = listCall(page, '/api/admin/deposits', { status: 'pending' });
  await go.click();
  await listed;
  await expect(page).toHaveURL(/\/admin\/wallet\/deposits\?status=pending$/);
  await expect(selectedLabel(page.getByTestId('deposits-status-filter'))).toHaveText('待审核');
  await snap(page, info, 'list-screens-06-pending-deposits-from-dashboard');

  await page.goBack();
  const quick = listCall(page, '/api/admin/deposits', { status: 'pending' });
  await page.getByTestId('dashboard-link-deposits').click();
  await quick;
  await expect(selectedLabel(page.getByTestId('deposits-status-filter'))).toHaveText('待审核');
});
