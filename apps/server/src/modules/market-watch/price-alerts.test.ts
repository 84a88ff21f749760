import {
  PRICE_ALERT_MESSAGES,
  PRICE_ALERTS_MAX,
  type PriceAlert,
  type UserNotification,
} from '@platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { api, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { createLease, LeaseLostError } from '../jobs/lease.ts';
import type { WrittenNotification } from '../notifications/notifications.service.ts';
import { createReferencePrices } from '../trading/reference-prices.ts';
import { indexOfTickers, recordTick } from '../trading/testing/trading-fixtures.ts';
import { createPriceAlertsService } from './price-alerts.service.ts';

/**
 * 价格提醒 (issue 33): CRUD on the caller's own alerts (another user's id is a 404; at most
 * PRICE_ALERTS_MAX; the price a positive decimal within the pair's precision), and the job that
 * judges them against the index price: an alert fires once whatever runs it twice or at once, an
 * every-time alert re-arms after the price goes back across, and each firing is a stored notification.
 */

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
});
afterAll(async () => t?.close());

let lastTick = Date.now();
async function setIndex(symbol: string, price: string) {
  lastTick = Math.max(Date.now(), lastTick + 1);
  await recordTick(db, symbol, price, lastTick);
}

/** A job runner of its own, as another instance would have, recording what it pushes. */
function runner() {
  const pushed: WrittenNotification[] = [];
  const prices = createReferencePrices({ db, index: indexOfTickers(async () => []) });
  const service = createPriceAlertsService({ db, prices, onNotified: (w) => pushed.push(...w) });
  return { service, pushed };
}

type Reply = Record<string, unknown>;
const create = (token: string, body: unknown) =>
  api<{ alert: PriceAlert }>(t.app, 'POST', '/api/user/price-alerts', { token, body });
const list = async (token: string, query = '') =>
  (await api<{ alerts: PriceAlert[] }>(t.app, 'GET', `/api/user/price-alerts${query}`, { token })).body.data
    ?.alerts ?? [];
const alertNotices = async (token: string) =>
  (
    await api<{ notifications: UserNotification[] }>(t.app, 'GET', '/api/notifications?type=price_alert', {
      token,
    })
  ).body.data?.notifications ?? [];

