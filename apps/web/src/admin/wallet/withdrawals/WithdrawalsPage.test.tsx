import type { AdminWithdrawal } from '@platform/contracts';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { disconnectSocket } from '../../../lib/socket.ts';
import { type Call, type Handler, keyOf, mockApi, ok, pagination, UUID } from '../../../test/api.ts';
import { chineseIn } from '../../../test/chinese.ts';
import { fakeSockets } from '../../../test/fake-socket.ts';
import { jsonResponse, makeAdmin, sleep, storeSession } from '../../../test/fixtures.ts';
import { clickPage, expectNoPager, pagerText, pageStepDisabled } from '../../../test/pager.ts';
import { renderWithAntAt } from '../../../test/render.tsx';
import WithdrawalsPage from '../WithdrawalsPage.tsx';

vi.mock('socket.io-client', async () => (await import('../../../test/fake-socket.ts')).fakeSocketModule);

let calls: Call[];
let handlers: Record<string, Handler>;

function withdrawal(overrides: Partial<AdminWithdrawal> = {}): AdminWithdrawal {
  return {
    id: 1,
    user_id: 7,
    user: { email: 'alice@example.com', phone: '13800000000' },
    withdraw_type: 'usdt',
    channel: 'USDT-TRC20',
    amount: '100.00000000',
    fee: '1.00000000',
    fee_rate: '0.01',
    currency: 'USDT',
    address: 'TAddressAbc123',
    network: 'TRC20',
    account_info: null,
    status: 'pending',
    created_at: '2024-05-01T02:00:00.000Z',
    updated_at: '2024-05-01T02:30:00.000Z',
    user_remark: '尽快',
    admin_remark: null,
    tx_hash: null,
    first_approval: null,
    ...overrides,
  };
}

function listReply(withdrawals: AdminWithdrawal[], page = 1, total = withdrawals.length) {
  return ok({ withdrawals, pagination: pagination(total, page) });
}

/** PATCH /api/admin/withdrawals/{id}/status's success: the row as the change left it. */
function statusReply(changed: AdminWithdrawal, message = '状态更新成功') {
  return ok({ withdrawal: { ...changed, updated_at: '2024-05-01T03:00:00.000Z' } }, message);
}

beforeEach(() => {
  disconnectSocket();
  fakeSockets.length = 0;
  storeSession(makeAdmin(), 'admin-token');
  ({ calls, handlers } = mockApi({
    'GET /api/admin/withdrawals': () =>
      listReply([
        withdrawal(),
        withdrawal({
          id: 2,
          withdraw_type: 'alipay',
          channel: '支付宝',
          address: null,
          account_info: { account: 'ali@pay.com', name: '张三', phone: null },
          status: 'approved',
          user: { email: 'bob@example.com', phone: null },
        }),
        withdrawal({ id: 3, status: 'completed' }),
      ]),
  }));
});

function renderPage(path = '/admin/wallet/withdrawals') {
  return renderWithAntAt(<WithdrawalsPage />, path);
}

const listCalls = () =>
  calls.filter((call) => call.method === 'GET' && call.url.pathname === '/api/admin/withdrawals');
const row = (id: number) => screen.getByTestId(`withdrawal-row-${id}`);

async function openMenu(id: number): Promise<string[]> {
  fireEvent.click(screen.getByTestId(`withdrawal-next-${id}`));
  await screen.findAllByTestId(new RegExp(`^withdrawal-next-${id}-`));
  return screen
    .getAllByTestId(new RegExp(`^withdrawal-next-${id}-`))
    .map((item) => item.getAttribute('data-testid') ?? '');
}

// antd renders slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 8_000 });

