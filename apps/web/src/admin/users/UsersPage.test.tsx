import type { AdminUserRow, UserStats } from '@platform/contracts';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { type Call, type Handler, mockApi, ok } from '../../test/api.ts';
import { chineseIn } from '../../test/chinese.ts';
import { jsonResponse, makeAdmin, sleep } from '../../test/fixtures.ts';
import { confirmDialog, renderWithAntAt, signIn } from '../../test/render.tsx';
import UsersPage from './UsersPage.tsx';

let calls: Call[];
let handlers: Record<string, Handler>;

const ME = 1;

function userRow(overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    id: 7,
    email: 'alice@example.com',
    phone: '13800000001',
    nickname: null,
    role: 'user',
    admin_level: null,
    is_active: true,
    kyc_status: 'approved',
    created_at: '2024-05-01T02:00:00.000Z',
    last_login: null,
    balance: '1234.500000000000000000',
    frozen_balance: '0.000000000000000000',
    ...overrides,
  };
}

const stats: UserStats = { total: 1234, active: 1200, inactive: 34, kycPending: 5, kycApproved: 600 };

/** GET /api/admin/users/7's user: the row with the detail's fields. */
function userDetail(overrides: Record<string, unknown> = {}) {
  return {
    ...userRow(),
    invite_code: 'ABCDEFGH',
    invited_by_code: null,
    permissions: [],
    updated_at: '2024-05-01T02:00:00.000Z',
    wallets: [],
    twofa_enabled: false,
    ...overrides,
  };
}

function listReply(users: AdminUserRow[], total = users.length, page = 1) {
  return ok({
    users,
    stats,
    pagination: { page, limit: 20, total, totalPages: Math.max(1, Math.ceil(total / 20)), totalExact: true },
  });
}

beforeEach(() => {
  ({ calls, handlers } = mockApi({
    'GET /api/admin/users': () =>
      listReply([
        userRow(),
        userRow({ id: 8, email: 'bob@example.com', is_active: false, kyc_status: 'pending' }),
        userRow({
          id: ME,
          email: 'root@example.com',
          role: 'admin',
          admin_level: 'super_admin',
          kyc_status: 'none',
        }),
      ]),
  }));
  signIn(makeAdmin({ id: ME, admin_level: 'super_admin' }));
});

function renderPage(path = '/admin/users') {
  return renderWithAntAt(<UsersPage />, path);
}

const listCalls = () => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/admin/users');
const lastList = () => listCalls().at(-1)!.url.searchParams;
const row = (id: number) => screen.getByTestId(`user-row-${id}`);

vi.setConfig({ testTimeout: 20_000 });
// antd renders slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 5000 });

