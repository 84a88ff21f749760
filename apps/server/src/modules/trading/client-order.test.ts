import { TRADING_TEXTS } from '@platform/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiReply, api, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { testEngine } from '../../test/database.ts';
import { fundUser } from '../../test/money.ts';
import { assertLedgerOk } from '../reconciliation/ledger-check.ts';
import { setPrice } from './perpetual/perpetual.test-helpers.ts';
import { wallet } from './spot/spot.test-helpers.ts';
import { recordTick } from './testing/trading-fixtures.ts';
import { tradeOrders } from './trading.schema.ts';

/**
 * client_order_id (issue 18): a placement retried with the id of an earlier order returns that
 * order only when it asks for the same order; any other term (symbol, side, type, amount, price,
 * duration, level, margin, leverage) is 409 该 client_order_id 已用于另一笔订单, and nothing moves.
 */

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await assertLedgerOk(db());
  await t?.close();
});

type Placed = { order: { id: number; client_order_id: string | null } };
const place = (token: string, product: 'spot' | 'flash' | 'option' | 'perpetual', body: object) =>
  api<Placed>(t.app, 'POST', `/api/trading/${product}/order`, { token, body });

async function trader(usdt = '10000') {
  const u = await registerUser(t.app);
  await fundUser(db(), u.user.id, usdt);
  return { token: u.token, id: u.user.id };
}

const ordersOf = (userId: number) => db().select().from(tradeOrders).where(eq(tradeOrders.userId, userId));

function expectReused(res: ApiReply<Placed>, what: string) {
  expect(res.status, `${what}: ${res.body.message}`).toBe(409);
  expect(res.body.success).toBe(false);
  expect(res.body.message).toBe(TRADING_TEXTS.clientOrderIdReused);
  expect(res.body.message).toContain('该 client_order_id 已用于另一笔订单');
}

describe(`client_order_id reused for another order (${testEngine})`, () => {
  it('spot: the same order returns the first one; another symbol, side, type, amount, price or time in force is 409', async () => {
    const u = await trader('1000');
    const body = {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      amount: '0.01',
      price: '1000',
      client_order_id: 'spot-c1',
    };
    const first = await place(u.token, 'spot', body);
    expect(first.status, first.body.message).toBe(200);
    const funds = await wallet(db(), u.id, 'USDT');

    // The same order however written: the pair with a slash, 0.010, the default time in force.
    const same = await place(u.token, 'spot', {
      ...body,
      symbol: 'BTC/USDT',
      amount: '0.010',
      price: '1000.00',
      time_in_force: 'GTC',
    });
    expect(same.status).toBe(200);
    expect(same.body.data?.order.id).toBe(first.body.data?.order.id);

    const others: [string, object][] = [
      ['amount', { amount: '0.02' }],
      ['price', { price: '1001' }],
      ['side', { side: 'sell' }],
      ['symbol', { symbol: 'ETHUSDT' }],
      ['time in force', { time_in_force: 'IOC' }],
      ['type', { type: 'market', price: undefined }],
    ];
    for (const [what, change] of others)
      expectReused(await place(u.token, 'spot', { ...body, ...change }), what);
    expect(await ordersOf(u.id)).toHaveLength(1);
    expect(await wallet(db(), u.id, 'USDT')).toEqual(funds);
  });

  it('spot: two different orders with one id at once: one is placed, the other is 409', async () => {
    const u = await trader('1000');
    const body = {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '1000',
      client_order_id: 'spot-race',
    };
    const results = await Promise.all([
      place(u.token, 'spot', { ...body, amount: '0.01' }),
      place(u.token, 'spot', { ...body, amount: '0.02' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await ordersOf(u.id);
    expect(rows).toHaveLength(1);
    const placed = results.find((r) => r.status === 200);
    expect(rows[0]?.id).toBe(placed?.body.data?.order.id);
  });

  it('flash: another duration, direction, amount or symbol is 409; the same order is the first', async () => {
    const u = await trader('1000');
    await recordTick(db(), 'SOLUSDT', '190', Date.now());
    await recordTick(db(), 'BNBUSDT', '650', Date.now());
    const body = {
      symbol: 'SOLUSDT',
      direction: 'up',
      amount: '10',
      duration: 30,
      client_order_id: 'flash-c1',
    };
    const first = await place(u.token, 'flash', body);
    expect(first.status, first.body.message).toBe(200);
    const again = await place(u.token, 'flash', { ...body, amount: '10.00' });
    expect(again.body.data?.order.id).toBe(first.body.data?.order.id);
    for (const [what, change] of [
      ['duration', { duration: 60 }],
      ['direction', { direction: 'down' }],
      ['amount', { amount: '11' }],
      ['symbol', { symbol: 'BNBUSDT' }],
    ] as const) {
      expectReused(await place(u.token, 'flash', { ...body, ...change }), what);
    }
    expect(await ordersOf(u.id)).toHaveLength(1);
    expect(await wallet(db(), u.id, 'USDT')).toEqual({ available: '990', frozen: '10' });
  });

  it('option: another level, duration, direction or amount is 409; the same order is the first', async () => {
    const u = await trader('1000');
    await recordTick(db(), 'ETHUSDT', '3400', Date.now());
    const body = {
      symbol: 'ETHUSDT',
      direction: 'call',
      amount: '100',
      level: 1,
      duration: 60,
      client_order_id: 'option-c1',
    };
    const first = await place(u.token, 'option', body);
    expect(first.status, first.body.message).toBe(200);
    const again = await place(u.token, 'option', body);
    expect(again.body.data?.order.id).toBe(first.body.data?.order.id);
    for (const [what, change] of [
      ['level', { level: 2 }],
      ['duration', { duration: 180 }],
      ['direction', { direction: 'put' }],
      ['amount', { amount: '50' }],
    ] as const) {
      expectReused(await place(u.token, 'option', { ...body, ...change }), what);
    }
    expect(await ordersOf(u.id)).toHaveLength(1);
    expect(await wallet(db(), u.id, 'USDT')).toEqual({ available: '900', frozen: '100' });
  });

  it('perpetual: another margin, leverage or side is 409; the same order is the first', async () => {
    const u = await trader('1000');
    await setPrice(db(), 'BTCUSDT', '50000');
    const body = { symbol: 'BTCUSDT', side: 'long', margin: '20', leverage: 5, client_order_id: 'perp-c1' };
    const first = await place(u.token, 'perpetual', body);
    expect(first.status, first.body.message).toBe(200);
    const funds = await wallet(db(), u.id, 'USDT');
    const again = await place(u.token, 'perpetual', { ...body, margin: '20.0' });
    expect(again.body.data?.order.id).toBe(first.body.data?.order.id);
    for (const [what, change] of [
      ['margin', { margin: '30' }],
      ['leverage', { leverage: 10 }],
      ['side', { side: 'short' }],
    ] as const) {
      expectReused(await place(u.token, 'perpetual', { ...body, ...change }), what);
    }
    expect(await ordersOf(u.id)).toHaveLength(1);
    expect(await wallet(db(), u.id, 'USDT')).toEqual(funds);
  });
});
