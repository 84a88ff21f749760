import {
  type AdminDeposit,
  type AdminWithdrawal,
  type ApprovalThresholds,
  CHANGE_TEXTS,
} from '@platform/contracts';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../i18n/index.ts';
import { changeReplyFixture } from '../test/adminChange.ts';
import { type Call, type Handler, mockApi, ok } from '../test/api.ts';
import { chineseIn } from '../test/chinese.ts';
import { makeAdmin, sleep } from '../test/fixtures.ts';
import { renderWithAnt, renderWithAntAt, signIn } from '../test/render.tsx';
import { DepositsTable } from './wallet/deposits/DepositsTable.tsx';
import ApprovalThresholdsPage from './wallet/thresholds/ApprovalThresholdsPage.tsx';
import { WithdrawalsTable } from './wallet/withdrawals/WithdrawalsTable.tsx';

/**
 * Dual control (issue 17): 待复核 rows show the first approver and time; the first approver's own
 * 通过 is disabled (the server would answer 409 需要另一位管理员复核); the thresholds screen is
 * editable by a super admin and read-only for a plain admin.
 */

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

const ME = 1;
const FIRST = { admin_id: ME, admin_email: 'root@example.com', at: '2025-01-01T04:00:00.000Z' };
const OTHERS = { admin_id: 9, admin_email: 'other@example.com', at: '2025-01-01T04:00:00.000Z' };

const deposit = (id: number, first: AdminDeposit['first_approval']): AdminDeposit => ({
  id,
  user_id: 50 + id,
  user_email: `u${id}@example.com`,
  amount: '12000.000000000000000000',
  currency: 'USDT',
  channel_name: 'USDT-TRC20',
  to_address: null,
  tx_hash: null,
  remark: null,
  status: 'pending',
  admin_note: null,
  created_at: '2024-05-01T02:00:00.000Z',
  reviewed_at: null,
  processed_at: null,
  first_approval: first,
});

const withdrawal = (id: number, first: AdminWithdrawal['first_approval']): AdminWithdrawal => ({
  id,
  user_id: 50 + id,
  user: { email: `u${id}@example.com`, phone: null },
  withdraw_type: 'usdt',
  channel: 'USDT-TRC20',
  amount: '12000.00000000',
  fee: '0',
  fee_rate: '0',
  currency: 'USDT',
  address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  network: 'TRC20',
  account_info: null,
  status: 'pending',
  created_at: '2024-05-01T02:00:00.000Z',
  updated_at: '2024-05-01T02:30:00.000Z',
  user_remark: null,
  admin_remark: null,
  tx_hash: null,
  first_approval: first,
});

const button = (testId: string) => screen.getByTestId(testId) as HTMLButtonElement;