describe('UsersPage', () => {
  it('shows the stat cards and the rows: role, KYC badge, balance, Beijing time, days', async () => {
    renderPage();
    await screen.findByTestId('user-row-7');
    expect(screen.getByTestId('user-stat-total').textContent).toContain('1,234');
    expect(screen.getByTestId('user-stat-active').textContent).toContain('1,200');
    expect(screen.getByTestId('user-stat-inactive').textContent).toContain('34');
    expect(screen.getByTestId('user-stat-kycPending').textContent).toContain('5');
    expect(screen.getByTestId('user-stat-kycApproved').textContent).toContain('600');
    expect(within(row(7)).getByText('已认证')).toBeTruthy();
    expect(within(row(8)).getByText('待审核')).toBeTruthy();
    expect(within(row(1)).getByText('未认证')).toBeTruthy();
    expect(within(row(7)).getByText('普通用户')).toBeTruthy();
    expect(within(row(1)).getByText('超级管理员')).toBeTruthy();
    expect(within(row(7)).getByText('1,234.50 USDT')).toBeTruthy();
    expect(within(row(7)).getByText('2024-05-01 10:00:00')).toBeTruthy();
    expect(within(row(7)).getByText(/^\d+天$/)).toBeTruthy();
    expect(lastList().get('limit')).toBe('20');
    expect(lastList().get('page')).toBe('1');
    expect(lastList().has('status')).toBe(false);
  });

  it('searches and filters on the server, back to page 1', async () => {
    renderPage();
    await screen.findByTestId('user-row-7');
    fireEvent.change(screen.getByTestId('users-search'), { target: { value: ' alice ' } });
    fireEvent.keyDown(screen.getByTestId('users-search'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lastList().get('search')).toBe('alice'));
    fireEvent.click(screen.getByTestId('users-quick-inactive'));
    await waitFor(() => expect(lastList().get('status')).toBe('inactive'));
    fireEvent.click(screen.getByTestId('users-quick-kyc-pending'));
    await waitFor(() => {
      expect(lastList().get('kyc')).toBe('pending');
      expect(lastList().has('status')).toBe(false);
    });
    expect(lastList().get('page')).toBe('1');
  });

  it('disables a user from the toggle only after confirmation; own toggle is disabled', async () => {
    handlers['PATCH /api/admin/users/7/status'] = () =>
      jsonResponse({
        success: true,
        message: '用户信息更新成功',
        data: { user: userRow({ is_active: false }) },
      });
    renderPage();
    await screen.findByTestId('user-row-7');
    expect(screen.getByTestId('user-toggle-1').hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByTestId('user-toggle-7'));
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('确定要禁用用户 alice@example.com 吗？被禁用的用户将立即退出登录。');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: '禁用' }));
    });
    await screen.findByText('用户信息更新成功');
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.url.pathname).toBe('/api/admin/users/7/status');
    expect(patch?.body).toEqual({ is_active: false });
    await waitFor(() => expect(listCalls().length).toBeGreaterThanOrEqual(2));
  });

  it('sends nothing when the disabling is cancelled; the switch stays on', async () => {
    renderPage();
    await screen.findByTestId('user-row-7');
    fireEvent.click(screen.getByTestId('user-toggle-7'));
    const dialog = await confirmDialog();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    });
    await act(() => sleep(200));
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    expect(screen.getByTestId('user-toggle-7').getAttribute('aria-checked')).toBe('true');
  });

  it('enables a disabled user from the toggle at once', async () => {
    handlers['PATCH /api/admin/users/8/status'] = () =>
      jsonResponse({ success: true, message: '用户信息更新成功', data: { user: userRow({ id: 8 }) } });
    renderPage();
    await screen.findByTestId('user-row-8');
    fireEvent.click(screen.getByTestId('user-toggle-8'));
    await screen.findByText('用户信息更新成功');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ is_active: true });
    expect(document.querySelector('.ant-modal-confirm')).toBeNull();
  });

  it('shows the server reason when a toggle fails and keeps the page', async () => {
    handlers['PATCH /api/admin/users/8/status'] = () =>
      jsonResponse({ success: false, message: '只有超级管理员可以启用或禁用管理员账户' }, 403);
    renderPage();
    await screen.findByTestId('user-row-8');
    fireEvent.click(screen.getByTestId('user-toggle-8'));
    await screen.findByText('只有超级管理员可以启用或禁用管理员账户');
    expect(screen.getByTestId('user-row-7')).toBeTruthy();
  });

  it('reads search, filters and page from the address and keeps them there', async () => {
    handlers['GET /api/admin/users'] = (call) =>
      listReply([userRow()], 100, Number(call.url.searchParams.get('page') ?? '1'));
    const router = renderPage('/admin/users?search=ali&status=inactive&kyc=pending&page=3');
    await screen.findByTestId('user-row-7');
    expect(Object.fromEntries(lastList())).toMatchObject({
      search: 'ali',
      status: 'inactive',
      kyc: 'pending',
      page: '3',
    });
    expect((screen.getByTestId('users-search') as HTMLInputElement).value).toBe('ali');
    expect(document.querySelector('.ant-pagination-item-active')?.textContent).toBe('3');

    // A filter change goes back to page 1 and is a new history entry; back returns to page 3.
    fireEvent.click(screen.getByTestId('users-quick-all'));
    await waitFor(() => expect(router.state.location.search).toBe('?search=ali'));
    await waitFor(() => expect(lastList().get('page')).toBe('1'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(lastList().get('page')).toBe('3'));
    expect(lastList().get('status')).toBe('inactive');
  });

  it('reads values it does not accept as the defaults', async () => {
    renderPage(`/admin/users?status=deleted&kyc=maybe&page=0&search=${'x'.repeat(101)}`);
    await screen.findByTestId('user-row-7');
    expect(Object.fromEntries(lastList())).toEqual({ page: '1', limit: '20' });
  });

  it('bulk-disables the selected rows after confirmation, leaving out yourself', async () => {
    handlers['POST /api/admin/users/bulk-status'] = () =>
      jsonResponse({
        success: true,
        message: 'ok',
        data: { processedCount: 2, processedIds: [7, 8], skippedIds: [] },
      });
    renderPage();
    await screen.findByTestId('user-row-7');
    expect(screen.getByTestId('users-bulk-disable').hasAttribute('disabled')).toBe(true);
    // Select all (the header checkbox), which includes your own row.
    const selectAll = document.querySelector<HTMLInputElement>('thead input[type="checkbox"]')!;
    fireEvent.click(selectAll);
    await waitFor(() =>
      expect(screen.getByTestId('users-bulk-disable').hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByTestId('users-bulk-disable'));
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('确定要禁用选中的 2 个用户吗？');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: '批量禁用' }));
    });
    await screen.findByText('用户信息更新成功，已禁用 2 个用户');
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url.pathname).toBe('/api/admin/users/bulk-status');
    expect(post?.body).toEqual({ ids: [7, 8], is_active: false });
  });

  it('bulk-enables one checked row', async () => {
    handlers['POST /api/admin/users/bulk-status'] = () =>
      jsonResponse({
        success: true,
        message: 'ok',
        data: { processedCount: 1, processedIds: [8], skippedIds: [] },
      });
    renderPage();
    await screen.findByTestId('user-row-8');
    fireEvent.click(within(row(8)).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('users-bulk-enable'));
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('确定要启用选中的 1 个用户吗？');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: '批量启用' }));
    });
    await screen.findByText('用户信息更新成功，已启用 1 个用户');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ ids: [8], is_active: true });
  });

  it('opens the detail modal with the wallets', async () => {
    handlers['GET /api/admin/users/7'] = () =>
      jsonResponse({
        success: true,
        message: 'ok',
        data: {
          user: {
            ...userRow(),
            invite_code: 'ABCDEFGH',
            invited_by_code: null,
            permissions: [],
            updated_at: '2024-05-01T02:00:00.000Z',
            wallets: [
              { currency: 'USDT', balance: '1234.5', frozen_balance: '10', salary_balance: '0' },
              { currency: 'BTC', balance: '0.5', frozen_balance: '0', salary_balance: '0' },
            ],
            twofa_enabled: true,
          },
        },
      });
    renderPage();
    await screen.findByTestId('user-row-7');
    fireEvent.click(screen.getByTestId('user-detail-7'));
    const detail = await screen.findByTestId('user-detail');
    await within(detail).findByText('ABCDEFGH');
    expect(within(detail).getByText('BTC')).toBeTruthy();
    expect(within(detail).getByText('10.00 USDT')).toBeTruthy();
  });

  it("the detail shows 2FA, the user's devices and logins, and links to their records", async () => {
    handlers['GET /api/admin/users/7'] = () =>
      ok({
        user: userDetail(),
      });
    handlers['GET /api/admin/users/7/sessions'] = () =>
      ok({
        sessions: [
          {
            id: '0b7f6c1e-8a3d-4e2f-9c4b-1d2e3f4a5b6c',
            device: 'Chrome · Android',
            user_agent: 'Mozilla/5.0',
            ip: '203.0.113.9',
            created_at: '2024-05-02T02:00:00.000Z',
            last_seen_at: '2024-05-02T03:00:00.000Z',
            current: false,
          },
        ],
        pagination: { page: 1, limit: 20, total: 1, totalPages: 1 },
      });
    handlers['GET /api/admin/users/7/logins'] = () =>
      ok({
        logins: [
          {
            id: 2,
            created_at: '2024-05-02T02:00:00.000Z',
            ip: '203.0.113.9',
            device: 'Chrome · Android',
            user_agent: null,
            success: true,
            failure_reason: null,
          },
          {
            id: 1,
            created_at: '2024-05-02T01:59:00.000Z',
            ip: '198.51.100.7',
            device: '未知设备',
            user_agent: null,
            success: false,
            failure_reason: 'password',
          },
        ],
        pagination: { page: 1, limit: 20, total: 2, totalPages: 1 },
      });
    renderPage();
    await screen.findByTestId('user-row-7');
    fireEvent.click(screen.getByTestId('user-detail-7'));
    const detail = await screen.findByTestId('user-detail');
    await within(detail).findByText('未开启');
    const sessions = await within(detail).findByTestId('user-sessions');
    await within(sessions).findByText('203.0.113.9');
    expect(within(sessions).getByText('登录设备（1）')).toBeTruthy();
    const logins = within(detail).getByTestId('user-logins');
    await within(logins).findByText('失败：密码错误');
    expect(within(logins).getByText('成功')).toBeTruthy();
    const links = within(detail).getByTestId('user-record-links');
    const hrefs = within(links)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['充值记录', '/admin/wallet/deposits?user_id=7'],
      ['提现记录', '/admin/wallet/withdrawals?user_id=7'],
      ['订单记录', '/admin/trading/orders?user_id=7'],
      ['资金流水', '/admin/transactions?user=7'],
    ]);
    const asked = calls.filter((c) => c.url.pathname.startsWith('/api/admin/users/7/'));
    expect(asked.map((c) => c.url.pathname).sort()).toEqual([
      '/api/admin/users/7/logins',
      '/api/admin/users/7/sessions',
    ]);
  });

  it('replaces the page with 获取用户列表失败 and retries', async () => {
    let fail = true;
    handlers['GET /api/admin/users'] = () =>
      fail ? jsonResponse({ success: false, message: '服务器错误' }, 500) : listReply([userRow()]);
    renderPage();
    await screen.findByText('获取用户列表失败');
    fail = false;
    fireEvent.click(screen.getByTestId('load-error-retry'));
    await screen.findByTestId('user-row-7');
  });

  it('pages with at most 5 numbered page buttons', async () => {
    handlers['GET /api/admin/users'] = (call) =>
      listReply([userRow()], 1000, Number(call.url.searchParams.get('page') ?? '1'));
    renderPage();
    await screen.findByTestId('user-row-7');
    const items = () => document.querySelectorAll('.ant-pagination-item');
    expect(items().length).toBeLessThanOrEqual(5);
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(lastList().get('page')).toBe('3'));
    await waitFor(() => expect(document.querySelector('.ant-pagination-item-active')?.textContent).toBe('3'));
    expect(items().length).toBeLessThanOrEqual(5);
    fireEvent.click(screen.getByTitle('4'));
    await waitFor(() => expect(lastList().get('page')).toBe('4'));
    await waitFor(() => expect(document.querySelector('.ant-pagination-item-active')?.textContent).toBe('4'));
    expect(items().length).toBe(5);
  });
});

