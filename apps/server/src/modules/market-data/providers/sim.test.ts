import { createHmac, randomBytes } from 'node:crypto';
import { KLINE_INTERVALS, type KlineInterval } from '@platform/contracts';
import { Decimal } from '@platform/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { sleep } from '../../../test/fixtures.ts';
import { candleOpen, nextOpen } from '../intervals.ts';
import { ProviderError, type ProviderKline, type ProviderTicker } from './provider.ts';
import { createSimProvider, type SimProvider } from './sim.ts';
import { SIM_PAIRS } from './sim-pairs.ts';
import { cellDigests, hmacWords, KeyedWords, prepareKey, SimKeys, type SimSecret } from './sim-path.ts';

/** 2026-11-21 07:33:17.250 UTC: inside every kind of candle, not on a boundary. */
const NOW = Date.UTC(2026, 10, 21, 7, 33, 17, 250);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 86_400 * SECOND;
const DECIMAL = /^\d+(\.\d+)?$/;

const open: SimProvider[] = [];
function sim(secret: SimSecret = 'test-seed', now: () => number = () => NOW, venue?: string): SimProvider {
  const provider = createSimProvider({ secret, tickMs: 1000, now, venue });
  open.push(provider);
  return provider;
}
afterEach(async () => {
  for (const p of open.splice(0)) await p.close();
});

/** A provider whose clock the test moves. */
function clocked(secret: string, start: number) {
  const clock = { now: start };
  return { clock, provider: sim(secret, () => clock.now) };
}

const n = (value: string) => Number(value);
const decimals = (value: string) => value.split('.')[1]?.length ?? 0;
const logReturns = (closes: number[]) => closes.slice(1).map((c, i) => Math.log(c / closes[i]!));
function std(values: number[]) {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1));
}

describe('sim provider: identity and instruments', () => {
  it('is the sim provider with history, about 20 USDT majors with per-pair precision', async () => {
    const p = sim();
    expect(p.id).toBe('sim');
    expect(p.supportsHistory).toBe(true);
    const list = await p.instruments();
    expect(list.length).toBeGreaterThanOrEqual(18);
    expect(list).toEqual(p.instrumentsList);
    for (const i of list) {
      expect(i.symbol).toBe(`${i.base}USDT`);
      expect(i.quote).toBe('USDT');
      expect(i.active).toBe(true);
      expect(i.minAmount).toMatch(DECIMAL);
      expect(decimals(i.minAmount)).toBeLessThanOrEqual(i.amountPrecision);
    }
    const symbols = list.map((i) => i.symbol);
    for (const s of ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT', 'DOGEUSDT', 'LINKUSDT', 'UNIUSDT']) {
      expect(symbols).toContain(s);
    }
    expect(new Set(list.map((i) => i.pricePrecision)).size).toBeGreaterThan(2);
    // A caller mutating its copy does not change the provider's list.
    list[0]!.active = false;
    expect(p.instrumentsList[0]!.active).toBe(true);
    expect(await p.serverTime()).toBe(NOW);
  });

  it('quotes realistic late-2026 levels near now', async () => {
    const tickers = await sim().tickers(['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT', 'DOGEUSDT']);
    const last = Object.fromEntries(tickers.map((t) => [t.symbol, n(t.last)]));
    const near = (value: number | undefined, level: number) => {
      expect(value).toBeGreaterThan(level / 1.6);
      expect(value).toBeLessThan(level * 1.6);
    };
    near(last.BTCUSDT, 95_000);
    near(last.ETHUSDT, 3_400);
    near(last.SOLUSDT, 190);
    near(last.XRPUSDT, 2.3);
    near(last.DOGEUSDT, 0.32);
  });
});

