import type { AdminDeposit, DepositStats } from '@platform/contracts';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { type Call, type Handler, keyOf, mockApi, ok, pagination, UUID } from '../../../test/api.ts';
import { chineseIn } from '../../../test/chinese.ts';
import { jsonResponse, sleep } from '../../../test/fixtures.ts';
import { clickPage, pagerText } from '../../../test/pager.ts';
import { confirmDialog, renderWithAntAt } from '../../../test/render.tsx';
import DepositsPage from '../DepositsPage.tsx';

let calls: Call[];
let handlers: Record<string, Handler>;

function deposit(overrides: Partial<AdminDeposit> = {}): AdminDeposit {
  return {
    id: 1,
    user_id: 7,
    user_email: 'alice@example.com',
    amount: '100.50000000',
    currency: 'USDT',
    channel_name: 'USDT-TRC20',
    to_address: 'TXYZabcdefghijklmnopqrstuvwxyz1234',
    tx_hash: 'a'.repeat(64),
    remark: '用户备注',
    status: 'pending',
    admin_note: null,
    created_at: '2024-05-01T02:00:00.000Z',
    reviewed_at: null,
    processed_at: null,
    first_approval: null,
    ...overrides,
  };
}

const baseStats: DepositStats = {
  totalDeposits: 3,
  pendingDeposits: 2,
  approvedDeposits: 1,
  rejectedDeposits: 0,
  totalAmount: '1234.56',
  todayAmount: '100.4',
};

function listReply(deposits: AdminDeposit[], stats: DepositStats = baseStats, total = deposits.length) {
  return ok({ deposits, stats, pagination: pagination(total) });
}

beforeEach(() => {
  ({ calls, handlers } = mockApi({
    'GET /api/admin/deposits': () => listReply([deposit(), deposit({ id: 2, amount: '50' })]),
  }));
});

function renderPage(path = '/admin/wallet/deposits') {
  return renderWithAntAt(<DepositsPage />, path);
}

const listCalls = () =>
  calls.filter((call) => call.method === 'GET' && call.url.pathname === '/api/admin/deposits');
const row = (id: number) => screen.getByTestId(`deposit-row-${id}`);
const stat = (key: string) => screen.getByTestId(`deposit-stat-${key}`).textContent ?? '';

// antd renders slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 8_000 });

