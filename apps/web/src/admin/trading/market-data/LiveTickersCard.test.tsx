import type { Ticker, TradingPair } from '@platform/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { MARKETS_POLL_MS } from '../../../lib/market/useLiveTickers.ts';
import { disconnectSocket, getSocket } from '../../../lib/socket.ts';
import { type Call, type Handler, mockApi, ok } from '../../../test/api.ts';
import { chineseIn } from '../../../test/chinese.ts';
import { fakeSockets } from '../../../test/fake-socket.ts';
import { jsonResponse, makeAdmin, storeSession } from '../../../test/fixtures.ts';
import { renderWithAnt } from '../../../test/render.tsx';
import { LiveTickersCard, PRICE_FLASH_MS } from './LiveTickersCard.tsx';

type Ack = (reply: unknown) => void;

/** The shared fake socket, plus what a real one adds here: `connected` and acknowledgements. */
const { ServerSocket } = await vi.hoisted(async () => {
  const { FakeSocket } = await import('../../../test/fake-socket.ts');
  class ServerSocket extends FakeSocket {
    connected = false;
    /** The server's answer to an emit with an acknowledgement; null leaves it unanswered. */
    answer: (event: string, payload: unknown) => unknown = () => ({
      success: true,
      message: '订阅成功',
      data: { rooms: [] },
    });
    override emit(event: string, payload: unknown, ack?: Ack) {
      super.emit(event, payload);
      if (ack) {
        const reply = this.answer(event, payload);
        if (reply !== null) queueMicrotask(() => ack(reply));
      }
      return this;
    }
    open() {
      this.connected = true;
      this.receive('connect');
    }
    drop() {
      this.connected = false;
      this.receive('disconnect');
    }
  }
  return { ServerSocket };
});

vi.mock('socket.io-client', async () => {
  const { fakeSockets } = await import('../../../test/fake-socket.ts');
  return {
    io: () => {
      const socket = new ServerSocket();
      fakeSockets.push(socket);
      return socket;
    },
  };
});

let calls: Call[];
let handlers: Record<string, Handler>;

function pair(id: number, base: string, overrides: Partial<TradingPair> = {}): TradingPair {
  return {
    id,
    symbol: `${base}USDT`,
    base_currency: base,
    quote_currency: 'USDT',
    logo_url: null,
    current_price: null,
    price_change_24h: null,
    volume_24h: null,
    price_precision: 2,
    amount_precision: 4,
    min_amount: '0.0001',
    fee_rate: '0.001',
    enabled: true,
    source: 'sim',
    updated_at: '2024-05-01T00:00:00.000Z',
    ...overrides,
  };
}

function ticker(symbol: string, overrides: Partial<Ticker> = {}): Ticker {
  return {
    symbol,
    last_price: '95123.4567',
    open_24h: '93948.0000',
    high_24h: '96000.1',
    low_24h: '94000',
    change_24h: '1.25',
    volume_24h: '12345.678',
    quote_volume_24h: '1174000000.5',
    bid: '95123.45',
    ask: '95123.47',
    source: 'sim',
    updated_at: '2024-05-01T01:02:03.000Z',
    ...overrides,
  };
}

const PAIRS = [
  pair(1, 'BTC'),
  pair(2, 'ETH'),
  pair(3, 'DOGE', { enabled: false, price_precision: 5 }),
  pair(4, 'XRP', { price_precision: 4 }),
];
const MARKETS = [
  ticker('BTCUSDT'),
  ticker('ETHUSDT', { last_price: '3400.5', change_24h: '-2.50', source: 'htx' }),
  ticker('XRPUSDT', { last_price: '2.31' }),
];
const ENABLED = ['BTCUSDT', 'ETHUSDT', 'XRPUSDT'];

const marketCalls = () => calls.filter((c) => c.url.pathname === '/api/trading/markets');
const emitted = (socket: InstanceType<typeof ServerSocket>, event: string) =>
  socket.emitted.filter(([name]) => name === event).map(([, payload]) => payload);
const row = (symbol: string) => screen.getByTestId(`live-ticker-${symbol}`);
const price = (symbol: string) => screen.getByTestId(`live-price-${symbol}`);
const transport = () => screen.getByTestId('live-tickers-transport').textContent;

/** The session's socket, made before the card mounts (the admin shell has one open already). */
function sessionSocket(connected: boolean) {
  const socket = getSocket() as unknown as InstanceType<typeof ServerSocket>;
  if (connected) socket.open();
  return socket;
}