describe('sim provider: determinism', () => {
  it('gives identical klines, tickers and depth for the same secret, whatever the order of calls', async () => {
    const a = sim('same');
    const b = sim('same');
    // b warms its caches in another order and at other places first.
    await b.orderBook('ETHUSDT', 10);
    await b.klines('BTCUSDT', '1m', { limit: 50, endTime: NOW - 3 * DAY });
    await b.tickers(['BTCUSDT']);
    await b.klines('BTCUSDT', '1h', { limit: 5 });
    for (const interval of KLINE_INTERVALS) {
      const [x, y] = [
        await a.klines('BTCUSDT', interval, { limit: 30 }),
        await b.klines('BTCUSDT', interval, { limit: 30 }),
      ];
      expect(x).toEqual(y);
    }
    expect(await a.tickers(['BTCUSDT', 'ETHUSDT', 'DOGEUSDT'])).toEqual(
      await b.tickers(['DOGEUSDT', 'BTCUSDT', 'ETHUSDT']).then((t) => [t[1], t[2], t[0]]),
    );
    expect(await a.orderBook('ETHUSDT', 20)).toEqual(await b.orderBook('ETHUSDT', 20));
  });

  it('gives the same candle whether asked alone, inside a long series or after other series', async () => {
    const wanted = NOW - 40 * DAY;
    const alone = await sim().klines('SOLUSDT', '4h', { limit: 1, endTime: wanted });
    const p = sim();
    await p.klines('SOLUSDT', '1d', { limit: 100 });
    const series = await p.klines('SOLUSDT', '4h', { limit: 400 });
    expect(series.find((k) => k.openTime === alone[0]!.openTime)).toEqual(alone[0]);
  });

  it('gives a different path for a different secret', async () => {
    const a = sim('secret-a');
    const b = sim('secret-b');
    const [x, y] = [
      await a.klines('BTCUSDT', '1h', { limit: 48 }),
      await b.klines('BTCUSDT', '1h', { limit: 48 }),
    ];
    const same = x.filter((k, i) => k.close === y[i]!.close).length;
    expect(same).toBeLessThan(3);
    expect((await a.tickers(['ETHUSDT']))[0]!.last).not.toBe((await b.tickers(['ETHUSDT']))[0]!.last);
    expect(await a.orderBook('BTCUSDT', 5)).not.toEqual(await b.orderBook('BTCUSDT', 5));
  });

  it('takes a string secret as its UTF-8 bytes, and refuses an empty one', async () => {
    const text = 'clé secrète';
    expect(await sim(text).tickers(['BTCUSDT', 'ETHUSDT'])).toEqual(
      await sim(Buffer.from(text, 'utf8')).tickers(['BTCUSDT', 'ETHUSDT']),
    );
    expect(await sim(new Uint8Array(Buffer.from(text, 'utf8'))).orderBook('ETHUSDT', 5)).toEqual(
      await sim(text).orderBook('ETHUSDT', 5),
    );
    expect(() => createSimProvider({ secret: '', tickMs: 1000 })).toThrow(/secret/);
    expect(() => createSimProvider({ secret: new Uint8Array(0), tickMs: 1000 })).toThrow(/secret/);
  });

  it('depends on every byte of the secret: changing only the last byte changes the prices', async () => {
    const secret = randomBytes(32);
    const changed = Buffer.from(secret);
    changed[31] = changed[31]! ^ 1;
    const [a, b] = [sim(secret), sim(changed)];
    const symbols = a.instrumentsList.map((i) => i.symbol);
    const [x, y] = [await a.tickers(symbols), await b.tickers(symbols)];
    // A price equal by chance at one tick in ten thousand or so: a few pairs at most.
    expect(x.filter((t, i) => t.last === y[i]!.last).length).toBeLessThan(3);
    const [hoursA, hoursB] = [
      await a.klines('BTCUSDT', '1h', { limit: 48 }),
      await b.klines('BTCUSDT', '1h', { limit: 48 }),
    ];
    expect(hoursA.filter((k, i) => k.close === hoursB[i]!.close).length).toBeLessThan(3);
    expect(await a.orderBook('BTCUSDT', 5)).not.toEqual(await b.orderBook('BTCUSDT', 5));
    expect((await a.trades('BTCUSDT', 20)).map((t) => t.timestamp)).not.toEqual(
      (await b.trades('BTCUSDT', 20)).map((t) => t.timestamp),
    );
    // The same bytes again give the same prices.
    expect(await sim(Buffer.from(secret)).tickers(symbols)).toEqual(x);
  });

  it('computes HMAC-SHA-256 of 8-byte big-endian indices exactly as node:crypto does', () => {
    const indices = [0, 1, 7, 8, 123_456, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 2 ** 32 + 5, 2 ** 53 - 1];
    for (const key of [randomBytes(32), Buffer.alloc(32), Buffer.alloc(32, 0xff), randomBytes(64)]) {
      const prepared = prepareKey(key);
      for (const index of [...indices, ...indices.map((i) => -i - 1)]) {
        const message = Buffer.alloc(8);
        message.writeBigInt64BE(BigInt(index));
        const expected = createHmac('sha256', key).update(message).digest();
        const words = new Int32Array(8);
        hmacWords(prepared, index, words, 0);
        const bytes = Buffer.alloc(32);
        for (const [i, word] of words.entries()) bytes.writeInt32BE(word, i * 4);
        expect(bytes, `index ${index}`).toEqual(expected);
      }
    }
  });

  it('derives sub-keys as HMAC-SHA-256(secret, label) exactly as node:crypto does', () => {
    const labels = [
      '',
      'a',
      'pair:BTCUSDT:octave:3',
      '价格'.repeat(9),
      ...[55, 56, 63, 64, 119, 120, 200].map((n) => 'x'.repeat(n)),
    ];
    const secrets = [Buffer.from('s'), randomBytes(32), randomBytes(64), randomBytes(65), randomBytes(200)];
    for (const secret of secrets) {
      const keys = new SimKeys(secret);
      for (const label of labels) {
        const expected = createHmac('sha256', secret).update(label, 'utf8').digest();
        expect(keys.derive(label), `secret of ${secret.length} bytes, label of ${label.length}`).toEqual(
          expected,
        );
      }
    }
    expect(new SimKeys('secret text').derive('label')).toEqual(
      createHmac('sha256', 'secret text').update('label').digest(),
    );
  });

  it('gives word n of a slot from the digest of ⌊n/8⌋, whatever the order of questions', () => {
    const keys = [randomBytes(32), randomBytes(32)];
    const words = new KeyedWords(2, (slot) => prepareKey(keys[slot]!));
    const expected = (slot: number, n: number) => {
      const message = Buffer.alloc(8);
      message.writeBigInt64BE(BigInt(Math.floor(n / 8)));
      return createHmac('sha256', keys[slot]!)
        .update(message)
        .digest()
        .readUInt32BE((((n % 8) + 8) % 8) * 4);
    };
    for (const n of [5, 6, 17, 16, 15, -1, -8, -9, 2 ** 40 + 3, 4, 2 ** 32 + 1, 2 ** 32 - 1]) {
      for (const slot of [1, 0]) {
        expect(words.word(slot, n), `slot ${slot}, n ${n}`).toBe(expected(slot, n));
        expect(words.unit(slot, n)).toBe((expected(slot, n) | 0) / 2 ** 31);
      }
    }
  });

  it('still works in 2099 and before 1970', async () => {
    for (const at of [Date.UTC(2099, 11, 31, 23, 59, 30), Date.UTC(1969, 6, 20, 20, 17, 40)]) {
      const p = sim('far', () => at);
      const klines = await p.klines('ETHUSDT', '1m', { limit: 120 });
      checkCandles(klines, '1m', 2);
      expect(new Set(klines.map((k) => k.close)).size).toBeGreaterThan(60);
      const [t] = await p.tickers(['ETHUSDT']);
      checkTicker(t!, 2);
    }
  });
});

