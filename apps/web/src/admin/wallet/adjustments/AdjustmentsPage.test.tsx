import type { AdminAdjustment, AdminUserRow } from '@platform/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { type Call, type Handler, keyOf, mockApi, ok, pagination, UUID } from '../../../test/api.ts';
import { chineseIn } from '../../../test/chinese.ts';
import { makeAdmin, makeUser } from '../../../test/fixtures.ts';
import { confirmDialog, renderWithAntAt, signIn } from '../../../test/render.tsx';
import AdjustmentsPage from './AdjustmentsPage.tsx';

// The page listens for other admins' proposals (useAdjustmentRealtime.test.tsx covers that).
vi.mock('socket.io-client', async () => (await import('../../../test/fake-socket.ts')).fakeSocketModule);

const ME = 1;
const OTHER = 2;
let calls: Call[];
let handlers: Record<string, Handler>;

/** A row of the user list (what the e-mail lookup's search answers). */
const userRow = (id: number, email: string): AdminUserRow => ({
  ...makeUser({ id, email }),
  created_at: '2026-11-01T00:00:00.000Z',
  last_login: null,
  balance: '0',
  frozen_balance: '0',
});

function adjustment(overrides: Partial<AdminAdjustment> = {}): AdminAdjustment {
  return {
    id: 11,
    user_id: 7,
    user_email: 'alice@example.com',
    currency: 'USDT',
    amount: '100.500000000000000000',
    reason: '补发活动奖励',
    status: 'pending',
    created_by: OTHER,
    created_by_email: 'other-admin@example.com',
    reviewed_by: null,
    reviewed_by_email: null,
    review_note: null,
    created_at: '2024-05-01T02:00:00.000Z',
    reviewed_at: null,
    ...overrides,
  };
}

const rows = () => [
  adjustment(),
  adjustment({
    id: 12,
    amount: '-30.000000000000000000',
    created_by: ME,
    created_by_email: 'root@example.com',
  }),
  adjustment({
    id: 13,
    status: 'approved',
    reviewed_by: ME,
    reviewed_by_email: 'root@example.com',
    reviewed_at: '2024-05-01T03:00:00.000Z',
  }),
];

beforeEach(() => {
  ({ calls, handlers } = mockApi({
    'GET /api/admin/adjustments': () =>
      ok({ adjustments: rows(), pagination: pagination(3), pendingCount: 2 }),
  }));
  signIn(makeAdmin({ id: ME }));
});

const listCalls = () =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/admin/adjustments');
const row = (id: number) => screen.getByTestId(`adjustment-row-${id}`);

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 8_000 });

