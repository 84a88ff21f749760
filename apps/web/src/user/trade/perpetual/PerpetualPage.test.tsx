import {
  DEFAULT_PERPETUAL_CONFIG,
  type PerpetualLimitOrder,
  type PerpetualPosition,
  type TradeOrder,
} from '@platform/contracts';
import { Decimal } from '@platform/domain';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { clientOrderIdFor } from '../../../lib/idempotency.ts';
import { disconnectSocket } from '../../../lib/socket.ts';
import { type Call, type Handler, keyOf, mockApi, ok, pagination, UUID } from '../../../test/api.ts';
import { chineseIn } from '../../../test/chinese.ts';
import { fakeSockets } from '../../../test/fake-socket.ts';
import {
  INDEX_COMPONENTS,
  jsonResponse,
  makeOrder,
  makePair,
  makeUser,
  usdtWallet,
} from '../../../test/fixtures.ts';
import { FIXTURE_AT, makePosition } from '../../../test/perpetualFixtures.ts';
import { confirmDialog, renderWithAnt, signIn } from '../../../test/render.tsx';
import PerpetualPage from './PerpetualPage.tsx';

vi.mock('socket.io-client', async () => (await import('../../../test/fake-socket.ts')).fakeSocketModule);
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

const AT = FIXTURE_AT;
const LATER = '2026-01-01T00:00:20.000Z';

const ticker = (symbol: string, last_price: string, updated_at = LATER) => ({
  symbol,
  last_price,
  open_24h: last_price,
  high_24h: last_price,
  low_24h: last_price,
  change_24h: '0.5',
  volume_24h: '1',
  quote_volume_24h: '1',
  bid: last_price,
  ask: last_price,
  source: 'sim',
  updated_at,
});

const pair = (symbol: string, base: string, price: string) => ({
  symbol,
  base_currency: base,
  quote_currency: 'USDT',
  price_precision: 2,
  price,
  price_at: AT,
});

const CONFIG = {
  ...DEFAULT_PERPETUAL_CONFIG,
  currency: 'USDT',
  pairs: [pair('BTCUSDT', 'BTC', '50000'), pair('ETHUSDT', 'ETH', '3000')],
};

const position = makePosition;

const CLOSED = position({
  status: 'closed',
  mark_price: null,
  mark_at: null,
  close_price: '50500',
  close_source: 'sim',
  close_price_at: LATER,
  close_fee: '0.505',
  realised_pnl: '10',
  payout: '109.495',
  closed_at: LATER,
});

/**
 * The position's order (data.order beside it): the long's 0.02 BTC filled at entry, its open fee;
 * once closed, the close fee added and the order closed with it.
 */
function orderOf(p: PerpetualPosition): TradeOrder {
  return makeOrder({
    id: p.id,
    product: 'perpetual',
    side: p.side,
    type: null,
    amount: p.quantity,
    price: p.entry_price,
    filled_amount: p.quantity,
    avg_price: p.entry_price,
    quote_amount: p.notional,
    fee: new Decimal(p.open_fee).plus(p.close_fee ?? '0').toFixed(),
    created_at: p.opened_at,
    updated_at: p.closed_at ?? p.opened_at,
    closed_at: p.closed_at,
  });
}
const positionReply = (p: PerpetualPosition, message: string) =>
  ok({ order: orderOf(p), position: p }, message);

/** A waiting limit long (order 77): 100 USDT at 10x, to open at 48,000. */
const limitOrder = (overrides: Partial<PerpetualLimitOrder> = {}): PerpetualLimitOrder => ({
  id: 77,
  symbol: 'BTCUSDT',
  side: 'long',
  status: 'pending',
  price: '48000',
  margin: '100',
  leverage: 10,
  open_fee: '0.5',
  frozen: '100.5',
  currency: 'USDT',
  cancel_reason: null,
  created_at: AT,
  ended_at: null,
  ...overrides,
});

let calls: Call[];
let handlers: Record<string, Handler>;
let open: PerpetualPosition[];
let waiting: PerpetualLimitOrder[];
let balance: string;