/** OHLC invariants, formatting and alignment of a series. */
function checkCandles(klines: ProviderKline[], interval: KlineInterval, pricePrecision: number) {
  for (const [i, k] of klines.entries()) {
    for (const v of [k.open, k.high, k.low, k.close, k.volume, k.quoteVolume]) expect(v).toMatch(DECIMAL);
    for (const v of [k.open, k.high, k.low, k.close]) expect(decimals(v)).toBe(pricePrecision);
    expect(n(k.low)).toBeLessThanOrEqual(Math.min(n(k.open), n(k.close)));
    expect(n(k.high)).toBeGreaterThanOrEqual(Math.max(n(k.open), n(k.close)));
    expect(n(k.low)).toBeGreaterThan(0);
    expect(n(k.volume)).toBeGreaterThanOrEqual(0);
    if (n(k.volume) > 0) {
      // Quote volume / volume is an average price of the candle (rounding aside).
      const average = n(k.quoteVolume) / n(k.volume);
      expect(average).toBeGreaterThanOrEqual(n(k.low) * 0.999);
      expect(average).toBeLessThanOrEqual(n(k.high) * 1.001);
    }
    expect(candleOpen(interval, k.openTime)).toBe(k.openTime);
    if (i > 0) expect(k.openTime).toBe(nextOpen(interval, klines[i - 1]!.openTime));
  }
}

function checkTicker(t: ProviderTicker, pricePrecision: number) {
  for (const v of [t.last, t.open24h, t.high24h, t.low24h, t.bid, t.ask, t.volume24h, t.quoteVolume24h]) {
    expect(v).toMatch(DECIMAL);
  }
  for (const v of [t.last, t.open24h, t.high24h, t.low24h, t.bid, t.ask])
    expect(decimals(v)).toBe(pricePrecision);
  expect(n(t.low24h)).toBeLessThanOrEqual(Math.min(n(t.last), n(t.open24h)));
  expect(n(t.high24h)).toBeGreaterThanOrEqual(Math.max(n(t.last), n(t.open24h)));
  expect(n(t.bid)).toBeLessThan(n(t.last));
  expect(n(t.ask)).toBeGreaterThan(n(t.last));
  const average = n(t.quoteVolume24h) / n(t.volume24h);
  expect(average).toBeGreaterThanOrEqual(n(t.low24h) * 0.999);
  expect(average).toBeLessThanOrEqual(n(t.high24h) * 1.001);
}

