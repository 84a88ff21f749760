import type { AddressInfo } from 'node:net';
import { MARKET_EVENTS } from '@platform/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, registerUser, type TestApp } from '../test/app.ts';
import { fundUser, insertDepositChannel } from '../test/money.ts';
import { OwnRedis, waitFor } from '../test/redis-server.ts';
import { installProcessGuard, type ProcessGuard } from './process-guard.ts';

/**
 * Issue 18: Redis is a helper, never a single point of failure. This file runs a redis-server of
 * its own (so that it can kill it), two app instances on one database and that Redis, takes Redis
 * away, checks that both keep serving, starts a third instance while Redis is down, brings Redis
 * back on the same port and checks that events cross instances again, without a restart and
 * without one unhandled rejection or uncaught exception.
 */

const RATE_LIMITED_READS = 20;

/** The next `event` on `socket`, or a rejection after `ms`. */
function nextEvent(socket: Socket, event: string, ms = 5000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: unknown) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

async function redisStateOf(app: TestApp) {
  const res = await api<{ redis?: string }>(app.app, 'GET', '/api/health');
  expect(res.status).toBe(200);
  return res.body.data?.redis;
}

async function openSocket(app: TestApp, token: string): Promise<Socket> {
  if (!app.app.server.listening) await app.app.listen({ host: '127.0.0.1', port: 0 });
  const origin = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
  const socket = connect(origin, { auth: { token }, transports: ['websocket'], reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/**
 * Emits from `from` to the user of `socket` every 100 ms until the socket has one: the time from
 * the first try to the delivery is how long events took to cross instances again.
 */
async function crossInstanceDelivery(from: TestApp, userId: number, socket: Socket, timeoutMs: number) {
  const started = Date.now();
  let received = false;
  const onEvent = () => {
    received = true;
  };
  socket.on('withdrawal_status_update', onEvent);
  let lastEmit = 0;
  try {
    await waitFor(
      () => {
        if (!received && Date.now() - lastEmit >= 100) {
          lastEmit = Date.now();
          from.app.platform.realtime.toUser(userId, 'withdrawal_status_update', {
            id: 1,
            status: 'approved',
          });
        }
        return received;
      },
      timeoutMs,
      5,
    );
  } finally {
    socket.off('withdrawal_status_update', onEvent);
  }
  return Date.now() - started;
}

describe('Redis outage (issue 18)', () => {
  let redis: OwnRedis;
  let a: TestApp;
  let b: TestApp;
  let c: TestApp | undefined;
  let guard: ProcessGuard;
  const guardLog: { level: string; msg: string }[] = [];
  const sockets: Socket[] = [];
  let user: Awaited<ReturnType<typeof registerUser>>;
  let channelId: number;

  beforeAll(async () => {
    guard = installProcessGuard({
      log: {
        warn: (_obj, msg) => guardLog.push({ level: 'warn', msg }),
        error: (_obj, msg) => guardLog.push({ level: 'error', msg }),
        fatal: (_obj, msg) => guardLog.push({ level: 'fatal', msg }),
      },
      exit: () => guardLog.push({ level: 'exit', msg: 'exit requested' }),
    });
    redis = await OwnRedis.start();
    // Both run the live feed: the first is its leader, the second a follower that publishes
    // nothing while Redis carries the leader's updates.
    a = await createTestApp({ REDIS_URL: redis.url, MARKET_DATA_AUTOSTART: 'true' });
    // The second instance on the same database; its public reads are limited so that the test can
    // reach the limit while Redis is down.
    b = await createTestApp(
      {
        REDIS_URL: redis.url,
        MARKET_DATA_AUTOSTART: 'true',
        MARKET_READ_RATE_LIMIT_PER_MINUTE: String(RATE_LIMITED_READS),
      },
      async () => a.database,
    );
    user = await registerUser(a.app);
    await fundUser(a.database.db, user.user.id, '100000');
    channelId = (await insertDepositChannel(a.database.db)).id;
  });

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    // b and c share a's database: only a closes it.
    await c?.app.close();
    await b?.app.close();
    await a?.close();
    await redis?.kill();
    guard?.uninstall();
  });

  it('carries events across instances while Redis is up, and reports it up', async () => {
    await waitFor(async () => (await redisStateOf(a)) === 'up' && (await redisStateOf(b)) === 'up', 10_000);
    const onA = await openSocket(a, user.token);
    sockets.push(onA);
    await crossInstanceDelivery(b, user.user.id, onA, 5000);
  });

  it('keeps every instance serving while Redis is down', async () => {
    const onA = await openSocket(a, user.token);
    sockets.push(onA);
    await redis.kill();
    await waitFor(
      async () => (await redisStateOf(a)) === 'down' && (await redisStateOf(b)) === 'down',
      10_000,
    );

    for (const app of [a, b]) {
      const login = await api<{ token: string }>(app.app, 'POST', '/api/auth/login', {
        body: { email: user.email, password: user.password },
      });
      expect(login.status, login.body.message).toBe(200);
      const token = login.body.data!.token;

      const wallet = await api(app.app, 'GET', '/api/wallet', { token });
      expect(wallet.status, wallet.body.message).toBe(200);

      const ticker = await api<{ ticker?: { last_price: string } }>(
        app.app,
        'GET',
        '/api/trading/market/BTCUSDT',
      );
      expect(ticker.status, ticker.body.message).toBe(200);

      const deposit = await api(app.app, 'POST', '/api/wallet/deposits', {
        token,
        body: { channel_id: channelId, amount: '100' },
      });
      expect(deposit.status, deposit.body.message).toBe(200);

      // An order needs a fresh reference price and the book: market data without Redis.
      const order = await api<{ order: { status: string } }>(app.app, 'POST', '/api/trading/spot/order', {
        token,
        body: { symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '0.001' },
      });
      expect(order.status, order.body.message).toBe(200);
    }

    // Realtime on the same instance still arrives.
    const local = nextEvent(onA, 'withdrawal_status_update');
    a.app.platform.realtime.toUser(user.user.id, 'withdrawal_status_update', { id: 2, status: 'rejected' });
    expect(await local).toEqual({ id: 2, status: 'rejected' });

    // A logout drops the session's sockets on this instance even though Redis carries nothing.
    const session = await api<{ token: string }>(a.app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    const doomed = await openSocket(a, session.body.data!.token);
    sockets.push(doomed);
    const dropped = nextEvent(doomed, 'disconnect');
    expect((await api(a.app, 'POST', '/api/auth/logout', { token: session.body.data!.token })).status).toBe(
      200,
    );
    await dropped;

    // Sockets on the follower get live tickers: it reads the source itself while Redis is down.
    const onB = await openSocket(b, user.token);
    sockets.push(onB);
    const subscribedAt = Date.now();
    const livePush = new Promise<void>((resolve) => {
      onB.on(MARKET_EVENTS.ticker, (t: { updated_at: string }) => {
        // The subscription's own first ticker is the cached one; a push is newer than the subscription.
        if (Date.parse(t.updated_at) > subscribedAt) resolve();
      });
    });
    const ack = await onB
      .timeout(5000)
      .emitWithAck(MARKET_EVENTS.subscribe, { symbol: 'BTCUSDT', channels: ['ticker'] });
    expect(ack).toMatchObject({ success: true });
    await Promise.race([
      livePush,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('no live ticker on the follower')), 10_000),
      ),
    ]);

    // Rate limits fall back to in-memory counters: limited (fail safe), not waved through.
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMITED_READS; i++) {
      statuses.push((await api(b.app, 'GET', '/api/trading/market/ETHUSDT')).status);
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
  });

  it('starts an instance while Redis is down, which serves at once', async () => {
    c = await createTestApp({ REDIS_URL: redis.url }, async () => a.database);
    expect(await redisStateOf(c)).toBe('down');
    const login = await api(c.app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(login.status, login.body.message).toBe(200);
    const ticker = await api(c.app, 'GET', '/api/trading/market/BTCUSDT');
    expect(ticker.status, ticker.body.message).toBe(200);
  });

  it('reconnects by itself when Redis returns: events cross instances again, the late instance joins', async () => {
    const onA = await openSocket(a, user.token);
    const onC = await openSocket(c!, user.token);
    sockets.push(onA, onC);
    const restartedAt = Date.now();
    await redis.start();
    const live = [a, b, c!];
    await waitFor(async () => {
      const states = await Promise.all(live.map(redisStateOf));
      return states.every((s) => s === 'up');
    }, 10_000);
    const healthUpMs = Date.now() - restartedAt;

    const bToA = await crossInstanceDelivery(b, user.user.id, onA, 10_000);
    const cToA = await crossInstanceDelivery(c!, user.user.id, onA, 10_000);
    const aToC = await crossInstanceDelivery(a, user.user.id, onC, 10_000);
    const eventsMs = Date.now() - restartedAt;
    console.info(
      `redis back: health up on 3 instances after ${healthUpMs} ms, events crossing (b→a, c→a, a→c) after ${eventsMs} ms (first delivery after ${bToA}/${cToA}/${aToC} ms)`,
    );
    expect(eventsMs).toBeLessThan(10_000);
  });

  it('saw no unhandled rejection and no uncaught exception', () => {
    expect(guard.counts()).toEqual({ unhandledRejections: 0, uncaughtExceptions: 0 });
    expect(guardLog).toEqual([]);
  });
});