describe('AdjustmentsPage', () => {
  it('lists adjustments with signed amounts, the help text and the status filter', async () => {
    renderWithAntAt(<AdjustmentsPage />, '/admin/wallet/adjustments');
    await screen.findByTestId('adjustment-row-11');
    expect(within(row(11)).getByText('+100.50 USDT')).toBeTruthy();
    expect(within(row(12)).getByText('-30.00 USDT')).toBeTruthy();
    expect(within(row(11)).getByText('待复核')).toBeTruthy();
    expect(within(row(13)).getByText('已通过')).toBeTruthy();
    expect(screen.getByTestId('adjustments-help').textContent).toContain('只增不改');
    expect(screen.getByTestId('adjustments-pending-count').textContent).toBe('待复核 2 笔');
    expect(listCalls()[0]?.url.searchParams.has('status')).toBe(false);

    fireEvent.click(within(screen.getByTestId('adjustments-status-filter')).getByText('待复核'));
    await waitFor(() => expect(listCalls().at(-1)?.url.searchParams.get('status')).toBe('pending'));
  });

  it('disables 通过 on the signed-in admin’s own proposal, with a tooltip', async () => {
    renderWithAntAt(<AdjustmentsPage />, '/admin/wallet/adjustments');
    await screen.findByTestId('adjustment-row-12');
    const own = screen.getByTestId('adjustment-approve-12') as HTMLButtonElement;
    expect(own.disabled).toBe(true);
    fireEvent.mouseEnter(screen.getByTestId('adjustment-approve-tip-12'));
    expect(await screen.findByText('需要另一位管理员复核')).toBeTruthy();
    // The creator may still withdraw it.
    expect((screen.getByTestId('adjustment-reject-12') as HTMLButtonElement).disabled).toBe(false);
    expect(within(row(12)).getByText('撤销')).toBeTruthy();
    expect((screen.getByTestId('adjustment-approve-11') as HTMLButtonElement).disabled).toBe(false);
    expect(within(row(13)).queryByRole('button', { name: '通过' })).toBeNull();
  });

  it('approves another admin’s adjustment after a confirmation and reloads the list', async () => {
    handlers['POST /api/admin/adjustments/11/approve'] = () =>
      ok({ adjustment: adjustment({ status: 'approved', reviewed_by: ME }) }, '余额调整已通过');
    renderWithAntAt(<AdjustmentsPage />, '/admin/wallet/adjustments');
    await screen.findByTestId('adjustment-row-11');
    const loads = listCalls().length;
    fireEvent.click(screen.getByTestId('adjustment-approve-11'));
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('alice@example.com');
    expect(dialog.textContent).toContain('+100.50 USDT');
    fireEvent.click(within(dialog).getByRole('button', { name: '通过' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/11/approve'))).toBe(true),
    );
    expect(await screen.findByText('余额调整已通过')).toBeTruthy();
    const approval = calls.find((c) => c.url.pathname.endsWith('/11/approve'));
    expect(keyOf(approval)).toMatch(UUID);
    // The approve endpoint has no body contract: the id in the path is all it takes.
    expect(approval?.body).toBeUndefined();
    expect(approval?.headers.get('Content-Type')).toBeNull();
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(loads));
  });

  it('rejects another admin’s adjustment with the reason typed in the prompt', async () => {
    handlers['POST /api/admin/adjustments/11/reject'] = () =>
      ok(
        {
          adjustment: adjustment({
            status: 'rejected',
            reviewed_by: ME,
            reviewed_by_email: 'root@example.com',
            review_note: '金额有误',
            reviewed_at: '2024-05-01T03:00:00.000Z',
          }),
        },
        '余额调整已拒绝',
      );
    renderWithAntAt(<AdjustmentsPage />, '/admin/wallet/adjustments');
    await screen.findByTestId('adjustment-row-11');
    fireEvent.click(screen.getByTestId('adjustment-reject-11'));
    fireEvent.change(await screen.findByTestId('reason-input'), { target: { value: ' 金额有误 ' } });
    fireEvent.click(screen.getByTestId('reason-ok'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/11/reject'))).toBe(true));
    const rejection = calls.find((c) => c.url.pathname.endsWith('/11/reject'));
    expect(rejection?.method).toBe('POST');
    expect(rejection?.body).toEqual({ reason: '金额有误' });
    expect(keyOf(rejection)).toMatch(UUID);
    expect(await screen.findByText('余额调整已拒绝')).toBeTruthy();
  });

  it('shows the server’s refusal when an approval fails', async () => {
    handlers['POST /api/admin/adjustments/11/approve'] = () =>
      new Response(JSON.stringify({ success: false, message: '余额不足' }), {
        status: 422,
        headers: { 'Content-Type': 'application/json' },
      });
    renderWithAntAt(<AdjustmentsPage />, '/admin/wallet/adjustments');
    await screen.findByTestId('adjustment-row-11');
    fireEvent.click(screen.getByTestId('adjustment-approve-11'));
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: '通过' }));
    expect(await screen.findByText('操作失败: 余额不足')).toBeTruthy();
  });

  it('creates an adjustment: looks the user up by e-mail, confirms, then posts the signed amount', async () => {
    handlers['GET /api/admin/users'] = () =>
      ok({
        users: [userRow(70, 'carol.smith@example.com'), userRow(71, 'carol@example.com')],
        pagination: { ...pagination(2), totalExact: true },
        stats: { total: 2, active: 2, inactive: 0, kycPending: 0, kycApproved: 0 },
      });
    handlers['POST /api/admin/adjustments'] = () =>
      ok(
        { adjustment: adjustment({ id: 20, user_id: 71, created_by: ME }) },
        '余额调整已提交，等待另一位管理员复核',
      );
    renderWithAntAt(<AdjustmentsPage />, '/admin/wallet/adjustments');
    await screen.findByTestId('adjustment-row-11');

    fireEvent.click(screen.getByTestId('adjustments-create'));
    fireEvent.change(await screen.findByTestId('adjustment-user'), {
      target: { value: ' Carol@example.com ' },
    });
    fireEvent.change(screen.getByTestId('adjustment-amount'), { target: { value: '1.234' } });
    fireEvent.change(screen.getByTestId('adjustment-reason'), { target: { value: '冲正错误入账' } });
    fireEvent.click(screen.getByTestId('adjustment-form-ok'));
    expect(await screen.findByText('调整金额最多保留 2 位小数')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByTestId('adjustment-amount'), { target: { value: '-50' } });
    fireEvent.click(screen.getByTestId('adjustment-form-ok'));
    const dialog = await confirmDialog();
    expect(within(dialog).getByTestId('adjustment-confirm').textContent).toContain(
      'carol@example.com（ID 71）',
    );
    expect(dialog.textContent).toContain('扣减');
    expect(dialog.textContent).toContain('50.00 USDT');
    const lookup = calls.find((c) => c.url.pathname === '/api/admin/users');
    expect(lookup?.url.searchParams.get('search')).toBe('Carol@example.com');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url.pathname).toBe('/api/admin/adjustments');
    expect(post?.body).toEqual({ user_id: 71, currency: 'USDT', amount: '-50', reason: '冲正错误入账' });
    expect(keyOf(post)).toMatch(UUID);
    expect(await screen.findByText('余额调整已提交，等待另一位管理员复核')).toBeTruthy();
  });

  it('says so when no user matches', async () => {
    handlers['GET /api/admin/users/999'] = () =>
      new Response(JSON.stringify({ success: false, message: '用户不存在' }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      });
    renderWithAntAt(<AdjustmentsPage />, '/admin/wallet/adjustments');
    await screen.findByTestId('adjustment-row-11');
    fireEvent.click(screen.getByTestId('adjustments-create'));
    fireEvent.change(await screen.findByTestId('adjustment-user'), { target: { value: '999' } });
    fireEvent.change(screen.getByTestId('adjustment-amount'), { target: { value: '10' } });
    fireEvent.change(screen.getByTestId('adjustment-reason'), { target: { value: '原因' } });
    fireEvent.click(screen.getByTestId('adjustment-form-ok'));
    expect(await screen.findByText('未找到该用户，请输入正确的用户ID或邮箱')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('AdjustmentsPage in English', () => {
  it('shows the help, filter, rows, actions and the approval question in English', async () => {
    applyLanguage('en');
    handlers['GET /api/admin/adjustments'] = () =>
      ok({
        adjustments: rows().map((item) => ({ ...item, reason: 'Campaign reward' })),
        pagination: pagination(3),
        pendingCount: 2,
      });
    renderWithAntAt(<AdjustmentsPage />, '/admin/wallet/adjustments');
    await screen.findByTestId('adjustment-row-11');
    expect(screen.getByTestId('adjustments-pending-count').textContent).toBe('2 awaiting second approval');
    expect(within(row(11)).getByText('Pending review')).toBeTruthy();
    const refresh = screen.getByTestId('adjustments-refresh').textContent ?? '';
    const pageText = (screen.getByTestId('adjustments-page').textContent ?? '').replace(refresh, '');
    expect(chineseIn(pageText)).toEqual([]);

    fireEvent.click(screen.getByTestId('adjustment-approve-11'));
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('alice@example.com');
    expect(chineseIn(dialog)).toEqual([]);
  });

  it('shows the new-adjustment form and its checks in English', async () => {
    applyLanguage('en');
    renderWithAntAt(<AdjustmentsPage />, '/admin/wallet/adjustments');
    await screen.findByTestId('adjustment-row-11');
    fireEvent.click(screen.getByTestId('adjustments-create'));
    const user = await screen.findByTestId('adjustment-user');
    fireEvent.click(screen.getByTestId('adjustment-form-ok'));
    expect(await screen.findByText('Enter the user ID or email')).toBeTruthy();
    const modal = user.closest('.ant-modal') as HTMLElement;
    expect(modal.querySelector('.ant-modal-title')?.textContent).toBe('New balance adjustment');
    // The amount's own checks are the contracts' (signedAdjustmentAmount) and stay as they are.
    const form = modal.querySelector('form') as HTMLElement;
    for (const item of form.querySelectorAll('.ant-form-item-label, .ant-form-item-extra, input, textarea'))
      expect(chineseIn(`${item.textContent}${item.getAttribute('placeholder') ?? ''}`)).toEqual([]);
    expect(modal.querySelector('.ant-modal-footer')?.textContent).toBe('CancelNext');
  });
});