describe('sim provider: klines', () => {
  it('keeps OHLC invariants and alignment for every interval; the last candle contains endTime', async () => {
    const p = sim();
    const endTime = NOW - 17 * DAY - 12_345;
    for (const interval of KLINE_INTERVALS) {
      for (const symbol of ['BTCUSDT', 'DOGEUSDT']) {
        const precision = p.instrumentsList.find((i) => i.symbol === symbol)!.pricePrecision;
        for (const end of [undefined, endTime]) {
          const klines = await p.klines(symbol, interval, { limit: 60, endTime: end });
          expect(klines).toHaveLength(60);
          checkCandles(klines, interval, precision);
          const last = klines.at(-1)!;
          const contains = end ?? NOW;
          expect(last.openTime).toBeLessThanOrEqual(contains);
          expect(nextOpen(interval, last.openTime)).toBeGreaterThan(contains);
        }
      }
    }
  });

  it('opens month candles on Beijing calendar months', async () => {
    const klines = await sim().klines('ETHUSDT', '1M', { limit: 14 });
    for (const k of klines) {
      const beijing = new Date(k.openTime + 8 * 3600 * 1000);
      expect(beijing.getUTCDate()).toBe(1);
      expect(beijing.getUTCHours()).toBe(0);
      expect(beijing.getUTCMinutes()).toBe(0);
    }
    const months = klines.map((k) => new Date(k.openTime + 8 * 3600 * 1000).getUTCMonth());
    for (let i = 1; i < months.length; i++) expect(months[i]).toBe((months[i - 1]! + 1) % 12);
  });

  it('never asks the future: an endTime after now is now', async () => {
    const p = sim();
    expect(await p.klines('BTCUSDT', '1h', { limit: 3, endTime: NOW + 5 * DAY })).toEqual(
      await p.klines('BTCUSDT', '1h', { limit: 3 }),
    );
  });

  it('hands out copies: changing a returned candle does not change the next answer', async () => {
    const p = sim();
    const first = await p.klines('BTCUSDT', '1h', { limit: 3 });
    const pristine = structuredClone(first);
    first[0]!.high = '1';
    expect(await p.klines('BTCUSDT', '1h', { limit: 3 })).toEqual(pristine);
  });

  it('keeps long candles within a sampling wiggle of the extremes of their hours', async () => {
    const p = sim('nesting');
    const days = (await p.klines('ADAUSDT', '1d', { limit: 31 })).slice(0, -1);
    const hours = await p.klines('ADAUSDT', '1h', { limit: 32 * 24 });
    const misses: number[] = [];
    for (const day of days) {
      const inside = hours.filter(
        (h) => h.openTime >= day.openTime && h.openTime < nextOpen('1d', day.openTime),
      );
      expect(inside).toHaveLength(24);
      expect(inside[0]!.open).toBe(day.open);
      expect(inside.at(-1)!.close).toBe(day.close);
      const high = Math.max(...inside.map((h) => n(h.high)));
      const low = Math.min(...inside.map((h) => n(h.low)));
      misses.push(Math.abs(n(day.high) / high - 1), Math.abs(n(day.low) / low - 1));
      const volume = inside.reduce((s, h) => s + n(h.volume), 0);
      expect(Math.abs(n(day.volume) / volume - 1)).toBeLessThan(1e-6);
    }
    // A 1d candle samples every 6 min, and ADA moves about 0.36% in 6 min: its extremes miss the
    // hours' by that much, rarely by three times as much (over 100 secrets: the worst of a month
    // 0.55% typically, 1.2% at most; the average 0.16%, at most 0.21%).
    expect(Math.max(...misses)).toBeLessThan(0.02);
    expect(misses.reduce((a, b) => a + b, 0) / misses.length).toBeLessThan(0.004);
  });

  it('opens each candle one second away from the previous close', async () => {
    const p = sim();
    for (const interval of KLINE_INTERVALS) {
      const klines = await p.klines('BTCUSDT', interval, { limit: 40 });
      for (let i = 1; i < klines.length; i++) {
        const gap = Math.abs(n(klines[i]!.open) / n(klines[i - 1]!.close) - 1);
        expect(gap).toBeLessThan(0.003);
      }
    }
    // Across all 1m candles of a day the jumps look like one-second moves, not like minutes.
    const minutes = await p.klines('BTCUSDT', '1m', { limit: 1440 });
    const jumps = minutes.slice(1).map((k, i) => Math.log(n(k.open) / n(minutes[i]!.close)));
    const moves = minutes.map((k) => Math.log(n(k.close) / n(k.open)));
    expect(std(jumps)).toBeLessThan(std(moves) / 3);
  });

  it('adds volumes up across intervals and matches the 24h ticker volume', async () => {
    const at = Date.UTC(2026, 10, 21, 8, 0, 0);
    const p = sim('volumes', () => at);
    const hours = await p.klines('LINKUSDT', '1h', { limit: 24 });
    const minutes = await p.klines('LINKUSDT', '1m', { limit: 24 * 60 + 1 });
    const closedHours = hours.slice(0, -1);
    const firstHour = closedHours[0]!.openTime;
    const fromMinutes = minutes.filter((k) => k.openTime >= firstHour && k.openTime < candleOpen('1h', at));
    expect(fromMinutes).toHaveLength(23 * 60);
    const hourSum = closedHours.reduce((s, k) => s + n(k.volume), 0);
    const minuteSum = fromMinutes.reduce((s, k) => s + n(k.volume), 0);
    expect(Math.abs(hourSum / minuteSum - 1)).toBeLessThan(1e-6);
    // The ticker's 24h are the seconds (now − 24 h, now]: the last 1440 minutes shifted by one second.
    const [ticker] = await p.tickers(['LINKUSDT']);
    const lastDay = minutes.slice(-1441, -1).reduce((s, k) => s + n(k.volume), 0);
    expect(Math.abs(n(ticker!.volume24h) / lastDay - 1)).toBeLessThan(0.01);
  });

  it('has a realistic daily volatility and stays in a plausible range over a year', async () => {
    for (const secret of ['vol-1', 'vol-2', 'vol-3']) {
      const p = sim(secret);
      const btc = await p.klines('BTCUSDT', '1d', { limit: 366 });
      const btcVol = std(logReturns(btc.slice(-201).map((k) => n(k.close))));
      expect(btcVol).toBeGreaterThan(0.015);
      expect(btcVol).toBeLessThan(0.04);
      const lows = btc.map((k) => n(k.low));
      const highs = btc.map((k) => n(k.high));
      expect(Math.min(...lows)).toBeGreaterThan(95_000 / 2.5);
      expect(Math.max(...highs)).toBeLessThan(95_000 * 2.5);
      const sol = await p.klines('SOLUSDT', '1d', { limit: 201 });
      const solVol = std(logReturns(sol.map((k) => n(k.close))));
      expect(solVol).toBeGreaterThan(0.03);
      expect(solVol).toBeLessThan(0.08);
      expect(solVol).toBeGreaterThan(btcVol);
    }
  });

  it('moves majors together at daily scale', async () => {
    const p = sim('corr');
    const btc = logReturns((await p.klines('BTCUSDT', '1d', { limit: 301 })).map((k) => n(k.close)));
    const eth = logReturns((await p.klines('ETHUSDT', '1d', { limit: 301 })).map((k) => n(k.close)));
    const mb = btc.reduce((a, b) => a + b, 0) / btc.length;
    const me = eth.reduce((a, b) => a + b, 0) / eth.length;
    const cov = btc.reduce((s, x, i) => s + (x - mb) * (eth[i]! - me), 0) / (btc.length - 1);
    const correlation = cov / (std(btc) * std(eth));
    expect(correlation).toBeGreaterThan(0.4);
    expect(correlation).toBeLessThan(0.98);
  });

  it('lets the forming candle grow with now and become the final candle', async () => {
    const start = Date.UTC(2026, 10, 21, 7, 33, 0);
    const { clock, provider } = clocked('forming', start);
    let previous: ProviderKline | undefined;
    const seen: ProviderKline[] = [];
    for (let s = 0; s < 60; s++) {
      clock.now = start + s * SECOND + 400;
      const [k] = await provider.klines('BTCUSDT', '1m', { limit: 1 });
      const [t] = await provider.tickers(['BTCUSDT']);
      expect(k!.openTime).toBe(start);
      expect(k!.close).toBe(t!.last);
      if (previous) {
        expect(k!.open).toBe(previous.open);
        expect(n(k!.high)).toBeGreaterThanOrEqual(n(previous.high));
        expect(n(k!.low)).toBeLessThanOrEqual(n(previous.low));
        expect(n(k!.volume)).toBeGreaterThan(n(previous.volume));
      }
      previous = k;
      seen.push(k!);
    }
    // The price moves every second (BTC's tick is a ten-millionth of its price).
    expect(new Set(seen.map((k) => k.close)).size).toBeGreaterThan(50);
    // Later, from a fresh provider: the closed candle is exactly the forming one at its last second.
    const later = sim('forming', () => start + 10 * MINUTE);
    const closed = (await later.klines('BTCUSDT', '1m', { limit: 1, endTime: start + 30 * SECOND }))[0];
    expect(closed).toEqual(seen.at(-1));
    // And the forming candle at any second equals a fresh provider's view at that second.
    const fresh = sim('forming', () => start + 17 * SECOND + 400);
    expect((await fresh.klines('BTCUSDT', '1m', { limit: 1 }))[0]).toEqual(seen[17]);
  });

  it('lets a long forming candle grow too, and end as its final candle', async () => {
    const dayOpen = candleOpen('1d', NOW);
    const end = nextOpen('1d', dayOpen);
    const { clock, provider } = clocked('long-forming', dayOpen + 3600 * SECOND);
    const [early] = await provider.klines('BNBUSDT', '1d', { limit: 1 });
    clock.now = dayOpen + 12 * 3600 * SECOND;
    const [middle] = await provider.klines('BNBUSDT', '1d', { limit: 1 });
    clock.now = end - 1;
    const [last] = await provider.klines('BNBUSDT', '1d', { limit: 1 });
    expect(middle!.open).toBe(early!.open);
    expect(n(middle!.volume)).toBeGreaterThan(n(early!.volume));
    expect(n(last!.volume)).toBeGreaterThan(n(middle!.volume));
    const final = (
      await sim('long-forming', () => end + DAY).klines('BNBUSDT', '1d', { limit: 1, endTime: dayOpen })
    )[0];
    expect(final).toEqual(last);
    // Moving the clock back does not leak the future into an earlier forming candle.
    clock.now = dayOpen + 3600 * SECOND;
    expect((await provider.klines('BNBUSDT', '1d', { limit: 1 }))[0]).toEqual(early);
  });
});

