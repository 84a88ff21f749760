import type { AdminOrdersData, TradeOrder } from '@platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../../test/app.ts';
import { fundUser } from '../../../test/money.ts';
import { createFlashEngine } from '../flash/flash.engine.ts';
import { recordTick, testTradingDeps } from '../testing/trading-fixtures.ts';

/**
 * 订单管理's filters by pair, user and day, and the win/loss of flash contracts, over orders placed
 * through the engines (the flash calls, settled by the flash engine; spot market orders on the app's
 * own market) rather than rows written by hand.
 */

let t: TestApp;
let adminToken: string;
const alice = { id: 0, email: '', token: '' };
const bob = { id: 0, email: '', token: '' };
const placed: Record<'win' | 'loss' | 'spot', number> = { win: 0, loss: 0, spot: 0 };

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await createAdmin(t, 'admin')).token;
  for (const who of [alice, bob]) {
    const reg = await registerUser(t.app);
    Object.assign(who, { id: reg.user.id, email: reg.user.email, token: reg.token });
    await fundUser(t.database.db, reg.user.id, '10000');
  }
  const db = t.database.db;
  const now = Date.now();
  await recordTick(db, 'ADAUSDT', '1', now);
  await recordTick(db, 'XRPUSDT', '2', now);
  const flash = async (symbol: string) => {
    const res = await api<{ order: TradeOrder }>(t.app, 'POST', '/api/trading/flash/order', {
      token: alice.token,
      body: { symbol, direction: 'up', amount: '100', duration: 30 },
    });
    expect(res.status, res.body.message).toBe(200);
    return res.body.data?.order as TradeOrder;
  };
  const win = await flash('ADAUSDT');
  const loss = await flash('XRPUSDT');
  const expiry = Date.parse(win.expires_at as string);
  await recordTick(db, 'ADAUSDT', '1.1', expiry);
  await recordTick(db, 'XRPUSDT', '1.9', Date.parse(loss.expires_at as string));
  const settleAt = Math.max(expiry, Date.parse(loss.expires_at as string)) + 1000;
  await createFlashEngine(testTradingDeps(db, { now: () => settleAt })).settleDueContracts(
    new Date(settleAt),
  );

  const spot = await api<{ order: TradeOrder }>(t.app, 'POST', '/api/trading/spot/order', {
    token: bob.token,
    body: { symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '0.0001' },
  });
  expect(spot.status, spot.body.message).toBe(200);
  Object.assign(placed, { win: win.id, loss: loss.id, spot: spot.body.data?.order.id });
});
afterAll(() => t?.close());

const list = async (query: string) => {
  const res = await api<AdminOrdersData>(t.app, 'GET', `/api/admin/orders?limit=100&${query}`, {
    token: adminToken,
  });
  return { status: res.status, message: res.body.message, data: res.body.data as AdminOrdersData };
};
const ids = (data: AdminOrdersData) => data.orders.map((o) => o.id);
/** Today and yesterday as Beijing calendar days. */
const beijingDay = (offsetDays = 0) =>
  new Date(Date.now() + 8 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('订单管理: filters by pair, user and day; win/loss of flash and option', () => {
  it('shows each settled contract as won or lost with its P&L, nothing for a spot order', async () => {
    const { data } = await list('');
    const byId = new Map(data.orders.map((o) => [o.id, o]));
    expect(byId.get(placed.win)).toMatchObject({ outcome: 'win', pnl: '10' });
    expect(byId.get(placed.loss)).toMatchObject({ outcome: 'loss', pnl: '-100' });
    expect(byId.get(placed.spot)).toMatchObject({ outcome: null, pnl: null });
  });

  it('filters by pair as typed (btc/usdt), with the total of the filtered list', async () => {
    const { data } = await list('symbol=btc/usdt');
    expect(ids(data)).toEqual([placed.spot]);
    expect(data.pagination.total).toBe(1);
    expect(data.stats.totalOrders).toBe(3); // the cards stay over every order
    expect(ids((await list('symbol=ADAUSDT&type=flash')).data)).toEqual([placed.win]);
    expect((await list('symbol=DOGEUSDT')).data.pagination).toMatchObject({ total: 0, totalPages: 0 });
  });

  it('filters by the user: e-mail, part of it, or the user id', async () => {
    expect(ids((await list(`search=${encodeURIComponent(alice.email)}`)).data)).toEqual([
      placed.loss,
      placed.win,
    ]);
    expect(ids((await list(`search=${bob.id}`)).data)).toEqual([placed.spot]);
    expect((await list(`search=${bob.id}&symbol=ADAUSDT`)).data.pagination.total).toBe(0);
  });

  it('filters by Beijing days of creation, both ends included', async () => {
    const today = beijingDay();
    expect((await list(`dateFrom=${today}&dateTo=${today}`)).data.pagination.total).toBe(3);
    expect((await list(`dateTo=${beijingDay(-1)}`)).data.pagination.total).toBe(0);
    expect((await list(`dateFrom=${beijingDay(1)}`)).data.orders).toEqual([]);
  });

  it('refuses a malformed pair, day or range in Chinese, 400', async () => {
    for (const [query, message] of [
      ['symbol=%21%21', '交易对格式不正确'],
      ['dateFrom=2030-02-30', '日期不存在'],
      ['dateFrom=2030-1-1', '日期格式应为 YYYY-MM-DD'],
      [`dateFrom=${beijingDay()}&dateTo=${beijingDay(-1)}`, '开始日期不能晚于结束日期'],
      [`search=${'x'.repeat(201)}`, undefined],
    ] as const) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      if (message) expect(res.message, query).toContain(message);
      else expect(res.message, query).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});
