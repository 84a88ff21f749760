import type { UserWithdrawChannel } from '@platform/contracts';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { disconnectSocket } from '../../lib/socket.ts';
import { type Call, type Handler, keyOf, mockApi, ok, UUID } from '../../test/api.ts';
import { fakeSockets } from '../../test/fake-socket.ts';
import { jsonResponse, makeUser, sleep, usdtWallet } from '../../test/fixtures.ts';
import { renderWithAnt, signIn } from '../../test/render.tsx';
import { userWithdrawal } from './testData.ts';
import WithdrawPage from './WithdrawPage.tsx';

vi.mock('socket.io-client', async () => (await import('../../test/fake-socket.ts')).fakeSocketModule);
// antd forms with several fields take long to validate in jsdom on a busy 2-core machine.
vi.setConfig({ testTimeout: 90_000 });
configure({ asyncUtilTimeout: 15_000 });

let calls: Call[];
let handlers: Record<string, Handler>;

const channel = (overrides: Partial<UserWithdrawChannel> = {}): UserWithdrawChannel => ({
  id: 3,
  name: 'USDT-TRC20 提现',
  type: 'usdt',
  currency: 'USDT',
  min_amount: '10',
  max_amount: '5000',
  fee_rate: '0.01',
  description: null,
  ...overrides,
});

const created = userWithdrawal();
/** USDT's own TRC20 and ERC20 contracts: valid addresses (the form checks them, issue 17). */
const TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ERC20 = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

beforeEach(() => {
  disconnectSocket();
  fakeSockets.length = 0;
  signIn(makeUser({ kyc_status: 'approved' }));
  ({ calls, handlers } = mockApi({
    'GET /api/wallet': () => ok(usdtWallet('500')),
    'GET /api/wallet/withdraw-channels': () =>
      ok({ channels: [channel(), channel({ id: 4, name: '支付宝提现', type: 'alipay', fee_rate: '0' })] }),
    'GET /api/kyc/status': () => ok({ kyc_status: 'approved', application: null }),
    'GET /api/user/addresses': () =>
      ok({
        addresses: [
          {
            id: 5,
            network: 'ERC20',
            address: ERC20,
            label: '冷钱包',
            created_at: '2024-05-01T00:00:00.000Z',
            usable_at: '2024-05-02T00:00:00.000Z',
          },
        ],
      }),
  }));
});

const renderPage = () =>
  renderWithAnt(
    <MemoryRouter>
      <WithdrawPage />
    </MemoryRouter>,
  );
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const posts = () => calls.filter((c) => c.method === 'POST');