beforeEach(() => {
  disconnectSocket();
  fakeSockets.length = 0;
  open = [];
  waiting = [];
  balance = '1000';
  ({ calls, handlers } = mockApi({
    'GET /api/trading/pairs': () =>
      ok({
        pairs: [
          makePair('BTCUSDT', 'BTC', 'USDT', { current_price: '50500' }),
          makePair('ETHBTC', 'ETH', 'BTC', { id: 2, current_price: '0.06', price_precision: 6 }),
        ],
      }),
    'GET /api/trading/markets': () =>
      ok({ markets: [ticker('BTCUSDT', '50500'), ticker('ETHUSDT', '3000')] }),
    'GET /api/trading/perpetual/config': () => ok(CONFIG),
    'GET /api/wallet': () => ok(usdtWallet(balance)),
    'GET /api/trading/perpetual/mark/BTCUSDT': () =>
      ok({ symbol: 'BTCUSDT', price: '50012.345', source: 'sim', at: new Date().toISOString() }),
    'GET /api/trading/perpetual/positions': (call) => {
      const list = call.url.searchParams.get('status') === 'closed' ? [CLOSED] : open;
      return ok({ positions: list, pagination: pagination(list.length) });
    },
    'GET /api/trading/perpetual/limit-orders': () =>
      ok({ limit_orders: waiting, pagination: pagination(waiting.length) }),
    'GET /api/trading/perpetual/funding/BTCUSDT': () =>
      ok({
        symbol: 'BTCUSDT',
        rate: '0.000125',
        // 1 h 2 min 3 s (and a little) from now: the countdown reads 01:02:03 until the next second.
        next_funding_at: new Date(Date.now() + 3_723_500).toISOString(),
        interval_minutes: 480,
        last_rate: '0.0001',
        last_funding_at: AT,
      }),
    'GET /api/trading/perpetual/funding-history': () => ok({ payments: [], pagination: pagination(0) }),
  }));
});

function renderPage(path = '/trade/perpetual/BTCUSDT') {
  const router = createMemoryRouter(
    [
      { path: '/trade/perpetual/:symbol?', element: <PerpetualPage /> },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: [path] },
  );
  renderWithAnt(<RouterProvider router={router} />);
  return router;
}

