import type { AddressInfo } from 'node:net';
import {
  type AdminTradingPairsData,
  type DataIntegrityData,
  type KlineSeries,
  MARKET_EVENTS,
  type MarketAdminStatus,
  type MarketDataJob,
  type MarketFeedStatus,
  type MarketLog,
  type OrderBook,
  PAIR_NOT_TRADABLE,
  RECENT_TRADES_DEFAULT_LIMIT,
  type RecentTrades,
  recentTrades,
  type Ticker,
  type TradingPair,
} from '@platform/contracts';
import { Decimal } from '@platform/domain';
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { sleep } from '../../test/fixtures.ts';
import { auditLogs } from '../audit/audit.schema.ts';
import { appSettings } from '../jobs/jobs.schema.ts';
import { candleOpen, nextOpen } from './intervals.ts';
import { deleteKlines } from './klines.repository.ts';
import { klines } from './market-data.schema.ts';

let t: TestApp;
let adminToken: string;
let userToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await createAdmin(t, 'admin')).token;
  userToken = (await registerUser(t.app)).token;
});
afterAll(async () => {
  await t?.close();
});

const get = <T>(url: string, token?: string) => api<T>(t.app, 'GET', url, { token });
const post = <T>(url: string, body?: unknown, token = adminToken) =>
  api<T>(t.app, 'POST', url, { token, body });

async function until<T>(
  what: string,
  read: () => Promise<T>,
  done: (v: T) => boolean,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await sleep(100);
  }
}

async function waitForJob(id: number): Promise<MarketDataJob> {
  const status = await until(
    `job ${id}`,
    async () => (await get<MarketAdminStatus>('/api/huobi/admin/status', adminToken)).body.data!,
    (s) => s.job?.id === id && s.job.status !== 'running',
  );
  return status.job!;
}

