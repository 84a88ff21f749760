import type { AdminOrder, AdminOrderStats } from '@platform/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { type Call, type Handler, keyOf, mockApi, ok, UUID } from '../../test/api.ts';
import { chineseIn } from '../../test/chinese.ts';
import { jsonResponse, makeOrder, makePair } from '../../test/fixtures.ts';
import { expectNoPager } from '../../test/pager.ts';
import { renderWithAntAt } from '../../test/render.tsx';
import OrdersPage from './OrdersPage.tsx';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

const GREEN = 'rgb(56, 158, 13)';
const RED = 'rgb(207, 19, 34)';

let calls: Call[];
let handlers: Record<string, Handler>;

function order(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    id: 1,
    user: { id: 7, email: 'alice@example.com', phone: '13800000000' },
    trading_pair: 'BTCUSDT',
    type: 'spot',
    side: 'buy',
    order_type: 'limit',
    amount: '0.5',
    amount_currency: 'BTC',
    base_currency: 'BTC',
    price: '49000.123456',
    quote_currency: 'USDT',
    filled_amount: '0',
    avg_price: null,
    quote_amount: '0',
    fee: '0',
    status: 'pending',
    cancelled_by: null,
    created_at: '2024-05-01T16:30:05.000Z',
    closed_at: null,
    outcome: null,
    pnl: null,
    ...overrides,
  };
}

const ORDERS: AdminOrder[] = [
  order(),
  order({
    id: 2,
    user: { id: 8, email: 'bob@example.com', phone: null },
    side: 'sell',
    order_type: 'market',
    amount: '0.02',
    price: null,
    avg_price: '51000',
    status: 'filled',
  }),
  order({
    id: 3,
    type: 'flash',
    side: 'up',
    order_type: null,
    amount: '20',
    amount_currency: 'USDT',
    price: '50100',
    status: 'pending',
  }),
  order({
    id: 4,
    trading_pair: 'ETHUSDT',
    base_currency: 'ETH',
    amount_currency: 'ETH',
    type: 'perpetual',
    side: 'short',
    order_type: null,
    amount: '1',
    price: '3000',
    status: 'filled',
  }),
  order({ id: 5, side: 'buy', status: 'partial', filled_amount: '0.1' }),
  order({ id: 6, type: 'option', side: 'put', order_type: null, amount: '10', amount_currency: 'USDT' }),
];

const STATS: AdminOrderStats = {
  totalOrders: 1234,
  todayOrders: 56,
  pendingOrders: 7,
  filledOrders: 1100,
  totalVolume: '9876543.21',
  todayVolume: '7090',
};

const listReply = (orders: AdminOrder[] = ORDERS, total = orders.length, page = 1) =>
  ok({ orders, pagination: { page, limit: 20, total, totalPages: Math.ceil(total / 20) }, stats: STATS });

beforeEach(() => {
  ({ calls, handlers } = mockApi({
    'GET /api/admin/orders': () => listReply(),
    'GET /api/admin/trading/pairs': () =>
      ok({
        pairs: [makePair('BTCUSDT', 'BTC', 'USDT'), makePair('ETHUSDT', 'ETH', 'USDT')],
        lastSyncTime: null,
      }),
  }));
});

const renderPage = (path = '/admin/trading/orders') => renderWithAntAt(<OrdersPage />, path);

const listCalls = () => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/admin/orders');
const lastQuery = () => Object.fromEntries(listCalls().at(-1)?.url.searchParams ?? []);
const row = (id: number) => screen.getByTestId(`order-row-${id}`);
const text = (id: string) => screen.getByTestId(id).textContent ?? '';
/** A statistic's value and its suffix, as a reader sees them: "1,234.50 USDT". */
const statistic = (id: string) => {
  const card = screen.getByTestId(id);
  const part = (name: string) => card.querySelector(`.ant-statistic-content-${name}`)?.textContent ?? '';
  return [part('prefix'), part('value'), part('suffix')].filter(Boolean).join(' ');
};