describe('PerpetualPage', () => {
  it('shows a guest the USDT pairs with their price and a login prompt, without the signed-in calls', async () => {
    renderPage('/trade/perpetual');
    expect(await screen.findByText('登录后即可交易永续合约')).toBeTruthy();
    // The pair's price_precision (2), as every trade header shows it.
    await waitFor(() => expect(screen.getByTestId('trade-last-price').textContent).toBe('50,500.00'));
    expect(calls.some((c) => c.url.pathname.startsWith('/api/trading/perpetual'))).toBe(false);
    expect(calls.some((c) => c.url.pathname === '/api/wallet')).toBe(false);
  });

  it('checks the margin and previews the fee and the liquidation price before placing', async () => {
    signIn(makeUser());
    handlers['POST /api/trading/perpetual/order'] = () =>
      jsonResponse({ success: false, message: '余额不足' }, 422);
    renderPage();
    await waitFor(() =>
      expect(screen.getByTestId('perpetual-available').textContent).toBe('可用 1,000.00 USDT'),
    );
    expect(await screen.findByText('暂无持仓')).toBeTruthy();

    const margin = screen.getByTestId('perpetual-margin');
    fireEvent.change(margin, { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('perpetual-submit'));
    expect(screen.getByTestId('perpetual-form-problem').textContent).toBe('保证金不能少于 10 USDT');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(margin, { target: { value: '100' } });
    // Priced at the live 50,500: 1,000 USDT at 10x, fee 0.5, liquidated at 50,500 × 0.9 / 0.995.
    await waitFor(() =>
      expect(screen.getByTestId('perpetual-preview-liquidation').textContent).toBe('45,678.39'),
    );
    expect(screen.getByTestId('perpetual-preview-notional').textContent).toBe('1,000.00 USDT');
    expect(screen.getByTestId('perpetual-preview-fee').textContent).toBe('0.50 USDT');
    expect(screen.getByTestId('perpetual-preview-total').textContent).toBe('100.50 USDT');

    // Confirmed first (OrderForm.test checks the sheet); a double tap on 确认下单 is one order: one
    // request, its client_order_id made from its Idempotency-Key.
    fireEvent.click(screen.getByTestId('perpetual-submit'));
    fireEvent.click(screen.getByTestId('perpetual-submit'));
    await screen.findByTestId('perpetual-confirm');
    fireEvent.click(screen.getByTestId('perpetual-confirm-ok'));
    fireEvent.click(screen.getByTestId('perpetual-confirm-ok'));
    expect((await screen.findByTestId('perpetual-refusal')).textContent).toContain('余额不足');
    const posts = () => calls.filter((c) => c.method === 'POST');
    expect(posts()).toHaveLength(1);
    const order = posts()[0];
    expect(order?.body).toMatchObject({ symbol: 'BTCUSDT', side: 'long', margin: '100', leverage: 10 });
    const key = keyOf(order);
    expect(key).toMatch(UUID);
    expect((order?.body as { client_order_id?: string } | undefined)?.client_order_id).toBe(
      clientOrderIdFor(key as string),
    );

    // After a refusal (a final answer) the same terms again are a new action.
    await waitFor(() => expect(screen.queryByTestId('perpetual-confirm')).toBeNull());
    fireEvent.click(screen.getByTestId('perpetual-submit'));
    fireEvent.click(await screen.findByTestId('perpetual-confirm-ok'));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(keyOf(posts()[1])).toMatch(UUID);
    expect(keyOf(posts()[1])).not.toBe(key);
  });

  it('marks an open position at the live price, closes it after confirming and shows what it paid', async () => {
    signIn(makeUser());
    open = [position()];
    handlers['POST /api/trading/perpetual/close/41'] = () => {
      open = [];
      balance = '1009.0';
      return positionReply(CLOSED, '平仓成功');
    };
    renderPage();
    const card = await screen.findByTestId('position-41');
    // The ticker (50,500, newer than the server's mark) gives +10 on 0.02 BTC: ROE +10% of the 100 margin.
    await waitFor(() => expect(screen.getByTestId('position-pnl-41').textContent).toBe('+10.00'));
    expect(screen.getByTestId('position-roe-41').textContent).toBe('+10.00%');
    expect(screen.getByTestId('position-mark-41').textContent).toBe('50,500.00');
    expect(screen.getByTestId('position-liquidation-41').textContent).toBe('45,226.13');
    expect(screen.getByTestId('position-funding-41').textContent).toBe('0.00');
    expect(within(card).getByText('做多')).toBeTruthy();

    fireEvent.click(screen.getByTestId('position-close-41'));
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('以市价平仓 BTCUSDT 做多 10x');
    expect(dialog.textContent).toContain('预计盈亏 +10.00');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认平仓' }));

    const result = await screen.findByTestId('close-result');
    expect(keyOf(calls.find((c) => c.url.pathname === '/api/trading/perpetual/close/41'))).toMatch(UUID);
    expect(screen.getByTestId('close-result-pnl').textContent).toBe('+10.00 USDT');
    // 109.495 paid back is shown to the cent, rounded down: never more than the user got.
    expect(result.textContent).toContain('返还可用余额 109.49 USDT');
    await waitFor(() => expect(screen.queryByTestId('position-41')).toBeNull());
    await waitFor(() =>
      expect(screen.getByTestId('perpetual-available').textContent).toBe('可用 1,009.00 USDT'),
    );
  });

  it('closes part of a position: 50 % asks /reduce with the percentage and keeps the rest open', async () => {
    signIn(makeUser());
    open = [position()];
    const rest = position({ quantity: '0.01', margin: '50' });
    handlers['POST /api/trading/perpetual/reduce/41'] = () => {
      open = [rest];
      return positionReply(rest, '部分平仓成功');
    };
    renderPage();
    await screen.findByTestId('position-41');
    await waitFor(() => expect(screen.getByTestId('position-pnl-41').textContent).toBe('+10.00'));
    fireEvent.click(screen.getByTestId('position-close-41'));
    const dialog = await confirmDialog();
    expect(within(dialog).getByTestId('close-quantity').textContent).toBe('平仓数量 0.02 BTC');
    fireEvent.click(within(dialog).getByText('50%'));
    // Half of 0.02 BTC, and half the P&L at the live price.
    expect(within(dialog).getByTestId('close-quantity').textContent).toContain('平仓数量 0.01 BTC');
    expect(dialog.textContent).toContain('预计盈亏 +5.00');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认平仓' }));
    expect(await screen.findByText('部分平仓成功')).toBeTruthy();
    const sent = calls.find((c) => c.url.pathname === '/api/trading/perpetual/reduce/41');
    expect(sent?.body).toEqual({ percent: 50 });
    expect(keyOf(sent)).toMatch(UUID);
    expect(calls.some((c) => c.url.pathname === '/api/trading/perpetual/close/41')).toBe(false);
    await waitFor(() => expect(screen.getByTestId('position-margin-41').textContent).toBe('50.00'));
    expect(screen.queryByTestId('close-result')).toBeNull();
  });

  it('lists waiting limit orders under 当前委托 and cancels one after a confirmation', async () => {
    signIn(makeUser());
    waiting = [limitOrder()];
    handlers['POST /api/trading/perpetual/limit-orders/77/cancel'] = () => {
      const cancelled = { ...waiting[0], status: 'cancelled', cancel_reason: '用户撤单', ended_at: LATER };
      waiting = [];
      return ok(
        { order: makeOrder({ id: 77, product: 'perpetual', status: 'cancelled' }), limit_order: cancelled },
        '委托已撤销',
      );
    };
    renderPage();
    fireEvent.click(await screen.findByText('当前委托（1）'));
    const card = await screen.findByTestId('limit-order-77');
    expect(within(card).getByTestId('limit-order-price-77').textContent).toBe('48,000.00');
    expect(within(card).getByTestId('limit-order-frozen-77').textContent).toBe('100.50');
    expect(card.textContent).toContain('指数价格 ≤ 委托价格时开多');
    fireEvent.click(screen.getByTestId('limit-order-cancel-77'));
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('冻结的 100.50 USDT 将退回可用余额');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认撤单' }));
    expect(await screen.findByText('委托已撤销')).toBeTruthy();
    expect(
      keyOf(calls.find((c) => c.url.pathname === '/api/trading/perpetual/limit-orders/77/cancel')),
    ).toMatch(UUID);
    expect(await screen.findByTestId('limit-orders-empty')).toBeTruthy();
  });

  it('a close at or past the liquidation price comes back as a liquidation and says so', async () => {
    signIn(makeUser());
    open = [position()];
    handlers['POST /api/trading/perpetual/close/41'] = () => {
      open = [];
      return positionReply(
        { ...CLOSED, status: 'liquidated', realised_pnl: '-100', payout: '0', close_fee: '0' },
        '已触及强平价，仓位已强平',
      );
    };
    renderPage();
    await screen.findByTestId('position-41');
    fireEvent.click(screen.getByTestId('position-close-41'));
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: '确认平仓' }));
    const result = await screen.findByTestId('close-result');
    expect(result.textContent).toContain('已强平 BTCUSDT 做多 10x');
    expect(result.textContent).toContain('已触及强平价，保证金已全部亏损');
    expect(screen.getByTestId('close-result-pnl').textContent).toBe('-100.00 USDT');
    expect(await screen.findByText('已触及强平价，仓位已强平')).toBeTruthy();
  });

  it('tells the user when a position of theirs is liquidated', async () => {
    signIn(makeUser());
    open = [position()];
    renderPage();
    await screen.findByTestId('position-41');
    await waitFor(() => expect(fakeSockets.length).toBeGreaterThan(0));
    open = [];
    for (const socket of fakeSockets)
      socket.receive('trading:order', { order: { id: 41, product: 'perpetual' } });
    expect(await screen.findByText('仓位已强平')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('position-41')).toBeNull());
  });

  it('lists the history with the close price, its source and the realised P&L', async () => {
    signIn(makeUser());
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: '历史记录' }));
    await screen.findByTestId('position-41');
    expect(screen.getByTestId('history-pnl-41').textContent).toBe('+10.00');
    expect(screen.getByTestId('history-close-price-41').textContent).toBe('50,500.00');
    expect(screen.getByTestId('history-payout-41').textContent).toBe('109.49');
    expect(screen.getByTestId('history-source-41').textContent).toContain('模拟行情');
    // Closed before the index: no components to show.
    expect(screen.queryByTestId('position-components-toggle-41')).toBeNull();
  });

  it('folds the venues behind the entry and close prices under 参考价构成', async () => {
    signIn(makeUser());
    const closed = {
      ...CLOSED,
      entry_components: INDEX_COMPONENTS,
      close_components: INDEX_COMPONENTS.slice(0, 2),
    };
    open = [position({ entry_components: INDEX_COMPONENTS })];
    handlers['GET /api/trading/perpetual/positions'] = (call) => {
      const list = call.url.searchParams.get('status') === 'closed' ? [closed] : open;
      return ok({ positions: list, pagination: pagination(list.length) });
    };
    renderPage();
    fireEvent.click(await screen.findByTestId('position-components-toggle-41'));
    const entry = await screen.findByTestId('position-entry-components-41');
    expect(entry.textContent).toContain('参考价 = 计入来源价格的中位数');
    expect(screen.getByTestId('position-entry-components-41-sim-c').textContent).toContain('剔除：偏离过大');

    fireEvent.click(await screen.findByRole('tab', { name: '历史记录' }));
    const history = within(await screen.findByTestId('position-history'));
    fireEvent.click(history.getByTestId('position-components-toggle-41'));
    expect(history.getByTestId('position-entry-components-41').textContent).toContain('模拟交易所 C');
    const close = history.getByTestId('position-close-components-41');
    expect(close.previousElementSibling?.textContent).toBe('平仓参考价');
    expect(close.textContent).toContain('模拟交易所 B计入95,001.00');
    expect(close.textContent).not.toContain('模拟交易所 C');
  });

  it('shows the config error with a retry', async () => {
    signIn(makeUser());
    handlers['GET /api/trading/perpetual/config'] = () =>
      jsonResponse({ success: false, message: '服务异常' }, 500);
    renderPage();
    expect(await screen.findByText('获取永续合约配置失败')).toBeTruthy();
    expect(screen.getByText('服务异常')).toBeTruthy();
    handlers['GET /api/trading/perpetual/config'] = () => ok(CONFIG);
    fireEvent.click(screen.getByTestId('load-error-retry'));
    expect(await screen.findByTestId('perpetual-order-form')).toBeTruthy();
  });

  it("shows the mark price beside the last price, to the pair's precision", async () => {
    signIn(makeUser());
    renderPage();
    await waitFor(() =>
      expect(screen.getByTestId('perpetual-mark-price').textContent).toBe('标记价格 50,012.35'),
    );
    expect(screen.getByTestId('trade-last-price').textContent).toMatch(/^50,500\.00/);
  });

  it('shows the predicted funding rate and counts down to the next funding instant', async () => {
    signIn(makeUser());
    renderPage();
    await waitFor(() => expect(screen.getByTestId('perpetual-funding-rate').textContent).toBe('+0.0125%'));
    // 1 h 2 min 3 s less the moments the reply took to show (a loaded machine may take seconds).
    await waitFor(() =>
      expect(screen.getByTestId('perpetual-funding-countdown').textContent).toMatch(/^01:0[12]:[0-5]\d$/),
    );
  });

  it('lists what each position paid and received under 资金费用', async () => {
    signIn(makeUser());
    const payment = (funding_at: string, side: 'long' | 'short', amount: string, liquidated = false) => ({
      liquidated,
      position_id: 41,
      symbol: 'BTCUSDT',
      side,
      funding_at,
      rate: '0.0001',
      mark_price: '50000',
      quantity: '0.02',
      amount,
    });
    handlers['GET /api/trading/perpetual/funding-history'] = () =>
      ok({
        payments: [
          payment(LATER, 'long', '-0.1'),
          payment(AT, 'short', '0.05'),
          payment('2025-12-31T16:00:00.000Z', 'long', '0', true),
        ],
        pagination: pagination(3),
      });
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: '资金费用' }));
    await screen.findByTestId('funding-history');
    expect(screen.getByTestId(`funding-amount-41-${LATER}`).textContent).toBe('-0.10 USDT');
    expect(screen.getByTestId(`funding-amount-41-${AT}`).textContent).toBe('+0.05 USDT');
    expect(screen.getByTestId(`funding-payment-41-${LATER}`).textContent).toContain('+0.0100%');
    expect(screen.getByTestId(`funding-payment-41-${LATER}`).textContent).toContain('支付');
    // A payment the margin could not cover liquidated the position instead of being paid.
    const liquidated = screen.getByTestId('funding-payment-41-2025-12-31T16:00:00.000Z');
    expect(liquidated.textContent).toContain('保证金不足支付资金费用，仓位已强平');
  });

  it('sets a take-profit and a stop-loss after checking them, one request per tap', async () => {
    signIn(makeUser());
    open = [position()];
    handlers['POST /api/trading/perpetual/tpsl/41'] = (call) => {
      open = [position(call.body as Partial<PerpetualPosition>)];
      return positionReply(open[0] as PerpetualPosition, '止盈止损已设置');
    };
    renderPage();
    await screen.findByTestId('position-41');
    expect(screen.getByTestId('position-tp-41').textContent).toBe('未设置');
    fireEvent.click(screen.getByTestId('position-tpsl-41'));
    const tp = await screen.findByTestId('tpsl-take-profit');
    const sl = screen.getByTestId('tpsl-stop-loss');

    // '-5' is refused as typed, at once; a price on the wrong side on 确定; nothing is sent.
    fireEvent.change(tp, { target: { value: '-5' } });
    expect(screen.getByTestId('tpsl-take-profit-problem').textContent).toBe('止盈价不能为负数');
    fireEvent.change(tp, { target: { value: '49000' } });
    fireEvent.change(sl, { target: { value: '45000' } });
    expect(screen.queryByTestId('tpsl-take-profit-problem')).toBeNull();
    fireEvent.click(screen.getByTestId('tpsl-save'));
    expect(screen.getByTestId('tpsl-take-profit-problem').textContent).toBe(
      '做多仓位的止盈价必须高于开仓价 50000',
    );
    expect(screen.getByTestId('tpsl-stop-loss-problem').textContent).toBe(
      '做多仓位的止损价必须高于强平价，最低可设 45226.14',
    );
    fireEvent.change(tp, { target: { value: '55000.123' } });
    expect(screen.getByTestId('tpsl-take-profit-problem').textContent).toBe('止盈价最多 2 位小数');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(tp, { target: { value: '55000' } });
    fireEvent.change(sl, { target: { value: '48000' } });
    // 0.02 BTC from 50,000: +100 at the take-profit, −40 at the stop-loss.
    expect(screen.getByTestId('tpsl-dialog').textContent).toContain('预计盈亏 +100.00 USDT');
    expect(screen.getByTestId('tpsl-dialog').textContent).toContain('预计盈亏 -40.00 USDT');
    fireEvent.click(screen.getByTestId('tpsl-save'));
    fireEvent.click(screen.getByTestId('tpsl-save'));
    await waitFor(() => expect(screen.getByTestId('position-tp-41').textContent).toBe('55,000.00'));
    expect(screen.getByTestId('position-sl-41').textContent).toBe('48,000.00');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ take_profit_price: '55000', stop_loss_price: '48000' });
    expect(keyOf(posts[0])).toMatch(UUID);
    await waitFor(() => expect(screen.queryByTestId('tpsl-dialog')).toBeNull());
  });

  it("cancels both with 全部取消, and shows the server's refusal", async () => {
    signIn(makeUser());
    open = [position({ take_profit_price: '55000', stop_loss_price: null })];
    let refuse = true;
    handlers['POST /api/trading/perpetual/tpsl/41'] = (call) => {
      if (refuse) return jsonResponse({ success: false, message: '仓位已平仓' }, 409);
      open = [position(call.body as Partial<PerpetualPosition>)];
      return positionReply(open[0] as PerpetualPosition, '止盈止损已取消');
    };
    renderPage();
    await screen.findByTestId('position-41');
    expect(screen.getByTestId('position-tp-41').textContent).toBe('55,000.00');
    fireEvent.click(screen.getByTestId('position-tpsl-41'));
    expect(((await screen.findByTestId('tpsl-take-profit')) as HTMLInputElement).value).toBe('55000');
    fireEvent.click(screen.getByTestId('tpsl-cancel-all'));
    expect(await screen.findByText('仓位已平仓')).toBeTruthy();
    refuse = false;
    fireEvent.click(screen.getByTestId('tpsl-cancel-all'));
    await waitFor(() => expect(screen.getByTestId('position-tp-41').textContent).toBe('未设置'));
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.body)).toEqual([
      { take_profit_price: null, stop_loss_price: null },
      { take_profit_price: null, stop_loss_price: null },
    ]);
  });

  it('adds margin: checks the amount, previews the new liquidation price, sends one request', async () => {
    signIn(makeUser());
    open = [position()];
    handlers['POST /api/trading/perpetual/margin/41'] = () => {
      open = [position({ margin: '150', margin_added: '50', liquidation_price: '42713.567839195979899497' })];
      balance = '950';
      return positionReply(open[0] as PerpetualPosition, '保证金已追加');
    };
    renderPage();
    await screen.findByTestId('position-41');
    fireEvent.click(screen.getByTestId('position-add-margin-41'));
    const amount = await screen.findByTestId('margin-amount');
    await waitFor(() =>
      expect(screen.getByTestId('margin-available').textContent).toBe('可用 1,000.00 USDT'),
    );

    fireEvent.change(amount, { target: { value: '-5' } });
    expect(screen.getByTestId('margin-problem').textContent).toBe('追加保证金金额不能为负数');
    fireEvent.change(amount, { target: { value: '1.001' } });
    expect(screen.getByTestId('margin-problem').textContent).toBe('追加保证金金额最多保留 2 位小数');
    fireEvent.change(amount, { target: { value: '2000' } });
    expect(screen.getByTestId('margin-problem').textContent).toBe('可用余额不足：可用 1,000.00 USDT');
    fireEvent.click(screen.getByTestId('margin-save'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(amount, { target: { value: '50' } });
    expect(screen.queryByTestId('margin-problem')).toBeNull();
    expect(screen.getByTestId('margin-after').textContent).toBe('150.00 USDT');
    // 0.02 BTC from 50,000 on 150: 50,000 × (1 − 150/1000) / 0.995, floored.
    expect(screen.getByTestId('margin-after-liquidation').textContent).toBe('42,713.57');
    expect(screen.getByTestId('margin-after-leverage').textContent).toBe('6.66x');
    fireEvent.click(screen.getByTestId('margin-save'));
    fireEvent.click(screen.getByTestId('margin-save'));
    await waitFor(() => expect(screen.getByTestId('position-margin-41').textContent).toBe('150.00'));
    expect(screen.getByTestId('position-liquidation-41').textContent).toBe('42,713.57');
    expect(screen.getByTestId('position-41').textContent).toContain('已追加保证金 50.00');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.url.pathname).toBe('/api/trading/perpetual/margin/41');
    expect(posts[0]?.body).toEqual({ amount: '50' });
    expect(keyOf(posts[0])).toMatch(UUID);
    await waitFor(() =>
      expect(screen.getByTestId('perpetual-available').textContent).toBe('可用 950.00 USDT'),
    );
  });

  it('tells the user when a take-profit closed a position, with what it realised', async () => {
    signIn(makeUser());
    open = [position({ take_profit_price: '55000' })];
    renderPage();
    await screen.findByTestId('position-41');
    await waitFor(() => expect(fakeSockets.length).toBeGreaterThan(0));
    open = [];
    const closedBy = position({
      ...CLOSED,
      take_profit_price: '55000',
      close_reason: 'take_profit',
      close_price: '55010',
      realised_pnl: '100.2',
    });
    for (const socket of fakeSockets)
      socket.receive('trading:order', { order: { id: 41, product: 'perpetual' }, position: closedBy });
    expect(await screen.findByText('止盈已触发')).toBeTruthy();
    expect(screen.queryByText('仓位已强平')).toBeNull();
    const result = await screen.findByTestId('close-result');
    expect(result.textContent).toContain('止盈平仓 BTCUSDT 做多 10x');
    expect(result.textContent).toContain('标记价格触及止盈价 55,000.00');
    await waitFor(() => expect(screen.queryByTestId('position-41')).toBeNull());
  });
});

