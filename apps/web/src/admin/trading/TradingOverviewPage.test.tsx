import type { TradingStats } from '@platform/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { mockOnePath, ok } from '../../test/api.ts';
import { chineseIn } from '../../test/chinese.ts';
import { jsonResponse } from '../../test/fixtures.ts';
import { renderAtRoute } from '../../test/render.tsx';
import TradingOverviewPage from './TradingOverviewPage.tsx';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

const GREEN = 'rgb(56, 158, 13)';
const RED = 'rgb(207, 19, 34)';

const EMPTY: TradingStats = {
  totalVolume: '0',
  todayVolume: '0',
  activeOrders: 0,
  completedOrders: 0,
  activeUsers: 0,
  tradingPairs: 20,
  optionContracts: 0,
  perpetualPositions: 0,
  todayOrders: 0,
  avgOrderAmount: '0.00',
  recentTrades: [],
  topTradingPairs: [],
  orderStats: { spot: 0, flash: 0, perpetual: 0, option: 0 },
  profitLoss: '0',
  totalFees: '0',
  avgProcessingTime: '< 1',
};

const FULL: TradingStats = {
  totalVolume: '1234567.891',
  todayVolume: '7090',
  activeOrders: 1,
  completedOrders: 20,
  activeUsers: 3,
  tradingPairs: 18,
  optionContracts: 4,
  perpetualPositions: 2,
  todayOrders: 8,
  avgOrderAmount: '886.25',
  recentTrades: [
    {
      id: 11,
      side: 'sell',
      symbol: 'BTCUSDT',
      type: 'spot',
      created_at: '2024-05-01T16:30:05.000Z',
      amount: '0.02',
      currency: 'BTC',
      price: null,
      price_currency: 'USDT',
      status: 'pending',
    },
    {
      id: 10,
      side: 'call',
      symbol: 'ETHUSDT',
      type: 'option',
      created_at: '2024-05-01T16:00:00.000Z',
      amount: '50',
      currency: 'USDT',
      price: '3012.5',
      price_currency: 'USDT',
      status: 'pending',
    },
    {
      id: 9,
      side: 'short',
      symbol: 'DOGEUSDT',
      type: 'perpetual',
      created_at: '2024-05-01T15:00:00.000Z',
      amount: '1000',
      currency: 'DOGE',
      price: '0.32415',
      price_currency: 'USDT',
      status: 'filled',
    },
  ],
  topTradingPairs: [
    { symbol: 'BTCUSDT', volume: 1234, amount: '6090', change: '2.5' },
    { symbol: 'ETHUSDT', volume: 3, amount: '6010', change: '-1.254' },
    { symbol: 'ETHBTC', volume: 1, amount: '0', change: null },
  ],
  orderStats: { spot: 12, flash: 5, perpetual: 3, option: 1 },
  profitLoss: '82.5',
  totalFees: '11.92',
  avgProcessingTime: '15.9',
};

let fetchMock: Mock;
let replies: Response[];

beforeEach(() => {
  ({ replies, fetchMock } = mockOnePath('/api/admin/trading/stats', () => ok(FULL)));
});

function renderPage(first?: TradingStats) {
  if (first) replies.push(ok(first));
  return renderAtRoute('/admin/trading', <TradingOverviewPage />);
}

const text = (id: string) => screen.getByTestId(id).textContent ?? '';
/** A statistic's value and its suffix, as a reader sees them: "1,234.50 USDT". */
const statistic = (id: string) => {
  const card = screen.getByTestId(id);
  const part = (name: string) => card.querySelector(`.ant-statistic-content-${name}`)?.textContent ?? '';
  return [part('prefix'), part('value'), part('suffix')].filter(Boolean).join(' ');
};
const valueColour = (id: string) =>
  (screen.getByTestId(id).querySelector('.ant-statistic-content') as HTMLElement | null)?.style.color;