beforeEach(() => {
  disconnectSocket();
  fakeSockets.length = 0;
  storeSession(makeAdmin(), 'admin-token');
  ({ calls, handlers } = mockApi({
    'GET /api/admin/trading/pairs': () => ok({ pairs: PAIRS, lastSyncTime: null }),
    'GET /api/trading/markets': () => ok({ markets: MARKETS }),
  }));
});

describe('LiveTickersCard', () => {
  it('lists every enabled pair from GET /api/trading/markets, formatted', async () => {
    sessionSocket(true);
    renderWithAnt(<LiveTickersCard />);
    await waitFor(() => expect(price('BTCUSDT').textContent).toBe('95,123.46'));
    const btc = within(row('BTCUSDT'));
    expect(btc.getByText('+1.25%').style.color).toBe('rgb(56, 158, 13)');
    expect(btc.getByText('96,000.10')).toBeTruthy();
    expect(btc.getByText('94,000.00')).toBeTruthy();
    expect(btc.getByText('12.35K BTC')).toBeTruthy();
    expect(btc.getByText('95,123.45')).toBeTruthy();
    expect(btc.getByText('95,123.47')).toBeTruthy();
    expect(btc.getByText('模拟')).toBeTruthy();
    expect(screen.getByTestId('live-time-BTCUSDT').textContent).toBe('09:02:03');
    const eth = within(row('ETHUSDT'));
    expect(eth.getByText('-2.50%').style.color).toBe('rgb(207, 19, 34)');
    expect(eth.getByText('HTX')).toBeTruthy();
    expect(price('XRPUSDT').textContent).toBe('2.3100');
    // Only enabled pairs, in the pair list's order.
    expect(screen.queryByTestId('live-ticker-DOGEUSDT')).toBeNull();
    const order = [...document.querySelectorAll('[data-testid^="live-ticker-"]')].map((el) =>
      el.getAttribute('data-testid'),
    );
    expect(order).toEqual(ENABLED.map((s) => `live-ticker-${s}`));
    // Through the request layer, with the session's token.
    expect(marketCalls()[0]?.headers.get('Authorization')).toBe('Bearer admin-token');
  });

  it('subscribes to each enabled ticker and moves a row with its pushes, lit by direction', async () => {
    const socket = sessionSocket(true);
    renderWithAnt(<LiveTickersCard />);
    await waitFor(() => expect(transport()).toBe('实时'));
    expect(emitted(socket, 'market:subscribe')).toEqual(
      ENABLED.map((symbol) => ({ symbol, channels: ['ticker'] })),
    );
    expect(price('BTCUSDT').getAttribute('data-flash')).toBeNull();

    act(() =>
      socket.receive(
        'market:ticker',
        ticker('BTCUSDT', {
          last_price: '95200.1',
          change_24h: '1.33',
          updated_at: '2024-05-01T01:02:04.000Z',
        }),
      ),
    );
    await waitFor(() => expect(price('BTCUSDT').textContent).toBe('95,200.10'));
    expect(price('BTCUSDT').getAttribute('data-flash')).toBe('up');
    expect(within(row('BTCUSDT')).getByText('+1.33%')).toBeTruthy();
    expect(screen.getByTestId('live-time-BTCUSDT').textContent).toBe('09:02:04');
    // The other rows did not move.
    expect(price('ETHUSDT').getAttribute('data-flash')).toBeNull();

    // A lower price by a fraction below the shown precision still counts as a move down.
    act(() =>
      socket.receive(
        'market:ticker',
        ticker('BTCUSDT', { last_price: '95200.0999', updated_at: '2024-05-01T01:02:05.000Z' }),
      ),
    );
    await waitFor(() => expect(price('BTCUSDT').getAttribute('data-flash')).toBe('down'));
    await waitFor(() => expect(price('BTCUSDT').getAttribute('data-flash')).toBeNull(), {
      timeout: PRICE_FLASH_MS + 1000,
    });

    // A late, older report does not move the price back.
    act(() =>
      socket.receive(
        'market:ticker',
        ticker('BTCUSDT', { last_price: '90000', updated_at: '2024-05-01T01:02:00.000Z' }),
      ),
    );
    expect(price('BTCUSDT').textContent).toBe('95,200.10');
    expect(price('BTCUSDT').getAttribute('data-flash')).toBeNull();
  });

  it('unsubscribes with the same payload when it unmounts', async () => {
    const socket = sessionSocket(true);
    const view = renderWithAnt(<LiveTickersCard />);
    await waitFor(() => expect(transport()).toBe('实时'));
    expect(emitted(socket, 'market:unsubscribe')).toEqual([]);
    view.unmount();
    expect(emitted(socket, 'market:unsubscribe')).toEqual(
      ENABLED.map((symbol) => ({ symbol, channels: ['ticker'] })),
    );
  });

  it('polls every 5 s while the socket is down, and subscribes again on every reconnect', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const socket = sessionSocket(false);
    renderWithAnt(<LiveTickersCard />);
    await waitFor(() => expect(price('BTCUSDT').textContent).toBe('95,123.46'));
    expect(transport()).toBe('轮询');
    expect(emitted(socket, 'market:subscribe')).toEqual([]);
    const first = marketCalls().length;

    handlers['GET /api/trading/markets'] = () =>
      ok({
        markets: [
          ticker('BTCUSDT', { last_price: '95000', updated_at: '2024-05-01T01:02:08.000Z' }),
          ...MARKETS.slice(1),
        ],
      });
    await act(() => vi.advanceTimersByTimeAsync(MARKETS_POLL_MS));
    await waitFor(() => expect(price('BTCUSDT').textContent).toBe('95,000.00'));
    expect(marketCalls().length).toBe(first + 1);
    expect(price('BTCUSDT').getAttribute('data-flash')).toBe('down');

    // The socket comes up: every pair is pushed, so the poll stops.
    act(() => socket.open());
    await waitFor(() => expect(transport()).toBe('实时'));
    expect(emitted(socket, 'market:subscribe')).toHaveLength(ENABLED.length);
    const whileLive = marketCalls().length;
    await act(() => vi.advanceTimersByTimeAsync(MARKETS_POLL_MS * 3));
    expect(marketCalls().length).toBe(whileLive);

    // It drops: nothing is sent to a dead socket, the poll resumes.
    act(() => socket.drop());
    await waitFor(() => expect(transport()).toBe('轮询'));
    expect(emitted(socket, 'market:unsubscribe')).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(MARKETS_POLL_MS));
    await waitFor(() => expect(marketCalls().length).toBe(whileLive + 1));

    // The new connection has no rooms: the card subscribes again.
    act(() => socket.open());
    await waitFor(() => expect(transport()).toBe('实时'));
    expect(emitted(socket, 'market:subscribe')).toHaveLength(ENABLED.length * 2);
    expect(emitted(socket, 'market:subscribe').slice(ENABLED.length)).toEqual(
      ENABLED.map((symbol) => ({ symbol, channels: ['ticker'] })),
    );

    // Even when the drop and the reconnect reach the card in one render.
    act(() => {
      socket.drop();
      socket.open();
    });
    await waitFor(() => expect(emitted(socket, 'market:subscribe')).toHaveLength(ENABLED.length * 3));
  });

  it('falls back to the pairs of the list call when the pair list cannot be read', async () => {
    handlers['GET /api/admin/trading/pairs'] = () =>
      jsonResponse({ success: false, message: '权限不足' }, 403);
    const socket = sessionSocket(true);
    renderWithAnt(<LiveTickersCard />);
    await waitFor(() => expect(transport()).toBe('实时'));
    expect(emitted(socket, 'market:subscribe')).toEqual(
      ENABLED.map((symbol) => ({ symbol, channels: ['ticker'] })),
    );
    // Without the pair's tick size, the places the price carries.
    expect(price('BTCUSDT').textContent).toBe('95,123.4567');
    expect(price('XRPUSDT').textContent).toBe('2.31');
    expect(within(row('BTCUSDT')).getByText('12.35K')).toBeTruthy();
  });

  it('keeps polling for the pairs the socket refuses or cannot take', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const socket = sessionSocket(true);
    socket.answer = (event, payload) =>
      event === 'market:subscribe' && (payload as { symbol: string }).symbol === 'XRPUSDT'
        ? { success: false, message: '订阅数量已达上限（40）' }
        : { success: true, message: '订阅成功', data: { rooms: [] } };
    renderWithAnt(<LiveTickersCard />);
    await waitFor(() => expect(transport()).toBe('实时'));
    const before = marketCalls().length;
    await act(() => vi.advanceTimersByTimeAsync(MARKETS_POLL_MS));
    await waitFor(() => expect(marketCalls().length).toBe(before + 1));
  });

  it('subscribes to at most 40 pairs', async () => {
    const many = Array.from({ length: 45 }, (_, i) => pair(i + 1, `C${String(i).padStart(2, '0')}`));
    handlers['GET /api/admin/trading/pairs'] = () => ok({ pairs: many, lastSyncTime: null });
    handlers['GET /api/trading/markets'] = () => ok({ markets: many.map((p) => ticker(p.symbol)) });
    const socket = sessionSocket(true);
    renderWithAnt(<LiveTickersCard />);
    await waitFor(() => expect(transport()).toBe('实时'));
    const subscribed = emitted(socket, 'market:subscribe') as { symbol: string }[];
    expect(subscribed).toHaveLength(40);
    expect(new Set(subscribed.map((s) => s.symbol)).size).toBe(40);
    expect(screen.getAllByTestId(/^live-ticker-/)).toHaveLength(45);
  });

  it('says 暂无行情 when no pair is enabled', async () => {
    handlers['GET /api/admin/trading/pairs'] = () =>
      ok({ pairs: PAIRS.map((p) => ({ ...p, enabled: false })), lastSyncTime: null });
    handlers['GET /api/trading/markets'] = () => ok({ markets: [] });
    sessionSocket(true);
    renderWithAnt(<LiveTickersCard />);
    await waitFor(() => expect(screen.getByTestId('live-tickers-empty').textContent).toBe('暂无行情'));
    expect(transport()).toBe('实时');
  });

  it('keeps the last prices when a poll fails, and says so', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    sessionSocket(false);
    renderWithAnt(<LiveTickersCard />);
    await waitFor(() => expect(price('BTCUSDT').textContent).toBe('95,123.46'));
    handlers['GET /api/trading/markets'] = () =>
      jsonResponse({ success: false, message: '行情源不可用' }, 502);
    await act(() => vi.advanceTimersByTimeAsync(MARKETS_POLL_MS));
    await waitFor(() =>
      expect(screen.getByTestId('live-tickers-stale').textContent).toBe('刷新失败：行情源不可用'),
    );
    expect(price('BTCUSDT').textContent).toBe('95,123.46');
    expect(screen.queryByTestId('live-tickers-error')).toBeNull();
  });

  it('shows 获取行情失败 with a retry', async () => {
    handlers['GET /api/trading/markets'] = () =>
      jsonResponse({ success: false, message: '行情源不可用' }, 502);
    sessionSocket(true);
    renderWithAnt(<LiveTickersCard />);
    const error = await screen.findByTestId('live-tickers-error');
    expect(error.textContent).toContain('获取行情失败');
    expect(error.textContent).toContain('行情源不可用');
    handlers['GET /api/trading/markets'] = () => ok({ markets: MARKETS });
    fireEvent.click(screen.getByTestId('live-tickers-error-retry'));
    await waitFor(() => expect(price('BTCUSDT').textContent).toBe('95,123.46'));
  });
});

