import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { queryClient } from '../../../lib/queryClient.ts';
import { disconnectSocket } from '../../../lib/socket.ts';
import { mockApi, ok, pagination } from '../../../test/api.ts';
import { chineseIn } from '../../../test/chinese.ts';
import { fakeSockets } from '../../../test/fake-socket.ts';
import { makeOrder, makeUser, usdtWallet } from '../../../test/fixtures.ts';
import { renderInApp, signIn } from '../../../test/render.tsx';
import { pair, ticker } from '../../markets/testing.tsx';
import SpotPage from './SpotPage.tsx';

/** A whole antd trade screen mounts slowly in jsdom on a busy machine: the first wait gets this long. */
const MOUNT = { timeout: 30_000 };
vi.setConfig({ testTimeout: 90_000 });

vi.mock('socket.io-client', async () => (await import('../../../test/fake-socket.ts')).fakeSocketModule);

const NOW = '2026-01-01T00:00:00.000Z';

beforeEach(() => {
  // renderInApp uses the app's one query client: nothing cached may leak into the next test.
  queryClient.clear();
  disconnectSocket();
  fakeSockets.length = 0;
  mockApi({
    'GET /api/trading/pairs': () =>
      ok({ pairs: [pair('BTC', 'USDT', { price_precision: 2, amount_precision: 4 })] }),
    'GET /api/trading/markets': () => ok({ markets: [ticker('BTCUSDT', '1.5', '100', '95000')] }),
    'GET /api/huobi/orderbook/BTCUSDT': () =>
      ok({
        orderBook: {
          symbol: 'BTCUSDT',
          asks: [['95001', '1']],
          bids: [['94999', '2']],
          source: 'sim',
          updated_at: NOW,
        },
      }),
    'GET /api/trading/trades': () =>
      ok({
        symbol: 'BTCUSDT',
        trades: [{ id: 't1', price: '95000', amount: '0.5', side: 'buy', time: NOW }],
        source: 'sim',
        updated_at: NOW,
      }),
    'GET /api/trading/kline': () => ok({ symbol: 'BTCUSDT', interval: '15m', klines: [] }),
    'GET /api/trading/orders': (call) => {
      const open = call.url.searchParams.get('open') !== 'false';
      const orders = open ? [makeOrder({ id: 5, type: 'limit', price: '90000', status: 'pending' })] : [];
      return ok({ orders, pagination: pagination(orders.length) });
    },
    'GET /api/wallet': () => ok(usdtWallet('1000')),
  });
});

const renderSpot = () =>
  renderInApp(
    <Routes>
      <Route path="/trade/spot/:symbol?" element={<SpotPage />} />
    </Routes>,
    '/trade/spot/BTCUSDT',
  );

describe('SpotPage', () => {
  it('shows the whole screen in English: stats, book, form, open orders, history and recent trades', async () => {
    applyLanguage('en');
    signIn(makeUser());
    renderSpot();
    const page = await screen.findByTestId('spot-page', {}, MOUNT);
    expect(await screen.findByTestId('spot-order-5', {}, MOUNT)).toBeTruthy();
    expect(screen.getByTestId('spot-stats').textContent).toContain('24h High');
    expect(screen.getByText('Spot trading')).toBeTruthy();
    const tabs = within(screen.getByTestId('spot-orders'));
    expect(tabs.getByText('Open orders')).toBeTruthy();
    expect(tabs.getByText('Order history')).toBeTruthy();
    // The recent trades: a tab on a phone, a card of their own from lg up.
    expect(screen.getAllByText('Recent trades').length).toBeGreaterThan(0);
    fireEvent.click(tabs.getByText('Order history'));
    expect(await screen.findByText('No order history')).toBeTruthy();
    expect(chineseIn(page)).toEqual([]);
  });
});
