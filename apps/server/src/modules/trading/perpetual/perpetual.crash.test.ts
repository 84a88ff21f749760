import type { PerpetualPosition, TradeOrder } from '@platform/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../../db/client.ts';
import { api, createTestApp, registerUser, type TestApp } from '../../../test/app.ts';
import { fundUser } from '../../../test/money.ts';
import type * as Ledger from '../../ledger/ledger.service.ts';
import { assertLedgerOk } from '../../reconciliation/ledger-check.ts';
import { testTradingDeps } from '../testing/trading-fixtures.ts';
import { perpetualPositions, tradeOrders } from '../trading.schema.ts';
import { createPerpetualEngine } from './perpetual.engine.ts';
import { journalCount, setPrice, systemUsdt, usdt } from './perpetual.test-helpers.ts';

/**
 * A crash inside the money-moving transactions (the posting throws after the position's status has
 * changed) leaves nothing half-done: the position stays open, no money moves, and a later attempt
 * completes normally.
 */

const fault = vi.hoisted(() => ({ keys: null as RegExp | null }));

vi.mock('../../ledger/ledger.service.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Ledger>();
  const crash = (key: string) => {
    if (fault.keys?.test(key)) throw new Error(`test crash at ${key}`);
  };
  return {
    ...real,
    postTransaction: async (...args: Parameters<typeof real.postTransaction>) => {
      crash(args[1].idempotencyKey);
      return real.postTransaction(...args);
    },
    postTransactionsBatch: async (...args: Parameters<typeof real.postTransactionsBatch>) => {
      for (const req of args[1]) crash(req.idempotencyKey);
      return real.postTransactionsBatch(...args);
    },
  };
});

type View = { order: TradeOrder; position: PerpetualPosition };

let t: TestApp;
let db: Db;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'silent' });
  db = t.database.db;
});
afterAll(async () => {
  fault.keys = null;
  await assertLedgerOk(db);
  await t.close();
});

async function openPosition(symbol: string, side: 'long' | 'short', price: string) {
  const u = await registerUser(t.app);
  await fundUser(db, u.user.id, '1000');
  await setPrice(db, symbol, price);
  const res = await api<View>(t.app, 'POST', '/api/trading/perpetual/order', {
    token: u.token,
    body: { symbol, side, margin: '100', leverage: 10 },
  });
  expect(res.status, res.body.message).toBe(200);
  return { token: u.token, userId: u.user.id, orderId: (res.body.data as View).order.id };
}

async function state(userId: number, orderId: number) {
  const [position] = await db
    .select()
    .from(perpetualPositions)
    .where(eq(perpetualPositions.orderId, orderId));
  const [order] = await db.select().from(tradeOrders).where(eq(tradeOrders.id, orderId));
  const wallet = await usdt(db, userId);
  const sys = await systemUsdt(db);
  return {
    status: position?.status,
    closePrice: position?.closePrice,
    orderClosedAt: order?.closedAt,
    orderFee: order?.fee,
    available: wallet.available.toFixed(),
    frozen: wallet.frozen.toFixed(),
    fees: sys.fees.toFixed(),
    house: sys.house.toFixed(),
  };
}

describe('a crash inside a perpetual transaction', () => {
  it('opening: no order, no position, no money', async () => {
    const u = await registerUser(t.app);
    await fundUser(db, u.user.id, '1000');
    await setPrice(db, 'BTCUSDT', '50000');
    fault.keys = /^perpetual:\d+:open$/;
    const res = await api(t.app, 'POST', '/api/trading/perpetual/order', {
      token: u.token,
      body: { symbol: 'BTCUSDT', side: 'long', margin: '100', leverage: 10 },
    });
    fault.keys = null;
    expect(res.status).toBe(500);
    expect(await db.select().from(tradeOrders).where(eq(tradeOrders.userId, u.user.id))).toHaveLength(0);
    expect(
      await db.select().from(perpetualPositions).where(eq(perpetualPositions.userId, u.user.id)),
    ).toHaveLength(0);
    expect((await usdt(db, u.user.id)).available.toFixed()).toBe('1000');
  });

  it('closing: the position stays open, nothing moves, and the next close works', async () => {
    const { token, userId, orderId } = await openPosition('BTCUSDT', 'long', '50000');
    const before = await state(userId, orderId);
    await setPrice(db, 'BTCUSDT', '52000');
    fault.keys = /^perpetual:\d+:close$/;
    const crashed = await api(t.app, 'POST', `/api/trading/perpetual/close/${orderId}`, { token });
    fault.keys = null;
    expect(crashed.status).toBe(500);
    expect(await state(userId, orderId)).toEqual(before);
    expect(before.status).toBe('open');
    expect(await journalCount(db, `perpetual:${orderId}:close`)).toBe(0);

    await setPrice(db, 'BTCUSDT', '52000');
    const res = await api<View>(t.app, 'POST', `/api/trading/perpetual/close/${orderId}`, { token });
    expect(res.status).toBe(200);
    expect((await state(userId, orderId)).status).toBe('closed');
  });

  it('liquidating: the positions stay open, nothing moves, and the next run liquidates', async () => {
    const { userId, orderId } = await openPosition('ETHUSDT', 'short', '3000');
    const before = await state(userId, orderId);
    const at = await setPrice(db, 'ETHUSDT', '3500');
    const engine = createPerpetualEngine(testTradingDeps(db, { now: () => at }));
    fault.keys = /^perpetual:\d+:liquidate$/;
    await expect(engine.checkPositions(new Date(at))).rejects.toThrow(/test crash/);
    fault.keys = null;
    expect(await state(userId, orderId)).toEqual(before);
    expect(await journalCount(db, `perpetual:${orderId}:liquidate`)).toBe(0);

    expect((await engine.checkPositions(new Date(at))).liquidated).toBe(1);
    expect((await state(userId, orderId)).status).toBe('liquidated');
  });
});
