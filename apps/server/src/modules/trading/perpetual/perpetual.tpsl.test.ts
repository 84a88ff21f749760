import { NOTIFICATION_EVENT } from '@platform/contracts';
import { closeSettlement, Decimal } from '@platform/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.ts';
import { api, createTestApp, type TestApp } from '../../../test/app.ts';
import { assertLedgerOk } from '../../reconciliation/ledger-check.ts';
import { ORDER_UPDATED_EVENT } from '../trading-deps.ts';
import { journalCount, perpetualClient, setPrice, systemUsdt, usdt } from './perpetual.test-helpers.ts';

/**
 * Take-profit and stop-loss (issue 20): the rules of setting, changing and cancelling them over
 * HTTP, their trigger by the liquidation job's turn at the reference price, and one settlement
 * whatever races it (a user's close, a second runner, the position's liquidation). Each test uses
 * symbols of its own, since a job turn looks at every open position.
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
  await assertLedgerOk(db);
  await t.close();
});

const CLOSE_RATE = new Decimal('0.0005');
const onlyOrderEvents = (events: unknown[][]) => events.filter((e) => e[1] === ORDER_UPDATED_EVENT);

describe('POST /api/trading/perpetual/tpsl/{id}', () => {
  it('sets, changes one of them and cancels them on an open long', async () => {
    const { token } = await c.trader();
    await setPrice(db, 'BTCUSDT', '50000');
    const { order } = await c.opened(token, { symbol: 'BTCUSDT', side: 'long', margin: '100', leverage: 10 });

    const set = await c.tpsl(token, order.id, { take_profit_price: '55000.5', stop_loss_price: '48000' });
    expect(set.status, set.body.message).toBe(200);
    expect(set.body.message).toBe('止盈止损已设置');
    expect(set.body.data?.position).toMatchObject({ take_profit_price: '55000.5', stop_loss_price: '48000' });

    // A field left out is kept.
    const changed = await c.tpsl(token, order.id, { stop_loss_price: '47000' });
    expect(changed.body.data?.position).toMatchObject({
      take_profit_price: '55000.5',
      stop_loss_price: '47000',
    });
    const cancelOne = await c.tpsl(token, order.id, { take_profit_price: null });
    expect(cancelOne.body.data?.position).toMatchObject({
      take_profit_price: null,
      stop_loss_price: '47000',
    });

    const cancelled = await c.tpsl(token, order.id, { take_profit_price: null, stop_loss_price: null });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe('止盈止损已取消');
    expect(cancelled.body.data?.position).toMatchObject({ take_profit_price: null, stop_loss_price: null });
    const [listed] = (await c.list(token, '?symbol=BTCUSDT')).body.data?.positions ?? [];
    expect(listed).toMatchObject({ id: order.id, take_profit_price: null, stop_loss_price: null });
    expect((await c.close(token, order.id)).status).toBe(200);
  });

  it('refuses what the rules forbid with a Chinese message naming the field, and stores nothing', async () => {
    const a = await c.trader();
    const b = await c.trader();
    await setPrice(db, 'ETHUSDT', '3000');
    // Short 30 × 20 at 3000: liquidated at 3150 / 1.005 = 3134.3283…
    const { order } = await c.opened(a.token, {
      symbol: 'ETHUSDT',
      side: 'short',
      margin: '30',
      leverage: 20,
    });
    await c.tpsl(a.token, order.id, { take_profit_price: '2500', stop_loss_price: '3100' });

    const cases: [unknown, number, string | RegExp][] = [
      [{ take_profit_price: '3001' }, 400, '做空仓位的止盈价必须低于开仓价 3000'],
      [{ stop_loss_price: '2999' }, 400, '做空仓位的止损价必须高于开仓价 3000'],
      [{ stop_loss_price: '3134.33' }, 400, '做空仓位的止损价必须低于强平价，最高可设 3134.32'],
      [{ take_profit_price: '2500.123' }, 400, '止盈价最多 2 位小数'],
      [{ take_profit_price: '-5' }, 400, /止盈价格式不正确/],
      [{ take_profit_price: '0' }, 400, /止盈价必须大于0/],
      [{ stop_loss_price: 'abc' }, 400, /止损价格式不正确/],
      [{ stop_loss_price: 3100 }, 400, /止损价/],
      [{ take_profit_price: '1e3' }, 400, /止盈价格式不正确/],
      [{ take_profit_price: '9999999999999' }, 400, /止盈价格式不正确/],
      [{}, 400, /请设置止盈价或止损价/],
      [['2500'], 400, /.+/],
    ];
    for (const [body, status, message] of cases) {
      const res = await c.tpsl(a.token, order.id, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.success).toBe(false);
      if (typeof message === 'string') expect(res.body.message).toBe(message);
      else expect(res.body.message).toMatch(message);
    }
    const [kept] = (await c.list(a.token, '?symbol=ETHUSDT')).body.data?.positions ?? [];
    expect(kept).toMatchObject({ take_profit_price: '2500', stop_loss_price: '3100' });

    // Another user's position is not found, as one that does not exist; neither says which.
    const foreign = await c.tpsl(b.token, order.id, { take_profit_price: '2600' });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('仓位不存在');
    const missing = await c.tpsl(b.token, 987654321, { take_profit_price: '2600' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('仓位不存在');
    expect((await c.tpsl(a.token, 'abc', { take_profit_price: '2600' })).status).toBe(400);
    expect((await api(t.app, 'POST', `/api/trading/perpetual/tpsl/${order.id}`, { body: {} })).status).toBe(
      401,
    );

    // A closed position is refused.
    await setPrice(db, 'ETHUSDT', '3000');
    expect((await c.close(a.token, order.id)).status).toBe(200);
    const late = await c.tpsl(a.token, order.id, { take_profit_price: '2600' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('仓位已平仓');
    expect((await c.tpsl(b.token, order.id, { take_profit_price: '2600' })).status).toBe(404);
  });

  it('refuses in English to an English caller (Accept-Language: en, issue 38)', async () => {
    const a = await c.trader();
    // As above: a short 30 × 20 at 3000, closed at the end (a job turn looks at every open position).
    await setPrice(db, 'ETHUSDT', '3000');
    const { order } = await c.opened(a.token, {
      symbol: 'ETHUSDT',
      side: 'short',
      margin: '30',
      leverage: 20,
    });
    const english = (body: unknown) =>
      api(t.app, 'POST', `/api/trading/perpetual/tpsl/${order.id}`, {
        token: a.token,
        body,
        headers: { 'accept-language': 'en' },
      });
    const cases: [unknown, string][] = [
      [{ take_profit_price: '3001' }, 'A short’s take profit price must be below the entry price 3000'],
      [{ stop_loss_price: '2999' }, 'A short’s stop loss price must be above the entry price 3000'],
      [
        { stop_loss_price: '3134.33' },
        'A short’s stop loss price must be below the liquidation price; the highest allowed is 3134.32',
      ],
      [{ take_profit_price: '2500.123' }, 'The take profit price may have at most 2 decimal places'],
      [{ stop_loss_price: '3100.125' }, 'The stop loss price may have at most 2 decimal places'],
    ];
    for (const [body, message] of cases) {
      const res = await english(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const set = await english({ take_profit_price: '2500', stop_loss_price: '3100' });
    expect(set.status).toBe(200);
    expect(set.body.message).toBe('Take profit / Stop loss set');
    expect((await c.close(a.token, order.id)).status).toBe(200);
  });

  it('a replayed Idempotency-Key answers the first reply', async () => {
    const { token } = await c.trader();
    await setPrice(db, 'BNBUSDT', '600');
    const { order } = await c.opened(token, { symbol: 'BNBUSDT', side: 'long', margin: '50', leverage: 5 });
    const first = await c.tpsl(token, order.id, { take_profit_price: '700' }, 'tpsl-key-1');
    await c.tpsl(token, order.id, { take_profit_price: '710' }, 'tpsl-key-2');
    const replay = await c.tpsl(token, order.id, { take_profit_price: '700' }, 'tpsl-key-1');
    expect(replay.raw.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    const [now] = (await c.list(token, '?symbol=BNBUSDT')).body.data?.positions ?? [];
    expect(now?.take_profit_price).toBe('710');
    await setPrice(db, 'BNBUSDT', '600');
    expect((await c.close(token, order.id)).status).toBe(200);
  });
});

describe('the job triggers them at the reference price', () => {
  it('closes a long at its take-profit, at the mark that reached it, and pays it once', async () => {
    const { token, id } = await c.trader();
    await setPrice(db, 'SOLUSDT', '200');
    const { order, position } = await c.opened(token, {
      symbol: 'SOLUSDT',
      side: 'long',
      margin: '100',
      leverage: 10,
    });
    await c.tpsl(token, order.id, { take_profit_price: '210', stop_loss_price: '190' });
    const before = await usdt(db, id);
    const sys = await systemUsdt(db);

    const near = await setPrice(db, 'SOLUSDT', '209.99');
    expect(await c.jobEngine(near).checkPositions(new Date(near))).toEqual({
      liquidated: 0,
      takeProfit: 0,
      stopLoss: 0,
    });

    const events: unknown[][] = [];
    const at = await setPrice(db, 'SOLUSDT', '210.5');
    expect(await c.jobEngine(at, events).checkPositions(new Date(at))).toEqual({
      liquidated: 0,
      takeProfit: 1,
      stopLoss: 0,
    });
    const expected = closeSettlement(
      'long',
      { margin: new Decimal(100), quantity: new Decimal(position.quantity), entry: new Decimal(200) },
      new Decimal('210.5'),
      CLOSE_RATE,
    );
    const [closed] = (await c.list(token, '?status=closed&symbol=SOLUSDT')).body.data?.positions ?? [];
    expect(closed).toMatchObject({
      id: order.id,
      status: 'closed',
      close_reason: 'take_profit',
      take_profit_price: '210',
      close_price: '210.5',
      close_source: 'test',
      close_price_at: new Date(at).toISOString(),
      realised_pnl: expected.realisedPnl.toFixed(),
      close_fee: expected.fee.toFixed(),
      payout: expected.payout.toFixed(),
      closed_at: new Date(at).toISOString(),
    });
    const wallet = await usdt(db, id);
    expect(wallet.available.minus(before.available).toFixed()).toBe(expected.payout.toFixed());
    expect(wallet.frozen.toFixed()).toBe('0');
    const after = await systemUsdt(db);
    expect(after.fees.minus(sys.fees).toFixed()).toBe(expected.fee.toFixed());
    expect(after.house.minus(sys.house).toFixed()).toBe(expected.houseResult.toFixed());
    expect(await journalCount(db, `perpetual:${order.id}:close`)).toBe(1);

    // The owner hears of it with the position, so that the screen can say why.
    const sent = onlyOrderEvents(events);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.[0]).toBe(id);
    expect(sent[0]?.[2]).toMatchObject({
      order: { id: order.id, product: 'perpetual' },
      position: { id: order.id, close_reason: 'take_profit' },
    });

    // And a notification, written with the close (same transaction) and pushed after it.
    const inbox = await api<{ notifications: { type: string; title: string; body: string }[] }>(
      t.app,
      'GET',
      '/api/notifications',
      { token },
    );
    expect(inbox.body.data?.notifications[0]).toMatchObject({
      type: 'perpetual_close',
      title: '永续合约止盈平仓',
    });
    expect(inbox.body.data?.notifications[0]?.body).toContain(`仓位 #${order.id}`);
    expect(events.some((e) => e[0] === id && e[1] === NOTIFICATION_EVENT)).toBe(true);

    // Nothing is settled twice: another turn, a user's close.
    expect((await c.jobEngine(at).checkPositions(new Date(at))).takeProfit).toBe(0);
    expect((await c.close(token, order.id)).status).toBe(409);
    expect(await journalCount(db, `perpetual:${order.id}:close`)).toBe(1);
  });

  it('stops a short out at its stop-loss', async () => {
    const { token, id } = await c.trader();
    await setPrice(db, 'LTCUSDT', '100');
    const { order } = await c.opened(token, { symbol: 'LTCUSDT', side: 'short', margin: '50', leverage: 5 });
    await c.tpsl(token, order.id, { stop_loss_price: '104' });
    const below = await setPrice(db, 'LTCUSDT', '103.99');
    expect((await c.jobEngine(below).checkPositions(new Date(below))).stopLoss).toBe(0);
    const at = await setPrice(db, 'LTCUSDT', '104');
    expect((await c.jobEngine(at).checkPositions(new Date(at))).stopLoss).toBe(1);
    const [closed] = (await c.list(token, '?status=closed&symbol=LTCUSDT')).body.data?.positions ?? [];
    // 50 × 5 / 100 = 2.5 LTC, 4 up: −10; fee 2.5 × 104 × 0.0005 = 0.13.
    expect(closed).toMatchObject({
      close_reason: 'stop_loss',
      close_price: '104',
      realised_pnl: '-10',
      close_fee: '0.13',
      payout: '39.87',
    });
    expect((await usdt(db, id)).frozen.toFixed()).toBe('0');
    const inbox = await api<{ notifications: { title: string }[] }>(t.app, 'GET', '/api/notifications', {
      token,
    });
    expect(inbox.body.data?.notifications[0]?.title).toBe('永续合约止损平仓');
  });

  it('a position at or past its liquidation price is liquidated, never stopped out', async () => {
    const { token } = await c.trader();
    await setPrice(db, 'BCHUSDT', '500');
    // Long 20 × 10 at 500: liquidated at 450 / 0.995 = 452.26…; stop-loss just above it.
    const { order } = await c.opened(token, { symbol: 'BCHUSDT', side: 'long', margin: '20', leverage: 10 });
    expect((await c.tpsl(token, order.id, { stop_loss_price: '452.27' })).status).toBe(200);
    const gap = await setPrice(db, 'BCHUSDT', '440');
    expect(await c.jobEngine(gap).checkPositions(new Date(gap))).toEqual({
      liquidated: 1,
      takeProfit: 0,
      stopLoss: 0,
    });
    const [gone] = (await c.list(token, '?status=liquidated&symbol=BCHUSDT')).body.data?.positions ?? [];
    expect(gone).toMatchObject({
      id: order.id,
      close_reason: 'liquidation',
      payout: '0',
      // 440 is past the bankruptcy price (450): closed there, the gap is the insurance fund's.
      close_price: '450',
    });
    expect(await journalCount(db, `perpetual:${order.id}:close`)).toBe(0);
    expect(await journalCount(db, `perpetual:${order.id}:liquidate`)).toBe(1);
  });
});

describe('settled exactly once', () => {
  it('a take-profit, a user close and a second runner in the same instant: one close', async () => {
    for (let round = 0; round < 4; round++) {
      const { token, id } = await c.trader();
      await setPrice(db, 'DOTUSDT', '7');
      const { order } = await c.opened(token, { symbol: 'DOTUSDT', side: 'long', margin: '20', leverage: 5 });
      await c.tpsl(token, order.id, { take_profit_price: '7.5' });
      const at = await setPrice(db, 'DOTUSDT', '7.6');
      const [closing, jobA, jobB] = await Promise.all([
        c.close(token, order.id),
        c.jobEngine(at).checkPositions(new Date(at)),
        c.jobEngine(at).checkPositions(new Date(at)),
      ]);
      expect(await journalCount(db, `perpetual:${order.id}:close`)).toBe(1);
      expect(await journalCount(db, `perpetual:${order.id}:liquidate`)).toBe(0);
      const byJob = jobA.takeProfit + jobB.takeProfit;
      if (closing.status === 200) {
        expect(byJob).toBe(0);
        expect(closing.body.data?.position.close_reason).toBe('user');
      } else {
        expect(closing.status).toBe(409);
        expect(byJob).toBe(1);
      }
      expect((await usdt(db, id)).frozen.toFixed()).toBe('0');
    }
  });

  it('a stop-loss, a user close and a liquidation in the same instant: one liquidation', async () => {
    for (let round = 0; round < 4; round++) {
      const { token, id } = await c.trader();
      await setPrice(db, 'LINKUSDT', '20');
      const { order } = await c.opened(token, {
        symbol: 'LINKUSDT',
        side: 'short',
        margin: '20',
        leverage: 10,
      });
      await c.tpsl(token, order.id, { stop_loss_price: '21.5' });
      const at = await setPrice(db, 'LINKUSDT', '23');
      const [closing, jobA, jobB] = await Promise.all([
        c.close(token, order.id),
        c.jobEngine(at).checkPositions(new Date(at)),
        c.jobEngine(at).checkPositions(new Date(at)),
      ]);
      expect(await journalCount(db, `perpetual:${order.id}:close`)).toBe(0);
      expect(await journalCount(db, `perpetual:${order.id}:liquidate`)).toBe(1);
      expect(jobA.stopLoss + jobB.stopLoss).toBe(0);
      const byJob = jobA.liquidated + jobB.liquidated;
      if (closing.status === 200) {
        expect(byJob).toBe(0);
        expect(closing.body.data?.position.status).toBe('liquidated');
      } else {
        expect(closing.status).toBe(409);
        expect(byJob).toBe(1);
      }
      expect((await usdt(db, id)).frozen.toFixed()).toBe('0');
    }
  });

  it('many positions with take-profits: each closed once by two runners at once', async () => {
    const traders = await Promise.all([c.trader(), c.trader()]);
    await setPrice(db, 'UNIUSDT', '12');
    const ids: number[] = [];
    for (const { token } of traders) {
      for (const leverage of [2, 5, 10]) {
        const { order } = await c.opened(token, { symbol: 'UNIUSDT', side: 'short', margin: '15', leverage });
        await c.tpsl(token, order.id, { take_profit_price: '11.5', stop_loss_price: '12.5' });
        ids.push(order.id);
      }
    }
    const at = await setPrice(db, 'UNIUSDT', '11.4');
    const runs = await Promise.all([
      c.jobEngine(at).checkPositions(new Date(at)),
      c.jobEngine(at).checkPositions(new Date(at)),
    ]);
    expect(runs[0].takeProfit + runs[1].takeProfit).toBe(6);
    for (const id of ids) expect(await journalCount(db, `perpetual:${id}:close`)).toBe(1);
    for (const { id } of traders) expect((await usdt(db, id)).frozen.toFixed()).toBe('0');
  });
});