describe('price alert calls', () => {
  it('creates, lists (also by pair) and deletes the caller’s own alerts; another user’s id is a 404', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const res = await create(a.token, { symbol: 'btcusdt', direction: 'above', price: '100000.50' });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe(PRICE_ALERT_MESSAGES.created);
    expect(res.body.data?.alert).toMatchObject({
      symbol: 'BTCUSDT',
      direction: 'above',
      price: '100000.5',
      repeat: 'once',
      status: 'active',
      armed: true,
      triggered_count: 0,
      last_triggered_at: null,
    });
    const id = res.body.data?.alert.id as number;
    await create(a.token, { symbol: 'ETHUSDT', direction: 'below', price: '2000', repeat: 'every' });
    expect((await list(a.token)).map((x) => x.symbol)).toEqual(['ETHUSDT', 'BTCUSDT']);
    expect((await list(a.token, '?symbol=BTCUSDT')).map((x) => x.id)).toEqual([id]);
    expect(await list(b.token)).toEqual([]);

    const theirs = await api<Reply>(t.app, 'DELETE', `/api/user/price-alerts/${id}`, { token: b.token });
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe(PRICE_ALERT_MESSAGES.notFound);
    expect(await list(a.token, '?symbol=BTCUSDT')).toHaveLength(1);
    const mine = await api<Reply>(t.app, 'DELETE', `/api/user/price-alerts/${id}`, { token: a.token });
    expect(mine.status).toBe(200);
    expect(mine.body.message).toBe(PRICE_ALERT_MESSAGES.deleted);
    expect(
      (await api<Reply>(t.app, 'DELETE', `/api/user/price-alerts/${id}`, { token: a.token })).status,
    ).toBe(404);
    expect((await api<Reply>(t.app, 'DELETE', '/api/user/price-alerts/abc', { token: a.token })).status).toBe(
      400,
    );
    expect((await api(t.app, 'GET', '/api/user/price-alerts')).status).toBe(401);
  });

  it('refuses bad input with a Chinese 400 and stores nothing', async () => {
    const { token } = await registerUser(t.app);
    const cases: [unknown, string | RegExp][] = [
      [{ symbol: 'NOPEUSDT', direction: 'above', price: '1' }, PRICE_ALERT_MESSAGES.notListed('NOPEUSDT')],
      [{ symbol: 'BTCUSDT', direction: 'above', price: '1.001' }, PRICE_ALERT_MESSAGES.pricePrecision(2)],
      [{ symbol: 'BTCUSDT', direction: 'above', price: '0' }, new RegExp(PRICE_ALERT_MESSAGES.pricePositive)],
      [{ symbol: 'BTCUSDT', direction: 'above', price: '-5' }, new RegExp(PRICE_ALERT_MESSAGES.priceFormat)],
      [{ symbol: 'BTCUSDT', direction: 'above', price: '1e5' }, new RegExp(PRICE_ALERT_MESSAGES.priceFormat)],
      [{ symbol: 'BTCUSDT', direction: 'above' }, new RegExp(PRICE_ALERT_MESSAGES.priceRequired)],
      [{ symbol: 'BTCUSDT', direction: 'sideways', price: '1' }, /direction 必须是 above 或 below/],
      [{ symbol: 'BTCUSDT', direction: 'above', price: '1', repeat: 'twice' }, /repeat 必须是 once 或 every/],
      [{ direction: 'above', price: '1' }, new RegExp(PRICE_ALERT_MESSAGES.symbolRequired)],
    ];
    for (const [body, message] of cases) {
      const res = await create(token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect(await list(token)).toEqual([]);
  });

  it(`holds at most ${PRICE_ALERTS_MAX} per user, also when they are created at once`, async () => {
    const { token } = await registerUser(t.app);
    const results = await Promise.all(
      Array.from({ length: PRICE_ALERTS_MAX + 5 }, (_, i) =>
        create(token, { symbol: 'BTCUSDT', direction: 'above', price: String(200000 + i) }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(PRICE_ALERTS_MAX);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.map((r) => [r.status, r.body.message])).toEqual(
      refused.map(() => [400, PRICE_ALERT_MESSAGES.full]),
    );
    expect(await list(token)).toHaveLength(PRICE_ALERTS_MAX);
  });
});

describe('price alerts job', () => {
  it('fires an alert once when its index price is reached, with the job run twice or by two runners at once', async () => {
    const { token } = await registerUser(t.app);
    await setIndex('SOLUSDT', '150');
    const above = (await create(token, { symbol: 'SOLUSDT', direction: 'above', price: '160' })).body.data
      ?.alert;
    const below = (await create(token, { symbol: 'SOLUSDT', direction: 'below', price: '140' })).body.data
      ?.alert;
    const one = runner();
    const two = runner();
    expect(await one.service.check()).toBe(0);

    await setIndex('SOLUSDT', '160.5');
    const fired = await Promise.all([one.service.check(), two.service.check()]);
    expect(fired[0] + fired[1]).toBe(1);
    expect(await one.service.check()).toBe(0);
    expect(await two.service.check()).toBe(0);
    const pushed = [...one.pushed, ...two.pushed];
    expect(pushed).toHaveLength(1);
    expect(pushed[0]?.notification).toMatchObject({
      type: 'price_alert',
      title: '价格提醒：SOLUSDT 已涨到 160.00',
      link: '/trade/spot/SOLUSDT',
    });
    expect(pushed[0]?.notification.body).toMatch(
      /SOLUSDT 指数价格于 .* 为 160.50，已涨到您设置的 160.00。该提醒已完成。/,
    );

    const notices = await alertNotices(token);
    expect(notices.map((n) => n.id)).toEqual([pushed[0]?.notification.id]);
    const alerts = await list(token, '?symbol=SOLUSDT');
    expect(alerts.find((a) => a.id === above?.id)).toMatchObject({
      status: 'triggered',
      armed: false,
      triggered_count: 1,
      last_triggered_price: '160.5',
    });
    expect(alerts.find((a) => a.id === below?.id)).toMatchObject({
      status: 'active',
      armed: true,
      triggered_count: 0,
    });

    // A once alert stays done whatever the price does next.
    await setIndex('SOLUSDT', '150');
    await setIndex('SOLUSDT', '170');
    expect(await one.service.check()).toBe(0);
  });

  it('re-arms an every-time alert only after the price has gone back across its price', async () => {
    const { token } = await registerUser(t.app);
    await setIndex('XRPUSDT', '0.6');
    const alert = (
      await create(token, { symbol: 'XRPUSDT', direction: 'below', price: '0.5', repeat: 'every' })
    ).body.data?.alert;
    const { service, pushed } = runner();
    const turn = async (price: string) => {
      await setIndex('XRPUSDT', price);
      return service.check();
    };
    expect(await turn('0.5')).toBe(1);
    expect(pushed[0]?.notification.body).toContain('价格回升到 0.50 以上后，再次跌到时会再提醒您。');
    expect(await turn('0.45')).toBe(0); // still below: no repeat while it stays there
    expect(await turn('0.5')).toBe(0); // at the price is not back across
    expect((await list(token, '?symbol=XRPUSDT'))[0]).toMatchObject({
      id: alert?.id,
      armed: false,
      status: 'active',
    });
    expect(await turn('0.51')).toBe(0); // back above: armed again
    expect((await list(token, '?symbol=XRPUSDT'))[0]).toMatchObject({ armed: true, triggered_count: 1 });
    expect(await turn('0.49')).toBe(1);
    expect((await list(token, '?symbol=XRPUSDT'))[0]).toMatchObject({
      armed: false,
      status: 'active',
      triggered_count: 2,
      last_triggered_price: '0.49',
    });
    expect(await alertNotices(token)).toHaveLength(2);
  });

  it('under the lease: only its holder fires, and a holder that lost the lease writes nothing', async () => {
    const { token } = await registerUser(t.app);
    await setIndex('DOGEUSDT', '0.1');
    await create(token, { symbol: 'DOGEUSDT', direction: 'above', price: '0.2' });
    await setIndex('DOGEUSDT', '0.25');
    const a = createLease(db, 'price-alerts-test', 60_000, 'instance-a');
    const b = createLease(db, 'price-alerts-test', 60_000, 'instance-b');
    expect(await a.acquire()).toBe(true);
    expect(await b.acquire()).toBe(false);
    const { service } = runner();
    await expect(service.check((tx) => b.fence(tx))).rejects.toBeInstanceOf(LeaseLostError);
    expect(await alertNotices(token)).toEqual([]);
    expect(await service.check((tx) => a.fence(tx))).toBe(1);
    expect(await alertNotices(token)).toHaveLength(1);
    await a.release();
  });

  it('judges nothing without a fresh index price', async () => {
    const { token } = await registerUser(t.app);
    await recordTick(db, 'LTCUSDT', '50', Date.now() - 60_000);
    await create(token, { symbol: 'LTCUSDT', direction: 'above', price: '40' });
    const { service } = runner();
    expect(await service.check()).toBe(0);
    expect((await list(token, '?symbol=LTCUSDT'))[0]).toMatchObject({ armed: true, triggered_count: 0 });
  });
});
