import { contractOutcome, contractSettlement } from '@platform/domain';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../core/errors.ts';
import { Decimal, formatNormalised } from '../../../core/money.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { testEngine } from '../../../test/database.ts';
import { systemAccountBalance } from '../../ledger/ledger.service.ts';
import { createTestUsers } from '../../ledger/ledger.test-helpers.ts';
import { assertLedgerOk } from '../../reconciliation/ledger-check.ts';
import { createFlashEngine } from '../flash/flash.engine.ts';
import { createOptionEngine } from '../option/option.engine.ts';
import { toTradeOrder } from '../orders.view.ts';
import { recordTick } from '../testing/trading-fixtures.ts';
import { ORDER_UPDATED_EVENT, type TradingDeps } from '../trading-deps.ts';
import { createTimedSettlement } from './settlement.ts';
import {
  clockDeps,
  contractRow,
  contractRows,
  era,
  fixedClock,
  fundedUsers,
  insertOpenContracts,
  journalCount,
  orderRow,
  usdt,
} from './timed.test-helpers.ts';

/**
 * Settlement of timed contracts (flash and option share it): the arithmetic of each outcome, the
 * choice of the reference tick, voiding, batches, two runners at once and a crash mid-transaction.
 * Every test runs on its own fixed clock (an `era` day of its own, later than the previous test's).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const db = () => t.database.db;
const settleKeys = (ids: number[]) => ids.map((id) => `flash:${id}:settle`);

async function open(
  deps: TradingDeps,
  userId: number,
  symbol: string,
  direction: 'up' | 'down',
  amount: string,
  duration = 60,
) {
  const { order } = await createFlashEngine(deps).placeOrder(userId, { symbol, direction, amount, duration });
  return order.id;
}

describe('settling flash contracts', () => {
  it('win, loss, draw and void move what the domain math says, against the last tick at or before expiry', async () => {
    const clock = fixedClock(era(1) + 12 * 3_600_000);
    const events: Array<{ userId: number; event: string; payload: unknown }> = [];
    const deps: TradingDeps = {
      ...clockDeps(db(), clock),
      realtime: {
        // The orders' events; the notifications' pushes are notifications.writers.test.ts's.
        toUser: (userId, event, payload) => {
          if (event === ORDER_UPDATED_EVENT) events.push({ userId, event, payload });
        },
        toAdmins() {},
      },
    };
    const engine = createFlashEngine(deps);
    const [user] = await fundedUsers(db(), 1, '1000');
    if (!user) throw new Error('no user');
    const houseBefore = await systemAccountBalance(db(), 'house_pnl', 'USDT');

    const t0 = clock.now();
    for (const [symbol, price] of [
      ['BTCUSDT', '100'],
      ['ETHUSDT', '50'],
      ['SOLUSDT', '20'],
      ['BNBUSDT', '10'],
    ] as const) {
      await recordTick(db(), symbol, price, t0 - 500);
    }
    // Stakes have at most the USDT precision (2 decimals); the rounding of odd payouts is the domain's (trading-math.test.ts).
    const win30 = await open(deps, user, 'BTCUSDT', 'up', '33.33', 30);
    const win = await open(deps, user, 'BTCUSDT', 'up', '100');
    const loss = await open(deps, user, 'ETHUSDT', 'down', '100');
    const draw = await open(deps, user, 'SOLUSDT', 'up', '100');
    const voided = await open(deps, user, 'BNBUSDT', 'up', '100');
    expect(await usdt(db(), user)).toEqual({ available: '566.67', frozen: '433.33' });
    const opened = await contractRow(db(), win);
    expect(opened).toMatchObject({
      status: 'open',
      entrySource: 'test',
      payoutRate: expect.stringMatching(/^0\.15/),
    });
    expect(opened.expiresAt.getTime()).toBe(t0 + 60_000);

    // 30 s contract: 101 two seconds before expiry wins; a later tick after expiry is ignored.
    await recordTick(db(), 'BTCUSDT', '101', t0 + 28_000);
    await recordTick(db(), 'BTCUSDT', '99', t0 + 30_500);
    // 60 s: the tick exactly at expiry counts, the one after does not.
    await recordTick(db(), 'BTCUSDT', '100.5', t0 + 59_000);
    await recordTick(db(), 'BTCUSDT', '101', t0 + 60_000);
    await recordTick(db(), 'BTCUSDT', '90', t0 + 61_000);
    await recordTick(db(), 'ETHUSDT', '51', t0 + 58_000);
    await recordTick(db(), 'SOLUSDT', '20', t0 + 60_000);
    // 6 s before expiry: outside the 5 s tolerance, so BNB has no settlement price.
    await recordTick(db(), 'BNBUSDT', '11', t0 + 54_000);

    // Before expiry + 1 s nothing of the 60 s contracts is due.
    let run = await engine.settleDueContracts(new Date(t0 + 60_500));
    expect(run.settled).toBe(1);
    run = await engine.settleDueContracts(new Date(t0 + 62_000));
    expect(run.outcomes).toEqual({ win: 1, loss: 1, draw: 1, void: 0 });

    expect(await contractRow(db(), win30)).toMatchObject({
      status: 'settled',
      outcome: 'win',
      settleSource: 'test',
      settlePriceAt: new Date(t0 + 28_000),
    });
    const w = await contractRow(db(), win);
    expect(w).toMatchObject({
      outcome: 'win',
      settlePriceAt: new Date(t0 + 60_000),
      settledAt: new Date(t0 + 62_000),
    });
    expect(w.settlePrice).toMatch(/^101\.0+$/);
    expect(w.payout).toMatch(/^115\.0+$/);
    expect((await contractRow(db(), win30)).payout).toMatch(/^36\.663(0+)?$/);
    expect(await contractRow(db(), loss)).toMatchObject({
      outcome: 'loss',
      payout: expect.stringMatching(/^0\.0+$/),
    });
    expect(await contractRow(db(), draw)).toMatchObject({
      outcome: 'draw',
      payout: expect.stringMatching(/^100\.0+$/),
    });
    expect(await contractRow(db(), voided)).toMatchObject({ status: 'open', outcome: null });

    const order = await orderRow(db(), win);
    expect(order).toMatchObject({ status: 'filled', closedAt: new Date(t0 + 62_000) });
    expect(order.filledAmount).toBe(order.amount);
    expect(order.avgPrice).toMatch(/^101\.0+$/);

    // Still waiting for a price 29 s after expiry; voided (stake back) after 30 s.
    expect((await engine.settleDueContracts(new Date(t0 + 89_000))).settled).toBe(0);
    expect((await engine.settleDueContracts(new Date(t0 + 91_000))).outcomes.void).toBe(1);
    const v = await contractRow(db(), voided);
    expect(v).toMatchObject({ status: 'settled', outcome: 'void', settlePrice: null, settleSource: null });
    expect(v.payout).toMatch(/^100\.0+$/);
    expect((await orderRow(db(), voided)).avgPrice).toBeNull();

    // 1000 − 433.33 + 36.663 + 115 + 0 + 100 + 100
    expect(await usdt(db(), user)).toEqual({ available: '918.333', frozen: '0' });
    const houseAfter = await systemAccountBalance(db(), 'house_pnl', 'USDT');
    // The house kept the loss (100) and paid the wins' profits (3.333 + 15).
    expect(Number(houseAfter) - Number(houseBefore)).toBeCloseTo(81.667, 8);
    expect(await journalCount(db(), settleKeys([win30, win, loss, draw, voided]))).toBe(5);

    // One event per settled order, after commit, to its owner: the order exactly as the API reads it.
    expect(events).toHaveLength(5);
    for (const e of events) {
      expect(e.userId).toBe(user);
      expect(e.event).toBe(ORDER_UPDATED_EVENT);
      expect(e.payload).toMatchObject({ order: { status: 'filled', product: 'flash' } });
      const { order } = e.payload as { order: { id: number } };
      expect(order).toStrictEqual(toTradeOrder(await orderRow(db(), order.id)));
    }
    expect(events.map((e) => (e.payload as { order: { id: number } }).order.id).sort()).toEqual(
      [win30, win, loss, draw, voided].sort(),
    );
    await assertLedgerOk(db());
  });

  it('contracts waiting for a price do not hold up the ones behind them', async () => {
    const clock = fixedClock(era(2));
    const deps = clockDeps(db(), clock);
    const [user] = await fundedUsers(db(), 1, '1000');
    if (!user) throw new Error('no user');
    const t0 = clock.now();
    await recordTick(db(), 'DOGEUSDT', '0.3', t0);
    const waiting = [];
    for (let i = 0; i < 5; i++) waiting.push(await open(deps, user, 'DOGEUSDT', 'up', '10', 30));
    clock.advance(1000);
    await recordTick(db(), 'ADAUSDT', '1', clock.now());
    const ready = [];
    for (let i = 0; i < 3; i++) ready.push(await open(deps, user, 'ADAUSDT', 'down', '10', 30));
    await recordTick(db(), 'ADAUSDT', '0.9', clock.now() + 30_000);

    const settlement = createTimedSettlement(deps);
    const run = await settlement.settleDueContracts(new Date(clock.now() + 32_000), { batchSize: 3 });
    expect(run.outcomes).toEqual({ win: 3, loss: 0, draw: 0, void: 0 });
    expect((await contractRows(db(), waiting)).every((c) => c.status === 'open')).toBe(true);
    const late = await settlement.settleDueContracts(new Date(t0 + 61_000), { batchSize: 3 });
    expect(late.outcomes.void).toBe(5);
    expect(await usdt(db(), user)).toEqual({ available: '1003', frozen: '0' });
    await assertLedgerOk(db());
  });

  it('two runners at once settle each contract exactly once', async () => {
    const clock = fixedClock(era(3));
    const deps = clockDeps(db(), clock);
    const users = await fundedUsers(db(), 4, '5000');
    const t0 = clock.now();
    const symbols = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'] as const;
    for (const s of symbols) await recordTick(db(), s, '100', t0);
    const ids: number[] = [];
    for (let i = 0; i < 48; i++) {
      ids.push(
        await open(
          deps,
          users[i % users.length] as number,
          symbols[i % 3] as string,
          i % 2 ? 'up' : 'down',
          `${10 + i}`,
          30,
        ),
      );
    }
    // BTC up (up wins), ETH down (down wins), SOL flat (draw).
    await recordTick(db(), 'BTCUSDT', '110', t0 + 30_000);
    await recordTick(db(), 'ETHUSDT', '90', t0 + 30_000);
    await recordTick(db(), 'SOLUSDT', '100', t0 + 30_000);

    const now = new Date(t0 + 31_000);
    const a = createTimedSettlement(clockDeps(db(), clock));
    const b = createTimedSettlement(clockDeps(db(), clock));
    const runs = await Promise.all([
      a.settleDueContracts(now, { batchSize: 5, parallelism: 3 }),
      b.settleDueContracts(now, { batchSize: 5, parallelism: 3 }),
      a.settleDueContracts(now, { batchSize: 7, parallelism: 2 }),
    ]);
    expect(runs.reduce((n, r) => n + r.settled, 0)).toBe(48);
    expect((await a.settleDueContracts(now)).settled).toBe(0);
    expect(await journalCount(db(), settleKeys(ids))).toBe(48);

    const rows = await contractRows(db(), ids);
    expect(rows.every((c) => c.status === 'settled')).toBe(true);
    for (const user of users) {
      let expected = 5000;
      for (const c of rows.filter((r) => r.userId === user)) {
        const stake = Number(c.stake);
        const rising = c.symbol === 'BTCUSDT';
        const falling = c.symbol === 'ETHUSDT';
        const won = (rising && c.direction === 'up') || (falling && c.direction === 'down');
        const drew = c.symbol === 'SOLUSDT';
        expect(c.outcome).toBe(won ? 'win' : drew ? 'draw' : 'loss');
        expected += won ? stake * 0.1 : drew ? 0 : -stake;
      }
      const balance = await usdt(db(), user);
      expect(balance.frozen).toBe('0');
      expect(Number(balance.available)).toBeCloseTo(expected, 8);
    }
    await assertLedgerOk(db());
  });

  it('a crash inside the settlement transaction leaves the batch open and no money moved; a rerun settles it', async () => {
    const clock = fixedClock(era(4));
    const deps = clockDeps(db(), clock);
    const [user] = await fundedUsers(db(), 1, '1000');
    if (!user) throw new Error('no user');
    const t0 = clock.now();
    await recordTick(db(), 'LTCUSDT', '100', t0);
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push(await open(deps, user, 'LTCUSDT', 'up', '10', 30));
    await recordTick(db(), 'LTCUSDT', '120', t0 + 30_000);
    const before = await usdt(db(), user);
    expect(before).toEqual({ available: '900', frozen: '100' });
    const now = new Date(t0 + 31_000);

    // Every batch fails after its postings, before commit.
    const crashing = createTimedSettlement(deps, {
      beforeCommit: () => {
        throw new Error('simulated crash');
      },
    });
    await expect(crashing.settleDueContracts(now, { batchSize: 4 })).rejects.toThrow('simulated crash');
    expect((await contractRows(db(), ids)).every((c) => c.status === 'open' && c.outcome === null)).toBe(
      true,
    );
    for (const id of ids) expect((await orderRow(db(), id)).status).toBe('pending');
    expect(await journalCount(db(), settleKeys(ids))).toBe(0);
    expect(await usdt(db(), user)).toEqual(before);

    // The second batch crashes: the first one's four stay settled, the rest stay untouched.
    let batches = 0;
    const secondCrashes = createTimedSettlement(deps, {
      beforeCommit: () => {
        batches += 1;
        if (batches === 2) throw new Error('simulated crash');
      },
    });
    await expect(secondCrashes.settleDueContracts(now, { batchSize: 4, parallelism: 1 })).rejects.toThrow(
      'simulated crash',
    );
    const partly = await contractRows(db(), ids);
    expect(partly.filter((c) => c.status === 'settled')).toHaveLength(4);
    expect(await journalCount(db(), settleKeys(ids))).toBe(4);
    expect(await usdt(db(), user)).toEqual({ available: '944', frozen: '60' });

    const rerun = await createTimedSettlement(deps).settleDueContracts(now, { batchSize: 4 });
    expect(rerun.outcomes).toEqual({ win: 6, loss: 0, draw: 0, void: 0 });
    expect(await journalCount(db(), settleKeys(ids))).toBe(10);
    expect(await usdt(db(), user)).toEqual({ available: '1010', frozen: '0' });
    await assertLedgerOk(db());
  });
});

describe('settling a batch of many users', () => {
  it('settles a batch of 250 users in one ledger batch (the account lookup takes thousands of keys on both engines)', async () => {
    const clock = fixedClock(era(5));
    const t0 = clock.now();
    const users = await createTestUsers(db(), 250);
    await insertOpenContracts(db(), {
      userIds: users,
      perUser: 2,
      symbols: ['XRPUSDT', 'DOGEUSDT'],
      stake: '10',
      payoutRate: '0.1',
      entryPrice: '2',
      openedAt: t0,
      expiresAt: t0 + 30_000,
    });
    await recordTick(db(), 'XRPUSDT', '2.1', t0 + 29_000);
    await recordTick(db(), 'DOGEUSDT', '2', t0 + 29_000);
    const run = await createTimedSettlement(clockDeps(db(), clock)).settleDueContracts(new Date(t0 + 31_000));
    expect(run.settled).toBe(500);
    expect(run.batches).toBe(1);
    // Every user had one XRP and one DOGE contract: one up, one down, or both the same way.
    for (const user of users.slice(0, 5)) expect((await usdt(db(), user)).frozen).toBe('0');
    await assertLedgerOk(db());
  });
});

/**
 * The plans of a batch's statements, read with EXPLAIN inside the batch's own transaction (its locks
 * and settings) on PostgreSQL, where node-postgres's client shows what was sent. Many open contracts
 * and fresh, never analysed rows, as in a burst: each statement after the claim must reach its rows
 * by key. A hash over every open contract or pending order (what the planner picked for a join
 * guarded by `status`) costs each batch the whole burst.
 */
