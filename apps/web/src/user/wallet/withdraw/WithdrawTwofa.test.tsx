import type { UserWithdrawChannel } from '@platform/contracts';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, type Handler, mockApi, ok } from '../../../test/api.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderWithAnt } from '../../../test/render.tsx';
import { userWithdrawal } from '../testData.ts';
import { WithdrawForm } from './WithdrawForm.tsx';

vi.setConfig({ testTimeout: 90_000 });
configure({ asyncUtilTimeout: 15_000 });

const TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const channel: UserWithdrawChannel = {
  id: 3,
  name: 'USDT-TRC20 提现',
  type: 'usdt',
  currency: 'USDT',
  min_amount: '10',
  max_amount: '5000',
  fee_rate: '0.01',
  description: null,
};

let calls: Call[];
let handlers: Record<string, Handler>;
const posts = () => calls.filter((c) => c.method === 'POST').map((c) => c.body as Record<string, unknown>);

beforeEach(() => {
  ({ calls, handlers } = mockApi({
    'POST /api/wallet/withdrawals': (call) =>
      (call.body as { totp?: string }).totp === '123456'
        ? ok({ withdrawal: userWithdrawal() })
        : jsonResponse(
            {
              success: false,
              message: (call.body as { totp?: string }).totp ? '两步验证码错误' : '请输入两步验证码',
              data: { twofa_required: true },
            },
            400,
          ),
  }));
});

function renderForm(twofaEnabled: boolean) {
  const onCreated = vi.fn();
  renderWithAnt(
    <WithdrawForm
      channels={[channel]}
      available={() => '500'}
      onCreated={onCreated}
      twofaEnabled={twofaEnabled}
    />,
  );
  fireEvent.change(screen.getByTestId('withdraw-address'), { target: { value: TRC20 } });
  fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value: '100' } });
  return onCreated;
}

/** Submit, confirm in the newest dialog (a closed one may linger in jsdom), and wait for the POST. */
async function submitAndConfirm() {
  const sent = posts().length;
  const dialogs = screen.queryAllByRole('button', { name: '确认提现' }).length;
  fireEvent.click(screen.getByTestId('withdraw-submit'));
  await waitFor(() =>
    expect(screen.queryAllByRole('button', { name: '确认提现' }).length).toBeGreaterThan(dialogs),
  );
  fireEvent.click(screen.getAllByRole('button', { name: '确认提现' }).at(-1) as HTMLElement);
  await waitFor(() => expect(posts()).toHaveLength(sent + 1));
}

describe('WithdrawForm with 2FA', () => {
  it('requires the 两步验证码 and sends it as totp; a wrong code shows on the field', async () => {
    const onCreated = renderForm(true);
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByText('请输入两步验证码')).toBeTruthy();
    expect(posts()).toHaveLength(0);

    fireEvent.change(screen.getByTestId('withdraw-totp'), { target: { value: '111111' } });
    await submitAndConfirm();
    expect(await screen.findByText('两步验证码错误')).toBeTruthy();
    expect(posts().at(-1)?.totp).toBe('111111');
    // The refusal is shown on the field only, not again in the footer.
    expect(screen.queryByTestId('withdraw-error')).toBeNull();

    fireEvent.change(screen.getByTestId('withdraw-totp'), { target: { value: '123 456' } });
    await submitAndConfirm();
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(posts().at(-1)).toMatchObject({ address: TRC20, amount: '100', totp: '123456' });
  });

  it('without 2FA sends no totp; when the server still asks, the field appears with its message', async () => {
    handlers['POST /api/wallet/withdrawals'] = (call) =>
      (call.body as { totp?: string }).totp
        ? ok({ withdrawal: userWithdrawal() })
        : jsonResponse({ success: false, message: '请输入两步验证码', data: { twofa_required: true } }, 400);
    const onCreated = renderForm(false);
    expect(screen.queryByTestId('withdraw-totp')).toBeNull();
    await submitAndConfirm();
    expect(await screen.findByTestId('withdraw-totp')).toBeTruthy();
    expect(await screen.findByText('请输入两步验证码')).toBeTruthy();
    expect(posts()[0]).not.toHaveProperty('totp');
    fireEvent.change(screen.getByTestId('withdraw-totp'), { target: { value: '123456' } });
    await submitAndConfirm();
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
  });
});