describe('OrdersPage', () => {
  it('shows the six cards and each order with its user, labels, colours, 4-decimal amounts and 市价', async () => {
    renderPage();
    await screen.findByTestId('order-row-1');
    expect(lastQuery()).toEqual({ page: '1', limit: '20' });

    expect(text('order-stat-totalOrders')).toContain('总订单数');
    expect(text('order-stat-totalOrders')).toContain('1,234');
    expect(text('order-stat-todayOrders')).toContain('56');
    expect(text('order-stat-pendingOrders')).toContain('待成交');
    expect(text('order-stat-pendingOrders')).toContain('7');
    expect(text('order-stat-filledOrders')).toContain('1,100');
    expect(statistic('order-stat-totalVolume')).toContain('9,876,543.21 USDT');
    expect(statistic('order-stat-todayVolume')).toContain('7,090.00 USDT');

    const first = row(1);
    expect(first.textContent).toContain('#1');
    expect(first.textContent).toContain('alice@example.com');
    expect(first.textContent).toContain('13800000000');
    expect(first.textContent).toContain('BTCUSDT');
    expect(first.textContent).toContain('现货');
    expect(first.textContent).toContain('限价');
    expect(first.textContent).toContain('0.5000 BTC');
    expect(text('order-price-1')).toBe('49,000.1235 USDT');
    expect(first.textContent).toContain('待成交');
    // 16:30:05 UTC is 00:30:05 the next day in Beijing.
    expect(first.textContent).toContain('2024-05-02');
    expect(first.textContent).toContain('00:30:05');
    expect(text('order-side-1')).toBe('买入');
    expect(screen.getByTestId('order-side-1').style.color).toBe(GREEN);

    expect(row(2).textContent).toContain('bob@example.com');
    expect(row(2).textContent).toContain('市价');
    expect(text('order-price-2')).toBe('市价');
    expect(row(2).textContent).toContain('0.0200 BTC');
    expect(row(2).textContent).toContain('已成交');
    expect(text('order-side-2')).toBe('卖出');
    expect(screen.getByTestId('order-side-2').style.color).toBe(RED);

    expect(row(3).textContent).toContain('秒合约');
    expect(row(3).textContent).toContain('20.0000 USDT');
    expect(text('order-side-3')).toBe('看涨');
    expect(screen.getByTestId('order-side-3').style.color).toBe(GREEN);
    expect(row(4).textContent).toContain('永续合约');
    expect(text('order-side-4')).toBe('做空');
    expect(screen.getByTestId('order-side-4').style.color).toBe(RED);
    expect(row(5).textContent).toContain('部分成交');
    expect(row(6).textContent).toContain('期权');
    expect(text('order-side-6')).toBe('看跌');

    expect(text('orders-page-text')).toBe('显示第 1 到 6 条，共 6 条订单');
    expect(screen.queryByTestId('orders-pagination')).toBeNull();
  });

  it('offers 撤单 only on open spot orders', async () => {
    renderPage();
    await screen.findByTestId('order-row-1');
    expect(screen.getByTestId('order-cancel-1')).toBeTruthy();
    expect(screen.getByTestId('order-cancel-5')).toBeTruthy();
    for (const id of [2, 3, 4, 6]) expect(screen.queryByTestId(`order-cancel-${id}`)).toBeNull();
  });

  it('filters by type and status through the address; 全部 removes the filter', async () => {
    const router = renderPage();
    await screen.findByTestId('order-row-1');
    expect(screen.getByTestId('orders-type-all').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByText('全部')).toHaveLength(2);
    for (const label of ['现货', '秒合约', '永续合约', '期权']) {
      expect(
        within(screen.getByTestId('orders-type-spot').parentElement as HTMLElement).getByText(label),
      ).toBeTruthy();
    }
    for (const label of ['待成交', '部分成交', '已成交', '已取消', '已过期']) {
      expect(
        within(screen.getByTestId('orders-status-pending').parentElement as HTMLElement).getByText(label),
      ).toBeTruthy();
    }

    handlers['GET /api/admin/orders'] = () => listReply([ORDERS[0] as AdminOrder, ORDERS[4] as AdminOrder]);
    fireEvent.click(screen.getByTestId('orders-type-spot'));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', limit: '20', type: 'spot' }));
    await waitFor(() => expect(screen.queryByTestId('order-row-3')).toBeNull());
    expect(router.state.location.search).toBe('?type=spot');
    expect(screen.getByTestId('orders-type-spot').getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByTestId('orders-status-partial'));
    await waitFor(() =>
      expect(lastQuery()).toEqual({ page: '1', limit: '20', type: 'spot', status: 'partial' }),
    );
    expect(router.state.location.search).toBe('?type=spot&status=partial');

    fireEvent.click(screen.getByTestId('orders-type-all'));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', limit: '20', status: 'partial' }));
    expect(router.state.location.search).toBe('?status=partial');
  });

  it('starts from the filters in the address and ignores unknown values', async () => {
    renderPage('/admin/trading/orders?type=option&status=expired&page=2');
    await screen.findByTestId('order-row-1');
    expect(listCalls()[0]?.url.search).toBe('?page=2&limit=20&type=option&status=expired');
    expect(screen.getByTestId('orders-status-expired').getAttribute('aria-pressed')).toBe('true');

    calls.length = 0;
    renderPage('/admin/trading/orders?type=futures&status=done&page=-3');
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    expect(listCalls()[0]?.url.search).toBe('?page=1&limit=20');
  });

  it('filters by pair, user and days from the address and the search field; bad values read as no filter', async () => {
    const router = renderPage('/admin/trading/orders?symbol=BTCUSDT&dateFrom=2026-12-01&dateTo=2026-12-06');
    await screen.findByTestId('order-row-1');
    expect(lastQuery()).toEqual({
      page: '1',
      limit: '20',
      symbol: 'BTCUSDT',
      dateFrom: '2026-12-01',
      dateTo: '2026-12-06',
    });
    fireEvent.change(screen.getByTestId('orders-search'), { target: { value: ' bob@example.com ' } });
    fireEvent.click(screen.getByTestId('orders-search-submit'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ search: 'bob@example.com', symbol: 'BTCUSDT' }));
    expect(router.state.location.search).toContain('search=bob%40example.com');

    calls.length = 0;
    renderPage('/admin/trading/orders?symbol=not%20a%20pair&dateFrom=2026-02-30');
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    expect(lastQuery()).toEqual({ page: '1', limit: '20' });
  });

  it('shows a settled contract as won or lost with what the user made, coloured', async () => {
    handlers['GET /api/admin/orders'] = () =>
      listReply([
        order({ id: 31, type: 'flash', side: 'up', status: 'filled', outcome: 'win', pnl: '10' }),
        order({ id: 32, type: 'option', side: 'put', status: 'filled', outcome: 'loss', pnl: '-100' }),
        order({ id: 33, type: 'flash', side: 'down', status: 'filled', outcome: 'draw', pnl: '0' }),
      ]);
    renderPage();
    await screen.findByTestId('order-row-31');
    expect(text('order-result-31')).toBe('盈利 +10.00');
    expect(screen.getByTestId('order-result-31').style.color).toBe(GREEN);
    expect(text('order-result-32')).toBe('亏损 -100.00');
    expect(screen.getByTestId('order-result-32').style.color).toBe(RED);
    expect(text('order-result-33')).toBe('平局');
    expect(screen.queryByTestId('order-result-1')).toBeNull();
  });

  it("?user_id (用户详情's link) lists one user's orders, says so, and × lists every user again", async () => {
    const router = renderPage('/admin/trading/orders?user_id=7&status=pending');
    await screen.findByTestId('order-row-1');
    expect(lastQuery()).toEqual({ page: '1', limit: '20', status: 'pending', user_id: '7' });
    const tag = screen.getByTestId('user-filter');
    expect(tag.textContent).toBe('仅显示用户 #7 的记录');
    const close = tag.querySelector('.ant-tag-close-icon');
    if (!close) throw new Error('the tag has no ×');
    fireEvent.click(close);
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', limit: '20', status: 'pending' }));
    expect(router.state.location.search).toBe('?status=pending');
    expect(screen.queryByTestId('user-filter')).toBeNull();

    calls.length = 0;
    renderPage('/admin/trading/orders?user_id=abc');
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    expect(lastQuery()).toEqual({ page: '1', limit: '20' });
  });

  it('pages 20 at a time and says which rows of how many are shown', async () => {
    handlers['GET /api/admin/orders'] = (call) => {
      const page = Number(call.url.searchParams.get('page'));
      return listReply(
        ORDERS.map((o) => ({ ...o, id: o.id + (page - 1) * 100 })),
        45,
        page,
      );
    };
    const router = renderPage('/admin/trading/orders?status=pending');
    await screen.findByTestId('order-row-1');
    expect(text('orders-page-text')).toBe('显示第 1 到 20 条，共 45 条订单');
    const pager = screen.getByTestId('orders-pagination');
    fireEvent.click(within(pager).getByText('2'));
    await screen.findByTestId('order-row-101');
    expect(lastQuery()).toEqual({ page: '2', limit: '20', status: 'pending' });
    expect(router.state.location.search).toBe('?status=pending&page=2');
    expect(text('orders-page-text')).toBe('显示第 21 到 40 条，共 45 条订单');

    // A filter change goes back to page 1.
    fireEvent.click(screen.getByTestId('orders-type-flash'));
    await waitFor(() =>
      expect(lastQuery()).toEqual({ page: '1', limit: '20', type: 'flash', status: 'pending' }),
    );
  });

  it('cancels an open spot order after a confirmation, with an optional reason, then reloads', async () => {
    handlers['POST /api/admin/orders/1/cancel'] = () =>
      ok(
        {
          // Order 1 as the spot engine returns it once cancelled: a GTC limit buy, nothing filled.
          order: makeOrder({
            type: 'limit',
            time_in_force: 'GTC',
            amount: '0.5',
            price: '49000.123456',
            filled_amount: '0',
            avg_price: null,
            quote_amount: '0',
            fee: '0',
            status: 'cancelled',
            expires_at: '2024-05-31T16:30:05.000Z',
            created_at: '2024-05-01T16:30:05.000Z',
            updated_at: '2024-05-02T02:00:00.000Z',
            closed_at: '2024-05-02T02:00:00.000Z',
          }),
        },
        '订单已撤销',
      );
    renderPage();
    await screen.findByTestId('order-row-1');
    const before = listCalls().length;

    fireEvent.click(screen.getByTestId('order-cancel-1'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确认撤销该订单吗？')).toBeTruthy();
    expect(dialog.textContent).toContain('#1');
    expect(dialog.textContent).toContain('alice@example.com');
    // Dismissing does nothing.
    fireEvent.click(screen.getByTestId('order-cancel-dismiss'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByTestId('order-cancel-1'));
    fireEvent.change(await screen.findByTestId('order-cancel-reason'), { target: { value: '  用户申请  ' } });
    fireEvent.click(screen.getByTestId('order-cancel-ok'));
    expect(await screen.findByText('订单已撤销')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url.pathname).toBe('/api/admin/orders/1/cancel');
    expect(post?.body).toEqual({ reason: '用户申请' });
    expect(keyOf(post)).toMatch(UUID);
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
  });

  it('sends no reason when none is given, and shows the server message when the cancel is refused', async () => {
    handlers['POST /api/admin/orders/5/cancel'] = () =>
      jsonResponse({ success: false, message: '订单已成交或已取消，无法撤销' }, 409);
    renderPage();
    await screen.findByTestId('order-row-5');
    const before = listCalls().length;
    fireEvent.click(screen.getByTestId('order-cancel-5'));
    await screen.findByTestId('order-cancel-reason');
    fireEvent.click(screen.getByTestId('order-cancel-ok'));
    expect(await screen.findByText('订单已成交或已取消，无法撤销')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({});
    // The list reloads so that the row shows what really happened.
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
  });

  it('replaces the page with 获取订单列表失败 and retries', async () => {
    handlers['GET /api/admin/orders'] = () => jsonResponse({ success: false, message: '参数错误' }, 400);
    renderPage();
    const view = await screen.findByTestId('load-error');
    expect(within(view).getByText('获取订单列表失败')).toBeTruthy();
    expect(screen.queryByTestId('orders-page')).toBeNull();
    handlers['GET /api/admin/orders'] = () => listReply();
    fireEvent.click(screen.getByTestId('load-error-retry'));
    expect(await screen.findByTestId('order-row-1')).toBeTruthy();
  });

  it('shows 暂无订单 for an empty list', async () => {
    handlers['GET /api/admin/orders'] = () => listReply([]);
    renderPage();
    expect(await screen.findByText('暂无订单')).toBeTruthy();
    expectNoPager('orders');
  });

  it('in English: cards, filters, columns, rows and the cancel dialog, with no Chinese', async () => {
    applyLanguage('en');
    handlers['POST /api/admin/orders/1/cancel'] = () =>
      jsonResponse({ success: false, message: 'Refused' }, 409);
    renderPage();
    await screen.findByTestId('order-row-1');
    expect(text('order-stat-totalOrders')).toContain('Total orders');
    expect(text('order-stat-todayVolume')).toContain('Volume today');
    expect(text('orders-type-perpetual')).toBe('Perpetual');
    expect(text('orders-status-partial')).toBe('Partially filled');
    expect(screen.getByRole('columnheader', { name: 'Order ID' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Status / Result' })).toBeTruthy();
    expect(text('order-side-4')).toBe('Short');
    expect(text('order-price-2')).toBe('Market');
    expect(within(row(1)).getByText('Limit')).toBeTruthy();
    expect(within(row(6)).getByText('Options')).toBeTruthy();
    expect(within(row(1)).getByText('Cancel')).toBeTruthy();
    // The shell's 刷新 and the date filter's buttons are shared components, not this page's.
    const shared = [text('orders-refresh')];
    const pageText = shared.reduce((all, part) => all.replace(part, ''), text('orders-page'));
    expect(chineseIn(pageText)).toEqual([]);

    fireEvent.click(screen.getByTestId('order-cancel-1'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Cancel this order?')).toBeTruthy();
    expect(dialog.textContent).toContain('Spot · Buy');
    expect(chineseIn(dialog)).toEqual([]);
    fireEvent.click(screen.getByTestId('order-cancel-dismiss'));
  });

  it('in English: an empty list says so', async () => {
    applyLanguage('en');
    handlers['GET /api/admin/orders'] = () => listReply([]);
    renderPage();
    expect(await screen.findByText('No orders')).toBeTruthy();
  });
});
