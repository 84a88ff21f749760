import type { AdminDeposit, AdminKycRequest, AdminWithdrawal } from '@platform/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../i18n/index.ts';
import { makeAdmin } from '../test/fixtures.ts';
import { renderWithAnt, signIn } from '../test/render.tsx';
import { KycTable } from './kyc/KycTable.tsx';
import { DepositsTable } from './wallet/deposits/DepositsTable.tsx';
import { WithdrawalsTable } from './wallet/withdrawals/WithdrawalsTable.tsx';

/**
 * Issue 17: an admin never reviews their own request (the server answers 403). The review buttons of
 * the signed-in admin's own rows are disabled with the tip 不能审核自己的申请; other rows are not.
 */

const ME = 1;
const OTHER = 7;

const deposit = (id: number, userId: number): AdminDeposit => ({
  id,
  user_id: userId,
  user_email: `u${userId}@example.com`,
  amount: '100.00000000',
  currency: 'USDT',
  channel_name: 'USDT-TRC20',
  to_address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  tx_hash: null,
  remark: null,
  status: 'pending',
  admin_note: null,
  created_at: '2024-05-01T02:00:00.000Z',
  reviewed_at: null,
  processed_at: null,
  first_approval: null,
});

const withdrawal = (id: number, userId: number): AdminWithdrawal => ({
  id,
  user_id: userId,
  user: { email: `u${userId}@example.com`, phone: null },
  withdraw_type: 'usdt',
  channel: 'USDT-TRC20',
  amount: '100.00000000',
  fee: '1.00000000',
  fee_rate: '0.01',
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
  first_approval: null,
});

const application = (id: number, userId: number): AdminKycRequest => ({
  id,
  user: { id: userId, email: `u${userId}@example.com`, phone: null },
  real_name: '张三',
  id_number: '11010519491231002X',
  document_type: 'id_card',
  id_front_url: '/api/kyc/documents/front.png?expires=1&signature=abc',
  id_back_url: '/api/kyc/documents/back.png?expires=1&signature=def',
  status: 'pending',
  admin_note: null,
  created_at: '2024-05-01T02:00:00.000Z',
  reviewed_at: null,
  duplicate_id_count: 0,
  duplicate_id_applications: [],
});

const button = (testId: string) => screen.getByTestId(testId) as HTMLButtonElement;

async function expectTip(testId: string) {
  fireEvent.mouseEnter(button(testId).parentElement as HTMLElement);
  expect(await screen.findByText('不能审核自己的申请')).toBeTruthy();
}

beforeEach(() => signIn(makeAdmin({ id: ME })));

describe('own requests in the admin review screens', () => {
  it('says the tip in English under en', async () => {
    applyLanguage('en');
    renderWithAnt(
      <DepositsTable
        rows={[deposit(1, ME)]}
        loading={false}
        selected={[]}
        onSelect={() => {}}
        busy={new Set()}
        onApprove={() => {}}
        onReject={() => {}}
        onDetail={() => {}}
      />,
    );
    fireEvent.mouseEnter(button('deposit-approve-1').parentElement as HTMLElement);
    expect(await screen.findByText('You cannot review your own request')).toBeTruthy();
  });

  it('deposits: own row has 通过 and 拒绝 disabled with the tip and cannot be selected', async () => {
    const onApprove = vi.fn();
    renderWithAnt(
      <DepositsTable
        rows={[deposit(1, ME), deposit(2, OTHER)]}
        loading={false}
        selected={[]}
        onSelect={() => {}}
        busy={new Set()}
        onApprove={onApprove}
        onReject={() => {}}
        onDetail={() => {}}
      />,
    );
    expect(button('deposit-approve-1').disabled).toBe(true);
    expect(button('deposit-reject-1').disabled).toBe(true);
    expect(button('deposit-approve-2').disabled).toBe(false);
    expect(button('deposit-reject-2').disabled).toBe(false);
    const ownCheckbox = within(screen.getByTestId('deposit-row-1')).getByRole('checkbox') as HTMLInputElement;
    expect(ownCheckbox.disabled).toBe(true);
    fireEvent.click(button('deposit-approve-1'));
    expect(onApprove).not.toHaveBeenCalled();
    await expectTip('deposit-approve-1');
  });

  it('withdrawals: own row has 更改状态 and 拒绝 disabled with the tip and cannot be selected', async () => {
    renderWithAnt(
      <WithdrawalsTable
        rows={[withdrawal(1, ME), withdrawal(2, OTHER)]}
        loading={false}
        selected={[]}
        onSelect={() => {}}
        busy={new Set()}
        onChange={() => {}}
        onReject={() => {}}
        onDetail={() => {}}
      />,
    );
    expect(button('withdrawal-next-1').disabled).toBe(true);
    expect(button('withdrawal-reject-1').disabled).toBe(true);
    expect(button('withdrawal-next-2').disabled).toBe(false);
    expect(button('withdrawal-reject-2').disabled).toBe(false);
    const ownCheckbox = within(screen.getByTestId('withdrawal-row-1')).getByRole(
      'checkbox',
    ) as HTMLInputElement;
    expect(ownCheckbox.disabled).toBe(true);
    await expectTip('withdrawal-reject-1');
    // The address's network is shown with it.
    expect(screen.getByTestId('withdrawal-network-1').textContent).toBe('TRC20');
  });

  it('KYC: own application has 通过 and 拒绝 disabled with the tip', async () => {
    renderWithAnt(
      <KycTable
        rows={[application(1, ME), application(2, OTHER)]}
        loading={false}
        onDetail={() => {}}
        onReview={() => {}}
        onView={() => {}}
        onReloadImages={() => {}}
      />,
    );
    expect(button('kyc-approve-1').disabled).toBe(true);
    expect(button('kyc-reject-1').disabled).toBe(true);
    expect(button('kyc-approve-2').disabled).toBe(false);
    await expectTip('kyc-approve-1');
  });
});