describe('待复核 in the lists', () => {
  beforeEach(() => signIn(makeAdmin({ id: ME })));

  it('deposits: the tag names the first approver; their own 复核通过 is disabled, another admin’s is not', async () => {
    renderWithAnt(
      <DepositsTable
        rows={[deposit(1, FIRST), deposit(2, OTHERS), deposit(3, null)]}
        loading={false}
        selected={[]}
        onSelect={() => {}}
        busy={new Set()}
        onApprove={() => {}}
        onReject={() => {}}
        onDetail={() => {}}
      />,
    );
    expect(screen.getByTestId('deposit-second-approval-1').textContent).toContain('待复核');
    expect(screen.getByTestId('deposit-second-approval-1').textContent).toContain('root@example.com');
    expect(screen.getByTestId('deposit-second-approval-2').textContent).toContain('other@example.com');
    expect(screen.queryByTestId('deposit-second-approval-3')).toBeNull();
    expect(button('deposit-approve-1').disabled).toBe(true);
    expect(button('deposit-approve-1').textContent).toBe('复核通过');
    expect(button('deposit-approve-2').disabled).toBe(false);
    expect(button('deposit-approve-3').textContent).toBe('通过');
    // Rejecting stays open to everyone.
    expect(button('deposit-reject-1').disabled).toBe(false);
    fireEvent.mouseEnter(button('deposit-approve-1').parentElement as HTMLElement);
    expect(await screen.findByText('需要另一位管理员复核')).toBeTruthy();
  });

  it('says the first approval, its reason and the rule in English under en', async () => {
    applyLanguage('en');
    renderWithAnt(
      <DepositsTable
        rows={[deposit(1, { ...FIRST, window_total: '19999.98' })]}
        loading={false}
        selected={[]}
        onSelect={() => {}}
        busy={new Set()}
        onApprove={() => {}}
        onReject={() => {}}
        onDetail={() => {}}
      />,
    );
    expect(screen.getByTestId('deposit-second-approval-1').textContent).toContain('root@example.com');
    expect(screen.getByTestId('deposit-second-approval-1').textContent).toContain('Awaiting second review');
    fireEvent.mouseEnter(button('deposit-approve-1').parentElement as HTMLElement);
    const tip = await screen.findByText(/reached the dual-control threshold/);
    expect(tip.textContent).toBe(
      'The user’s 24-hour total of 19,999.98 USDT reached the dual-control threshold',
    );
    expect(await screen.findByText('Needs a second admin to review')).toBeTruthy();
    expect(chineseIn(document.body)).toEqual([]);
  });

  it('withdrawals: the tag shows, and the first approver cannot pick 已通过 again', async () => {
    renderWithAnt(
      <WithdrawalsTable
        rows={[withdrawal(1, FIRST), withdrawal(2, OTHERS)]}
        loading={false}
        selected={[]}
        onSelect={() => {}}
        busy={new Set()}
        onChange={() => {}}
        onReject={() => {}}
        onDetail={() => {}}
      />,
    );
    expect(screen.getByTestId('withdrawal-second-approval-1').textContent).toContain('root@example.com');
    fireEvent.click(button('withdrawal-next-1'));
    const mine = await screen.findByTestId('withdrawal-next-1-approved');
    expect(mine.textContent).toContain('需要另一位管理员复核');
    expect(mine.closest('li')?.getAttribute('aria-disabled')).toBe('true');
  });
});

describe('复核阈值', () => {
  const THRESHOLDS: ApprovalThresholds = {
    deposit: '10000',
    withdrawal: '10000',
    payout: '5000',
    currency: 'USDT',
    updated_at: null,
    updated_by: null,
  };
  let calls: Call[];
  let handlers: Record<string, Handler>;
  const PATH = '/api/admin/settings/approval-thresholds';

  beforeEach(() => {
    ({ calls, handlers } = mockApi({ [`GET ${PATH}`]: () => ok(THRESHOLDS) }));
  });

  it('a plain admin sees the values read-only, without 保存', async () => {
    signIn(makeAdmin({ id: ME, admin_level: 'admin' }));
    renderWithAntAt(<ApprovalThresholdsPage />, '/admin/wallet/approval-thresholds');
    expect(await screen.findByTestId('approval-thresholds-readonly')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByTestId('approval-threshold-deposit') as HTMLInputElement).value).toBe('10000'),
    );
    expect((screen.getByTestId('approval-threshold-payout') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('approval-thresholds-save')).toBeNull();
  });

  it('a super admin gets the server’s rule in the form, then proposes the change and sees it wait for another super admin', async () => {
    signIn(makeAdmin({ id: ME, admin_level: 'super_admin' }));
    // A threshold change is a proposal (issue 32): 202, in force once another super admin approves.
    handlers[`PUT ${PATH}`] = (call) =>
      changeReplyFixture({
        kind: 'approval_thresholds',
        required_level: 'super_admin',
        after: call.body as Record<string, unknown>,
      });
    renderWithAntAt(<ApprovalThresholdsPage />, '/admin/wallet/approval-thresholds');
    const payout = (await screen.findByTestId('approval-threshold-payout')) as HTMLInputElement;
    await waitFor(() => expect(payout.value).toBe('5000'));
    fireEvent.change(payout, { target: { value: '0' } });
    expect(await screen.findByText('发放阈值必须大于0')).toBeTruthy();
    fireEvent.change(payout, { target: { value: '1.123456789' } });
    expect(await screen.findByText('发放阈值最多保留 8 位小数')).toBeTruthy();
    fireEvent.click(screen.getByTestId('approval-thresholds-save'));
    // Refused in the form: nothing is sent.
    await sleep(200);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.change(payout, { target: { value: '6000.5' } });
    fireEvent.click(screen.getByTestId('approval-thresholds-save'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      deposit: '10000',
      withdrawal: '10000',
      payout: '6000.5',
    });
    expect(await screen.findByText(CHANGE_TEXTS.proposed)).toBeTruthy();
  });
});