describe('WithdrawPage', () => {
  it('without the requirement shows the reasons and the way to KYC, and no form', async () => {
    handlers['GET /api/wallet'] = () =>
      ok(usdtWallet('500', { canWithdraw: false, reasons: ['请先完成实名认证（KYC）'] }));
    handlers['GET /api/kyc/status'] = () => ok({ kyc_status: 'none', application: null });
    renderPage();
    const blocked = await screen.findByTestId('withdraw-blocked');
    expect(within(blocked).getByText('暂不能提现')).toBeTruthy();
    expect(screen.getByTestId('withdraw-blocked-reason').textContent).toContain('请先完成实名认证（KYC）');
    expect((await screen.findByTestId('withdraw-go-kyc')).textContent).toBe('去实名认证');
    expect(screen.queryByTestId('withdraw-form')).toBeNull();
  });

  it('says the same in English under en, the server’s reason in its own words', async () => {
    applyLanguage('en');
    handlers['GET /api/wallet'] = () =>
      ok(usdtWallet('500', { canWithdraw: false, reasons: ['Complete identity verification (KYC) first'] }));
    handlers['GET /api/kyc/status'] = () => ok({ kyc_status: 'none', application: null });
    const { container } = renderPage();
    const blocked = await screen.findByTestId('withdraw-blocked');
    expect(within(blocked).getByText('You cannot withdraw yet')).toBeTruthy();
    expect((await screen.findByTestId('withdraw-go-kyc')).textContent).toBe('Verify identity');
    expect(screen.getByRole('heading', { name: 'Withdraw' })).toBeTruthy();
    expect(container.textContent).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('shows the form in English under en, the operator’s channel names aside', async () => {
    applyLanguage('en');
    const { container } = renderPage();
    await screen.findByTestId('withdraw-form');
    expect(screen.getByLabelText('Withdrawal address')).toBeTruthy();
    expect(screen.getByTestId('withdraw-all').textContent).toBe('Max');
    expect(screen.getByRole('button', { name: 'Submit withdrawal' })).toBeTruthy();
    expect(screen.getByText('Total frozen (amount + fee)')).toBeTruthy();
    const text = ['USDT-TRC20 提现', '支付宝提现'].reduce(
      (rest, name) => rest.split(name).join(''),
      container.textContent ?? '',
    );
    expect(text).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('previews fee and frozen total as the amount is typed, against the available balance', async () => {
    renderPage();
    await screen.findByTestId('withdraw-form');
    expect(screen.getByTestId('withdraw-available').textContent).toBe('可用余额 500.00 USDT');
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('-');
    type('withdraw-amount', '123.45');
    // To the cent: the fee and the total to be frozen rounded up, what arrives rounded down.
    await waitFor(() => expect(screen.getByTestId('withdraw-fee').textContent).toBe('1.24 USDT'));
    expect(screen.getByTestId('withdraw-receive').textContent).toBe('123.45 USDT');
    expect(screen.getByTestId('withdraw-total').textContent).toBe('124.69 USDT');
    expect(screen.getByText('手续费（1%）')).toBeTruthy();

    // 全部提现: the most that fits with its fee, in whole cents (USDT has 2 decimals).
    fireEvent.click(screen.getByTestId('withdraw-all'));
    await waitFor(() => expect(screen.getByTestId('withdraw-total').textContent).toBe('500.00 USDT'));
    expect((screen.getByTestId('withdraw-amount') as HTMLInputElement).value).toBe('495.04');
  });

  it('checks format, limits and balance before sending anything', async () => {
    handlers['GET /api/wallet'] = () => ok(usdtWallet('50'));
    renderPage();
    await screen.findByTestId('withdraw-form');
    type('withdraw-address', TRC20);
    for (const [value, message] of [
      ['abc', '提现金额格式不正确，请输入数字（如 12.5）'],
      ['-5', '提现金额不能为负数'],
      ['5', '提现金额不能低于 10 USDT'],
      ['6000', '提现金额不能高于 5000 USDT'],
      ['12.1234567', '提现金额最多保留 2 位小数'],
      ['50', '可用余额不足：需要 50.50 USDT（含手续费 0.50），可用 50.00'],
    ]) {
      type('withdraw-amount', value as string);
      fireEvent.click(screen.getByTestId('withdraw-submit'));
      expect(await screen.findByText(message as string)).toBeTruthy();
    }
    expect(posts()).toHaveLength(0);
  });

  it('refuses a malformed TRC20 or ERC20 address before sending anything', async () => {
    renderPage();
    await screen.findByTestId('withdraw-form');
    type('withdraw-amount', '100');
    for (const address of [
      'TAddr123',
      `${TRC20.slice(0, 10)}r${TRC20.slice(11)}`,
      `${ERC20.slice(0, 4)}2${ERC20.slice(5)}`,
    ]) {
      type('withdraw-address', address);
      fireEvent.click(screen.getByTestId('withdraw-submit'));
      expect(await screen.findByText('地址格式不正确')).toBeTruthy();
      expect(screen.queryByRole('button', { name: '确认提现' })).toBeNull();
    }
    type('withdraw-address', ERC20);
    await waitFor(() => expect(screen.queryByText('地址格式不正确')).toBeNull());
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByRole('button', { name: '确认提现' })).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it('sends the request after the confirm, then follows its status live', async () => {
    handlers['POST /api/wallet/withdrawals'] = () => ok({ withdrawal: created }, '提现申请已提交');
    renderPage();
    await screen.findByTestId('withdraw-form');
    type('withdraw-address', ` ${TRC20} `);
    type('withdraw-amount', '100');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    fireEvent.click(await screen.findByRole('button', { name: '确认提现' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toEqual({
      withdraw_type: 'usdt',
      channel_id: 3,
      amount: '100',
      address: TRC20,
    });
    expect(keyOf(posts()[0])).toMatch(UUID);
    const result = await screen.findByTestId('withdraw-submitted');
    expect(within(result).getByTestId('withdrawal-status').textContent).toBe('待审核');

    act(() =>
      fakeSockets.at(-1)?.receive('withdrawal_status_update', {
        id: 41,
        userId: 7,
        status: 'processing',
        previousStatus: 'pending',
        updated_at: '2024-05-01T03:00:00.000Z',
      }),
    );
    await waitFor(() => expect(within(result).getByTestId('withdrawal-status').textContent).toBe('出款中'));
  });

  it('sends a retry after no answer with the same Idempotency-Key, so that it cannot withdraw twice', async () => {
    let lost = true;
    handlers['POST /api/wallet/withdrawals'] = () => {
      if (!lost) return ok({ withdrawal: created }, '提现申请已提交');
      lost = false;
      return Promise.reject(new TypeError('Failed to fetch'));
    };
    renderPage();
    await screen.findByTestId('withdraw-form');
    type('withdraw-address', TRC20);
    type('withdraw-amount', '100');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    fireEvent.click(await screen.findByRole('button', { name: '确认提现' }));
    expect((await screen.findByTestId('withdraw-error')).textContent).toContain('网络连接失败');
    // Again, confirmed in the new dialog (the closed one may linger in jsdom).
    const dialogs = screen.queryAllByRole('button', { name: '确认提现' }).length;
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    await waitFor(() =>
      expect(screen.queryAllByRole('button', { name: '确认提现' }).length).toBeGreaterThan(dialogs),
    );
    fireEvent.click(screen.getAllByRole('button', { name: '确认提现' }).at(-1) as HTMLElement);
    await screen.findByTestId('withdraw-submitted');
    const [first, retry] = posts();
    expect(keyOf(first)).toMatch(UUID);
    expect(keyOf(retry)).toBe(keyOf(first));
    expect(retry?.body).toEqual(first?.body);
  });

  it('sends nothing while the socket is down: 提交 is disabled and a confirmation left open refuses', async () => {
    handlers['POST /api/wallet/withdrawals'] = () => ok({ withdrawal: created }, '提现申请已提交');
    renderPage();
    await screen.findByTestId('withdraw-form');
    type('withdraw-address', TRC20);
    type('withdraw-amount', '100');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    const confirm = await screen.findByRole('button', { name: '确认提现' });
    const socket = fakeSockets.at(-1);
    act(() => socket?.receive('connect'));
    act(() => socket?.receive('disconnect', 'transport close'));
    fireEvent.click(confirm);
    expect((await screen.findByTestId('withdraw-error')).textContent).toContain('网络已断开');
    expect(posts()).toHaveLength(0);
    await waitFor(() =>
      expect((screen.getByTestId('withdraw-submit') as HTMLButtonElement).disabled).toBe(true),
    );
    act(() => socket?.receive('connect'));
    await waitFor(() =>
      expect((screen.getByTestId('withdraw-submit') as HTMLButtonElement).disabled).toBe(false),
    );
    expect(posts()).toHaveLength(0);
  });

  it('sends account, name and phone for alipay', async () => {
    handlers['POST /api/wallet/withdrawals'] = () => ok({ withdrawal: created });
    renderPage();
    await screen.findByTestId('withdraw-form');
    fireEvent.click(screen.getByTestId('withdraw-method-alipay'));
    type('withdraw-account', 'ali@pay.com');
    type('withdraw-name', '张三');
    type('withdraw-amount', '20');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    fireEvent.click(await screen.findByRole('button', { name: '确认提现' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toEqual({
      withdraw_type: 'alipay',
      channel_id: 4,
      amount: '20',
      account_info: { account: 'ali@pay.com', name: '张三', phone: null },
    });
  });

  it('switching to 支付宝 before typing an amount shows no 请输入提现金额 (issue 33)', async () => {
    renderPage();
    await screen.findByTestId('withdraw-form');
    fireEvent.click(screen.getByTestId('withdraw-method-alipay'));
    await screen.findByTestId('withdraw-account');
    // Give a validation triggered by the switch time to show.
    await sleep(300);
    expect(screen.queryByText('请输入提现金额')).toBeNull();
    // An amount already typed is checked again against the new channel's limits.
    fireEvent.click(screen.getByTestId('withdraw-method-usdt'));
    type('withdraw-amount', '5');
    fireEvent.click(screen.getByTestId('withdraw-method-alipay'));
    expect(await screen.findByText('提现金额不能低于 10 USDT')).toBeTruthy();
  });

  it('the confirmation shows the whole address and its network, or the whole payee (issue 33)', async () => {
    renderPage();
    await screen.findByTestId('withdraw-form');
    type('withdraw-address', ERC20);
    type('withdraw-amount', '100');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    const payee = await screen.findByTestId('withdraw-confirm-payee');
    expect(within(payee).getByTestId('withdraw-confirm-address').textContent).toBe(ERC20);
    expect(within(payee).getByTestId('withdraw-confirm-network').textContent).toBe('ERC20');
    fireEvent.click(screen.getByRole('button', { name: '取消' }));

    fireEvent.click(screen.getByTestId('withdraw-method-alipay'));
    type('withdraw-account', 'a-very-long-alipay-account-name@example.com');
    type('withdraw-name', '张三');
    type('withdraw-phone', '13800138000');
    type('withdraw-amount', '20');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    await waitFor(() => expect(screen.getAllByTestId('withdraw-confirm-account').length).toBeGreaterThan(0));
    const account = screen.getAllByTestId('withdraw-confirm-account').at(-1) as HTMLElement;
    expect(account.textContent).toBe('a-very-long-alipay-account-name@example.com');
    expect(screen.getAllByTestId('withdraw-confirm-name').at(-1)?.textContent).toBe('张三');
    expect(screen.getAllByTestId('withdraw-confirm-method').at(-1)?.textContent).toBe('支付宝');
    expect(posts()).toHaveLength(0);
  });

  it('fills the address from the address book (issue 33)', async () => {
    renderPage();
    await screen.findByTestId('withdraw-form');
    const picker = await screen.findByTestId('withdraw-address-book');
    fireEvent.mouseDown(within(picker).getByRole('combobox'));
    fireEvent.click(await screen.findByText(/冷钱包 · ERC20/));
    await waitFor(() =>
      expect((screen.getByTestId('withdraw-address') as HTMLInputElement).value).toBe(ERC20),
    );
  });

  it('shows every reason of a server refusal and keeps the form', async () => {
    handlers['POST /api/wallet/withdrawals'] = () =>
      jsonResponse(
        {
          success: false,
          message: '提现金额不能高于 50 USDT；可用余额不足',
          data: { reasons: ['提现金额不能高于 50 USDT', '可用余额不足'] },
        },
        422,
      );
    renderPage();
    await screen.findByTestId('withdraw-form');
    type('withdraw-address', TRC20);
    type('withdraw-amount', '100');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    fireEvent.click(await screen.findByRole('button', { name: '确认提现' }));
    const error = await screen.findByTestId('withdraw-error');
    expect(within(error).getByText('提现金额不能高于 50 USDT')).toBeTruthy();
    expect(within(error).getByText('可用余额不足')).toBeTruthy();
    expect(screen.getByTestId('withdraw-form')).toBeTruthy();
  });

  it('shows the load error with a retry', async () => {
    handlers['GET /api/wallet/withdraw-channels'] = () =>
      jsonResponse({ success: false, message: '服务器错误' }, 400);
    renderPage();
    expect(await screen.findByText('获取提现渠道失败')).toBeTruthy();
    handlers['GET /api/wallet/withdraw-channels'] = () => ok({ channels: [channel()] });
    fireEvent.click(screen.getByTestId('load-error-retry'));
    expect(await screen.findByTestId('withdraw-form')).toBeTruthy();
  });
});
