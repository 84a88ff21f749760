import { Decimal, positionLiquidationPrice } from '@platform/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.ts';
import { api, createTestApp, type TestApp } from '../../../test/app.ts';
import { ledgerEntries, ledgerTransactions } from '../../ledger/ledger.schema.ts';
import { assertLedgerOk } from '../../reconciliation/ledger-check.ts';
import { perpetualMarginAdditions } from '../trading.schema.ts';
import { journalCount, perpetualClient, setPrice, usdt } from './perpetual.test-helpers.ts';

/**
 * Adding margin to an open position (issue 20): the wallet → margin movement through the ledger in
 * one transaction, the liquidation price that follows, idempotency, ownership and the races with a
 * close and a liquidation; and the mark price call. The ledger verifier runs after every test.
 */

let t: TestApp;
let db: Db;
let c: ReturnType<typeof perpetualClient>;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  c = perpetualClient(t);
});
afterAll(async () => {
  await t.close();
});

const verified = async () => assertLedgerOk(db);
const d = (v: string | number) => new Decimal(v);

describe('POST /api/trading/perpetual/margin/{id}', () => {
  it('moves the amount from available to the margin, recomputes the liquidation price, and the close returns it', async () => {
    const { token, id } = await c.trader('1000');
    await setPrice(db, 'BTCUSDT', '50000');
    const { order, position } = await c.opened(token, {
      symbol: 'BTCUSDT',
      side: 'long',
      margin: '100',
      leverage: 10,
    });
    const before = await usdt(db, id);

    const res = await c.addMargin(token, order.id, { amount: '50' }, 'margin-add-1');
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe('保证金已追加');
    const added = res.body.data?.position;
    const liquidation = positionLiquidationPrice(
      'long',
      { margin: d(150), quantity: d(position.quantity), entry: d(50000) },
      d('0.005'),
    );
    expect(added).toMatchObject({
      margin: '150',
      margin_added: '50',
      leverage: 10,
      // What it opened with; the effective leverage fell to 1000 / 150.
      notional: '1000',
      liquidation_price: liquidation.toFixed(),
    });
    expect(d(added?.liquidation_price ?? '0').lt(position.liquidation_price)).toBe(true);
    // P&L is the same, the return on the (larger) margin smaller.
    const wallet = await usdt(db, id);
    expect(before.available.minus(wallet.available).toFixed()).toBe('50');
    expect(wallet.frozen.minus(before.frozen).toFixed()).toBe('50');

    // One journal transaction: available −50, frozen +50.
    const [addition] = await db
      .select()
      .from(perpetualMarginAdditions)
      .where(eq(perpetualMarginAdditions.orderId, order.id));
    expect(addition).toMatchObject({ userId: id, amount: '50.000000000000000000' });
    const key = `perpetual:${order.id}:margin:${addition?.id}`;
    const [journal] = await db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, key));
    expect(journal?.kind).toBe('perpetual_margin');
    const entries = await db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, journal?.id ?? -1));
    expect(entries.map((e) => d(e.amount).toFixed()).sort()).toEqual(['-50', '50']);
    await verified();

    // The same key again is the same reply, and nothing moves twice.
    const replay = await c.addMargin(token, order.id, { amount: '50' }, 'margin-add-1');
    expect(replay.raw.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(res.body);
    expect(await journalCount(db, `perpetual:${order.id}:margin:%`)).toBe(1);
    // Concurrent repeats of one key: one addition.
    const racing = await Promise.all(
      [1, 2, 3].map(() => c.addMargin(token, order.id, { amount: '5' }, 'k2')),
    );
    expect(racing.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(racing.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(await journalCount(db, `perpetual:${order.id}:margin:%`)).toBe(2);
    // A new key is a new addition.
    expect((await c.addMargin(token, order.id, { amount: '10.25' }, 'k3')).status).toBe(200);
    const [open] = (await c.list(token, '?symbol=BTCUSDT')).body.data?.positions ?? [];
    expect(open).toMatchObject({ margin: '165.25', margin_added: '65.25' });
    await verified();

    // The close settles the whole margin: 165.25 + P&L 0 − fee 0.5.
    await setPrice(db, 'BTCUSDT', '50000');
    const closed = await c.close(token, order.id);
    expect(closed.body.data?.position).toMatchObject({
      status: 'closed',
      realised_pnl: '0',
      payout: '164.75',
    });
    const end = await usdt(db, id);
    expect(end.frozen.toFixed()).toBe('0');
    expect(end.available.toFixed()).toBe(d(1000).minus('100.5').minus('65.25').plus('164.75').toFixed());
    await verified();
  });

  it('a short can take margin too; its liquidation price moves up', async () => {
    const { token } = await c.trader();
    await setPrice(db, 'ETHUSDT', '3000');
    const { order, position } = await c.opened(token, {
      symbol: 'ETHUSDT',
      side: 'short',
      margin: '30',
      leverage: 20,
    });
    const res = await c.addMargin(token, order.id, { amount: '30' });
    expect(res.status).toBe(200);
    expect(d(res.body.data?.position.liquidation_price ?? '0').gt(position.liquidation_price)).toBe(true);
    await setPrice(db, 'ETHUSDT', '3000');
    expect((await c.close(token, order.id)).status).toBe(200);
    await verified();
  });

  it('refuses an amount with too many decimals, and a limit price with too many, in English', async () => {
    const a = await c.trader('200');
    await setPrice(db, 'SOLUSDT', '200');
    const { order } = await c.opened(a.token, {
      symbol: 'SOLUSDT',
      side: 'long',
      margin: '100',
      leverage: 5,
    });
    const headers = { 'accept-language': 'en' };
    const margin = await api(t.app, 'POST', `/api/trading/perpetual/margin/${order.id}`, {
      token: a.token,
      body: { amount: '1.001' },
      headers,
    });
    expect(margin.status).toBe(400);
    expect(margin.body.message).toBe('Added margin amount can have at most 2 decimal places');
    const limit = await api(t.app, 'POST', '/api/trading/perpetual/order', {
      token: a.token,
      body: { symbol: 'SOLUSDT', side: 'long', margin: '50', leverage: 5, type: 'limit', price: '1.123' },
      headers,
    });
    expect(limit.status).toBe(400);
    expect(limit.body.message).toBe('The order price can have at most 2 decimal places');
  });

  it('refuses bad amounts, too much, too little balance, others and closed positions, and moves nothing', async () => {
    const a = await c.trader('200');
    const b = await c.trader();
    await setPrice(db, 'SOLUSDT', '200');
    const { order } = await c.opened(a.token, {
      symbol: 'SOLUSDT',
      side: 'long',
      margin: '100',
      leverage: 5,
    });
    const before = await usdt(db, a.id);
    const cases: [unknown, number, string | RegExp][] = [
      [{ amount: '-5' }, 400, /追加保证金金额格式不正确/],
      [{ amount: '0' }, 400, /追加保证金金额必须大于0/],
      [{ amount: 'abc' }, 400, /追加保证金金额格式不正确/],
      [{ amount: 5 }, 400, /追加保证金/],
      [{ amount: '1.001' }, 400, '追加保证金金额最多保留 2 位小数'],
      [{}, 400, /追加保证金/],
      [{ amount: '99.76' }, 422, '余额不足'],
      [{ amount: '99999.99' }, 422, /余额不足|追加后保证金不能超过/],
      [{ amount: '100000' }, 422, '追加后保证金不能超过 100000 USDT'],
    ];
    for (const [body, status, message] of cases) {
      const res = await c.addMargin(a.token, order.id, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.success).toBe(false);
      if (typeof message === 'string') expect(res.body.message).toBe(message);
      else expect(res.body.message).toMatch(message);
    }
    const foreign = await c.addMargin(b.token, order.id, { amount: '10' });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('仓位不存在');
    expect((await c.addMargin(b.token, 987654321, { amount: '10' })).body.message).toBe('仓位不存在');
    expect((await api(t.app, 'POST', `/api/trading/perpetual/margin/${order.id}`, { body: {} })).status).toBe(
      401,
    );
    expect(await usdt(db, a.id)).toEqual(before);
    expect(await usdt(db, b.id)).toEqual({ available: d(10000), frozen: d(0) });
    expect(await journalCount(db, `perpetual:${order.id}:margin:%`)).toBe(0);

    await setPrice(db, 'SOLUSDT', '200');
    expect((await c.close(a.token, order.id)).status).toBe(200);
    const late = await c.addMargin(a.token, order.id, { amount: '10' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('仓位已平仓');
    await verified();
  });

  it('at or past the liquidation price the position is the job’s: no margin is taken', async () => {
    const { token, id } = await c.trader();
    await setPrice(db, 'LINKUSDT', '20');
    const { order } = await c.opened(token, { symbol: 'LINKUSDT', side: 'long', margin: '20', leverage: 10 });
    const before = await usdt(db, id);
    const at = await setPrice(db, 'LINKUSDT', '17');
    const refused = await c.addMargin(token, order.id, { amount: '50' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('仓位已触及强平价，无法追加保证金');
    expect(await usdt(db, id)).toEqual(before);
    expect((await c.jobEngine(at).checkPositions(new Date(at))).liquidated).toBe(1);
    await verified();
  });

  it('added margin keeps a position out of a liquidation it would have met', async () => {
    const { token } = await c.trader();
    await setPrice(db, 'ADAUSDT', '1');
    const { order, position } = await c.opened(token, {
      symbol: 'ADAUSDT',
      side: 'long',
      margin: '20',
      leverage: 10,
    });
    expect((await c.addMargin(token, order.id, { amount: '20' })).status).toBe(200);
    const old = position.liquidation_price;
    const at = await setPrice(db, 'ADAUSDT', old);
    expect((await c.jobEngine(at).checkPositions(new Date(at))).liquidated).toBe(0);
    await setPrice(db, 'ADAUSDT', old);
    expect((await c.close(token, order.id)).body.data?.position.status).toBe('closed');
    await verified();
  });

  it('an addition racing a close or the liquidation job: every margin settled once, nothing left frozen', async () => {
    for (let round = 0; round < 4; round++) {
      const { token, id } = await c.trader();
      await setPrice(db, 'XRPUSDT', '2');
      const { order } = await c.opened(token, {
        symbol: 'XRPUSDT',
        side: 'short',
        margin: '20',
        leverage: 10,
      });
      const at = await setPrice(db, 'XRPUSDT', round % 2 === 0 ? '2.01' : '2.5');
      const [adding, closing] = await Promise.all([
        c.addMargin(token, order.id, { amount: '15' }),
        c.close(token, order.id),
        c.jobEngine(at).checkPositions(new Date(at)),
      ]);
      expect([200, 409]).toContain(adding.status);
      expect([200, 409]).toContain(closing.status);
      const settled =
        (await journalCount(db, `perpetual:${order.id}:close`)) +
        (await journalCount(db, `perpetual:${order.id}:liquidate`));
      expect(settled).toBe(1);
      expect((await usdt(db, id)).frozen.toFixed()).toBe('0');
      await verified();
    }
  });
});

describe('GET /api/trading/perpetual/mark/{symbol}', () => {
  it('is the latest recorded reference price, with its source and time', async () => {
    const { token } = await c.trader('0');
    const at = await setPrice(db, 'TRXUSDT', '0.25123');
    const res = await api(t.app, 'GET', '/api/trading/perpetual/mark/trx-usdt', { token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('获取标记价格成功');
    expect(res.body.data).toEqual({
      symbol: 'TRXUSDT',
      price: '0.25123',
      source: 'test',
      at: new Date(at).toISOString(),
    });
    const none = await api(t.app, 'GET', '/api/trading/perpetual/mark/NOPEUSDT', { token });
    expect(none.body.data).toEqual({ symbol: 'NOPEUSDT', price: null, source: null, at: null });
    expect((await api(t.app, 'GET', '/api/trading/perpetual/mark/BTCUSDT')).status).toBe(401);
  });
});
