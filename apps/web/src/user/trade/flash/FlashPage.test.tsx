import type { FlashConfigData, FlashOrderBody, TimedContract } from '@platform/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { clientOrderIdFor } from '../../../lib/idempotency.ts';
import { queryClient } from '../../../lib/queryClient.ts';
import { disconnectSocket } from '../../../lib/socket.ts';
import { type Call, keyOf, mockApi, ok, pagination, UUID } from '../../../test/api.ts';
import { chineseIn } from '../../../test/chinese.ts';
import { fakeSockets } from '../../../test/fake-socket.ts';
import { makeUser, usdtWallet } from '../../../test/fixtures.ts';
import { confirmDialog, renderInApp, signIn } from '../../../test/render.tsx';
import { contractOrder, makeContract, settledContract } from '../timed/timedFixtures.ts';
import FlashPage from './FlashPage.tsx';

/** A whole antd trade screen mounts slowly in jsdom on a busy machine: the first wait gets this long. */
const MOUNT = { timeout: 30_000 };
vi.setConfig({ testTimeout: 90_000 });

vi.mock('socket.io-client', async () => (await import('../../../test/fake-socket.ts')).fakeSocketModule);

const config: FlashConfigData = {
  currency: 'USDT',
  durations: [
    { seconds: 30, payout_rate: '0.1', payout_percent: '10' },
    { seconds: 60, payout_rate: '0.15', payout_percent: '15' },
  ],
  min_stake: '10',
  max_stake: '50000',
  max_open_contracts: 200,
  pairs: [{ symbol: 'BTCUSDT', base_currency: 'BTC', quote_currency: 'USDT' }],
  settlement: { tick_tolerance_seconds: 5, void_after_seconds: 30 },
};

let open: TimedContract[];
let settled: TimedContract[];
let balance: string;
let calls: Call[];

beforeEach(() => {
  // renderInApp uses the app's one query client: nothing cached may leak into the next test.
  queryClient.clear();
  disconnectSocket();
  fakeSockets.length = 0;
  open = [];
  settled = [];
  balance = '1000';
  ({ calls } = mockApi({
    'GET /api/trading/flash/config': () => ok(config),
    'GET /api/trading/markets': () => ok({ markets: [] }),
    'GET /api/wallet': () => ok(usdtWallet(balance)),
    'GET /api/trading/flash/history': (call) => {
      const list = call.url.searchParams.get('status') === 'open' ? open : settled;
      return ok({ contracts: list, pagination: pagination(list.length) });
    },
    'GET /api/trading/flash/stats': () =>
      ok({
        total: 0,
        open: 0,
        wins: 0,
        losses: 0,
        draws: 0,
        voids: 0,
        total_stake: '0',
        total_payout: '0',
        net_profit: '0',
        win_rate: '0.00',
      }),
    'POST /api/trading/flash/order': (call) => {
      const placed = makeContract();
      open = [placed];
      balance = '900';
      const clientOrderId = (call.body as FlashOrderBody).client_order_id ?? null;
      return ok({ order: contractOrder(placed, clientOrderId), contract: placed }, '下单成功');
    },
  }));
});

function renderFlash() {
  renderInApp(
    <Routes>
      <Route path="/trade/flash/:symbol?" element={<FlashPage />} />
    </Routes>,
    '/trade/flash/BTCUSDT',
  );
}