describe('DepositsPage', () => {
  it('shows the stats with 0 decimals, the rows and the tx hash link', async () => {
    renderPage();
    await screen.findByTestId('deposit-row-1');
    expect(stat('total')).toContain('3');
    expect(stat('pending')).toContain('2');
    expect(stat('totalAmount')).toContain('1,235 USDT');
    expect(stat('todayAmount')).toContain('100 USDT');
    expect(within(row(1)).getByText('100.50 USDT')).toBeTruthy();
    expect(within(row(1)).getByText('待审核')).toBeTruthy();
    const link = within(row(1)).getByRole('link');
    expect(link.getAttribute('href')).toBe(`https://tronscan.org/#/transaction/${'a'.repeat(64)}`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    // Beijing time: 02:00Z is 10:00.
    expect(within(row(1)).getByText(/2024-05-01\s*10:00:00/)).toBeTruthy();
    expect(pagerText('deposits')).toBe('显示第 1 到 2 条，共 2 条记录');
    const first = listCalls()[0];
    expect(first?.url.searchParams.get('limit')).toBe('20');
    expect(first?.url.searchParams.has('status')).toBe(false);
  });

  it('applies an approval optimistically and rolls it back with 审核充值失败 when the call fails', async () => {
    let answer: (response: Response) => void = () => {};
    handlers['PATCH /api/admin/deposits/1/review'] = () =>
      new Promise<Response>((resolve) => {
        answer = resolve;
      });
    renderPage();
    await screen.findByTestId('deposit-row-1');
    const loadsBefore = listCalls().length;

    fireEvent.click(screen.getByTestId('deposit-approve-1'));
    const dialog = await confirmDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: '通过' }));

    // Applied at once: the row and the counters moved before the server answered.
    await waitFor(() => expect(within(row(1)).getByText('已通过')).toBeTruthy());
    expect(stat('pending')).toContain('1');
    expect(stat('approved')).toContain('2');
    expect(stat('totalAmount')).toContain('1,335 USDT');
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({ status: 'approved' });

    await act(async () => answer(jsonResponse({ success: false, message: '当前状态不允许此操作' }, 409)));
    expect(await screen.findByText('审核充值失败: 当前状态不允许此操作')).toBeTruthy();
    await waitFor(() => expect(within(row(1)).getByText('待审核')).toBeTruthy());
    expect(stat('pending')).toContain('2');
    // The list is reloaded afterwards.
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(loadsBefore));
  });

  it('sends a review once with its Idempotency-Key, even from two dialogs; another deposit gets its own key', async () => {
    let answer: (response: Response) => void = () => {};
    handlers['PATCH /api/admin/deposits/1/review'] = () =>
      new Promise<Response>((resolve) => {
        answer = resolve;
      });
    handlers['PATCH /api/admin/deposits/2/review'] = () =>
      ok({ deposit: deposit({ id: 2, status: 'approved' }) }, '审核成功');
    renderPage();
    await screen.findByTestId('deposit-row-1');
    // 通过 pressed twice: two dialogs, both confirmed.
    fireEvent.click(screen.getByTestId('deposit-approve-1'));
    fireEvent.click(screen.getByTestId('deposit-approve-1'));
    await waitFor(() => expect(document.querySelectorAll('.ant-modal-confirm')).toHaveLength(2));
    for (const dialog of document.querySelectorAll<HTMLElement>('.ant-modal-confirm')) {
      fireEvent.click(within(dialog).getByRole('button', { name: '通过' }));
    }
    const reviews = (id: number) =>
      calls.filter(
        (call) => call.method === 'PATCH' && call.url.pathname === `/api/admin/deposits/${id}/review`,
      );
    await waitFor(() => expect(reviews(1)).toHaveLength(1));

    // Confirmed in its own dialog (the closed ones may linger in jsdom).
    const open = document.querySelectorAll('.ant-modal-confirm').length;
    fireEvent.click(screen.getByTestId('deposit-approve-2'));
    await waitFor(() => expect(document.querySelectorAll('.ant-modal-confirm').length).toBeGreaterThan(open));
    const third = [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')].at(-1) as HTMLElement;
    fireEvent.click(within(third).getByRole('button', { name: '通过' }));
    await waitFor(() => expect(reviews(2)).toHaveLength(1));
    await act(async () => answer(ok({ deposit: deposit({ status: 'approved' }) }, '审核成功')));
    await waitFor(() => expect(screen.getAllByText('充值审核通过成功')).toHaveLength(2));

    expect(reviews(1)).toHaveLength(1);
    expect(keyOf(reviews(1)[0])).toMatch(UUID);
    expect(keyOf(reviews(2)[0])).toMatch(UUID);
    expect(keyOf(reviews(2)[0])).not.toBe(keyOf(reviews(1)[0]));
  });

  it('shows 充值审核通过成功 after a successful approval and reloads', async () => {
    handlers['PATCH /api/admin/deposits/1/review'] = () =>
      jsonResponse({
        success: true,
        message: '审核成功',
        data: { deposit: deposit({ status: 'approved' }) },
      });
    renderPage();
    await screen.findByTestId('deposit-row-1');
    fireEvent.click(screen.getByTestId('deposit-approve-1'));
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: '通过' }));
    expect(await screen.findByText('充值审核通过成功')).toBeTruthy();
    await waitFor(() => expect(listCalls().length).toBe(2));
  });

  it('sends nothing when the reject prompt is cancelled, asks for a reason left empty, and sends it once typed', async () => {
    handlers['PATCH /api/admin/deposits/2/review'] = () =>
      jsonResponse({
        success: true,
        message: 'ok',
        data: { deposit: deposit({ id: 2, status: 'rejected' }) },
      });
    renderPage();
    await screen.findByTestId('deposit-row-2');

    fireEvent.click(screen.getByTestId('deposit-reject-2'));
    expect(await screen.findByText('请输入拒绝原因:')).toBeTruthy();
    fireEvent.change(screen.getByTestId('reason-input'), { target: { value: '不想要' } });
    fireEvent.click(screen.getByTestId('reason-cancel'));

    fireEvent.click(screen.getByTestId('deposit-reject-2'));
    fireEvent.change(await screen.findByTestId('reason-input'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('reason-ok'));
    // The server refuses a rejection without a reason: the dialog says so and stays open.
    expect((await screen.findByTestId('reason-error')).textContent).toBe('请输入拒绝原因');
    expect(screen.getByTestId('reason-input')).toBeTruthy();
    await sleep(50);
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    expect(within(row(2)).getByText('待审核')).toBeTruthy();

    // Typing clears the message; the reason goes in the same dialog.
    fireEvent.change(screen.getByTestId('reason-input'), { target: { value: ' 金额不符 ' } });
    expect(screen.queryByTestId('reason-error')).toBeNull();
    fireEvent.click(screen.getByTestId('reason-ok'));
    expect(await screen.findByText('审核拒绝成功')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      status: 'rejected',
      adminNote: '金额不符',
    });
  });

  it('says 没有待审核的充值记录 when the visible list has no pending deposit', async () => {
    handlers['GET /api/admin/deposits'] = () =>
      listReply([deposit({ status: 'approved' }), deposit({ id: 2, status: 'rejected' })]);
    renderPage();
    await screen.findByTestId('deposit-row-1');
    fireEvent.click(screen.getByTestId('deposits-batch-approve'));
    expect(await screen.findByText('没有待审核的充值记录')).toBeTruthy();
    expect(document.querySelector('.ant-modal-confirm')).toBeNull();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('disables the batch buttons when there is no pending deposit at all', async () => {
    handlers['GET /api/admin/deposits'] = () =>
      listReply([deposit({ status: 'approved' })], { ...baseStats, pendingDeposits: 0 });
    renderPage();
    await screen.findByTestId('deposit-row-1');
    expect(screen.getByTestId('deposits-batch-approve').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('deposits-batch-reject').hasAttribute('disabled')).toBe(true);
  });

  it('batch-approves every visible pending deposit after a confirmation showing the count', async () => {
    handlers['GET /api/admin/deposits'] = () =>
      listReply([deposit(), deposit({ id: 2 }), deposit({ id: 3, status: 'approved' })]);
    handlers['POST /api/admin/deposits/batch-review'] = () =>
      jsonResponse({
        success: true,
        message: '批量通过成功，共处理 2 条',
        data: { processedCount: 2, processedIds: [1, 2], awaitingSecondApprovalIds: [], skipped: [] },
      });
    renderPage();
    await screen.findByTestId('deposit-row-1');
    fireEvent.click(screen.getByTestId('deposits-batch-approve'));
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('当前列表中全部 2 条待审核充值记录');
    fireEvent.click(within(dialog).getByRole('button', { name: '批量通过' }));
    expect(await screen.findByText('批量通过成功，已处理 2 条')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      action: 'approve',
      depositIds: [1, 2],
    });
    expect(keyOf(calls.find((call) => call.method === 'POST'))).toMatch(UUID);
  });

  it('batch-rejects the selected rows with a reason and reports a failure', async () => {
    handlers['POST /api/admin/deposits/batch-review'] = () =>
      jsonResponse({ success: false, message: '服务器繁忙' }, 422);
    renderPage();
    await screen.findByTestId('deposit-row-2');
    fireEvent.click(within(row(2)).getByRole('checkbox'));
    expect(screen.getByTestId('deposits-batch-reject').textContent).toContain('已选 1');
    fireEvent.click(screen.getByTestId('deposits-batch-reject'));
    expect(await screen.findByText(/所选的 1 条待审核充值记录/)).toBeTruthy();
    fireEvent.change(screen.getByTestId('reason-input'), { target: { value: '重复提交' } });
    fireEvent.click(screen.getByTestId('reason-ok'));
    expect(await screen.findByText('批量审核失败: 服务器繁忙')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      action: 'reject',
      depositIds: [2],
      adminNote: '重复提交',
    });
  });

  it('sends the filters and goes back to page 1 when one changes', async () => {
    handlers['GET /api/admin/deposits'] = ({ url }) => {
      const page = Number(url.searchParams.get('page'));
      return jsonResponse({
        success: true,
        message: 'ok',
        data: {
          deposits: [deposit({ id: page * 100 })],
          stats: baseStats,
          pagination: { page, limit: 20, total: 300, totalPages: 15 },
        },
      });
    };
    renderPage();
    await screen.findByTestId('deposit-row-100');
    // At most 10 numbered page buttons, the last page among them.
    const numbered = screen.getByTestId('deposits-pagination').querySelectorAll('.ant-pagination-item');
    expect(numbered.length).toBeLessThanOrEqual(10);
    expect(numbered[numbered.length - 1]?.textContent).toBe('15');
    clickPage('deposits', 3);
    await screen.findByTestId('deposit-row-300');
    fireEvent.click(screen.getByTestId('deposits-range-week'));
    await screen.findByTestId('deposit-row-100');
    const last = listCalls().at(-1);
    expect(last?.url.searchParams.get('dateRange')).toBe('week');
    expect(last?.url.searchParams.get('page')).toBe('1');

    fireEvent.change(screen.getByTestId('deposits-search'), { target: { value: 'bob@example.com' } });
    fireEvent.keyDown(screen.getByTestId('deposits-search'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(listCalls().at(-1)?.url.searchParams.get('search')).toBe('bob@example.com'));
  });

  it('keeps status, search, range and page in the address: a link opens them, back returns', async () => {
    const router = renderPage('/admin/wallet/deposits?status=pending&search=bob&dateRange=week&page=2');
    await screen.findByTestId('deposit-row-1');
    expect(Object.fromEntries(listCalls()[0]!.url.searchParams)).toMatchObject({
      status: 'pending',
      search: 'bob',
      dateRange: 'week',
      page: '2',
    });
    expect((screen.getByTestId('deposits-search') as HTMLInputElement).value).toBe('bob');
    expect(screen.getByTestId('deposits-status-filter').textContent).toContain('待审核');

    fireEvent.click(screen.getByTestId('deposits-range-today'));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?status=pending&search=bob&dateRange=today'),
    );
    await act(() => router.navigate(-1));
    await waitFor(() => expect(listCalls().at(-1)?.url.searchParams.get('dateRange')).toBe('week'));
    expect(listCalls().at(-1)?.url.searchParams.get('page')).toBe('2');
  });

  it('reads address values it does not accept as the defaults', async () => {
    renderPage(`/admin/wallet/deposits?status=lost&dateRange=decade&page=-1&search=${'x'.repeat(201)}`);
    await screen.findByTestId('deposit-row-1');
    expect(Object.fromEntries(listCalls()[0]!.url.searchParams)).toEqual({ page: '1', limit: '20' });
    expect(screen.getByTestId('deposits-status-filter').textContent).toContain('全部状态');
  });

  it('shows the detail modal with every field', async () => {
    handlers['GET /api/admin/deposits'] = () =>
      listReply([
        deposit({ status: 'rejected', admin_note: '金额不符', reviewed_at: '2024-05-01T03:00:00.000Z' }),
      ]);
    renderPage();
    await screen.findByTestId('deposit-row-1');
    fireEvent.click(screen.getByTestId('deposit-detail-1'));
    const detail = await screen.findByTestId('deposit-detail');
    for (const text of ['金额不符', '用户备注', '2024-05-01 11:00:00', 'USDT-TRC20', 'alice@example.com']) {
      expect(within(detail).getAllByText(text).length).toBeGreaterThan(0);
    }
  });

  it("the detail of a pending deposit approves and rejects through the list's review; a decided one has neither", async () => {
    let status: AdminDeposit['status'] = 'pending';
    handlers['GET /api/admin/deposits'] = () => listReply([deposit({ status }), deposit({ id: 2 })]);
    handlers['PATCH /api/admin/deposits/1/review'] = () => {
      status = 'approved';
      return ok({ deposit: deposit({ status }) }, '审核成功');
    };
    handlers['PATCH /api/admin/deposits/2/review'] = () =>
      ok({ deposit: deposit({ id: 2, status: 'rejected' }) }, '审核成功');
    renderPage();
    await screen.findByTestId('deposit-row-1');
    fireEvent.click(screen.getByTestId('deposit-detail-1'));
    await screen.findByTestId('deposit-detail');
    fireEvent.click(screen.getByTestId('deposit-detail-approve-1'));
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: '通过' }));
    expect(await screen.findByText('充值审核通过成功')).toBeTruthy();
    const patches = () => calls.filter((call) => call.method === 'PATCH');
    expect(patches().map((call) => [call.url.pathname, call.body])).toEqual([
      ['/api/admin/deposits/1/review', { status: 'approved' }],
    ]);
    expect(patches()[0]?.headers.get('Idempotency-Key')).toBeTruthy();
    // The reloaded row: the detail now says 已通过 and offers no review.
    const detail = screen.getByTestId('deposit-detail');
    await waitFor(() => expect(screen.queryByTestId('deposit-detail-approve-1')).toBeNull());
    expect(within(detail).getAllByText('已通过').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('deposit-detail-reject-1')).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: '关闭' })[0] as HTMLElement);

    fireEvent.click(screen.getByTestId('deposit-detail-2'));
    fireEvent.click(await screen.findByTestId('deposit-detail-reject-2'));
    fireEvent.change(await screen.findByTestId('reason-input'), { target: { value: '金额不符' } });
    fireEvent.click(screen.getByTestId('reason-ok'));
    expect(await screen.findByText('审核拒绝成功')).toBeTruthy();
    expect(patches().at(-1)?.body).toEqual({ status: 'rejected', adminNote: '金额不符' });
  });

  it('replaces the page with 获取充值数据失败 and retries', async () => {
    let fail = true;
    handlers['GET /api/admin/deposits'] = () =>
      fail ? jsonResponse({ success: false, message: '数据库不可用' }, 400) : listReply([deposit()]);
    renderPage();
    expect(await screen.findByText('获取充值数据失败')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByTestId('load-error-retry'));
    expect(await screen.findByTestId('deposit-row-1')).toBeTruthy();
  });
});