describe('sim provider: tickers and depth', () => {
  it('gives consistent 24h tickers for every pair and leaves unknown symbols out', async () => {
    const p = sim();
    const symbols = p.instrumentsList.map((i) => i.symbol);
    const tickers = await p.tickers([...symbols, 'NOPEUSDT']);
    expect(tickers.map((t) => t.symbol)).toEqual(symbols);
    for (const t of tickers) {
      const precision = p.instrumentsList.find((i) => i.symbol === t.symbol)!.pricePrecision;
      checkTicker(t, precision);
      expect(t.timestamp).toBe(NOW);
      // One or two ticks either side of the last price, and a tick is small: the usual spread, a
      // tick either side, is under 3 basis points of the pair's level (wider where it wandered below).
      const tick = 10 ** -precision;
      const spreadTicks = Math.round((n(t.ask) - n(t.bid)) / tick);
      expect(spreadTicks).toBeGreaterThanOrEqual(2);
      expect(spreadTicks).toBeLessThanOrEqual(4);
      const level = SIM_PAIRS.find((pair) => `${pair.base}USDT` === t.symbol)!.basePrice;
      expect(((2 * tick) / level) * 1e4).toBeLessThan(3);
    }
    const btc = tickers.find((t) => t.symbol === 'BTCUSDT')!;
    // Daily volume of a major: hundreds of millions to a few billion USDT.
    expect(n(btc.quoteVolume24h)).toBeGreaterThan(3e8);
    expect(n(btc.quoteVolume24h)).toBeLessThan(2e10);
    // open24h is the price 24 hours ago: what the ticker said then.
    const dayAgo = (await sim('test-seed', () => NOW - DAY).tickers(['BTCUSDT']))[0]!;
    expect(btc.open24h).toBe(dayAgo.last);
  });

  it('keeps the ticker in step with the clock, second by second', async () => {
    const { clock, provider } = clocked('ticks', NOW);
    const lasts = new Set<string>();
    for (let s = 0; s < 30; s++) {
      clock.now = NOW + s * SECOND;
      const [t] = await provider.tickers(['BTCUSDT']);
      lasts.add(t!.last);
      // Sliding the 24h window equals computing it afresh.
      if (s % 10 === 9) expect(t).toEqual((await sim('ticks', () => clock.now).tickers(['BTCUSDT']))[0]);
    }
    expect(lasts.size).toBeGreaterThan(20);
  });

  it('builds an order book around the last price', async () => {
    const p = sim();
    for (const instrument of p.instrumentsList) {
      const [t] = await p.tickers([instrument.symbol]);
      for (const depth of [5, 20, 50]) {
        const book = await p.orderBook(instrument.symbol, depth);
        expect(book.symbol).toBe(instrument.symbol);
        expect(book.timestamp).toBe(NOW);
        expect(book.bids).toHaveLength(depth);
        expect(book.asks).toHaveLength(depth);
        expect(book.bids[0]![0]).toBe(t!.bid);
        expect(book.asks[0]![0]).toBe(t!.ask);
        expect(n(book.bids[0]![0])).toBeLessThan(n(t!.last));
        expect(n(book.asks[0]![0])).toBeGreaterThan(n(t!.last));
        for (const side of [book.bids, book.asks]) {
          for (const [price, amount] of side) {
            expect(price).toMatch(DECIMAL);
            expect(decimals(price)).toBe(instrument.pricePrecision);
            expect(amount).toMatch(DECIMAL);
            expect(decimals(amount)).toBeLessThanOrEqual(instrument.amountPrecision);
            expect(n(amount)).toBeGreaterThanOrEqual(n(instrument.minAmount));
          }
        }
        for (let i = 1; i < depth; i++) {
          expect(n(book.bids[i]![0])).toBeLessThan(n(book.bids[i - 1]![0]));
          expect(n(book.asks[i]![0])).toBeGreaterThan(n(book.asks[i - 1]![0]));
        }
      }
    }
    const btc = await p.orderBook('BTCUSDT', 20);
    const notional = btc.bids.reduce((s, [price, amount]) => s + n(price) * n(amount), 0);
    expect(notional).toBeGreaterThan(2e5);
    expect(notional).toBeLessThan(5e7);
    // Never more than 50 levels a side.
    expect((await p.orderBook('BTCUSDT', 500)).asks).toHaveLength(50);
  });

  it('changes the book every second and repeats it for the same second', async () => {
    const { clock, provider } = clocked('book', NOW);
    const first = await provider.orderBook('ETHUSDT', 10);
    clock.now = NOW + 300;
    expect((await provider.orderBook('ETHUSDT', 10)).bids).toEqual(first.bids);
    clock.now = NOW + SECOND;
    expect((await provider.orderBook('ETHUSDT', 10)).bids).not.toEqual(first.bids);
  });
});