describe.skipIf(testEngine !== 'postgres')('the plans of a settlement batch (PostgreSQL)', () => {
  it('after the claim, every statement reaches contracts, orders and accounts by key', async () => {
    const clock = fixedClock(era(6));
    const t0 = clock.now();
    await insertOpenContracts(db(), {
      userIds: await createTestUsers(db(), 60),
      perUser: 100,
      symbols: ['ADAUSDT', 'TRXUSDT'],
      stake: '10',
      payoutRate: '0.1',
      entryPrice: '2',
      openedAt: t0,
      expiresAt: t0 + 30_000,
      spreadMs: 1000,
    });
    await recordTick(db(), 'ADAUSDT', '2.1', t0 + 29_000);
    await recordTick(db(), 'TRXUSDT', '1.9', t0 + 29_000);

    const original = pg.Client.prototype.query;
    const sent: Array<{ client: pg.Client; text: string; values: unknown[] }> = [];
    const plans: string[] = [];
    pg.Client.prototype.query = function recorded(this: pg.Client, ...args: unknown[]) {
      const first = args[0] as { text?: string; values?: unknown[] } | string;
      if (typeof first === 'object' && first.text) {
        // drizzle passes the parameters as the second argument.
        sent.push({ client: this, text: first.text, values: (args[1] as unknown[]) ?? first.values ?? [] });
      }
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pg.Client.prototype.query;
    try {
      const settlement = createTimedSettlement(clockDeps(db(), clock), {
        beforeCommit: async () => {
          if (plans.length > 0) return;
          const statements = sent.filter((s) => /^\s*(UPDATE|INSERT|WITH|update|insert)/.test(s.text));
          for (const s of statements.slice(1)) {
            const explained = (await (original as (...a: unknown[]) => Promise<unknown>).call(s.client, {
              text: `EXPLAIN ${s.text}`,
              values: s.values,
            })) as unknown as { rows: Array<{ 'QUERY PLAN': string }> };
            plans.push(explained.rows.map((r) => r['QUERY PLAN']).join('\n'));
          }
        },
      });
      const run = await settlement.settleDueContracts(new Date(t0 + 33_000), {
        batchSize: 2000,
        parallelism: 1,
      });
      expect(run.settled).toBe(6000);
    } finally {
      pg.Client.prototype.query = original;
    }
    // The contracts' and orders' updates, the journal rows, the balances with the entries.
    expect(plans.length).toBeGreaterThanOrEqual(4);
    for (const plan of plans) {
      expect(plan).not.toMatch(/Seq Scan on (timed_contracts|trade_orders|ledger_accounts)/);
      expect(plan).not.toMatch(
        /timed_contracts_open_user_idx|trade_orders_status_idx|trade_orders_product_status_idx/,
      );
    }
    await assertLedgerOk(db());
  });
});

/**
 * Random sequences of opening flash contracts and options, price ticks, waiting and settlement
 * runs, against a model that knows only the rules: the outcome follows the last tick at or before
 * expiry (within 5 s), no tick for 30 s voids, balances move by stake and payout. After every run
 * each contract's outcome and payout and each balance must match the model, and the ledger verify.
 */

const SYMBOLS = ['BTCUSDT', 'ETHUSDT'] as const;
const FLASH_RATES: Record<number, string> = { 30: '0.1', 60: '0.15', 120: '0.2' };
const FUNDS = '1000';

type Op =
  | {
      type: 'open';
      user: number;
      product: 'flash' | 'option';
      symbol: number;
      up: boolean;
      cents: number;
      duration: number;
      price: number;
    }
  | { type: 'tick'; symbol: number; price: number }
  | { type: 'wait'; ms: number }
  | { type: 'settle' };

const priceArb = fc.integer({ min: 98, max: 102 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('open' as const),
      user: fc.integer({ min: 0, max: 1 }),
      product: fc.constantFrom('flash' as const, 'option' as const),
      symbol: fc.integer({ min: 0, max: 1 }),
      up: fc.boolean(),
      cents: fc.integer({ min: 1000, max: 45_000 }),
      duration: fc.constantFrom(30, 60, 120),
      price: priceArb,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('tick' as const),
      symbol: fc.integer({ min: 0, max: 1 }),
      price: priceArb,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ type: fc.constant('wait' as const), ms: fc.integer({ min: 500, max: 45_000 }) }),
  },
  { weight: 2, arbitrary: fc.constant({ type: 'settle' as const }) },
);

