import type { OrderBook } from '@platform/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../core/errors.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { fundUser } from '../../../test/money.ts';
import { assertLedgerOk } from '../../reconciliation/ledger-check.ts';
import { testTradingDeps } from '../testing/trading-fixtures.ts';
import { createSpotEngine, type SpotEngineOptions } from './spot.engine.ts';
import { body, makeBook, ordersOfUser, quickUser, wallet } from './spot.test-helpers.ts';

/**
 * Market orders placed at the same moment are written together (core/group-commit.ts): each caller
 * still gets exactly what it would have got alone, including its own refusal, and the ledger holds.
 */
let t: TestApp;
const db = () => t.database.db;
const clock = Date.parse('2031-03-01T08:00:00.000Z');
const books: Record<string, OrderBook> = {
  ETHUSDT: makeBook('ETHUSDT', clock, { asks: [['3000', '1000']], bids: [['2990', '1000']] }),
};

function engine(options: SpotEngineOptions = {}) {
  const deps = testTradingDeps(db(), { now: () => clock, books });
  return createSpotEngine({ ...deps, realtime: { toUser: vi.fn(), toAdmins() {} } }, options);
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await assertLedgerOk(t.database.db);
  await t.close();
});

async function user(funds: Record<string, string>) {
  const id = await quickUser(db());
  for (const [currency, amount] of Object.entries(funds)) await fundUser(db(), id, amount, currency);
  return id;
}

const buy = (amount: string, extra: Record<string, unknown> = {}) =>
  body({ symbol: 'ETHUSDT', side: 'buy', type: 'market', amount, ...extra });

/** Each promise's value or error, in order. */
const settled = <T>(ps: Promise<T>[]) =>
  Promise.allSettled(ps).then((rs) => rs.map((r) => (r.status === 'fulfilled' ? r.value : r.reason)));

describe('market orders written together', () => {
  it('twelve users at once: every order filled with its own row, fewer writes than orders', async () => {
    const spot = engine();
    const users = await Promise.all(Array.from({ length: 12 }, () => user({ USDT: '1000' })));
    const orders = await Promise.all(users.map((u) => spot.placeOrder(u, buy('0.1'))));
    for (const [i, order] of orders.entries()) {
      expect(order).toMatchObject({ status: 'filled', filled_amount: '0.1', quote_amount: '300' });
      expect((await ordersOfUser(db(), users[i] as number)).map((o) => o.id)).toEqual([order.id]);
      expect(await wallet(db(), users[i] as number, 'ETH')).toEqual({ available: '0.1', frozen: '0' });
      expect(await wallet(db(), users[i] as number, 'USDT')).toEqual({ available: '699.7', frozen: '0' });
    }
    expect(spot.marketOrderWrites.items).toBe(12);
    expect(spot.marketOrderWrites.largest).toBeGreaterThan(1);
    expect(spot.marketOrderWrites.writes).toBeLessThan(12);
  });

  it('one poor buyer among rich ones gets 余额不足 as if alone; the others fill', async () => {
    const spot = engine();
    const rich = await Promise.all(Array.from({ length: 6 }, () => user({ USDT: '1000' })));
    const poor = await user({ USDT: '10' });
    const results = await settled([...rich, poor, ...rich].map((u) => spot.placeOrder(u, buy('0.1'))));
    const poorResult = results[6];
    expect(poorResult).toBeInstanceOf(AppError);
    expect((poorResult as AppError).statusCode).toBe(422);
    expect((poorResult as AppError).message).toBe('余额不足');
    // The same data as a refusal of the order alone: no ledger key of an order that never existed.
    expect((poorResult as AppError).data).toEqual({ currency: 'USDT', bucket: 'available' });
    expect(results.filter((r) => !(r instanceof AppError))).toHaveLength(12);
    expect(await ordersOfUser(db(), poor)).toEqual([]);
    expect(await wallet(db(), poor, 'USDT')).toEqual({ available: '10', frozen: '0' });
    for (const u of rich) expect(await wallet(db(), u, 'ETH')).toEqual({ available: '0.2', frozen: '0' });
    expect(spot.marketOrderWrites.largest).toBeGreaterThan(1);
  });

  it('one user, more orders than the balance pays: as many fill as it pays, never below zero', async () => {
    const spot = engine();
    const u = await user({ USDT: '1000' });
    // 300.3 each with the fee: three fit in 1000, the other five are refused.
    const results = await settled(Array.from({ length: 8 }, () => spot.placeOrder(u, buy('0.1'))));
    const filled = results.filter((r) => !(r instanceof AppError));
    expect(filled).toHaveLength(3);
    for (const r of results.filter((x) => x instanceof AppError))
      expect((r as AppError).message).toBe('余额不足');
    expect(await wallet(db(), u, 'USDT')).toEqual({ available: '99.1', frozen: '0' });
    expect(await wallet(db(), u, 'ETH')).toEqual({ available: '0.3', frozen: '0' });
    expect(spot.marketOrderWrites.largest).toBeGreaterThan(1);
  });

  it('the same client_order_id twice in one write: one order, both callers get it', async () => {
    const spot = engine();
    const others = await Promise.all(Array.from({ length: 4 }, () => user({ USDT: '1000' })));
    const u = await user({ USDT: '1000' });
    const same = buy('0.1', { client_order_id: 'group-dup-1' });
    const results = await Promise.all([
      ...others.map((o) => spot.placeOrder(o, buy('0.1'))),
      spot.placeOrder(u, same),
      spot.placeOrder(u, same),
    ]);
    expect(results[4]?.id).toBe(results[5]?.id);
    expect(await ordersOfUser(db(), u)).toHaveLength(1);
    expect(await wallet(db(), u, 'ETH')).toEqual({ available: '0.1', frozen: '0' });
  });

  it('a failure inside the write leaves nothing and each order is tried on its own', async () => {
    let failures = 1;
    const spot = engine({
      beforePosting: ({ orderIds }) => {
        if (orderIds.length > 1 && failures > 0) {
          failures -= 1;
          throw new Error('crash inside the group write');
        }
      },
    });
    const users = await Promise.all(Array.from({ length: 6 }, () => user({ USDT: '1000' })));
    const orders = await Promise.all(users.map((u) => spot.placeOrder(u, buy('0.1'))));
    expect(new Set(orders.map((o) => o.id)).size).toBe(6);
    for (const u of users) expect(await ordersOfUser(db(), u)).toHaveLength(1);
    expect(failures).toBe(0);
  });
});