describe('FlashPage', () => {
  it('asks a guest to log in instead of offering the order button', async () => {
    renderFlash();
    expect(await screen.findByTestId('guest-prompt', {}, MOUNT)).toBeTruthy();
    expect(screen.queryByTestId('place-order')).toBeNull();
    expect(screen.getByTestId('flash-duration-30').textContent).toContain('收益 10%');
  });

  it('places a contract after confirmation, counts down, then shows the pushed settlement', async () => {
    signIn(makeUser());
    renderFlash();
    expect((await screen.findByTestId('available-balance', {}, MOUNT)).textContent).toBe('1,000.00 USDT');
    fireEvent.change(screen.getByTestId('stake-input'), { target: { value: '100' } });
    expect(screen.getByTestId('win-preview').textContent).toContain('110.00 USDT');

    fireEvent.click(screen.getByTestId('place-order'));
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('30秒');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认下单' }));

    const detail = await screen.findByTestId('contract-detail-41');
    expect(within(detail).getByTestId('countdown').textContent).toMatch(/^00:[0-3]\d$/);
    expect(within(detail).getByTestId('entry-source').textContent).toContain('sim');
    const body = calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ symbol: 'BTCUSDT', direction: 'up', amount: '100', duration: 30 });
    expect(String(body.client_order_id)).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    // The order's id is its action's Idempotency-Key: a retry of it is the same order.
    const key = keyOf(calls.find((c) => c.method === 'POST'));
    expect(key).toMatch(UUID);
    expect(body.client_order_id).toBe(clientOrderIdFor(key as string));

    // The settlement arrives as the order-updated push: the lists refetch and the detail turns.
    settled = [settledContract(open[0] as TimedContract)];
    open = [];
    balance = '1010';
    await act(async () => fakeSockets.at(-1)?.receive('trading:order', { order: { product: 'flash' } }));
    await waitFor(() => expect(screen.getByTestId('contract-outcome-label').textContent).toBe('盈利'));
    expect(screen.getByTestId('settlement-price').textContent).toBe('95,010.25');
    expect(screen.getByTestId('settlement-source').textContent).toContain('sim');
    expect(screen.getByTestId('settlement-time').textContent).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/,
    );
    // The order's time beside its entry price's, to the millisecond.
    expect(screen.getByTestId('contract-opened').textContent).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/,
    );
    expect(screen.getByTestId('entry-time').textContent).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/,
    );
    expect(screen.getByTestId('contract-payout').textContent).toBe('110.00 USDT');
    await waitFor(() => expect(screen.getByTestId('available-balance').textContent).toBe('1,010.00 USDT'));
  });

  it('shows the guest view in English: rules, durations, login prompt', async () => {
    applyLanguage('en');
    renderFlash();
    expect((await screen.findByTestId('guest-prompt', {}, MOUNT)).textContent).toContain('Log in to trade');
    expect(screen.getByTestId('flash-duration-30').textContent).toBe('30sPayout 10%');
    expect(screen.getByTestId('flash-duration-60').textContent).toBe('1mPayout 15%');
    expect(screen.getByTestId('flash-rules').textContent).toContain('Flash contract rules');
    expect(screen.getByTestId('flash-rules').textContent).toContain('within 5 s');
    expect(screen.getByTestId('direction-up').textContent).toBe('Up');
    expect(screen.getByTestId('direction-down').textContent).toBe('Down');
    expect(screen.getByText('Stake')).toBeTruthy();
    expect(chineseIn(screen.getByTestId('flash-page'))).toEqual([]);
  });

  it('places and settles a contract in English', async () => {
    applyLanguage('en');
    signIn(makeUser());
    open = [makeContract({ order_id: 40 })];
    renderFlash();
    expect((await screen.findByTestId('available-balance', {}, MOUNT)).textContent).toBe('1,000.00 USDT');
    expect(await screen.findByText('Open (1)')).toBeTruthy();
    expect(screen.getByText('History')).toBeTruthy();
    expect(screen.getByText('Statistics')).toBeTruthy();
    expect(screen.getByTestId('contract-row-40').textContent).toContain('Stake 100.00 USDT');
    expect(screen.getByTestId('contract-row-40').textContent).toContain('Entry 95,000.50 · Expiry');
    fireEvent.change(screen.getByTestId('stake-input'), { target: { value: '100' } });
    expect(screen.getByTestId('win-preview').textContent).toContain('Payout if you win (rate 10%)');
    expect(chineseIn(screen.getByTestId('flash-page'))).toEqual([]);

    fireEvent.click(screen.getByTestId('place-order'));
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('Duration30s');
    expect(dialog.textContent).toContain('DirectionUp');
    expect(chineseIn(dialog)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm order' }));

    const detail = await screen.findByTestId('contract-detail-41');
    expect(detail.textContent).toContain('Entry price');
    expect(detail.textContent).toContain('Until settlement');
    expect(within(detail).getByTestId('entry-source').textContent).toBe('Source: Simulated market (sim)');
    settled = [settledContract(open.find((c) => c.order_id === 41) as TimedContract)];
    open = [];
    await act(async () => fakeSockets.at(-1)?.receive('trading:order', { order: { product: 'flash' } }));
    await waitFor(() => expect(screen.getByTestId('contract-outcome-label').textContent).toBe('Win'));
    const modal = screen.getByTestId('contract-detail-41');
    expect(modal.textContent).toContain('Settlement price');
    expect(chineseIn(modal)).toEqual([]);
    expect(screen.getByTestId('contract-modal-close').textContent).toBe('Done');
  });
});
