import type { UserDeposit, UserDepositChannel } from '@platform/contracts';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { disconnectSocket } from '../../lib/socket.ts';
import { type Call, type Handler, keyOf, mockApi, ok, UUID } from '../../test/api.ts';
import { fakeSockets } from '../../test/fake-socket.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderWithAnt, signIn } from '../../test/render.tsx';
import DepositPage from './DepositPage.tsx';

vi.mock('socket.io-client', async () => (await import('../../test/fake-socket.ts')).fakeSocketModule);
// jsdom has no canvas: the QR code is drawn as text.
vi.mock('qrcode', () => ({ default: { toDataURL: async (text: string) => `data:qr,${text}` } }));
vi.setConfig({ testTimeout: 90_000 });
configure({ asyncUtilTimeout: 15_000 });

let calls: Call[];
let handlers: Record<string, Handler>;

const channel = (overrides: Partial<UserDepositChannel> = {}): UserDepositChannel => ({
  id: 1,
  name: 'USDT-TRC20',
  type: 'crypto',
  currency: 'USDT',
  address: 'TXyzAddress',
  qr_code_url: null,
  min_amount: '10.00000000',
  max_amount: '50000.00000000',
  description: '波场网络',
  ...overrides,
});

const deposit = (overrides: Partial<UserDeposit> = {}): UserDeposit => ({
  id: 9,
  channel_id: 1,
  channel_name: 'USDT-TRC20',
  to_address: 'TXyzAddress',
  currency: 'USDT',
  amount: '100.00000000',
  tx_hash: null,
  remark: null,
  status: 'pending',
  admin_note: null,
  created_at: '2024-05-01T02:00:00.000Z',
  reviewed_at: null,
  ...overrides,
});

beforeEach(() => {
  disconnectSocket();
  fakeSockets.length = 0;
  signIn(makeUser());
  ({ calls, handlers } = mockApi({
    'GET /api/wallet/deposit-channels': () =>
      ok({
        channels: [
          channel(),
          channel({
            id: 2,
            name: '微信转账',
            type: 'wechat',
            currency: 'CNY',
            address: '张三 wx_zs',
            description: null,
          }),
        ],
      }),
  }));
});

const renderPage = () =>
  renderWithAnt(
    <MemoryRouter>
      <DepositPage />
    </MemoryRouter>,
  );
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const posts = () => calls.filter((c) => c.method === 'POST');

describe('DepositPage', () => {
  it('is in English under en, the operator’s channel names, payees and notes aside', async () => {
    applyLanguage('en');
    const { container } = renderPage();
    await screen.findByTestId('deposit-qr-generated');
    expect(screen.getByTestId('deposit-limits').textContent).toBe('Limits per deposit 10 - 50,000 USDT');
    expect(screen.getByText('Deposit address (USDT)')).toBeTruthy();
    expect(screen.getByText('Crypto · USDT')).toBeTruthy();
    expect(screen.getByLabelText('Deposit amount')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit deposit' })).toBeTruthy();
    const operatorData = ['波场网络', '微信转账'];
    const text = operatorData.reduce((rest, data) => rest.replace(data, ''), container.textContent ?? '');
    expect(text).not.toMatch(/[\u4e00-\u9fff]/);
    fireEvent.click(screen.getByTestId('deposit-channel-2'));
    expect(await screen.findByText('Pay to (WeChat)')).toBeTruthy();
  });

  it('shows where to pay: a QR of a crypto address, the address, the limits; payee text otherwise', async () => {
    renderPage();
    const qr = await screen.findByTestId('deposit-qr-generated');
    expect(qr.getAttribute('src')).toBe('data:qr,TXyzAddress');
    expect(screen.getByTestId('deposit-address').textContent).toContain('TXyzAddress');
    expect(screen.getByTestId('deposit-limits').textContent).toBe('单笔限额 10 - 50,000 USDT');
    expect(screen.getByTestId('deposit-tx-hash')).toBeTruthy();

    fireEvent.click(screen.getByTestId('deposit-channel-2'));
    await waitFor(() => expect(screen.getByTestId('deposit-address').textContent).toContain('张三 wx_zs'));
    expect(screen.getByText('收款信息（微信）')).toBeTruthy();
    expect(screen.queryByTestId('deposit-qr-generated')).toBeNull();
    expect(screen.queryByTestId('deposit-tx-hash')).toBeNull();
  });

  it('checks the amount against the channel limits before sending', async () => {
    renderPage();
    await screen.findByTestId('deposit-form');
    for (const [value, message] of [
      ['', '请输入充值金额'],
      ['-5', '充值金额不能为负数'],
      ['9.99', '充值金额不能低于 10 USDT'],
      ['50001', '充值金额不能高于 50000 USDT'],
      ['12.1234567', '充值金额最多保留 2 位小数'],
    ]) {
      type('deposit-amount', value as string);
      fireEvent.click(screen.getByTestId('deposit-submit'));
      expect(await screen.findByText(message as string)).toBeTruthy();
    }
    expect(posts()).toHaveLength(0);
  });

  it('submits the deposit and follows its review live', async () => {
    handlers['POST /api/wallet/deposits'] = () =>
      ok({ deposit: deposit({ tx_hash: 'abc' }) }, '充值申请已提交，请等待审核');
    renderPage();
    await screen.findByTestId('deposit-form');
    type('deposit-amount', '100');
    type('deposit-tx-hash', ' abc ');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toEqual({ channel_id: 1, amount: '100', tx_hash: 'abc' });
    expect(keyOf(posts()[0])).toMatch(UUID);

    const result = await screen.findByTestId('deposit-submitted');
    expect(within(result).getByTestId('deposit-status').textContent).toBe('待审核');
    act(() =>
      fakeSockets
        .at(-1)
        ?.receive('deposit_status_update', { deposit: deposit({ id: 8, status: 'rejected' }) }),
    );
    act(() =>
      fakeSockets.at(-1)?.receive('deposit_status_update', { deposit: deposit({ status: 'approved' }) }),
    );
    await waitFor(() => expect(within(result).getByTestId('deposit-status').textContent).toBe('已通过'));
    expect(within(result).getByText('充值已到账')).toBeTruthy();
  });

  it('says so when no channel is open', async () => {
    handlers['GET /api/wallet/deposit-channels'] = () => ok({ channels: [] });
    renderPage();
    expect(await screen.findByText('暂无可用的充值渠道')).toBeTruthy();
  });
});