describe('DepositsPage in English', () => {
  it('shows the stats, filters, rows, batch bar, detail and confirmations in English', async () => {
    applyLanguage('en');
    handlers['GET /api/admin/deposits'] = () => listReply([deposit({ remark: null }), deposit({ id: 2 })]);
    renderPage();
    await screen.findByTestId('deposit-row-1');
    expect(stat('total')).toContain('Total deposits');
    expect(stat('pending')).toContain('Pending review');
    expect(screen.getByRole('columnheader', { name: 'Channel' })).toBeTruthy();
    expect(screen.getByTestId('deposits-awaiting-filter').textContent).toBe('Awaiting second approval only');
    // The shell's own 刷新 is the shell's (admin/shell), not this page's.
    const refresh = screen.getByTestId('deposits-refresh').textContent ?? '';
    const pageText = (screen.getByTestId('deposits-page').textContent ?? '').replace(refresh, '');
    expect(chineseIn(pageText)).toEqual([]);

    fireEvent.click(within(row(2)).getByRole('checkbox'));
    expect(screen.getByTestId('deposits-batch-reject').textContent).toBe('Batch reject (1 selected)');
    fireEvent.click(screen.getByTestId('deposits-batch-approve'));
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('Approve the 1 selected pending deposit?');
    expect(chineseIn(dialog)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByTestId('deposit-detail-1'));
    const detail = await screen.findByTestId('deposit-detail');
    expect(within(detail).getByText('Deposit address')).toBeTruthy();
    const modal = detail.closest('.ant-modal') as HTMLElement;
    expect(chineseIn(modal)).toEqual([]);
  });
});