describe('PerpetualPage in English', () => {
  it('asks a guest to log in', async () => {
    applyLanguage('en');
    renderPage('/trade/perpetual');
    expect(await screen.findByText('Log in to trade perpetuals')).toBeTruthy();
    expect(chineseIn(screen.getByTestId('perpetual-login-prompt'))).toEqual([]);
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('shows the form, the tabs, a position with its dialogs, the orders, the history and the funding', async () => {
    applyLanguage('en');
    signIn(makeUser());
    open = [position({ take_profit_price: '55000', margin_added: '10' })];
    waiting = [limitOrder({ side: 'short', price: '52000' })];
    handlers['GET /api/trading/kline'] = () => ok({ symbol: 'BTCUSDT', interval: '15m', klines: [] });
    handlers['GET /api/trading/perpetual/positions'] = (call) => {
      const list =
        call.url.searchParams.get('status') === 'closed' ? [{ ...CLOSED, close_source: 'okx' }] : open;
      return ok({ positions: list, pagination: pagination(list.length) });
    };
    handlers['GET /api/trading/perpetual/funding-history'] = () =>
      ok({
        payments: [
          {
            liquidated: false,
            position_id: 41,
            symbol: 'BTCUSDT',
            side: 'long',
            funding_at: AT,
            rate: '0.0001',
            mark_price: '50000',
            quantity: '0.02',
            amount: '-0.1',
          },
        ],
        pagination: pagination(1),
      });
    renderPage();
    const card = await screen.findByTestId('position-41');
    await waitFor(() =>
      expect(screen.getByTestId('perpetual-available').textContent).toBe('Available 1,000.00 USDT'),
    );
    await waitFor(() =>
      expect(screen.getByTestId('perpetual-mark-price').textContent).toBe('Mark price 50,012.35'),
    );
    await waitFor(() => expect(screen.getByTestId('perpetual-funding-rate').textContent).toBe('+0.0125%'));
    expect(screen.getByTestId('perpetual-funding').textContent).toMatch(/^Funding rate \+0\.0125%/);
    expect(screen.getByRole('tab', { name: 'Positions (1)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Open orders (1)' })).toBeTruthy();
    expect(within(card).getByText('Long')).toBeTruthy();
    expect(card.textContent).toContain('Unrealized PnL (USDT)');
    expect(card.textContent).toContain('Liquidation price');
    expect(screen.getByTestId('position-sl-41').textContent).toBe('Not set');
    fireEvent.change(screen.getByTestId('perpetual-margin'), { target: { value: '100' } });
    await waitFor(() =>
      expect(screen.getByTestId('perpetual-preview-liquidation').textContent).toBe('45,678.39'),
    );
    expect(screen.getByTestId('perpetual-submit').textContent).toBe('Open long BTCUSDT');
    await screen.findByTestId('perpetual-chart-empty');
    // The header (product switch, pair) is the shared trade screens' (shared/TradeHeader); its mark price
    // and funding rate, this screen's, are checked above.
    const header = screen.getByTestId('trade-header').textContent ?? '';
    const pageText = (screen.getByTestId('perpetual-page').textContent ?? '').replace(header, '');
    expect(chineseIn(pageText)).toEqual([]);

    fireEvent.click(screen.getByTestId('position-close-41'));
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('Close BTCUSDT Long 10x at market?');
    expect(chineseIn(dialog)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByTestId('position-tpsl-41'));
    const tpsl = await screen.findByTestId('tpsl-dialog');
    expect(chineseIn(tpsl.closest('.ant-modal'))).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'Take profit price' })).toBeTruthy();
    fireEvent.change(screen.getByTestId('tpsl-take-profit'), { target: { value: '55000.123' } });
    expect(screen.getByTestId('tpsl-take-profit-problem').textContent).toBe(
      'The take profit price may have at most 2 decimal places',
    );
    // The footer's 关闭 / Close (antd's corner ✕ is named Close as well).
    fireEvent.click(within(tpsl.closest('.ant-modal') as HTMLElement).getByText('Close'));
    await waitFor(() => expect(screen.queryByTestId('tpsl-dialog')).toBeNull());

    fireEvent.click(screen.getByTestId('position-add-margin-41'));
    const margin = await screen.findByTestId('margin-dialog');
    fireEvent.change(screen.getByTestId('margin-amount'), { target: { value: '2000' } });
    expect(screen.getByTestId('margin-problem').textContent).toBe(
      'Insufficient available balance: 1,000.00 USDT available',
    );
    expect(chineseIn(margin.closest('.ant-modal'))).toEqual([]);
    fireEvent.click(
      within(margin.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(screen.queryByTestId('margin-dialog')).toBeNull());

    fireEvent.click(screen.getByRole('tab', { name: 'Open orders (1)' }));
    const order = await screen.findByTestId('limit-order-77');
    expect(order.textContent).toContain('Short 10x');
    expect(chineseIn(order)).toEqual([]);
    fireEvent.click(screen.getByTestId('limit-order-cancel-77'));
    const cancel = await confirmDialog();
    expect(chineseIn(cancel)).toEqual([]);
    fireEvent.click(within(cancel).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByRole('tab', { name: 'Position history' }));
    const history = await screen.findByTestId('position-history');
    expect(screen.getByTestId('history-source-41').textContent).toMatch(/^Close price source OKX/);
    expect(chineseIn(history)).toEqual([]);

    fireEvent.click(screen.getByRole('tab', { name: 'Funding history' }));
    const funding = await screen.findByTestId('funding-history');
    expect(funding.textContent).toContain('Paid');
    expect(chineseIn(funding)).toEqual([]);
  });

  it("words the TP/SL and added margin's refusals in English", async () => {
    applyLanguage('en');
    signIn(makeUser());
    open = [position()];
    renderPage();
    await screen.findByTestId('position-41');
    fireEvent.click(screen.getByTestId('position-tpsl-41'));
    const tp = await screen.findByTestId('tpsl-take-profit');
    const sl = screen.getByTestId('tpsl-stop-loss');
    fireEvent.change(tp, { target: { value: '-5' } });
    expect(screen.getByTestId('tpsl-take-profit-problem').textContent).toBe(
      'The take profit price cannot be negative',
    );
    fireEvent.change(sl, { target: { value: 'abc' } });
    expect(screen.getByTestId('tpsl-stop-loss-problem').textContent).toBe(
      'The stop loss price is not a valid number (e.g. 12.5)',
    );
    fireEvent.change(tp, { target: { value: '49000' } });
    fireEvent.change(sl, { target: { value: '45000' } });
    fireEvent.click(screen.getByTestId('tpsl-save'));
    expect(screen.getByTestId('tpsl-take-profit-problem').textContent).toBe(
      'A long’s take profit price must be above the entry price 50000',
    );
    expect(screen.getByTestId('tpsl-stop-loss-problem').textContent).toBe(
      'A long’s stop loss price must be above the liquidation price; the lowest allowed is 45226.14',
    );
    fireEvent.change(sl, { target: { value: '51000' } });
    expect(screen.getByTestId('tpsl-stop-loss-problem').textContent).toBe(
      'A long’s stop loss price must be below the entry price 50000',
    );
    const tpslModal = screen.getByTestId('tpsl-dialog').closest('.ant-modal');
    expect(chineseIn(tpslModal)).toEqual([]);
    fireEvent.click(within(tpslModal as HTMLElement).getByText('Close'));
    await waitFor(() => expect(screen.queryByTestId('tpsl-dialog')).toBeNull());

    fireEvent.click(screen.getByTestId('position-add-margin-41'));
    const amount = await screen.findByTestId('margin-amount');
    fireEvent.change(amount, { target: { value: '-5' } });
    expect(screen.getByTestId('margin-problem').textContent).toBe('The margin to add cannot be negative');
    fireEvent.change(amount, { target: { value: '1.001' } });
    expect(screen.getByTestId('margin-problem').textContent).toBe(
      'The margin to add may have at most 2 decimal places',
    );
    expect(chineseIn(screen.getByTestId('margin-dialog').closest('.ant-modal'))).toEqual([]);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows what a close paid, and a take-profit that closed a position', async () => {
    applyLanguage('en');
    signIn(makeUser());
    open = [position(), position({ id: 42, take_profit_price: '55000' })];
    handlers['POST /api/trading/perpetual/close/41'] = () => {
      open = open.filter((p) => p.id !== 41);
      return positionReply({ ...CLOSED, close_source: 'okx' }, 'Position closed');
    };
    renderPage();
    await screen.findByTestId('position-41');
    fireEvent.click(screen.getByTestId('position-close-41'));
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Confirm close' }));
    const result = await screen.findByTestId('close-result');
    expect(result.textContent).toContain('Closed BTCUSDT Long 10x');
    expect(chineseIn(result)).toEqual([]);

    await waitFor(() => expect(fakeSockets.length).toBeGreaterThan(0));
    const closedBy = position({
      ...CLOSED,
      id: 42,
      take_profit_price: '55000',
      close_reason: 'take_profit',
      close_price: '55010',
      close_source: 'okx',
      realised_pnl: '100.2',
    });
    open = [];
    for (const socket of fakeSockets)
      socket.receive('trading:order', { order: { id: 42, product: 'perpetual' }, position: closedBy });
    expect(await screen.findByText('Take profit triggered')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('close-result').textContent).toContain(
        'Mark price reached the take profit price 55,000.00',
      ),
    );
    expect(chineseIn(screen.getByTestId('close-result'))).toEqual([]);
  });
});