describe('sim provider: venues', () => {
  const VENUES = ['sim-a', 'sim-b', 'sim-c'];

  it('quotes one path at three venues, each off it by its own noise of a few basis points a second', async () => {
    const secret = randomBytes(32);
    const clock = { now: NOW };
    const plain = sim(secret, () => clock.now);
    const venues = VENUES.map((venue) => sim(secret, () => clock.now, venue));
    expect(venues.map((v) => v.id)).toEqual(VENUES);
    const symbols = plain.instrumentsList.map((i) => i.symbol);
    const precision = (symbol: string) =>
      plain.instrumentsList.find((i) => i.symbol === symbol)!.pricePrecision;
    const deviations: number[][] = VENUES.map(() => []);
    let allEqual = 0;
    for (let s = 0; s < 30; s++) {
      clock.now = NOW + s * SECOND;
      const path = await plain.tickers(symbols);
      const quoted = await Promise.all(venues.map((v) => v.tickers(symbols)));
      for (const [i, symbol] of symbols.entries()) {
        const tick = 10 ** -precision(symbol);
        const onPath = n(path[i]!.last);
        const lasts = quoted.map((tickers) => n(tickers[i]!.last));
        for (const tickers of quoted) checkTicker(tickers[i]!, precision(symbol));
        // The venues differ by less than 0.1%, and their median stays on the path.
        expect(Math.max(...lasts) / Math.min(...lasts) - 1).toBeLessThan(0.001);
        const median = [...lasts].sort((a, b) => a - b)[1]!;
        expect(Math.abs(median - onPath)).toBeLessThanOrEqual(onPath * 3e-4 + tick * 1.001);
        for (const [v, last] of lasts.entries()) {
          expect(Math.abs(last - onPath)).toBeLessThanOrEqual(onPath * 3e-4 + tick * 1.001);
          if (symbol === 'BTCUSDT') deviations[v]!.push(last / onPath - 1);
        }
        if (new Set(lasts).size === 1) allEqual++;
      }
    }
    // Not identical: BTC's tick is a ten-millionth of its price, far below the noise; coarser
    // ticks can round three venues onto one price now and then.
    for (const series of deviations) {
      expect(Math.max(...series.map(Math.abs))).toBeGreaterThan(1e-4);
      // Each venue's deviation changes every second.
      for (let s = 1; s < series.length; s++) expect(series[s]).not.toBe(series[s - 1]);
    }
    for (let s = 0; s < 30; s++) expect(new Set(deviations.map((series) => series[s])).size).toBe(3);
    expect(allEqual).toBeLessThan(symbols.length * 30 * 0.2);
  });

  it("moves a venue's book and 24h open with its quotes; klines and trades are the path's", async () => {
    const secret = randomBytes(32);
    const [plain, a, b] = [sim(secret), sim(secret, () => NOW, 'sim-a'), sim(secret, () => NOW, 'sim-b')];
    const [ticker] = await a.tickers(['ETHUSDT']);
    const book = await a.orderBook('ETHUSDT', 10);
    expect(book.bids[0]![0]).toBe(ticker!.bid);
    expect(book.asks[0]![0]).toBe(ticker!.ask);
    expect(book).not.toEqual(await b.orderBook('ETHUSDT', 10));
    // open24h is what this venue quoted 24 hours ago.
    expect(ticker!.open24h).toBe((await sim(secret, () => NOW - DAY, 'sim-a').tickers(['ETHUSDT']))[0]!.last);
    for (const venue of [a, b]) {
      expect(await venue.klines('ETHUSDT', '1m', { limit: 30 })).toEqual(
        await plain.klines('ETHUSDT', '1m', { limit: 30 }),
      );
      expect(await venue.trades('ETHUSDT', 30)).toEqual(await plain.trades('ETHUSDT', 30));
      expect(await venue.instruments()).toEqual(await plain.instruments());
    }
    // A venue's noise is keyed by the secret too, and a venue asked for twice is the same venue.
    expect(await sim(secret, () => NOW, 'sim-a').tickers(['ETHUSDT'])).toEqual([ticker]);
    const other = sim(randomBytes(32), () => NOW, 'sim-a');
    expect(await other.orderBook('ETHUSDT', 10)).not.toEqual(book);
    await expect(a.orderBook('XYZUSDT', 5)).rejects.toMatchObject({
      provider: 'sim-a',
      kind: 'unknown_symbol',
    });
  });
});