describe('WithdrawalsPage', () => {
  it('shows the title, the rows with user, method, amount and fee, payee and status', async () => {
    renderPage();
    await screen.findByTestId('withdrawal-row-1');
    expect(screen.getByText('提现管理')).toBeTruthy();
    expect(within(row(1)).getByText('13800000000')).toBeTruthy();
    expect(within(row(1)).getByText('100.00 USDT')).toBeTruthy();
    expect(within(row(1)).getByText('手续费 1.00 USDT')).toBeTruthy();
    expect(within(row(1)).getByText('TAddressAbc123')).toBeTruthy();
    expect(within(row(1)).getByText('待审核')).toBeTruthy();
    expect(within(row(2)).getByText('支付宝')).toBeTruthy();
    expect(within(row(2)).getByText('账号：ali@pay.com')).toBeTruthy();
    expect(within(row(2)).getByText('姓名：张三')).toBeTruthy();
    expect(within(row(3)).getByText('已处理')).toBeTruthy();
    expect(within(row(1)).getByText('2024-05-01 10:00:00')).toBeTruthy();
  });

  it('sends status=pending,reviewing for 待处理 and the method, back to page 1', async () => {
    handlers['GET /api/admin/withdrawals'] = ({ url }) =>
      listReply(
        [withdrawal({ id: Number(url.searchParams.get('page')) })],
        Number(url.searchParams.get('page')),
        60,
      );
    renderPage();
    await screen.findByTestId('withdrawal-row-1');
    expect(listCalls()[0]?.url.searchParams.has('status')).toBe(false);
    clickPage('withdrawals', '下一页');
    await screen.findByTestId('withdrawal-row-2');

    fireEvent.click(screen.getByTestId('withdrawals-filter-pending_all'));
    await screen.findByTestId('withdrawal-row-1');
    let last = listCalls().at(-1);
    expect(last?.url.searchParams.get('status')).toBe('pending,reviewing');
    expect(last?.url.searchParams.get('page')).toBe('1');
    expect(last?.url.searchParams.get('limit')).toBe('20');

    fireEvent.click(screen.getByTestId('withdrawals-type-wechat'));
    await waitFor(() => expect(listCalls().at(-1)?.url.searchParams.get('type')).toBe('wechat'));
    fireEvent.click(screen.getByTestId('withdrawals-filter-completed'));
    await waitFor(() => expect(listCalls().at(-1)?.url.searchParams.get('status')).toBe('completed'));
    last = listCalls().at(-1);
    expect(last?.url.searchParams.get('type')).toBe('wechat');
  });

  it('opens the 待处理 filter from the address (the dashboard link) and keeps filter changes there', async () => {
    const router = renderPage('/admin/wallet/withdrawals?status=pending_all&type=usdt&search=bob');
    await screen.findByTestId('withdrawal-row-1');
    expect(Object.fromEntries(listCalls()[0]!.url.searchParams)).toMatchObject({
      status: 'pending,reviewing',
      type: 'usdt',
      search: 'bob',
      page: '1',
    });
    expect(screen.getByTestId('withdrawals-filter-pending_all').className).toContain('ant-btn-primary');
    fireEvent.click(screen.getByTestId('withdrawals-filter-completed'));
    await waitFor(() => expect(router.state.location.search).toBe('?status=completed&type=usdt&search=bob'));

    await act(() => router.navigate('/admin/wallet/withdrawals?status=pending,reviewing&type=cash&page=abc'));
    await waitFor(() => expect(listCalls().at(-1)?.url.searchParams.has('status')).toBe(false));
    expect(listCalls().at(-1)?.url.searchParams.has('type')).toBe(false);
    expect(listCalls().at(-1)?.url.searchParams.get('page')).toBe('1');
  });

  it('offers only the allowed next statuses', async () => {
    handlers['GET /api/admin/withdrawals'] = () =>
      listReply([
        withdrawal({ id: 1, status: 'pending' }),
        withdrawal({ id: 2, status: 'approved' }),
        withdrawal({ id: 4, status: 'processing' }),
        withdrawal({ id: 3, status: 'rejected' }),
      ]);
    renderPage();
    await screen.findByTestId('withdrawal-row-1');
    expect(await openMenu(1)).toEqual(['withdrawal-next-1-reviewing', 'withdrawal-next-1-approved']);
    expect(await openMenu(2)).toEqual(['withdrawal-next-2-processing']);
    expect(await openMenu(4)).toEqual(['withdrawal-next-4-completed']);
    expect(screen.getByTestId('withdrawal-reject-4')).toBeTruthy();
    expect(screen.queryByTestId('withdrawal-next-3')).toBeNull();
    expect(screen.queryByTestId('withdrawal-reject-3')).toBeNull();
    expect(within(row(3)).getByText('已处理')).toBeTruthy();
  });

  it('asks for confirmation, disables the row while updating, shows the server message and reloads', async () => {
    let answer: (response: Response) => void = () => {};
    handlers['PATCH /api/admin/withdrawals/1/status'] = () =>
      new Promise<Response>((resolve) => {
        answer = resolve;
      });
    renderPage();
    await screen.findByTestId('withdrawal-row-1');
    await openMenu(1);
    fireEvent.click(screen.getByTestId('withdrawal-next-1-reviewing'));
    expect((await screen.findAllByText('确认将状态更改为「审核中」吗？')).length).toBeGreaterThan(0);
    const dialog = document.querySelector<HTMLElement>('.ant-modal-confirm');
    fireEvent.click(within(dialog as HTMLElement).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(screen.getByTestId('withdrawal-reject-1').hasAttribute('disabled')).toBe(true),
    );
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ status: 'reviewing' });
    expect(keyOf(calls.find((call) => call.method === 'PATCH'))).toMatch(UUID);
    const loads = listCalls().length;
    await act(async () => answer(statusReply(withdrawal({ status: 'reviewing' }))));
    expect(await screen.findByText('状态更新成功')).toBeTruthy();
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(loads));
  });

  it('reports 更新提现状态失败 with the reason', async () => {
    handlers['PATCH /api/admin/withdrawals/2/status'] = () =>
      jsonResponse({ success: false, message: '当前状态不允许此操作' }, 409);
    renderPage();
    await screen.findByTestId('withdrawal-row-2');
    await openMenu(2);
    fireEvent.click(screen.getByTestId('withdrawal-next-2-processing'));
    await screen.findAllByText('确认将状态更改为「出款中」吗？');
    fireEvent.click(
      within(document.querySelector('.ant-modal-confirm') as HTMLElement).getByRole('button', {
        name: '确定',
      }),
    );
    expect(await screen.findByText('更新提现状态失败: 当前状态不允许此操作')).toBeTruthy();
  });

  it('rejects with a reason, and does nothing when the prompt is cancelled', async () => {
    handlers['PATCH /api/admin/withdrawals/1/status'] = () =>
      statusReply(withdrawal({ status: 'rejected', admin_remark: '信息不符' }), '提现已拒绝');
    renderPage();
    await screen.findByTestId('withdrawal-row-1');
    fireEvent.click(screen.getByTestId('withdrawal-reject-1'));
    fireEvent.change(await screen.findByTestId('reason-input'), { target: { value: '信息不符' } });
    fireEvent.click(screen.getByTestId('reason-cancel'));
    await sleep(50);
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    fireEvent.click(screen.getByTestId('withdrawal-reject-1'));
    fireEvent.change(await screen.findByTestId('reason-input'), { target: { value: '信息不符' } });
    fireEvent.click(screen.getByTestId('reason-ok'));
    expect(await screen.findByText('提现已拒绝')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      status: 'rejected',
      adminNote: '信息不符',
    });
  });

  it('completes a USDT withdrawal only with its payout hash, checked for the address network', async () => {
    const hash = 'cd34'.repeat(16);
    handlers['GET /api/admin/withdrawals'] = () =>
      listReply([
        withdrawal({ id: 4, status: 'processing' }),
        withdrawal({ id: 5, status: 'completed', tx_hash: hash }),
      ]);
    handlers['PATCH /api/admin/withdrawals/4/status'] = () =>
      statusReply(withdrawal({ id: 4, status: 'completed', admin_remark: '链上已转出', tx_hash: hash }));
    renderPage();
    // A completed row shows its payout, linked to the block explorer.
    const paid = await screen.findByTestId('withdrawal-tx-hash-5');
    expect(within(paid).getByRole('link').getAttribute('href')).toBe(
      `https://tronscan.org/#/transaction/${hash}`,
    );

    await openMenu(4);
    fireEvent.click(screen.getByTestId('withdrawal-next-4-completed'));
    const dialog = await screen.findByTestId('payout-dialog');
    expect(dialog.textContent).toContain('100.00 USDT');
    expect(dialog.textContent).toContain('TRC20');
    fireEvent.click(screen.getByTestId('payout-ok'));
    expect(await screen.findByText('请输入出款交易哈希')).toBeTruthy();
    fireEvent.change(screen.getByTestId('payout-tx-hash'), { target: { value: `0x${hash}` } });
    fireEvent.click(screen.getByTestId('payout-ok'));
    expect(await screen.findByText('交易哈希格式不正确：TRC20 交易哈希为 64 位十六进制字符')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    fireEvent.change(screen.getByTestId('payout-tx-hash'), { target: { value: ` ${hash.toUpperCase()} ` } });
    const preview = await screen.findByTestId('payout-preview');
    expect(within(preview).getByRole('link').getAttribute('href')).toBe(
      `https://tronscan.org/#/transaction/${hash}`,
    );
    fireEvent.change(screen.getByTestId('payout-note'), { target: { value: '链上已转出' } });
    fireEvent.click(screen.getByTestId('payout-ok'));
    expect(await screen.findByText('状态更新成功')).toBeTruthy();
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({ status: 'completed', adminNote: '链上已转出', tx_hash: hash });
    expect(keyOf(patch)).toMatch(UUID);
  });

  it('completes a payee withdrawal with the plain confirmation, no hash asked', async () => {
    const payee = withdrawal({
      id: 6,
      withdraw_type: 'alipay',
      channel: '支付宝',
      address: null,
      network: null,
      account_info: { account: 'ali@pay.com', name: '张三', phone: null },
      status: 'processing',
    });
    handlers['GET /api/admin/withdrawals'] = () => listReply([payee]);
    handlers['PATCH /api/admin/withdrawals/6/status'] = () => statusReply({ ...payee, status: 'completed' });
    renderPage();
    await screen.findByTestId('withdrawal-row-6');
    await openMenu(6);
    fireEvent.click(screen.getByTestId('withdrawal-next-6-completed'));
    await screen.findAllByText('确认将状态更改为「已出款」吗？');
    expect(screen.queryByTestId('payout-dialog')).toBeNull();
    fireEvent.click(
      within(document.querySelector('.ant-modal-confirm') as HTMLElement).getByRole('button', {
        name: '确定',
      }),
    );
    expect(await screen.findByText('状态更新成功')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ status: 'completed' });
  });

  it('shows the pagination text and moves with 上一页/下一页', async () => {
    handlers['GET /api/admin/withdrawals'] = ({ url }) => {
      const page = Number(url.searchParams.get('page'));
      return listReply([withdrawal({ id: page })], page, 45);
    };
    renderPage();
    await screen.findByTestId('withdrawal-row-1');
    expect(pagerText('withdrawals')).toBe('显示第 1 到 20 条，共 45 条记录');
    expect(pageStepDisabled('withdrawals', '上一页')).toBe(true);
    clickPage('withdrawals', '下一页');
    await screen.findByTestId('withdrawal-row-2');
    clickPage('withdrawals', '下一页');
    await screen.findByTestId('withdrawal-row-3');
    expect(pagerText('withdrawals')).toBe('显示第 41 到 45 条，共 45 条记录');
    expect(pageStepDisabled('withdrawals', '下一页')).toBe(true);
    clickPage('withdrawals', '上一页');
    await screen.findByTestId('withdrawal-row-2');
    expect(pagerText('withdrawals')).toBe('显示第 21 到 40 条，共 45 条记录');
  });

  it('shows 暂无提现申请 for an empty list', async () => {
    handlers['GET /api/admin/withdrawals'] = () => listReply([]);
    renderPage();
    expect(await screen.findByText('暂无提现申请')).toBeTruthy();
    expectNoPager('withdrawals');
  });

  it('replaces the page with 获取提现列表失败 and retries', async () => {
    let fail = true;
    handlers['GET /api/admin/withdrawals'] = () =>
      fail ? jsonResponse({ success: false, message: '提现状态不正确' }, 400) : listReply([withdrawal()]);
    renderPage();
    expect(await screen.findByText('获取提现列表失败')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByTestId('load-error-retry'));
    expect(await screen.findByTestId('withdrawal-row-1')).toBeTruthy();
  });

  it('shows every field in the details modal', async () => {
    renderPage();
    await screen.findByTestId('withdrawal-row-2');
    fireEvent.click(screen.getByTestId('withdrawal-detail-2'));
    const detail = await screen.findByTestId('withdrawal-detail');
    for (const text of [
      'bob@example.com',
      '未提供',
      '支付宝',
      '账号：ali@pay.com',
      '尽快',
      '2024-05-01 10:30:00',
    ]) {
      expect(within(detail).getAllByText(text).length).toBeGreaterThan(0);
    }
  });

  it('bulk-changes the selected rows and lists the skipped ones', async () => {
    handlers['POST /api/admin/withdrawals/bulk-status'] = () =>
      jsonResponse({
        success: true,
        message: '批量更新完成：成功 1 条，跳过 1 条',
        data: {
          processedCount: 1,
          processedIds: [1],
          awaitingSecondApprovalIds: [],
          skipped: [{ id: 2, reason: '当前状态不允许此操作' }],
        },
      });
    renderPage();
    await screen.findByTestId('withdrawal-row-1');
    expect(screen.queryByTestId('withdrawals-bulk')).toBeNull();
    fireEvent.click(within(row(1)).getByRole('checkbox'));
    fireEvent.click(within(row(2)).getByRole('checkbox'));
    expect(within(row(3)).getByRole('checkbox').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('withdrawals-bulk').textContent).toBe('批量操作 (2)');
    fireEvent.click(screen.getByTestId('withdrawals-bulk'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('已拒绝'));
    expect(screen.getByTestId('withdrawals-bulk-submit').hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByTestId('reason-input'), { target: { value: '批量拒绝' } });
    const loads = listCalls().length;
    fireEvent.click(screen.getByTestId('withdrawals-bulk-submit'));
    expect(await screen.findByText('已处理 1 条，跳过 1 条')).toBeTruthy();
    expect(screen.getByTestId('withdrawals-bulk-skipped-2').textContent).toContain('当前状态不允许此操作');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      ids: [1, 2],
      status: 'rejected',
      adminNote: '批量拒绝',
    });
    expect(keyOf(calls.find((call) => call.method === 'POST'))).toMatch(UUID);
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(loads));
  });

  it('reloads, beeps and notifies on admin_notification, and reloads on withdrawal_status_update', async () => {
    const notifications: { title: string; body?: string }[] = [];
    class FakeNotification {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      constructor(title: string, options?: { body?: string }) {
        notifications.push({ title, body: options?.body });
      }
    }
    const started = vi.fn();
    class FakeAudioContext {
      currentTime = 0;
      destination = {};
      createOscillator() {
        return {
          type: '',
          frequency: { value: 0 },
          connect() {},
          start: started,
          stop() {},
          onended: null,
        };
      }
      createGain() {
        return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect() {} };
      }
      close() {
        return Promise.resolve();
      }
    }
    vi.stubGlobal('Notification', FakeNotification);
    vi.stubGlobal('AudioContext', FakeAudioContext);

    renderPage();
    await screen.findByTestId('withdrawal-row-1');
    const socket = fakeSockets.at(-1);
    expect(socket).toBeTruthy();
    const loads = listCalls().length;

    act(() =>
      socket?.receive('admin_notification', {
        type: 'withdrawal',
        sound: true,
        title: '',
        message: '',
        id: 9,
      }),
    );
    await waitFor(() => expect(listCalls().length).toBe(loads + 1));
    expect(started).toHaveBeenCalledTimes(1);
    expect(notifications).toEqual([{ title: '新的提现申请', body: '有新的提现申请需要处理' }]);

    act(() =>
      socket?.receive('admin_notification', {
        type: 'withdrawal',
        sound: false,
        title: '大额提现',
        message: '5000 USDT',
        id: 10,
      }),
    );
    await waitFor(() => expect(listCalls().length).toBe(loads + 2));
    expect(started).toHaveBeenCalledTimes(1);
    expect(notifications.at(-1)).toEqual({ title: '大额提现', body: '5000 USDT' });

    // A payout's (or any other page's) notice neither beeps nor reloads this page.
    act(() =>
      socket?.receive('admin_notification', {
        type: 'payout',
        sound: true,
        title: '待复核：需要另一位管理员复核',
        message: '团队奖励',
        id: 11,
        second_approval: true,
      }),
    );
    expect(started).toHaveBeenCalledTimes(1);
    expect(notifications.at(-1)).toEqual({ title: '大额提现', body: '5000 USDT' });
    expect(listCalls().length).toBe(loads + 2);

    act(() => socket?.receive('withdrawal_status_update', { id: 1, status: 'approved' }));
    await waitFor(() => expect(listCalls().length).toBe(loads + 3));
    expect(listCalls().length).toBe(loads + 3);
  });

  it('offers to enable browser notifications when the permission is not decided', async () => {
    const requestPermission = vi.fn(async () => 'granted');
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    renderPage();
    fireEvent.click(await screen.findByTestId('withdrawals-notify-permission'));
    expect(requestPermission).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByTestId('withdrawals-notify-permission')).toBeNull());
  });
});