describe('pairs and market reads on the simulator (defaults)', () => {
  it('a fresh platform offers the major USDT pairs, enabled, without a token', async () => {
    const res = await get<{ pairs: TradingPair[] }>('/api/trading/pairs');
    expect(res.status).toBe(200);
    const symbols = res.body.data!.pairs.map((p) => p.symbol);
    expect(symbols).toEqual(expect.arrayContaining(['BTCUSDT', 'ETHUSDT']));
    expect(symbols.length).toBeGreaterThanOrEqual(10);
    expect(res.body.data!.pairs.every((p) => p.enabled && p.quote_currency === 'USDT')).toBe(true);
  });

  it('markets carry a ticker per enabled pair with decimal strings, even while the feed is stopped', async () => {
    const res = await get<{ markets: Ticker[] }>('/api/trading/markets');
    expect(res.status).toBe(200);
    const btc = res.body.data!.markets.find((m) => m.symbol === 'BTCUSDT')!;
    expect(btc.last_price).toMatch(/^\d+(\.\d+)?$/);
    expect(new Decimal(btc.bid).lt(btc.ask)).toBe(true);
    expect(btc.change_24h).toMatch(/^-?\d+\.\d{2}$/);
    expect(btc.source).toBe('index');
  });

  it('kline defaults: 1m and 100 candles, ascending and aligned, only the last one forming', async () => {
    const res = await get<KlineSeries>('/api/trading/kline?symbol=btc/usdt');
    expect(res.status).toBe(200);
    const { symbol, interval, klines: rows } = res.body.data!;
    expect(symbol).toBe('BTCUSDT');
    expect(interval).toBe('1m');
    expect(rows).toHaveLength(100);
    const opens = rows.map((k) => Date.parse(k.open_time));
    for (let i = 1; i < opens.length; i++) expect(opens[i]! - opens[i - 1]!).toBe(60_000);
    expect(rows.slice(0, -1).every((k) => k.is_closed)).toBe(true);
    expect(rows.at(-1)!.is_closed).toBe(false);
    // Plain decimals without the stored NUMERIC(38,18) zeros, whether read from the table or the source.
    for (const k of rows)
      for (const v of [k.open, k.high, k.low, k.close, k.volume]) expect(v).toMatch(/^\d+(\.\d*[1-9])?$/);
    // The closed candles were stored on the way (read-through), the forming one was not.
    const stored = await t.database.db
      .select()
      .from(klines)
      .where(and(eq(klines.symbol, 'BTCUSDT'), eq(klines.interval, '1m')));
    expect(stored.length).toBeGreaterThanOrEqual(99);
    // Read again: now answered from the table, still with the forming candle (from the source, the feed is stopped).
    const again = (await get<KlineSeries>('/api/trading/kline?symbol=BTCUSDT')).body.data!.klines;
    expect(again).toHaveLength(100);
    expect(again.at(-1)!.is_closed).toBe(false);
  });

  it('the /huobi kline takes HTX period names, defaults to 1min and 100, and limits the count', async () => {
    const def = await get<KlineSeries>('/api/huobi/kline/ethusdt');
    expect(def.body.data!.interval).toBe('1m');
    expect(def.body.data!.klines).toHaveLength(100);
    const hourly = await get<KlineSeries>('/api/huobi/kline/ETHUSDT?interval=60min&limit=24');
    expect(hourly.body.data!.interval).toBe('1h');
    expect(hourly.body.data!.klines).toHaveLength(24);
    const monthly = await get<KlineSeries>('/api/huobi/kline/ETHUSDT?interval=1mon&limit=3');
    const months = monthly.body.data!.klines.map((k) => Date.parse(k.open_time));
    expect(months).toEqual(months.map((m) => candleOpen('1M', m)));
  });

  it('refuses bad query values with a 400 that names the field', async () => {
    for (const url of [
      '/api/huobi/kline/BTCUSDT?interval=3min',
      '/api/trading/kline?symbol=BTCUSDT&limit=0',
      '/api/trading/kline?symbol=BTCUSDT&limit=5000',
      '/api/huobi/orderbook/BTCUSDT?depth=7',
      '/api/trading/kline',
      '/api/trading/trades',
      '/api/trading/trades?symbol=BTCUSDT&limit=0',
      '/api/trading/trades?symbol=BTCUSDT&limit=101',
      '/api/trading/trades?symbol=BTCUSDT&limit=2.5',
      '/api/huobi/trades/BTCUSDT?limit=abc',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });

  it('order book: depth 20 by default, consistent with the last price', async () => {
    const res = await get<{ orderBook: OrderBook }>('/api/huobi/orderbook/BTCUSDT');
    const book = res.body.data!.orderBook;
    expect(book.bids).toHaveLength(20);
    expect(book.asks).toHaveLength(20);
    const bestBid = new Decimal(book.bids[0]![0]);
    const bestAsk = new Decimal(book.asks[0]![0]);
    expect(bestBid.lt(bestAsk)).toBe(true);
    for (let i = 1; i < 20; i++) {
      expect(new Decimal(book.bids[i]![0]).lt(book.bids[i - 1]![0])).toBe(true);
      expect(new Decimal(book.asks[i]![0]).gt(book.asks[i - 1]![0])).toBe(true);
    }
    const five = await get<{ orderBook: OrderBook }>('/api/huobi/orderbook/BTCUSDT?depth=5');
    expect(five.body.data!.orderBook.bids).toHaveLength(5);
  });

  it('recent trades: public, 30 by default, newest first, around the ticker, the limit honoured', async () => {
    const res = await get<RecentTrades>('/api/trading/trades?symbol=btc-usdt');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('获取成交记录成功');
    const tape = recentTrades.parse(res.body.data);
    expect(tape).toMatchObject({ symbol: 'BTCUSDT', source: 'index' });
    expect(tape.trades).toHaveLength(RECENT_TRADES_DEFAULT_LIMIT);
    const times = tape.trades.map((t) => Date.parse(t.time));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times[0]!).toBeLessThanOrEqual(Date.now());
    const ticker = (await get<{ ticker: Ticker }>('/api/huobi/market-data/BTCUSDT')).body.data!.ticker;
    for (const t of tape.trades)
      expect(
        new Decimal(t.price).minus(ticker.last_price).abs().lt(new Decimal(ticker.last_price).times(0.01)),
      ).toBe(true);

    // Read again at once: the same snapshot, from the cache.
    const again = (await get<RecentTrades>('/api/trading/trades?symbol=BTCUSDT&limit=5')).body.data!;
    expect(again.updated_at).toBe(tape.updated_at);
    expect(again.trades).toEqual(tape.trades.slice(0, 5));
    const hundred = await get<RecentTrades>('/api/huobi/trades/ethusdt?limit=100');
    expect(hundred.status).toBe(200);
    expect(hundred.body.data!.symbol).toBe('ETHUSDT');
    expect(hundred.body.data!.trades).toHaveLength(100);
    expect((await get<RecentTrades>('/api/huobi/trades/ETHUSDT')).body.data!.trades).toHaveLength(30);
  });

  it('timeframes list every interval in HTX names with labels', async () => {
    const res = await get<{ timeframes: { value: string; interval: string; label: string }[] }>(
      '/api/huobi/timeframes',
    );
    expect(res.body.data!.timeframes.map((f) => f.value)).toEqual([
      '1min',
      '5min',
      '15min',
      '30min',
      '60min',
      '4hour',
      '1day',
      '1week',
      '1mon',
    ]);
  });

  it('market detail and ticker of one pair; unknown pairs are 404 with the spec text', async () => {
    const detail = await get<{ pair: TradingPair; ticker: Ticker; orderBook: OrderBook }>(
      '/api/trading/market/SOL-USDT',
    );
    expect(detail.status).toBe(200);
    expect(detail.body.data!.pair.symbol).toBe('SOLUSDT');
    expect(detail.body.data!.orderBook.bids.length).toBeGreaterThan(0);
    const unknown = await get('/api/trading/market/NOPEUSDT');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('交易对不存在或已停用');
    const ticker = await get<{ ticker: Ticker }>('/api/huobi/market-data/xrpusdt');
    expect(ticker.body.data!.ticker.symbol).toBe('XRPUSDT');
  });
});

describe('admin-only calls', () => {
  // Bodies are valid, so that only the role decides (validation runs before the guard).
  const adminCalls: [method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown][] = [
    ['POST', '/api/huobi/init-historical-data'],
    ['POST', '/api/huobi/fetch-pair-data', { symbol: 'BTCUSDT' }],
    ['POST', '/api/huobi/start'],
    ['POST', '/api/huobi/stop'],
    ['POST', '/api/huobi/restart'],
    ['POST', '/api/huobi/test-connection'],
    ['GET', '/api/huobi/data-integrity'],
    ['GET', '/api/huobi/admin/status'],
    ['GET', '/api/huobi/logs'],
    ['GET', '/api/admin/trading/pairs'],
    ['POST', '/api/admin/trading/pairs/sync'],
    ['PATCH', '/api/admin/trading/pairs/1', { enabled: false }],
  ];
  it.each(adminCalls)(
    '%s %s is refused to users (403) and to anonymous callers (401)',
    async (method, url, body = {}) => {
      const asUser = await api(t.app, method, url, { token: userToken, body });
      expect(asUser.status).toBe(403);
      const anonymous = await api(t.app, method, url, { body });
      expect(anonymous.status).toBe(401);
    },
  );

  it('refresh needs a logged-in user', async () => {
    expect((await post('/api/huobi/refresh', undefined, '')).status).toBe(401);
    const res = await post<{ refreshed: number }>('/api/huobi/refresh', undefined, userToken);
    expect(res.status).toBe(200);
    expect(res.body.data!.refreshed).toBeGreaterThan(0);
  });
});

describe('trading pair management', () => {
  it('lists every pair with lastSyncTime; a sim sync refreshes them and sets the time; audited', async () => {
    const before = await get<AdminTradingPairsData>('/api/admin/trading/pairs', adminToken);
    expect(before.status).toBe(200);
    const count = before.body.data!.pairs.length;
    const sync = await post<{ newPairs: number; updatedPairs: number }>('/api/admin/trading/pairs/sync');
    expect(sync.status).toBe(200);
    expect(sync.body.message).toBe(`同步完成！新增 0 个交易对，更新 ${count} 个交易对。`);
    expect(sync.body.data).toMatchObject({ newPairs: 0, updatedPairs: count, provider: 'sim' });
    const after = await get<AdminTradingPairsData>('/api/admin/trading/pairs', adminToken);
    expect(after.body.data!.lastSyncTime).not.toBeNull();
    expect(after.body.data!.pairs.every((p) => p.current_price !== null)).toBe(true);
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'trading_pair.sync'));
    expect(audit).toHaveLength(1);
  });

  it('a disabled pair disappears from users, its reads are 404, and enabling brings it back', async () => {
    const list = await get<AdminTradingPairsData>('/api/admin/trading/pairs', adminToken);
    const doge = list.body.data!.pairs.find((p) => p.symbol === 'DOGEUSDT')!;
    // Read first, so this instance holds the pair row (kept a second for orders): the switch must
    // still take effect at once.
    expect((await get('/api/trading/market/DOGEUSDT')).status).toBe(200);
    const off = await api<{ pair: TradingPair }>(t.app, 'PATCH', `/api/admin/trading/pairs/${doge.id}`, {
      token: adminToken,
      body: { enabled: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.data!.pair.enabled).toBe(false);
    const userPairs = await get<{ pairs: TradingPair[] }>('/api/trading/pairs');
    expect(userPairs.body.data!.pairs.some((p) => p.symbol === 'DOGEUSDT')).toBe(false);
    const markets = await get<{ markets: Ticker[] }>('/api/trading/markets');
    expect(markets.body.data!.markets.some((m) => m.symbol === 'DOGEUSDT')).toBe(false);
    for (const url of [
      '/api/trading/market/DOGEUSDT',
      '/api/huobi/kline/DOGEUSDT',
      '/api/trading/kline?symbol=DOGEUSDT',
      '/api/trading/trades?symbol=DOGEUSDT',
      '/api/huobi/trades/DOGEUSDT',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.body.message, url).toContain(PAIR_NOT_TRADABLE);
    }
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'trading_pair.disable'));
    expect(audit[0]).toMatchObject({
      targetId: String(doge.id),
      before: { enabled: true },
      after: { enabled: false },
    });

    await api(t.app, 'PATCH', `/api/admin/trading/pairs/${doge.id}`, {
      token: adminToken,
      body: { enabled: true },
    });
    expect((await get('/api/trading/market/DOGEUSDT')).status).toBe(200);
  });

  it('refuses a bad toggle: unknown id 404, non-boolean 400, nothing changes', async () => {
    const missing = await api(t.app, 'PATCH', '/api/admin/trading/pairs/999999', {
      token: adminToken,
      body: { enabled: false },
    });
    expect(missing.status).toBe(404);
    const bad = await api(t.app, 'PATCH', '/api/admin/trading/pairs/1', {
      token: adminToken,
      body: { enabled: 'no' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('enabled');
  });
});

describe('historical data and integrity', () => {
  it('initialises history in the background with progress, then the integrity check finds a gap cut out of it', async () => {
    const started = await post<{ job: MarketDataJob }>('/api/huobi/init-historical-data', {
      symbols: ['BTCUSDT', 'ethusdt'],
      intervals: ['1m', '1h'],
      limit: 200,
    });
    expect(started.status).toBe(200);
    const job = started.body.data!.job;
    expect(job).toMatchObject({ kind: 'historical', status: 'running', total: 4 });
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'market_data.init_historical'));
    expect(audit).toMatchObject({
      targetId: String(job.id),
      after: { symbols: ['BTCUSDT', 'ETHUSDT'], limit: 200 },
    });
    const finished = await waitForJob(job.id);
    expect(finished).toMatchObject({ status: 'completed', done: 4 });
    expect(finished.written).toBeGreaterThanOrEqual(4 * 199);

    const clean = await get<DataIntegrityData>(
      '/api/huobi/data-integrity?symbol=BTCUSDT&interval=1m&hours=2',
      adminToken,
    );
    expect(clean.status).toBe(200);
    expect(clean.body.data!.series).toHaveLength(1);
    expect(clean.body.data!.series[0]!.missing).toBe(0);
    expect(clean.body.data!.series[0]!.expected).toBeGreaterThanOrEqual(119);

    // Cut out ten minutes that ended half an hour ago.
    const cutFrom = candleOpen('1m', Date.now() - 40 * 60_000);
    const cutTo = cutFrom + 9 * 60_000;
    await deleteKlines(t.database.db, 'BTCUSDT', '1m', new Date(cutFrom), new Date(cutTo));
    const gap = await get<DataIntegrityData>(
      '/api/huobi/data-integrity?symbol=BTCUSDT&interval=1m&hours=2',
      adminToken,
    );
    const series = gap.body.data!.series[0]!;
    expect(series.missing).toBe(10);
    expect(series.gaps).toEqual([
      { from: new Date(cutFrom).toISOString(), to: new Date(cutTo).toISOString(), missing: 10 },
    ]);
    expect(gap.body.data!.totalMissing).toBe(10);

    // Fetching the pair's data fills it again.
    const refill = await post<{ job: MarketDataJob }>('/api/huobi/fetch-pair-data', {
      symbol: 'BTCUSDT',
      intervals: ['1m'],
      limit: 200,
    });
    expect(refill.status).toBe(200);
    expect((await waitForJob(refill.body.data!.job.id)).status).toBe('completed');
    const healed = await get<DataIntegrityData>(
      '/api/huobi/data-integrity?symbol=BTCUSDT&interval=1m&hours=2',
      adminToken,
    );
    expect(healed.body.data!.series[0]!.missing).toBe(0);

    const logs = await get<{ logs: MarketLog[] }>('/api/huobi/logs?limit=50', adminToken);
    expect(logs.body.data!.logs.some((l) => l.event === 'job.completed')).toBe(true);
  });

  it('allows one backfill at a time and refuses unknown pairs without starting anything', async () => {
    const first = await post<{ job: MarketDataJob }>('/api/huobi/init-historical-data', {
      intervals: ['1m'],
      limit: 500,
    });
    expect(first.status).toBe(200);
    const second = await post('/api/huobi/init-historical-data', { intervals: ['5m'], limit: 10 });
    expect(second.status).toBe(409);
    expect(second.body.message).toContain('进行中');
    await waitForJob(first.body.data!.job.id);

    const unknown = await post('/api/huobi/init-historical-data', { symbols: ['NOPEUSDT'], limit: 10 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('NOPEUSDT');
    const badLimit = await post('/api/huobi/init-historical-data', { limit: 99999 });
    expect(badLimit.status).toBe(400);
  });

  it('expected open times follow the calendar for month candles', () => {
    const jan = Date.UTC(2026, 0, 1) - 8 * 3600_000;
    expect(nextOpen('1M', jan)).toBe(Date.UTC(2026, 1, 1) - 8 * 3600_000);
  });
});

describe('the live feed', () => {
  let origin: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await post('/api/huobi/stop');
  });

  function open(token: string, language?: 'zh-CN' | 'en') {
    const auth = language ? { token, language } : { token };
    const socket = connect(origin, { auth, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    return socket;
  }
  const emitAck = <T>(socket: Socket, event: string, payload: unknown) =>
    new Promise<T>((resolve) => socket.emit(event, payload, resolve));

  it('starts and stops on the admin switch, which is stored for every instance; test-connection answers', async () => {
    const started = await post<{ feed: MarketFeedStatus }>('/api/huobi/start');
    expect(started.status).toBe(200);
    const running = await until(
      'ticks',
      async () => (await get<MarketFeedStatus>('/api/huobi/status')).body.data!,
      (s) => s.state === 'running' && s.ticks >= 2,
    );
    expect(running).toMatchObject({ sources: ['sim-a', 'sim-b', 'sim-c'], simulated: true, leader: true });
    const test = await post<{ ok: boolean; provider: string; latencyMs: number }>(
      '/api/huobi/test-connection',
    );
    expect(test.body.data).toMatchObject({ ok: true, provider: 'index' });

    const stopped = await post<{ feed: MarketFeedStatus }>('/api/huobi/stop');
    expect(stopped.body.data!.feed.state).toBe('stopped');
    const [setting] = await t.database.db
      .select()
      .from(appSettings)
      .where(eq(appSettings.key, 'market_feed.running'));
    expect(setting?.value).toBe(false);
    const ticks = (await get<MarketFeedStatus>('/api/huobi/status')).body.data!.ticks;
    await sleep(1500);
    expect((await get<MarketFeedStatus>('/api/huobi/status')).body.data!.ticks).toBe(ticks);
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'market_data.stop'));
    expect(audit).toHaveLength(1);
  });

  it('starts one stream however many starts race', async () => {
    await Promise.all([
      post('/api/huobi/start'),
      post('/api/huobi/start'),
      post('/api/huobi/restart'),
      post('/api/huobi/start'),
    ]);
    const first = (await get<MarketFeedStatus>('/api/huobi/status')).body.data!.ticks;
    await sleep(3000);
    const delta = (await get<MarketFeedStatus>('/api/huobi/status')).body.data!.ticks - first;
    // One stream ticks once a second (late under load); two would tick at least twice as often.
    expect(delta).toBeGreaterThanOrEqual(1);
    expect(delta).toBeLessThanOrEqual(4);
  });

  it('pushes ticker, depth and the forming kline to subscribers, at most twice a second per channel', async () => {
    await post('/api/huobi/start');
    const socket = open(userToken);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const received: Record<string, number> = { ticker: 0, depth: 0, kline: 0 };
    let lastKline: { symbol: string; interval: string; kline: { is_closed: boolean } } | undefined;
    socket.on(MARKET_EVENTS.ticker, (t: Ticker) => {
      if (t.symbol === 'BTCUSDT') received.ticker! += 1;
    });
    socket.on(MARKET_EVENTS.depth, () => {
      received.depth! += 1;
    });
    socket.on(MARKET_EVENTS.kline, (k: typeof lastKline) => {
      received.kline! += 1;
      lastKline = k;
    });
    const ack = await emitAck<{ success: boolean; data: { rooms: string[] } }>(
      socket,
      MARKET_EVENTS.subscribe,
      {
        symbol: 'BTCUSDT',
        channels: ['ticker', 'depth', 'kline'],
        interval: '1m',
      },
    );
    expect(ack.success).toBe(true);
    expect(ack.data.rooms).toHaveLength(3);
    const window = 4000;
    await sleep(window);
    expect(received.ticker).toBeGreaterThanOrEqual(2);
    expect(received.depth).toBeGreaterThanOrEqual(1);
    expect(received.kline).toBeGreaterThanOrEqual(1);
    // Throttle: two per second per channel, plus the snapshot sent on subscribing.
    for (const channel of ['ticker', 'depth', 'kline'])
      expect(received[channel]).toBeLessThanOrEqual((window / 1000) * 2 + 2);
    expect(lastKline).toMatchObject({ symbol: 'BTCUSDT', interval: '1m', kline: { is_closed: false } });

    const off = await emitAck<{ success: boolean }>(socket, MARKET_EVENTS.unsubscribe, {
      symbol: 'BTCUSDT',
      channels: ['ticker', 'depth', 'kline'],
    });
    expect(off.success).toBe(true);
    await sleep(700);
    const after = { ...received };
    await sleep(1500);
    expect(received).toEqual(after);
  });

  it('trades: a snapshot at once on subscribing, then the new tape when it changed, at most twice a second', async () => {
    await post('/api/huobi/start');
    const socket = open(userToken);
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    const tapes: RecentTrades[] = [];
    socket.on(MARKET_EVENTS.trades, (tape: RecentTrades) => tapes.push(tape));
    const ack = await emitAck<{ success: boolean; data: { rooms: string[] } }>(
      socket,
      MARKET_EVENTS.subscribe,
      { symbol: 'ethusdt', channels: ['trades'] },
    );
    expect(ack).toMatchObject({ success: true, data: { rooms: ['market:trades:ETHUSDT'] } });
    // The snapshot is emitted before the ack.
    expect(tapes).toHaveLength(1);
    // A quiet market trades about once a second, so wait for two pushes rather than a fixed time.
    const started = Date.now();
    await until(
      'two pushed tapes',
      async () => tapes.length,
      (n) => n >= 3,
    );
    await sleep(1000);
    const elapsed = (Date.now() - started) / 1000;
    expect(tapes.length).toBeLessThanOrEqual(Math.ceil(elapsed) * 2 + 1);
    for (const [i, tape] of tapes.entries()) {
      recentTrades.parse(tape);
      expect(tape.symbol).toBe('ETHUSDT');
      expect(tape.trades.length).toBeLessThanOrEqual(RECENT_TRADES_DEFAULT_LIMIT);
      if (i > 1) expect(tape.trades.map((t) => t.id)).not.toEqual(tapes[i - 1]!.trades.map((t) => t.id));
    }
    // Newer tapes start with newer trades, and a trade keeps its id and values.
    const first = tapes[0]!.trades;
    const last = tapes.at(-1)!.trades;
    expect(Date.parse(last[0]!.time)).toBeGreaterThan(Date.parse(first[0]!.time));
    for (const trade of last) {
      const earlier = first.find((t) => t.id === trade.id);
      if (earlier) expect(earlier).toEqual(trade);
    }

    await emitAck(socket, MARKET_EVENTS.unsubscribe, { symbol: 'ETHUSDT', channels: ['trades'] });
    await sleep(700);
    const count = tapes.length;
    await sleep(1500);
    expect(tapes).toHaveLength(count);
  });

  it("subscribing checks the pair against this instance's copy of its row, and a switch-off refuses at once", async () => {
    const subscribe = (socket: Socket, symbol: string) =>
      emitAck<{ success: boolean; message: string }>(socket, MARKET_EVENTS.subscribe, {
        symbol,
        channels: ['ticker'],
      });
    const connected = (n: number) =>
      Promise.all(
        Array.from({ length: n }, async () => {
          const socket = open(userToken);
          await new Promise<void>((resolve) => socket.once('connect', resolve));
          return socket;
        }),
      );
    // Every read of one pair row by its symbol (drizzle asks its client for each statement); the
    // feed's own reads of the pair list look different.
    const client = (t.database.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
    const query = client.query;
    let pairReads = 0;
    client.query = function counted(this: unknown, ...args: unknown[]) {
      const first = args[0];
      const text = typeof first === 'string' ? first : String((first as { text?: string })?.text);
      if (/from "trading_pairs" where "trading_pairs"."symbol" = /.test(text)) pairReads += 1;
      return query.apply(this, args);
    };
    const list = await get<AdminTradingPairsData>('/api/admin/trading/pairs', adminToken);
    const ltc = list.body.data!.pairs.find((p) => p.symbol === 'LTCUSDT')!;
    const patch = (enabled: boolean) =>
      api(t.app, 'PATCH', `/api/admin/trading/pairs/${ltc.id}`, { token: adminToken, body: { enabled } });
    try {
      // A switch clears this instance's copy: the sockets that then subscribe together share one read.
      expect((await patch(true)).status).toBe(200);
      const sockets = await connected(4);
      pairReads = 0;
      const replies = await Promise.all(sockets.map((s) => subscribe(s, 'LTCUSDT')));
      expect(replies.every((r) => r.success)).toBe(true);
      expect(pairReads).toBe(1);
      // Thousands of sockets subscribe when pages of the web app open: one read per pair and second.
      const [late] = await connected(1);
      expect((await subscribe(late!, 'LTCUSDT')).success).toBe(true);
      expect(pairReads).toBe(1);

      expect((await patch(false)).status).toBe(200);
      const [refusedSocket] = await connected(1);
      const refused = await subscribe(refusedSocket!, 'LTCUSDT');
      expect(refused.success).toBe(false);
      expect(refused.message).toContain(PAIR_NOT_TRADABLE);
    } finally {
      client.query = query;
      expect((await patch(true)).status).toBe(200);
    }
  });

  it('refuses subscriptions to a pair that is not offered and malformed ones', async () => {
    const socket = open(userToken);
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    const unknown = await emitAck<{ success: boolean; message: string }>(socket, MARKET_EVENTS.subscribe, {
      symbol: 'NOPEUSDT',
    });
    expect(unknown).toMatchObject({ success: false });
    expect(unknown.message).toContain('交易对不存在或已停用');
    const malformed = await emitAck<{ success: boolean }>(socket, MARKET_EVENTS.subscribe, {
      symbol: 'BTCUSDT',
      channels: ['orders'],
    });
    expect(malformed.success).toBe(false);
  });

  it('acks in the language the handshake names (auth.language), as the admins’ sockets are spoken to', async () => {
    const english = open(userToken, 'en');
    await new Promise<void>((resolve) => english.once('connect', resolve));
    const subscribe = (symbol: string) =>
      emitAck<{ success: boolean; message: string }>(english, MARKET_EVENTS.subscribe, { symbol });
    expect(await subscribe('BTCUSDT')).toMatchObject({ success: true, message: 'Subscribed' });
    expect(
      await emitAck(english, MARKET_EVENTS.unsubscribe, { symbol: 'BTCUSDT', channels: ['ticker'] }),
    ).toMatchObject({ success: true, message: 'Unsubscribed' });
    expect(await subscribe('NOPEUSDT')).toEqual({
      success: false,
      message: 'The trading pair does not exist or is disabled: NOPEUSDT',
    });
    const chinese = open(userToken, 'zh-CN');
    await new Promise<void>((resolve) => chinese.once('connect', resolve));
    expect(await emitAck(chinese, MARKET_EVENTS.subscribe, { symbol: 'BTCUSDT' })).toMatchObject({
      success: true,
      message: '订阅成功',
    });
  });
});

describe('market data in English (Accept-Language: en, issue 38)', () => {
  const inEnglish = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
    api<{ newPairs: number; updatedPairs: number }>(t.app, method, url, {
      token: adminToken,
      body,
      headers: { 'accept-language': 'en' },
    });
  const message = async (url: string) => (await inEnglish('GET', url)).body.message;

  it('answers the reads, the admin calls and their refusals in English', async () => {
    expect(await message('/api/trading/pairs')).toBe('Trading pairs loaded');
    expect(await message('/api/trading/markets')).toBe('Market data loaded');
    expect(await message('/api/huobi/timeframes')).toBe('Candle intervals loaded');
    expect(await message('/api/huobi/admin/status')).toBe('Status loaded');
    expect(await message('/api/huobi/logs')).toBe('Logs loaded');
    expect(await message('/api/admin/trading/pairs')).toBe('Trading pairs loaded');
    expect(await message('/api/admin/market/price-sources')).toBe('Price sources loaded');
    const sync = await inEnglish('POST', '/api/admin/trading/pairs/sync');
    expect(sync.body.message).toBe(
      `Sync complete: ${sync.body.data?.newPairs} pairs added, ${sync.body.data?.updatedPairs} updated`,
    );
    const missing = await inEnglish('PATCH', '/api/admin/trading/pairs/999999', { enabled: false });
    expect([missing.status, missing.body.message]).toEqual([404, 'Trading pair not found']);
    const unknown = await inEnglish('GET', '/api/trading/market/NOPEUSDT');
    expect([unknown.status, unknown.body.message]).toEqual([
      404,
      'The trading pair does not exist or is disabled: NOPEUSDT',
    ]);
    const backfill = await inEnglish('POST', '/api/huobi/init-historical-data', {
      symbols: ['NOPEUSDT', 'NOPEXUSDT'],
      limit: 10,
    });
    expect([backfill.status, backfill.body.message]).toEqual([
      400,
      'Trading pairs not found: NOPEUSDT, NOPEXUSDT',
    ]);
  });
});
