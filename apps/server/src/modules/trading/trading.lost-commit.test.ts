import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_TEXTS, type PerpetualPosition, type TradeOrder } from '@platform/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { type ApiReply, api, registerUser, type TestApp } from '../../test/app.ts';
import { type CommitFaults, createFaultyTestApp } from '../../test/commit-faults.ts';
import { testEngine } from '../../test/database.ts';
import { fundUser } from '../../test/money.ts';
import { assertLedgerOk } from '../reconciliation/ledger-check.ts';
import { setPrice } from './perpetual/perpetual.test-helpers.ts';
import { recordTick } from './testing/trading-fixtures.ts';
import { tradeOrders } from './trading.schema.ts';

/**
 * The trading calls with an Idempotency-Key when the COMMIT's acknowledgement is lost (issue 31,
 * test/commit-faults.ts): 503 结果确认中, and the retry with the key replays what committed, group
 * commits included; nothing is placed twice. Without a key, a group whose COMMIT reply was lost is
 * not written again item by item (its orders would exist twice).
 */

let t: TestApp;
let faults: CommitFaults;
let base: Db;
const db = () => base;

beforeAll(async () => {
  ({ t, faults, db: base } = await createFaultyTestApp());
});
afterAll(async () => {
  await assertLedgerOk(db());
  await t?.close();
});

const replayed = (res: ApiReply<unknown>) => res.raw.headers['idempotent-replayed'];
const ordersOf = (userId: number) => db().select().from(tradeOrders).where(eq(tradeOrders.userId, userId));

async function trader(funds: Record<string, string> = { USDT: '100000' }) {
  const u = await registerUser(t.app);
  for (const [currency, amount] of Object.entries(funds)) await fundUser(db(), u.user.id, amount, currency);
  return { token: u.token, id: u.user.id };
}

function post<T>(token: string, url: string, body: Record<string, unknown> | undefined, key?: string) {
  return api<T>(t.app, 'POST', url, {
    token,
    ...(body === undefined ? {} : { body }),
    ...(key === undefined ? {} : { headers: { 'Idempotency-Key': key } }),
  });
}

function expectConfirming(res: ApiReply<unknown>) {
  expect([res.status, res.body.message]).toEqual([503, IDEMPOTENCY_TEXTS.confirming]);
}

type OrderReply = { order: TradeOrder };
const marketBuy = { symbol: 'ETHUSDT', side: 'buy', type: 'market', amount: '0.01' };

describe(`spot orders with a lost COMMIT reply (${testEngine})`, () => {
  it('market orders written together: every one 503, every retry replays it, one order each', async () => {
    const traders = await Promise.all(Array.from({ length: 8 }, () => trader()));
    const keys = traders.map(() => randomUUID());
    faults.loseCommitReplies(1000);
    const lost = await Promise.all(
      traders.map((u, i) => post<OrderReply>(u.token, '/api/trading/spot/order', marketBuy, keys[i])),
    );
    faults.loseCommitReplies(0);
    for (const res of lost) expectConfirming(res);
    for (const [i, u] of traders.entries()) {
      const retry = await post<OrderReply>(u.token, '/api/trading/spot/order', marketBuy, keys[i]);
      expect([retry.status, replayed(retry)], retry.body.message).toEqual([200, 'true']);
      const orders = await ordersOf(u.id);
      expect(orders.map((o) => o.id)).toEqual([retry.body.data?.order.id]);
      expect(retry.body.data?.order).toMatchObject({ status: 'filled', filled_amount: '0.01' });
    }
  });

  it('without keys, a group whose COMMIT reply was lost is not placed again: one order each', async () => {
    const traders = await Promise.all(Array.from({ length: 8 }, () => trader()));
    faults.loseCommitReplies(1000);
    const lost = await Promise.all(traders.map((u) => post(u.token, '/api/trading/spot/order', marketBuy)));
    faults.loseCommitReplies(0);
    for (const res of lost) expect(res.status).toBe(503);
    for (const u of traders) expect(await ordersOf(u.id)).toHaveLength(1);
  });

  it('a limit order and its cancel: each retry replays what committed', async () => {
    const u = await trader();
    const key = randomUUID();
    const limit = { symbol: 'ETHUSDT', side: 'buy', type: 'limit', amount: '0.01', price: '1' };
    faults.loseCommitReplies(1);
    expectConfirming(await post(u.token, '/api/trading/spot/order', limit, key));
    const placed = await post<OrderReply>(u.token, '/api/trading/spot/order', limit, key);
    expect([placed.status, replayed(placed)]).toEqual([200, 'true']);
    const id = placed.body.data?.order.id as number;
    expect((await ordersOf(u.id)).map((o) => o.id)).toEqual([id]);

    const cancelKey = randomUUID();
    const cancel = () =>
      api<OrderReply>(t.app, 'DELETE', `/api/trading/order/${id}`, {
        token: u.token,
        headers: { 'Idempotency-Key': cancelKey },
      });
    faults.loseCommitReplies(1);
    expectConfirming(await cancel());
    const cancelled = await cancel();
    expect([cancelled.status, replayed(cancelled), cancelled.body.data?.order.status]).toEqual([
      200,
      'true',
      'cancelled',
    ]);
  });
});

describe(`timed and perpetual orders with a lost COMMIT reply (${testEngine})`, () => {
  it('a flash order: 503, the retry replays it, one contract', async () => {
    const u = await trader();
    await recordTick(db(), 'LTCUSDT', '80', Date.now());
    const key = randomUUID();
    const body = { symbol: 'LTCUSDT', direction: 'up', amount: '10', duration: 60 };
    faults.loseCommitReplies(1);
    expectConfirming(await post(u.token, '/api/trading/flash/order', body, key));
    const retry = await post<{ order: TradeOrder }>(u.token, '/api/trading/flash/order', body, key);
    expect([retry.status, replayed(retry)], retry.body.message).toEqual([200, 'true']);
    expect((await ordersOf(u.id)).map((o) => o.id)).toEqual([retry.body.data?.order.id]);
  });

  it('a perpetual position and a margin addition: each retry replays what committed, once', async () => {
    const u = await trader({ USDT: '10000' });
    await setPrice(db(), 'DOGEUSDT', '0.2');
    type View = { order: TradeOrder; position: PerpetualPosition };
    const body = { symbol: 'DOGEUSDT', side: 'long', margin: '100', leverage: 10 };
    const openKey = randomUUID();
    faults.loseCommitReplies(1);
    expectConfirming(await post(u.token, '/api/trading/perpetual/order', body, openKey));
    const opened = await post<View>(u.token, '/api/trading/perpetual/order', body, openKey);
    expect([opened.status, replayed(opened)], opened.body.message).toEqual([200, 'true']);
    const id = opened.body.data?.order.id as number;
    expect((await ordersOf(u.id)).map((o) => o.id)).toEqual([id]);

    const marginKey = randomUUID();
    faults.loseCommitReplies(1);
    expectConfirming(await post(u.token, `/api/trading/perpetual/margin/${id}`, { amount: '50' }, marginKey));
    const added = await post<View>(
      u.token,
      `/api/trading/perpetual/margin/${id}`,
      { amount: '50' },
      marginKey,
    );
    expect([added.status, replayed(added), added.body.data?.position.margin]).toEqual([200, 'true', '150']);
  });
});
