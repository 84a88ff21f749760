import { eq, inArray, sql } from 'drizzle-orm';
import { Decimal, formatNormalised } from '../../../core/money.ts';
import type { Db } from '../../../db/client.ts';
import { fundUser } from '../../../test/money.ts';
import { ledgerTransactions } from '../../ledger/ledger.schema.ts';
import {
  getUserWallets,
  type PostTransactionRequest,
  postTransactionsBatch,
} from '../../ledger/ledger.service.ts';
import { createTestUsers } from '../../ledger/ledger.test-helpers.ts';
import { testTradingDeps } from '../testing/trading-fixtures.ts';
import { timedContracts, tradeOrders } from '../trading.schema.ts';
import type { TradingDeps } from '../trading-deps.ts';

/** Test tooling of the timed products: a clock to move by hand, users with money, balances, rows. */

export interface Clock {
  now: () => number;
  set(ms: number): void;
  advance(ms: number): number;
  date(): Date;
}

export function fixedClock(start: number): Clock {
  let current = start;
  return {
    now: () => current,
    set: (ms) => {
      current = ms;
    },
    advance: (ms) => {
      current += ms;
      return current;
    },
    date: () => new Date(current),
  };
}

/** Deps on the test database with a clock of the test's choosing and recorded ticks as the only prices. */
export const clockDeps = (db: Db, clock: Clock): TradingDeps => testTradingDeps(db, { now: clock.now });

/** Users (without login) holding `amount` USDT each. */
export async function fundedUsers(db: Db, count: number, amount: string): Promise<number[]> {
  const ids = await createTestUsers(db, count);
  for (const id of ids) await fundUser(db, id, amount);
  return ids;
}

export async function usdt(db: Db, userId: number): Promise<{ available: string; frozen: string }> {
  const wallet = (await getUserWallets(db, userId)).find((w) => w.currency === 'USDT');
  const trim = (v: string | undefined) => (v ?? '0').replace(/\.?0+$/, '') || '0';
  return { available: trim(wallet?.balance), frozen: trim(wallet?.frozen_balance) };
}

export async function contractRows(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db.select().from(timedContracts).where(inArray(timedContracts.orderId, orderIds));
}

export async function contractRow(db: Db, orderId: number) {
  const [row] = await db.select().from(timedContracts).where(eq(timedContracts.orderId, orderId));
  if (!row) throw new Error(`no contract ${orderId}`);
  return row;
}

export async function orderRow(db: Db, orderId: number) {
  const [row] = await db.select().from(tradeOrders).where(eq(tradeOrders.id, orderId));
  if (!row) throw new Error(`no order ${orderId}`);
  return row;
}

/** Journal transactions posted under `<product>:<id>:<suffix>` for these orders. */
export async function journalCount(db: Db, keys: string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerTransactions)
    .where(inArray(ledgerTransactions.idempotencyKey, keys));
  return Number(row?.n ?? 0);
}

/** Midnight UTC of a day far from today, so fixed-clock ticks never meet the real-time ones. */
export const era = (day: number) => Date.UTC(2024, 0, 1) + day * 86_400_000;

/**
 * Inserts `count` open flash contracts (and their pending orders) set-based, with their stakes
 * frozen through the ledger in one posting per user, so that settling them keeps the ledger whole.
 * For tests and measurements that need many contracts faster than placing them one by one.
 */
export async function insertOpenContracts(
  db: Db,
  opts: {
    userIds: number[];
    perUser: number;
    symbols: string[];
    stake: string;
    payoutRate: string;
    entryPrice: string;
    openedAt: number;
    /** Contract n expires at expiresAt + (n mod spreadMs) ms. */
    expiresAt: number;
    spreadMs?: number;
  },
): Promise<void> {
  const { userIds, perUser, symbols, stake } = opts;
  // Their USDT wallets, as every registered user has them (createUser).
  await db.execute(sql`
    INSERT INTO ledger_accounts (user_id, bucket, currency, is_system)
    SELECT u, b, 'USDT', false
    FROM unnest(${sql.param(userIds)}::bigint[]) AS u, unnest(ARRAY['available', 'frozen', 'salary']) AS b
    ON CONFLICT (user_id, bucket, currency) WHERE user_id IS NOT NULL DO NOTHING`);
  const requests: PostTransactionRequest[] = userIds.map((id) => ({
    idempotencyKey: `test-freeze:${id}:${opts.openedAt}:${Math.random()}`,
    kind: 'adjustment',
    postings: [
      {
        account: { system: 'adjustments' },
        currency: 'USDT',
        amount: formatNormalised(new Decimal(stake).times(-perUser)),
      },
      {
        account: { userId: id, bucket: 'frozen' },
        currency: 'USDT',
        amount: formatNormalised(new Decimal(stake).times(perUser)),
      },
    ],
  }));
  for (let i = 0; i < requests.length; i += 2000) {
    await db.transaction((tx) => postTransactionsBatch(tx, requests.slice(i, i + 2000)));
  }
  const opened = new Date(opts.openedAt).toISOString();
  const duration = Math.round((opts.expiresAt - opts.openedAt) / 1000);
  await db.execute(sql`
    WITH g AS (
      SELECT n, (${sql.param(userIds)}::bigint[])[1 + n / ${perUser}::int] AS user_id,
             (${sql.param(symbols)}::text[])[1 + n % ${symbols.length}::int] AS symbol,
             CASE WHEN (n / ${symbols.length}::int) % 2 = 0 THEN 'up' ELSE 'down' END AS side,
             ${new Date(opts.expiresAt).toISOString()}::timestamptz
               + (n % ${opts.spreadMs ?? 1}::int) * interval '1 millisecond' AS expires_at
      FROM generate_series(0, ${userIds.length * perUser - 1}::int) AS n
    ), o AS (
      INSERT INTO trade_orders (user_id, product, symbol, base_currency, quote_currency, side, amount,
        amount_currency, price, quote_amount, status, expires_at, created_at, updated_at)
      SELECT user_id, 'flash', symbol, replace(symbol, 'USDT', ''), 'USDT', side, ${stake}::numeric, 'USDT',
        ${opts.entryPrice}::numeric, ${stake}::numeric, 'pending', expires_at, ${opened}::timestamptz, ${opened}::timestamptz
      FROM g
      RETURNING id, user_id, symbol, side, expires_at
    )
    INSERT INTO timed_contracts (order_id, user_id, product, symbol, direction, stake, currency, payout_rate,
      duration_seconds, entry_price, entry_source, entry_at, opened_at, expires_at, status)
    SELECT id, user_id, 'flash', symbol, side, ${stake}::numeric, 'USDT', ${opts.payoutRate}::numeric, ${duration}::int,
      ${opts.entryPrice}::numeric, 'test', ${opened}::timestamptz, ${opened}::timestamptz, expires_at, 'open'
    FROM o`);
}
