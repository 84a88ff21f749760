import { count, like } from 'drizzle-orm';
import { Decimal } from '../../../core/money.ts';
import type { Db } from '../../../db/client.ts';
import { ledgerTransactions } from '../../ledger/ledger.schema.ts';
import { getUserWallets, systemAccountBalance } from '../../ledger/ledger.service.ts';
import { createUser } from '../../users/create-user.ts';
import { recordTick } from '../testing/trading-fixtures.ts';

/** Test helpers of the perpetual engine's tests. */

let lastTickAt = 0;
/**
 * Records a reference price at the current time, or 1 ms after the previous one of this process so
 * that a later price always replaces an earlier one (ticks are unique per symbol and instant).
 */
export async function setPrice(db: Db, symbol: string, price: string, at?: number): Promise<number> {
  lastTickAt = Math.max(at ?? Date.now(), lastTickAt + 1);
  await recordTick(db, symbol, price, lastTickAt);
  return lastTickAt;
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

export async function systemUsdt(db: Db): Promise<{ fees: Decimal; house: Decimal }> {
  return {
    fees: new Decimal(await systemAccountBalance(db, 'fees', 'USDT')),
    house: new Decimal(await systemAccountBalance(db, 'house_pnl', 'USDT')),
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