describe('sim provider: trades', () => {
  it('gives the same trades for the same secret, whatever else was asked before; another secret differs', async () => {
    const a = sim('tape');
    const b = sim('tape');
    await b.klines('BTCUSDT', '1h', { limit: 50 });
    await b.tickers(['BTCUSDT', 'ETHUSDT']);
    expect(await a.trades('BTCUSDT', 100)).toEqual(await b.trades('BTCUSDT', 100));
    expect((await sim('other').trades('BTCUSDT', 30)).map((t) => t.price)).not.toEqual(
      (await a.trades('BTCUSDT', 30)).map((t) => t.price),
    );
  });

  it('lists up to `limit` trades, newest first, none after now, with per-pair precision', async () => {
    const p = sim();
    for (const instrument of p.instrumentsList) {
      const trades = await p.trades(instrument.symbol, 50);
      expect(trades).toHaveLength(50);
      for (const [i, t] of trades.entries()) {
        expect(t.timestamp).toBeLessThanOrEqual(NOW);
        expect(decimals(t.price)).toBe(instrument.pricePrecision);
        expect(decimals(t.amount)).toBeLessThanOrEqual(instrument.amountPrecision);
        expect(new Decimal(t.amount).gte(instrument.minAmount)).toBe(true);
        expect(['buy', 'sell']).toContain(t.side);
        if (i > 0) {
          expect(t.timestamp).toBeLessThanOrEqual(trades[i - 1]!.timestamp);
          expect(BigInt(t.id)).toBeLessThan(BigInt(trades[i - 1]!.id));
        }
      }
      expect(new Set(trades.map((t) => t.side)).size).toBe(2);
    }
    expect(await p.trades('BTCUSDT', 5)).toEqual((await p.trades('BTCUSDT', 30)).slice(0, 5));
    expect(await p.trades('BTCUSDT', 10_000)).toHaveLength(500);
  });

  it('keeps each trade, id and all, as the clock moves on, and adds newer ones on top', async () => {
    const { clock, provider } = clocked('tape-clock', NOW);
    const before = await provider.trades('ETHUSDT', 60);
    clock.now = NOW + 5 * SECOND;
    const after = await provider.trades('ETHUSDT', 100);
    const newer = after.filter((t) => t.timestamp > NOW);
    expect(newer.length).toBeGreaterThan(0);
    expect(after.slice(newer.length, newer.length + before.length)).toEqual(before);
    expect(BigInt(newer.at(-1)!.id)).toBeGreaterThan(BigInt(before[0]!.id));
  });

  it('prints at the bid, the ask or the last price of its second, on the price path', async () => {
    const p = sim('tape-prices');
    for (const symbol of ['BTCUSDT', 'XRPUSDT', 'UNIUSDT']) {
      for (const trade of await p.trades(symbol, 40)) {
        const [t] = await sim('tape-prices', () => trade.timestamp).tickers([symbol]);
        expect([t!.bid, t!.last, t!.ask]).toContain(trade.price);
      }
    }
  });

  it("adds up to about a minute's candle volume", async () => {
    const minuteOpen = candleOpen('1m', NOW) - 5 * MINUTE;
    const p = sim('tape-volume', () => minuteOpen + MINUTE);
    for (const symbol of ['BTCUSDT', 'DOGEUSDT', 'UNIUSDT']) {
      const trades = (await p.trades(symbol, 500)).filter(
        (t) => t.timestamp >= minuteOpen && t.timestamp < minuteOpen + MINUTE,
      );
      const [candle] = await p.klines(symbol, '1m', { limit: 1, endTime: minuteOpen });
      const total = trades.reduce((sum, t) => sum.plus(t.amount), new Decimal(0));
      expect(total.div(candle!.volume).minus(1).abs().toNumber(), symbol).toBeLessThan(0.1);
    }
  });

  it('refuses an unknown symbol', async () => {
    await expect(sim().trades('XYZUSDT', 5)).rejects.toMatchObject({ kind: 'unknown_symbol' });
  });
});