describe('LiveTickersCard in English', () => {
  it('shows the tickers, their columns and the transport in English', async () => {
    applyLanguage('en');
    sessionSocket(true);
    renderWithAnt(<LiveTickersCard />);
    await waitFor(() => expect(transport()).toBe('Live'));
    await waitFor(() => expect(price('BTCUSDT').textContent).toBe('95,123.46'));
    const card = screen.getByTestId('live-tickers');
    expect(within(card).getByText('Live tickers')).toBeTruthy();
    expect(screen.getByTestId('live-tickers-count').textContent).toBe('3 pairs');
    for (const name of ['Pair', 'Last price', '24h change', '24h volume', 'Best bid', 'Best ask', 'Source']) {
      expect(within(card).getByRole('columnheader', { name })).toBeTruthy();
    }
    expect(within(row('BTCUSDT')).getByText('Simulated')).toBeTruthy();
    expect(chineseIn(card)).toEqual([]);
  });

  it('says no tickers and a failed load in English', async () => {
    applyLanguage('en');
    handlers['GET /api/trading/markets'] = () => jsonResponse({ success: false, message: 'feed down' }, 502);
    sessionSocket(true);
    const view = renderWithAnt(<LiveTickersCard />);
    expect((await screen.findByTestId('live-tickers-error')).textContent).toContain(
      'Could not load the tickers',
    );
    view.unmount();
    handlers['GET /api/admin/trading/pairs'] = () => ok({ pairs: [], lastSyncTime: null });
    handlers['GET /api/trading/markets'] = () => ok({ markets: [] });
    renderWithAnt(<LiveTickersCard />);
    await waitFor(() => expect(screen.getByTestId('live-tickers-empty').textContent).toBe('No tickers'));
  });
});