describe('WithdrawalsPage in English', () => {
  it('shows the filters, rows, status menu, bulk dialog, payout dialog and detail in English', async () => {
    applyLanguage('en');
    handlers['GET /api/admin/withdrawals'] = () =>
      listReply([
        withdrawal({ user_remark: null }),
        withdrawal({
          id: 2,
          withdraw_type: 'wechat',
          address: null,
          account_info: { account: 'wx1', name: 'Li', phone: '1' },
        }),
        withdrawal({ id: 3, status: 'completed' }),
        withdrawal({ id: 4, status: 'processing' }),
      ]);
    renderPage();
    await screen.findByTestId('withdrawal-row-1');
    expect(screen.getByRole('columnheader', { name: 'Withdrawal method' })).toBeTruthy();
    expect(within(row(2)).getByText('WeChat')).toBeTruthy();
    expect(within(row(3)).getByText('Processed')).toBeTruthy();
    const refresh = screen.getByTestId('withdrawals-refresh').textContent ?? '';
    const pageText = (screen.getByTestId('withdrawals-page').textContent ?? '').replace(refresh, '');
    expect(chineseIn(pageText)).toEqual([]);

    expect(await openMenu(1)).toEqual(['withdrawal-next-1-reviewing', 'withdrawal-next-1-approved']);
    expect(screen.getByTestId('withdrawal-next-1-approved').textContent).toBe('Approved');
    await openMenu(4);
    fireEvent.click(screen.getByTestId('withdrawal-next-4-completed'));
    const payout = (await screen.findByTestId('payout-dialog')).closest('.ant-modal') as HTMLElement;
    expect(within(payout).getByText('Payout tx hash')).toBeTruthy();
    expect(chineseIn(payout)).toEqual([]);
    fireEvent.click(screen.getByTestId('payout-cancel'));

    fireEvent.click(within(row(1)).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('withdrawals-bulk'));
    const bulk = (await screen.findByTestId('withdrawals-bulk-status')).closest('.ant-modal') as HTMLElement;
    expect(chineseIn(bulk)).toEqual([]);
    fireEvent.click(within(bulk).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByTestId('withdrawal-detail-1'));
    const detail = (await screen.findByTestId('withdrawal-detail')).closest('.ant-modal') as HTMLElement;
    expect(within(detail).getByText('Payee')).toBeTruthy();
    expect(chineseIn(detail)).toEqual([]);
  });
});
