import type { Ticker } from '@platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { sleep } from '../../test/fixtures.ts';
import {
  createReferencePrices,
  ENTRY_PRICE_MAX_AGE_MS,
  TICK_RETENTION_MS,
  TIMED_ENTRY_MAX_AGE_MS,
} from './reference-prices.ts';
import { indexOfTickers } from './testing/trading-fixtures.ts';
import type { priceTicks } from './trading.schema.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const T0 = Date.parse('2026-11-21T03:00:00.000Z');
const ticker = (symbol: string, price: string, at: number): Ticker => ({
  symbol,
  last_price: price,
  open_24h: price,
  high_24h: price,
  low_24h: price,
  change_24h: '0',
  volume_24h: '1',
  quote_volume_24h: price,
  bid: price,
  ask: price,
  source: 'sim',
  updated_at: new Date(at).toISOString(),
});

describe('reference prices', () => {
  it('settlement takes the last tick at or before the instant, within the tolerance', async () => {
    const prices = createReferencePrices({
      db: database.db,
      index: indexOfTickers(async () => []),
      now: () => T0,
    });
    const tick = (ms: number, price: string) => ({
      symbol: 'AAAUSDT',
      price,
      source: 'sim',
      at: new Date(T0 + ms),
      components: null,
    });
    await prices.record(database.db, [tick(-6000, '1'), tick(-1000, '2'), tick(0, '3'), tick(1, '4')]);
    // The same instant twice keeps the first observation.
    await prices.record(database.db, [tick(0, '99')]);

    expect((await prices.at(database.db, 'AAAUSDT', new Date(T0)))?.price).toBe('3');
    expect((await prices.at(database.db, 'AAAUSDT', new Date(T0 - 1)))?.price).toBe('2');
    // -6000 is beyond the 5 s tolerance of T0 - 1001 ... but -1000 is not.
    expect((await prices.at(database.db, 'AAAUSDT', new Date(T0 - 999)))?.price).toBe('2');
    expect(await prices.at(database.db, 'AAAUSDT', new Date(T0 - 1001 - 5000))).toBeNull();
    expect(await prices.at(database.db, 'BBBUSDT', new Date(T0))).toBeNull();
  });

  it('the current price is a recent tick, else a fresh observation that is recorded; stale markets are refused', async () => {
    let served: Ticker[] = [ticker('CCCUSDT', '10.5', T0 - 500)];
    const index = indexOfTickers(async () => served);
    const asked = index.asked;
    const prices = createReferencePrices({
      db: database.db,
      index,
      now: () => T0,
    });
    const first = await prices.current('CCCUSDT');
    expect(first).toMatchObject({
      price: '10.5',
      source: 'index',
      components: [expect.objectContaining({ source: 'sim', status: 'included' })],
    });
    expect(asked).toEqual([ENTRY_PRICE_MAX_AGE_MS]);
    // Recorded: the next read is served from the tick without asking the market.
    expect((await prices.current('CCCUSDT')).price).toBe('10.5');
    expect(asked).toHaveLength(1);

    served = [ticker('DDDUSDT', '7', T0 - ENTRY_PRICE_MAX_AGE_MS - 1)];
    await expect(prices.current('DDDUSDT')).rejects.toMatchObject({ statusCode: 502 });
  });

  it("a timed contract's entry is observed at most 1 s before the order was received, else its own refusal", async () => {
    let served: Ticker[] = [];
    const index = indexOfTickers(async () => served);
    const asked = index.asked;
    const prices = createReferencePrices({
      db: database.db,
      index,
      now: () => T0,
    });
    const receivedAt = T0 - 200;
    const timed = {
      maxAgeMs: TIMED_ENTRY_MAX_AGE_MS,
      receivedAt,
      staleError: () => new Error('行情更新中，请重试'),
    };
    // A tick 1.5 s before the order: fine for spot (3 s), too old for a contract.
    await prices.record(database.db, [
      { symbol: 'EEEUSDT', price: '5', source: 'sim', at: new Date(receivedAt - 1500), components: null },
    ]);
    expect((await prices.current('EEEUSDT', { receivedAt })).price).toBe('5');
    await expect(prices.current('EEEUSDT', timed)).rejects.toThrow('行情更新中，请重试');
    expect(asked).toEqual([TIMED_ENTRY_MAX_AGE_MS]);
    // The market has one observed within the second before the order: that one, recorded.
    served = [ticker('EEEUSDT', '5.1', receivedAt - 900)];
    expect(await prices.current('EEEUSDT', timed)).toMatchObject({
      price: '5.1',
      at: new Date(receivedAt - 900),
    });
    expect((await prices.current('EEEUSDT', timed)).price).toBe('5.1');
    expect(asked).toHaveLength(2);
  });

  it('orders that find no fresh tick at once share one observation (one market read, one tick written)', async () => {
    const asked: string[][] = [];
    const prices = createReferencePrices({
      db: database.db,
      index: indexOfTickers(async (symbols) => {
        asked.push(symbols);
        await sleep(20);
        return [ticker('FFFUSDT', '3.25', T0 - 100)];
      }),
      now: () => T0,
    });
    const timed = { maxAgeMs: TIMED_ENTRY_MAX_AGE_MS, receivedAt: T0 };
    const entries = await Promise.all(Array.from({ length: 6 }, () => prices.current('FFFUSDT', timed)));
    expect(entries.map((e) => e.price)).toEqual(Array(6).fill('3.25'));
    expect(asked).toEqual([['FFFUSDT']]);
    const stored = await database.db.execute(
      sql`SELECT count(*)::int AS n FROM price_ticks WHERE symbol = 'FFFUSDT'`,
    );
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    // Once it is recorded, it is read from the table; a failed observation is not kept.
    expect((await prices.current('FFFUSDT', timed)).price).toBe('3.25');
    expect(asked).toHaveLength(1);
  });

  it('ticks observed while the database is unreachable are written when it returns (a short outage voids nothing)', async () => {
    let clock = T0;
    let down = false;
    // The app's handle, failing its writes while "the database" is away.
    const db = new Proxy(database.db, {
      get(target, prop, receiver) {
        if (down && prop === 'insert') {
          return () => {
            throw new Error('Connection terminated unexpectedly');
          };
        }
        return Reflect.get(target, prop, receiver);
      },
    });
    const prices = createReferencePrices({
      db,
      index: indexOfTickers(async () => [ticker('GGGUSDT', String(clock - T0 + 100), clock)]),
      now: () => clock,
    });
    await prices.observe(['GGGUSDT'], 0);
    down = true;
    for (let i = 1; i <= 8; i++) {
      clock = T0 + i * 1000;
      await expect(prices.observe(['GGGUSDT'], 0)).rejects.toThrow('Connection terminated');
    }
    down = false;
    clock = T0 + 9000;
    await prices.observe(['GGGUSDT'], 0);
    // Every second of the outage has its tick: settlement at T0 + 4.5 s takes the one of T0 + 4 s.
    const rows = await database.db.execute(
      sql`SELECT count(*)::int AS n FROM price_ticks WHERE symbol = 'GGGUSDT'`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(10);
    expect((await prices.at(database.db, 'GGGUSDT', new Date(T0 + 4500)))?.price).toBe('4100');
  });

  it('the recorder goes on observing while the database hangs, and writes it all when it answers', async () => {
    let clock = T0 + 100_000;
    let release: () => void = () => {};
    let gate: Promise<void> | null = new Promise((r) => {
      release = r;
    });
    // Writes wait on the gate, as a write into a partition waits for the network.
    const db = new Proxy(database.db, {
      get(target, prop, receiver) {
        const held = gate;
        if (prop === 'insert' && held) {
          return (table: typeof priceTicks) => ({
            values: (rows: (typeof priceTicks.$inferInsert)[]) => ({
              onConflictDoNothing: () =>
                held.then(() => target.insert(table).values(rows).onConflictDoNothing()),
            }),
          });
        }
        return Reflect.get(target, prop, receiver);
      },
    });
    const prices = createReferencePrices({
      db,
      index: indexOfTickers(async () => [ticker('HHHUSDT', '5', clock)]),
      now: () => clock,
    });
    for (let i = 0; i < 8; i++) {
      clock += 1000;
      // Returns at once although the first write still hangs.
      await prices.observe(['HHHUSDT'], 0, { background: true });
    }
    gate = null;
    release();
    await prices.observe(['HHHUSDT'], 0);
    const rows = await database.db.execute(
      sql`SELECT count(*)::int AS n FROM price_ticks WHERE symbol = 'HHHUSDT'`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(8);
  });

  it('pruning removes only ticks older than the retention', async () => {
    const prices = createReferencePrices({
      db: database.db,
      index: indexOfTickers(async () => []),
      now: () => T0,
    });
    await prices.record(database.db, [
      {
        symbol: 'EEEUSDT',
        price: '1',
        source: 'sim',
        at: new Date(T0 - TICK_RETENTION_MS - 1),
        components: null,
      },
      {
        symbol: 'EEEUSDT',
        price: '2',
        source: 'sim',
        at: new Date(T0 - TICK_RETENTION_MS + 1000),
        components: null,
      },
    ]);
    await prices.prune();
    expect((await prices.at(database.db, 'EEEUSDT', new Date(T0 - TICK_RETENTION_MS + 1000)))?.price).toBe(
      '2',
    );
    expect(await prices.at(database.db, 'EEEUSDT', new Date(T0 - TICK_RETENTION_MS))).toBeNull();
  });
});
