import type { FlashOrderBody } from '@platform/contracts';
import { MAX_OPEN_TIMED_CONTRACTS } from '@platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../core/errors.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { assertLedgerOk } from '../../reconciliation/ledger-check.ts';
import { createFlashEngine } from '../flash/flash.engine.ts';
import { ordersOfUser } from '../spot/spot.test-helpers.ts';
import { recordTick } from '../testing/trading-fixtures.ts';
import { clockDeps, fixedClock, fundedUsers, insertOpenContracts, usdt } from './timed.test-helpers.ts';

/**
 * Flash contracts placed at the same moment are written together (core/group-commit.ts): each
 * caller gets exactly what it would have got alone (its contract, 余额不足, the open-contract
 * limit), and the ledger holds.
 */
let t: TestApp;
const db = () => t.database.db;
const T0 = Date.parse('2031-05-01T08:00:00.000Z');
const clock = fixedClock(T0);

beforeAll(async () => {
  t = await createTestApp();
  await recordTick(db(), 'BTCUSDT', '50000', T0 - 200);
});
afterAll(async () => {
  await assertLedgerOk(t.database.db);
  await t.close();
});

const up = (amount = '10', extra: Partial<FlashOrderBody> = {}): FlashOrderBody => ({
  symbol: 'BTCUSDT',
  direction: 'up',
  amount,
  duration: 60,
  ...extra,
});
const settled = <T>(ps: Promise<T>[]) =>
  Promise.allSettled(ps).then((rs) => rs.map((r) => (r.status === 'fulfilled' ? r.value : r.reason)));

describe('flash contracts written together', () => {
  it('twelve users at once: each gets its own contract at the entry price, fewer writes than orders', async () => {
    const flash = createFlashEngine(clockDeps(db(), clock));
    const users = await fundedUsers(db(), 12, '100');
    const placed = await Promise.all(users.map((u) => flash.placeOrder(u, up('10'))));
    for (const [i, p] of placed.entries()) {
      expect(p.contract).toMatchObject({
        userId: users[i],
        entryPrice: '50000.000000000000000000',
        status: 'open',
      });
      expect(p.order.userId).toBe(users[i]);
      expect(await usdt(db(), users[i] as number)).toEqual({ available: '90', frozen: '10' });
    }
    expect(new Set(placed.map((p) => p.order.id)).size).toBe(12);
    expect(flash.placementWrites.largest).toBeGreaterThan(1);
    expect(flash.placementWrites.writes).toBeLessThan(12);
  });

  it('a poor user among others gets 余额不足 as if alone; the others open', async () => {
    const flash = createFlashEngine(clockDeps(db(), clock));
    const users = await fundedUsers(db(), 6, '100');
    const [poor] = await fundedUsers(db(), 1, '5');
    const results = await settled([...users, poor as number].map((u) => flash.placeOrder(u, up('10'))));
    const refusal = results[6] as AppError;
    expect(refusal).toBeInstanceOf(AppError);
    expect([refusal.statusCode, refusal.message, refusal.data]).toEqual([
      422,
      '余额不足',
      { currency: 'USDT', bucket: 'available' },
    ]);
    expect(results.slice(0, 6).every((r) => !(r instanceof AppError))).toBe(true);
    expect(await ordersOfUser(db(), poor as number)).toEqual([]);
    expect(flash.placementWrites.largest).toBeGreaterThan(1);
  });

  it('the open-contract limit holds exactly when one user places several at once', async () => {
    const flash = createFlashEngine(clockDeps(db(), clock));
    const [u] = await fundedUsers(db(), 1, '1000');
    const others = await fundedUsers(db(), 4, '100');
    await insertOpenContracts(db(), {
      userIds: [u as number],
      perUser: MAX_OPEN_TIMED_CONTRACTS - 2,
      symbols: ['ETHUSDT'],
      stake: '1',
      payoutRate: '0.1',
      entryPrice: '3000',
      openedAt: T0 - 1000,
      expiresAt: T0 + 3_600_000,
    });
    const results = await settled([
      ...others.map((o) => flash.placeOrder(o, up('10'))),
      ...Array.from({ length: 5 }, () => flash.placeOrder(u as number, up('10'))),
    ]);
    const mine = results.slice(4);
    expect(mine.filter((r) => !(r instanceof AppError))).toHaveLength(2);
    for (const r of mine.filter((x) => x instanceof AppError)) {
      expect((r as AppError).statusCode).toBe(422);
      expect((r as AppError).message).toContain(String(MAX_OPEN_TIMED_CONTRACTS));
    }
    expect(results.slice(0, 4).every((r) => !(r instanceof AppError))).toBe(true);
    expect(await usdt(db(), u as number)).toEqual({
      available: '980',
      frozen: String(MAX_OPEN_TIMED_CONTRACTS - 2 + 20),
    });
    expect(flash.placementWrites.largest).toBeGreaterThan(1);
  });

  it('the same client_order_id twice at once: one contract, both callers get it', async () => {
    const flash = createFlashEngine(clockDeps(db(), clock));
    const others = await fundedUsers(db(), 4, '100');
    const [u] = await fundedUsers(db(), 1, '100');
    const same = up('10', { client_order_id: 'timed-group-dup' });
    const results = await Promise.all([
      ...others.map((o) => flash.placeOrder(o, up('10'))),
      flash.placeOrder(u as number, same),
      flash.placeOrder(u as number, same),
    ]);
    expect(results[4]?.order.id).toBe(results[5]?.order.id);
    expect(await usdt(db(), u as number)).toEqual({ available: '90', frozen: '10' });
  });
});
