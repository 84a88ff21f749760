import type { PerpetualPosition, TradeOrder } from '@platform/contracts';
import { count, like } from 'drizzle-orm';
import { expect } from 'vitest';
import { Decimal } from '../../../core/money.ts';
import type { Db } from '../../../db/client.ts';
import { api, registerUser, type TestApp } from '../../../test/app.ts';
import { fundUser } from '../../../test/money.ts';
import { createUser } from '../../accounts/create-user.ts';
import { ledgerTransactions } from '../../ledger/ledger.schema.ts';
import { getUserWallets, systemAccountBalance } from '../../ledger/ledger.service.ts';
import { recordTick, testTradingDeps } from '../testing/trading-fixtures.ts';
import { createPerpetualEngine } from './perpetual.engine.ts';

/** Test helpers of the perpetual engine's tests. */

/** Per database and symbol: the last tick a test stamped, and the price last set at the current time. */
const ticksOf = new WeakMap<Db, { lastAt: Map<string, number>; current: Map<string, string> }>();
function ticks(db: Db) {
  let found = ticksOf.get(db);
  if (!found) {
    found = { lastAt: new Map(), current: new Map() };
    ticksOf.set(db, found);
  }
  return found;
}

/**
 * Records a reference price at the current time, or 1 ms after the symbol's previous one on this
 * database so that a later price always replaces an earlier one (ticks are unique per symbol and
 * instant). Per database and symbol: a test that stamps a tick ahead of the clock (a job's future
 * turn) must not push later ticks ahead too, where the engine refuses them as a wrong clock and opens
 * at the simulator's price instead. Test files share a worker's modules (vitest isolate: false), so a
 * map per symbol alone carried one file's future ticks into the next file's database (funding, risk
 * and insurance tests opened at the simulator's price in CI).
 */
export async function setPrice(db: Db, symbol: string, price: string, at?: number): Promise<number> {
  const { lastAt, current } = ticks(db);
  const tickAt = Math.max(at ?? Date.now(), (lastAt.get(symbol) ?? 0) + 1);
  lastAt.set(symbol, tickAt);
  if (at === undefined) current.set(symbol, price);
  else current.delete(symbol);
  await recordTick(db, symbol, price, tickAt);
  return tickAt;
}

/**
 * Records the symbol's current test price again, now: a test that sets a price and then opens several
 * positions means that price for each, and an entry tick must be at most 3 s old when an order arrives
 * (on CI's loaded machine a test's fourth order came later than that and opened at the simulator's price).
 */
export async function refreshPrice(db: Db, symbol: string): Promise<void> {
  const price = ticks(db).current.get(symbol);
  if (price !== undefined) await setPrice(db, symbol, price);
}

let userCounter = 0;
/** A user without going through registration (no password hashing): for tests that need many. */
export async function quickUser(db: Db): Promise<number> {
  const email = `perp${Date.now().toString(36)}${++userCounter}@example.com`;
  const user = await db.transaction((tx) => createUser(tx, { email, passwordHash: 'x' }));
  return user.id;
}

export async function usdt(db: Db, userId: number): Promise<{ available: Decimal; frozen: Decimal }> {
  const wallet = (await getUserWallets(db, userId)).find((w) => w.currency === 'USDT');
  return {
    available: new Decimal(wallet?.balance ?? '0'),
    frozen: new Decimal(wallet?.frozen_balance ?? '0'),
  };
}

export async function systemUsdt(db: Db): Promise<{ fees: Decimal; house: Decimal; insurance: Decimal }> {
  return {
    fees: new Decimal(await systemAccountBalance(db, 'fees', 'USDT')),
    house: new Decimal(await systemAccountBalance(db, 'house_pnl', 'USDT')),
    insurance: new Decimal(await systemAccountBalance(db, 'house_insurance', 'USDT')),
  };
}

/** Journal transactions whose key matches `pattern` (SQL LIKE). */
export async function journalCount(db: Db, pattern: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(ledgerTransactions)
    .where(like(ledgerTransactions.idempotencyKey, pattern));
  return row?.n ?? 0;
}

type View = { order: TradeOrder; position: PerpetualPosition };
type List = { positions: PerpetualPosition[]; pagination: { total: number } };

/**
 * The perpetual calls over HTTP for the tests of one app, and a second job runner on its database
 * with a clock of the test's own (`jobEngine`), which records the events it would send.
 */
export function perpetualClient(t: TestApp) {
  const db = t.database.db;
  const call = <T = View>(token: string, method: 'GET' | 'POST', url: string, body?: unknown, key?: string) =>
    api<T>(t.app, method, url, {
      token,
      ...(body !== undefined ? { body } : {}),
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
  const open = (token: string, body: Record<string, unknown>) =>
    call(token, 'POST', '/api/trading/perpetual/order', body);
  return {
    async trader(funds = '10000') {
      const u = await registerUser(t.app);
      if (funds !== '0') await fundUser(db, u.user.id, funds);
      return { token: u.token, id: u.user.id };
    },
    open,
    async opened(token: string, body: Record<string, unknown>): Promise<View> {
      if (typeof body.symbol === 'string') await refreshPrice(db, body.symbol);
      const res = await open(token, body);
      expect(res.status, res.body.message).toBe(200);
      return res.body.data as View;
    },
    close: (token: string, id: number | string) => call(token, 'POST', `/api/trading/perpetual/close/${id}`),
    tpsl: (token: string, id: number | string, body: unknown, key?: string) =>
      call(token, 'POST', `/api/trading/perpetual/tpsl/${id}`, body, key),
    addMargin: (token: string, id: number | string, body: unknown, key?: string) =>
      call(token, 'POST', `/api/trading/perpetual/margin/${id}`, body, key),
    list: (token: string, query = '') => call<List>(token, 'GET', `/api/trading/perpetual/positions${query}`),
    jobEngine(now: number, events: unknown[][] = []) {
      return createPerpetualEngine({
        ...testTradingDeps(db, { now: () => now }),
        realtime: { toUser: (...args: unknown[]) => void events.push(args), toAdmins: () => {} },
      });
    },
  };
}