describe('sim provider: errors, stream and speed', () => {
  it('refuses an unknown symbol with a Chinese unknown_symbol error', async () => {
    const p = sim();
    for (const call of [() => p.klines('XYZUSDT', '1m', { limit: 5 }), () => p.orderBook('XYZUSDT', 5)]) {
      const err = await call().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ProviderError);
      expect(err).toMatchObject({ provider: 'sim', kind: 'unknown_symbol', message: '未知交易对：XYZUSDT' });
    }
  });

  it('streams tickers every tickMs until stopped, and close() stops every stream', async () => {
    const p = createSimProvider({ secret: 'stream', tickMs: 1000 });
    const updates: string[][] = [];
    const errors: unknown[] = [];
    const stop = p.stream(
      () => ['BTCUSDT', 'ETHUSDT'],
      (tickers) => updates.push(tickers.map((t) => t.symbol)),
      (err) => errors.push(err),
    );
    const second: unknown[] = [];
    p.stream(
      () => ['SOLUSDT'],
      (tickers) => second.push(tickers),
      () => undefined,
    );
    await sleep(2300);
    stop();
    expect(updates.length).toBeGreaterThanOrEqual(2);
    expect(updates[0]).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(errors).toEqual([]);
    const count = updates.length;
    await p.close();
    const secondCount = second.length;
    expect(secondCount).toBeGreaterThanOrEqual(2);
    await sleep(1200);
    expect(updates.length).toBe(count);
    expect(second.length).toBe(secondCount);
  });

  it('computes about one HMAC per 8 cells walked, and about one per sample of a long candle', async () => {
    const digestsOf = async (work: () => Promise<unknown>) => {
      const before = cellDigests();
      await work();
      return cellDigests() - before;
    };
    // 100 candles of 15m: 90,000 seconds walked one by one (measured: 0.34 digests a second).
    const p = sim('cost');
    expect(await digestsOf(() => p.klines('BTCUSDT', '15m', { limit: 100 }))).toBeLessThan(0.4 * 90_000);
    // Sampled candles: 240 samples each (measured: 0.5 to 0.9 digests a sample).
    for (const interval of ['30m', '1h', '4h', '1d', '1w'] as const) {
      const digests = await digestsOf(() => sim('cost').klines('BTCUSDT', interval, { limit: 100 }));
      expect(digests, interval).toBeLessThan(100 * 240 * 1.25);
    }
    // Tickers as the feed asks for them, a second apart, at a venue (measured: 3 per pair).
    const clock = { now: NOW };
    const venue = sim('cost', () => clock.now, 'sim-a');
    const symbols = venue.instrumentsList.map((i) => i.symbol);
    await venue.tickers(symbols);
    const perSecond = await digestsOf(async () => {
      for (let s = 1; s <= 30; s++) {
        clock.now = NOW + s * SECOND;
        await venue.tickers(symbols);
      }
    });
    expect(perSecond / 30 / symbols.length).toBeLessThan(5);
  });

  it('serves 1000 candles fast (generous bounds on CPU time; see the report for measured times)', async () => {
    // CPU time of this process, not wall time: on a loaded CI machine the wall clock also counts the
    // time other processes held the cores (1643 ms of wall for 1m once, against a 1500 ms bound).
    const cpuMs = (since: NodeJS.CpuUsage) => {
      const used = process.cpuUsage(since);
      return (used.user + used.system) / 1000;
    };
    const timings: Record<string, { wallMs: number; cpuMs: number }> = {};
    const measured = async (name: string, run: () => Promise<unknown>) => {
      const wallStarted = performance.now();
      const cpuStarted = process.cpuUsage();
      const result = await run();
      timings[name] = { wallMs: performance.now() - wallStarted, cpuMs: cpuMs(cpuStarted) };
      return result;
    };
    for (const interval of ['1m', '1d'] as const) {
      const p = sim(`speed-${interval}`);
      const klines = await measured(interval, () => p.klines('BTCUSDT', interval, { limit: 1000 }));
      expect(klines).toHaveLength(1000);
    }
    const p = sim('speed-tickers');
    const symbols = p.instrumentsList.map((i) => i.symbol);
    await p.tickers(symbols);
    await measured('tickers', () => p.tickers(symbols));
    console.info('sim timings (ms)', timings);
    expect(timings['1m']?.cpuMs).toBeLessThan(1500);
    expect(timings['1d']?.cpuMs).toBeLessThan(1500);
    expect(timings.tickers?.cpuMs).toBeLessThan(100);
  });
});