describe('UsersPage in English', () => {
  it('shows the cards, filters, rows and the detail with its devices and logins in English', async () => {
    applyLanguage('en');
    handlers['GET /api/admin/users/7'] = () =>
      ok({
        user: userDetail({
          wallets: [{ currency: 'USDT', balance: '10', frozen_balance: '0', salary_balance: '0' }],
          twofa_enabled: true,
        }),
      });
    handlers['GET /api/admin/users/7/sessions'] = () =>
      ok({ sessions: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0 } });
    handlers['GET /api/admin/users/7/logins'] = () =>
      ok({
        logins: [
          {
            id: 1,
            created_at: '2024-05-02T01:59:00.000Z',
            ip: '198.51.100.7',
            device: 'Chrome · Android',
            user_agent: null,
            success: false,
            failure_reason: 'password',
          },
        ],
        pagination: { page: 1, limit: 20, total: 1, totalPages: 1 },
      });
    renderPage();
    const row = await screen.findByTestId('user-row-7');
    expect(screen.getByTestId('user-stat-total').textContent).toContain('Total users');
    expect(screen.getByTestId('users-quick-kyc-pending').textContent).toBe('KYC pending');
    expect(screen.getByRole('columnheader', { name: 'Days registered' })).toBeTruthy();
    expect(chineseIn(row)).toEqual([]);
    for (const key of ['total', 'active', 'inactive', 'kycPending', 'kycApproved'])
      expect(chineseIn(screen.getByTestId(`user-stat-${key}`))).toEqual([]);

    fireEvent.click(screen.getByTestId('user-detail-7'));
    const detail = await screen.findByTestId('user-detail');
    await within(detail).findByText('Failed: Wrong password');
    expect(within(detail).getByText('On')).toBeTruthy();
    expect(within(detail).getByText('Devices (0)')).toBeTruthy();
    expect(within(detail).getByRole('link', { name: 'Account statement' })).toBeTruthy();
    expect(chineseIn(detail)).toEqual([]);
  });

  it('gives Days registered a column wide enough for its English title on one line', async () => {
    // At 100 px the title wrapped over three lines at 1366 px.
    applyLanguage('en');
    renderPage();
    const title = (await screen.findAllByText('Days registered'))[0]?.closest('th') as HTMLTableCellElement;
    const col = title.closest('table')?.querySelectorAll('colgroup col')[title.cellIndex] as HTMLElement;
    expect(Number.parseFloat(col.style.width)).toBeGreaterThanOrEqual(140);
  });
});