describe('TradingOverviewPage', () => {
  it('shows the eight cards with a signed green profit, the last-update time and the entry cards', async () => {
    renderPage();
    await screen.findByTestId('trading-overview');
    expect(text('trading-updated-at')).toMatch(/^最后更新：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(text('trading-card-totalVolume')).toContain('总交易量');
    expect(statistic('trading-card-totalVolume')).toContain('1,234,567.89 USDT');
    expect(statistic('trading-card-todayVolume')).toContain('7,090.00 USDT');
    expect(text('trading-card-activeOrders')).toContain('1');
    expect(text('trading-card-completedOrders')).toContain('20');
    expect(text('trading-card-activeUsers')).toContain('3');
    expect(text('trading-card-tradingPairs')).toContain('18');
    expect(statistic('trading-card-profitLoss')).toContain('+82.50 USDT');
    expect(valueColour('trading-card-profitLoss')).toBe(GREEN);
    expect(statistic('trading-card-totalFees')).toContain('11.92 USDT');

    expect(text('trading-entry-badge-pairs')).toBe('OKX同步');
    expect(text('trading-entry-text-options')).toContain('4');
    expect(text('trading-entry-text-orders')).toContain('活跃订单 1 个');
    expect(screen.queryByTestId('trading-entry-badge-orders')).toBeNull();

    expect(text('trading-realtime-todayVolume')).toContain('7,090.00 USDT');
    expect(text('trading-realtime-todayOrders')).toContain('8');
    expect(text('trading-realtime-activeUsers')).toContain('3');
    expect(text('trading-realtime-avgOrderAmount')).toContain('886.25 USDT');
  });

  it('lists the top pairs with signed 2-decimal changes and the recent trades with side dots', async () => {
    renderPage();
    await screen.findByTestId('trading-overview');
    const btc = screen.getByTestId('trading-top-pair-BTCUSDT');
    expect(btc.textContent).toContain('1,234 笔交易');
    expect(btc.textContent).toContain('6,090.00 USDT');
    expect(within(btc).getByText('+2.50%').style.color).toBe(GREEN);
    expect(within(screen.getByTestId('trading-top-pair-ETHUSDT')).getByText('-1.25%').style.color).toBe(RED);
    expect(screen.getByTestId('trading-top-pair-ETHBTC').textContent).toContain('-');

    const trades = screen.getAllByTestId('trading-recent-trade');
    expect(trades).toHaveLength(3);
    const [first, second, third] = trades as [HTMLElement, HTMLElement, HTMLElement];
    // 16:30:05 UTC is 00:30:05 the next day in Beijing.
    expect(first.textContent).toContain('BTCUSDT');
    expect(first.textContent).toContain('现货');
    expect(first.textContent).toContain('卖出');
    expect(first.textContent).toContain('2024-05-02 00:30:05');
    expect(first.textContent).toContain('0.02 BTC');
    expect(first.textContent).toContain('市价');
    const dot = (row: HTMLElement) => within(row).getByTestId('trading-recent-trade-dot').style.background;
    expect(dot(first)).toBe(RED);
    expect(second.textContent).toContain('期权');
    expect(second.textContent).toContain('看涨');
    expect(second.textContent).toContain('50.00 USDT');
    expect(second.textContent).toContain('@ 3,012.50 USDT');
    expect(dot(second)).toBe(GREEN);
    expect(third.textContent).toContain('永续合约');
    expect(third.textContent).toContain('做空');
    expect(third.textContent).toContain('@ 0.3242 USDT');
    expect(dot(third)).toBe(RED);
  });

  it('shows the order distribution, the success rate from packages/domain and the processing time', async () => {
    renderPage();
    await screen.findByTestId('trading-overview');
    expect(text('trading-order-stat-spot')).toContain('现货');
    expect(text('trading-order-stat-spot')).toContain('12');
    expect(text('trading-order-stat-flash')).toContain('秒合约');
    expect(text('trading-order-stat-perpetual')).toContain('永续合约');
    expect(text('trading-order-stat-option')).toContain('期权');
    // 20 / (20 + 1)
    expect(text('trading-success-rate')).toBe('95.24%');
    expect(text('trading-processing-time')).toBe('15.9 秒');
    expect(text('trading-perpetual-positions')).toBe('2');
  });

  it('shows a loss in red, empty states and < 1 on a quiet platform', async () => {
    renderPage({ ...EMPTY, profitLoss: '-117.5' });
    await screen.findByTestId('trading-overview');
    expect(statistic('trading-card-profitLoss')).toContain('-117.50 USDT');
    expect(valueColour('trading-card-profitLoss')).toBe(RED);
    expect(screen.getByText('暂无交易数据')).toBeTruthy();
    expect(screen.getByText('暂无交易记录')).toBeTruthy();
    expect(text('trading-success-rate')).toBe('0.00%');
    expect(text('trading-processing-time')).toBe('< 1 秒');
    expect(text('trading-realtime-avgOrderAmount')).toContain('0.00 USDT');
  });

  it('refreshes on demand and every 60 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderPage(EMPTY);
      await screen.findByTestId('trading-overview');
      expect(fetchMock).toHaveBeenCalledTimes(1);
      fireEvent.click(screen.getByTestId('trading-refresh'));
      await waitFor(() => expect(statistic('trading-card-profitLoss')).toContain('+82.50 USDT'));
      expect(fetchMock).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(59_000);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1_500);
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    } finally {
      vi.useRealTimers();
    }
  });

  it('goes to the order list from the button and the entry cards', async () => {
    const router = renderPage();
    await screen.findByTestId('trading-overview');
    fireEvent.click(screen.getByTestId('trading-go-orders'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/trading/orders'));
  });

  it('opens the pairs and the option control from their entry cards', async () => {
    const router = renderPage();
    await screen.findByTestId('trading-overview');
    fireEvent.click(screen.getByTestId('trading-entry-pairs'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/trading/pairs'));
    await router.navigate('/admin/trading');
    fireEvent.click(await screen.findByTestId('trading-entry-options'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/trading/options'));
  });

  it('replaces the page with 获取交易概览失败 and retries', async () => {
    replies.push(jsonResponse({ success: false, message: '服务器内部错误' }, 400));
    renderPage();
    const view = await screen.findByTestId('load-error');
    expect(within(view).getByText('获取交易概览失败')).toBeTruthy();
    expect(within(view).getByText('服务器内部错误')).toBeTruthy();
    expect(screen.queryByTestId('trading-overview')).toBeNull();
    fireEvent.click(screen.getByTestId('load-error-retry'));
    expect(await screen.findByTestId('trading-overview')).toBeTruthy();
  });
});

describe('TradingOverviewPage in English', () => {
  /** The page's own blocks: every row under the header (whose update time and 刷新 are the shared frame's). */
  const blocks = () => [...screen.getByTestId('trading-overview').children].slice(1);

  it('shows the cards, entries, lists and statistics in English', async () => {
    applyLanguage('en');
    renderPage();
    const page = await screen.findByTestId('trading-overview');
    expect(within(page).getByRole('heading', { name: 'Trading overview' })).toBeTruthy();
    expect(text('trading-go-orders')).toBe('Orders');
    expect(text('trading-card-totalVolume')).toContain('Total volume');
    expect(text('trading-card-profitLoss')).toContain('Total PnL');
    expect(text('trading-card-totalFees')).toContain('Fee income');
    expect(text('trading-entry-badge-pairs')).toBe('OKX sync');
    expect(text('trading-entry-text-orders')).toBe('Open orders: 1, today: 8');
    expect(text('trading-entry-text-pairs')).toBe('18 pairs enabled');
    expect(text('trading-entry-text-options')).toBe('Open option contracts: 4');
    expect(text('trading-realtime')).toContain("Today's turnover");
    expect(text('trading-top-pairs')).toContain('Top pairs');
    expect(text('trading-top-pair-BTCUSDT')).toContain('1,234 trades');
    const [first, second, third] = screen.getAllByTestId('trading-recent-trade') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(first.textContent).toContain('Spot');
    expect(first.textContent).toContain('Sell');
    expect(first.textContent).toContain('Market');
    expect(within(first).getByRole('img', { name: 'Sell' })).toBeTruthy();
    expect(second.textContent).toContain('Options');
    expect(second.textContent).toContain('Up');
    expect(third.textContent).toContain('Perpetual');
    expect(third.textContent).toContain('Short');
    expect(text('trading-order-stat-flash')).toContain('Flash contract');
    expect(text('trading-order-stats')).toContain('21 orders in total');
    expect(text('trading-order-stats')).toContain('Success rate');
    expect(text('trading-processing-time')).toBe('15.9 s');
    for (const block of blocks()) expect(chineseIn(block)).toEqual([]);
  });

  it('says a quiet platform in English', async () => {
    applyLanguage('en');
    renderPage(EMPTY);
    await screen.findByTestId('trading-overview');
    expect(screen.getByText('No trading data')).toBeTruthy();
    expect(screen.getByText('No trades yet')).toBeTruthy();
    expect(text('trading-processing-time')).toBe('< 1 s');
    for (const block of blocks()) expect(chineseIn(block)).toEqual([]);
  });

  it('names a failed load in English', async () => {
    applyLanguage('en');
    replies.push(jsonResponse({ success: false, message: 'Internal server error' }, 400));
    renderPage();
    const view = await screen.findByTestId('load-error');
    expect(within(view).getByText('Could not load the trading overview')).toBeTruthy();
  });
});
