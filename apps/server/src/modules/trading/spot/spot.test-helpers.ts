import { type OrderBook, type SpotOrderBody, spotOrderBody } from '@platform/contracts';
import { eq } from 'drizzle-orm';
import { Decimal } from '../../../core/money.ts';
import type { Db } from '../../../db/client.ts';
import { createUser } from '../../accounts/create-user.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../ledger/ledger.schema.ts';
import { getUserWallets, systemAccountBalance } from '../../ledger/ledger.service.ts';
import { spotFills, tradeOrders } from '../trading.schema.ts';

/** Test helpers of the spot engine's tests (not used by the application). */

/** The user's balances as Decimals per currency: available and frozen (zero when the wallet is missing). */
export async function balancesOf(db: Db, userId: number) {
  const wallets = await getUserWallets(db, userId);
  const of = (currency: string) => {
    const w = wallets.find((x) => x.currency === currency);
    return {
      available: new Decimal(w?.balance ?? '0'),
      frozen: new Decimal(w?.frozen_balance ?? '0'),
      exists: Boolean(w),
    };
  };
  return { of, currencies: wallets.map((w) => w.currency) };
}

/** available/frozen of one currency as normalised strings, for exact comparisons. */
export async function wallet(db: Db, userId: number, currency: string) {
  const b = (await balancesOf(db, userId)).of(currency);
  return { available: b.available.toFixed(), frozen: b.frozen.toFixed() };
}

/** house_pnl and fees balances in `currencies`. */
export async function houseSnapshot(db: Db, currencies: string[]) {
  const out: Record<string, Decimal> = {};
  for (const c of currencies) {
    out[`house:${c}`] = new Decimal(await systemAccountBalance(db, 'house_pnl', c));
    out[`fees:${c}`] = new Decimal(await systemAccountBalance(db, 'fees', c));
  }
  return out;
}

/**
 * The entries of the ledger transaction `idempotencyKey` as `{ "<account> <currency>": amount }`, the
 * account being `user:<bucket>` for the user's buckets or the system account's name (amounts of one
 * account and currency are summed; none is left out).
 */
export async function postingsOf(db: Db, idempotencyKey: string): Promise<Record<string, string>> {
  const rows = await db
    .select({
      userId: ledgerAccounts.userId,
      bucket: ledgerAccounts.bucket,
      currency: ledgerEntries.currency,
      amount: ledgerEntries.amount,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .where(eq(ledgerTransactions.idempotencyKey, idempotencyKey));
  const sums: Record<string, Decimal> = {};
  for (const r of rows) {
    const key = `${r.userId === null ? r.bucket : `user:${r.bucket}`} ${r.currency}`;
    sums[key] = (sums[key] ?? new Decimal(0)).plus(r.amount);
  }
  return Object.fromEntries(Object.entries(sums).map(([k, v]) => [k, v.toFixed()]));
}

/** A book for `symbol` observed at `atMs`: [price, quantity] levels, best first. */
export function makeBook(
  symbol: string,
  atMs: number,
  levels: { asks?: [string, string][]; bids?: [string, string][] },
): OrderBook {
  return {
    symbol,
    asks: levels.asks ?? [],
    bids: levels.bids ?? [],
    source: 'test-book',
    updated_at: new Date(atMs).toISOString(),
  };
}

/** A body as the route would have parsed it. */
export const body = (input: Record<string, unknown>): SpotOrderBody => spotOrderBody.parse(input);

export async function orderRow(db: Db, id: number) {
  const [row] = await db.select().from(tradeOrders).where(eq(tradeOrders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
}

export async function fillsOf(db: Db, orderId: number) {
  return db.select().from(spotFills).where(eq(spotFills.orderId, orderId)).orderBy(spotFills.seq);
}

export async function ordersOfUser(db: Db, userId: number) {
  return db.select().from(tradeOrders).where(eq(tradeOrders.userId, userId)).orderBy(tradeOrders.id);
}

let userCounter = 0;
/** A user inserted directly (no password hashing): for engine tests that never log in. */
export async function quickUser(db: Db): Promise<number> {
  const email = `spot-${Date.now().toString(36)}-${++userCounter}@example.com`;
  const row = await db.transaction((tx) => createUser(tx, { email, passwordHash: 'not-a-login' }));
  return row.id;
}