interface ModelContract {
  orderId: number;
  user: number;
  symbol: string;
  direction: 'up' | 'down' | 'call' | 'put';
  stake: Decimal;
  rate: Decimal;
  expiry: number;
  entry: string;
  settled: boolean;
}

let runIndex = 0;

describe('timed contracts under random sequences', () => {
  it('settle as the reference prices say, once each, and keep the ledger whole', async () => {
    const db = t.database.db;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 3, maxLength: 22 }), async (ops) => {
        runIndex += 1;
        const clock = fixedClock(era(200 + runIndex * 2));
        const deps = clockDeps(db, clock);
        const flash = createFlashEngine(deps);
        const option = createOptionEngine(deps);
        const users = await fundedUsers(db, 2, FUNDS);
        const available = users.map(() => new Decimal(FUNDS));
        const ticks = new Map<string, Array<{ at: number; price: string }>>(SYMBOLS.map((s) => [s, []]));
        const contracts: ModelContract[] = [];

        const tick = async (symbol: string, price: string) => {
          const at = clock.advance(1);
          await recordTick(db, symbol, price, at);
          ticks.get(symbol)?.push({ at, price });
        };
        const settlementTick = (c: ModelContract) =>
          (ticks.get(c.symbol) ?? []).filter((x) => x.at <= c.expiry && x.at > c.expiry - 5000).at(-1) ??
          null;
        const expected = (c: ModelContract) => {
          const tickAt = settlementTick(c);
          if (!tickAt) return { outcome: 'void' as const, payout: c.stake };
          const outcome = contractOutcome(c.direction, new Decimal(c.entry), new Decimal(tickAt.price));
          return { outcome, payout: contractSettlement(c.stake, c.rate, outcome).returned };
        };
        const settle = async () => {
          const now = clock.now();
          await flash.settleDueContracts(new Date(now), { batchSize: 3, parallelism: 2 });
          for (const c of contracts) {
            if (c.settled || c.expiry > now - 1000) continue;
            if (settlementTick(c) || c.expiry <= now - 30_000) {
              c.settled = true;
              available[c.user] = (available[c.user] as Decimal).plus(expected(c).payout);
            }
          }
        };

        for (const op of ops) {
          if (op.type === 'tick') await tick(SYMBOLS[op.symbol] as string, `${op.price}`);
          else if (op.type === 'wait') clock.advance(op.ms);
          else if (op.type === 'settle') await settle();
          else {
            const symbol = SYMBOLS[op.symbol] as string;
            await tick(symbol, `${op.price}`);
            const stake = new Decimal(op.cents).div(100);
            const amount = formatNormalised(stake);
            const user = users[op.user] as number;
            const duration = op.product === 'flash' ? op.duration : op.duration === 30 ? 60 : 180;
            const placing =
              op.product === 'flash'
                ? flash.placeOrder(user, { symbol, direction: op.up ? 'up' : 'down', amount, duration })
                : option.placeOrder(user, {
                    symbol,
                    direction: op.up ? 'call' : 'put',
                    amount,
                    level: 1,
                    duration,
                  });
            if ((available[op.user] as Decimal).lt(stake)) {
              const err = await placing.catch((e: unknown) => e);
              expect(err).toBeInstanceOf(AppError);
              expect((err as AppError).message).toBe('余额不足');
              continue;
            }
            const { order, contract } = await placing;
            expect(contract.entryPrice).toMatch(new RegExp(`^${op.price}(\\.0+)?$`));
            available[op.user] = (available[op.user] as Decimal).minus(stake);
            contracts.push({
              orderId: order.id,
              user: op.user,
              symbol,
              direction: contract.direction as ModelContract['direction'],
              stake,
              rate: new Decimal(op.product === 'flash' ? (FLASH_RATES[duration] as string) : '0.8'),
              expiry: clock.now() + duration * 1000,
              entry: `${op.price}`,
              settled: false,
            });
          }
        }
        // Everything ends: long after the last expiry every contract is settled or void.
        clock.advance(400_000);
        await settle();

        const rows = new Map(
          (
            await contractRows(
              db,
              contracts.map((c) => c.orderId),
            )
          ).map((r) => [r.orderId, r]),
        );
        for (const c of contracts) {
          const row = rows.get(c.orderId);
          const want = expected(c);
          expect(row?.status).toBe('settled');
          expect(row?.outcome).toBe(want.outcome);
          expect(new Decimal(row?.payout ?? '-1').eq(want.payout)).toBe(true);
        }
        for (const [i, user] of users.entries()) {
          expect(await usdt(db, user)).toEqual({
            available: formatNormalised(available[i] as Decimal),
            frozen: '0',
          });
        }
        await assertLedgerOk(db);
      }),
      { numRuns: 10 },
    );
  });
});
