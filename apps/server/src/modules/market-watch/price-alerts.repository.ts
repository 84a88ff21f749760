import type { PriceAlert, PriceAlertDirection, PriceAlertRepeat } from '@platform/contracts';
import { sql } from 'drizzle-orm';
import { normaliseDecimalString } from '../../core/money.ts';
import type { Executor } from '../../db/client.ts';
import { parseCount, parseId, queryRows, rowBool, rowDate, rowText } from '../../db/rows.ts';

/** 价格提醒's rows: the user's calls are scoped to the owner, so another user's id is not found. */

interface AlertRow {
  id: unknown;
  user_id: unknown;
  symbol: unknown;
  direction: unknown;
  price: unknown;
  repeat: unknown;
  status: unknown;
  armed: unknown;
  triggered_count: unknown;
  last_triggered_at: unknown;
  last_triggered_price: unknown;
  created_at: unknown;
}

export interface OwnedAlert {
  userId: number;
  alert: PriceAlert;
}

const columns = sql.raw(
  `id, user_id, symbol, direction, price::text AS price, repeat, status, armed, triggered_count,
   last_triggered_at, last_triggered_price::text AS last_triggered_price, created_at`,
);

function toOwned(row: AlertRow): OwnedAlert {
  return {
    userId: parseId(row.user_id),
    alert: {
      id: parseId(row.id),
      symbol: rowText(row.symbol),
      direction: rowText(row.direction) as PriceAlertDirection,
      price: normaliseDecimalString(rowText(row.price)),
      repeat: rowText(row.repeat) as PriceAlertRepeat,
      status: rowText(row.status) as PriceAlert['status'],
      armed: rowBool(row.armed),
      triggered_count: parseCount(row.triggered_count),
      last_triggered_at: row.last_triggered_at == null ? null : rowDate(row.last_triggered_at).toISOString(),
      last_triggered_price:
        row.last_triggered_price == null ? null : normaliseDecimalString(rowText(row.last_triggered_price)),
      created_at: rowDate(row.created_at).toISOString(),
    },
  };
}

export async function listOwnAlerts(exec: Executor, userId: number, symbol?: string): Promise<PriceAlert[]> {
  const rows = await queryRows<AlertRow>(
    exec,
    sql`SELECT ${columns} FROM price_alerts WHERE user_id = ${userId}
        ${symbol ? sql`AND symbol = ${symbol}` : sql``} ORDER BY id DESC`,
  );
  return rows.map((r) => toOwned(r).alert);
}

export async function countOwnAlerts(exec: Executor, userId: number): Promise<number> {
  const [row] = await queryRows<{ n: unknown }>(
    exec,
    sql`SELECT count(*) AS n FROM price_alerts WHERE user_id = ${userId}`,
  );
  return parseCount(row?.n);
}

export async function insertAlert(
  exec: Executor,
  row: {
    userId: number;
    symbol: string;
    direction: PriceAlertDirection;
    price: string;
    repeat: PriceAlertRepeat;
  },
): Promise<PriceAlert> {
  const [saved] = await queryRows<AlertRow>(
    exec,
    sql`INSERT INTO price_alerts (user_id, symbol, direction, price, repeat)
        VALUES (${row.userId}, ${row.symbol}, ${row.direction}, ${row.price}::numeric, ${row.repeat})
        RETURNING ${columns}`,
  );
  if (!saved) throw new Error('price alert insert returned no row');
  return toOwned(saved).alert;
}

export async function deleteOwnAlert(exec: Executor, userId: number, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: unknown }>(
    exec,
    sql`DELETE FROM price_alerts WHERE id = ${id} AND user_id = ${userId} RETURNING id`,
  );
  return rows.length > 0;
}

/** The pairs with an alert watching (a partial index holds exactly these rows). */
export async function watchedSymbols(exec: Executor): Promise<string[]> {
  const rows = await queryRows<{ symbol: string }>(
    exec,
    sql`SELECT DISTINCT symbol FROM price_alerts WHERE status = 'active'`,
  );
  return rows.map((r) => r.symbol);
}

// The condition an alert waits for, and its opposite that re-arms an every-time alert.
const reached = (price: string) =>
  sql`((direction = 'above' AND ${price}::numeric >= price) OR (direction = 'below' AND ${price}::numeric <= price))`;
const backAcross = (price: string) =>
  sql`((direction = 'above' AND ${price}::numeric < price) OR (direction = 'below' AND ${price}::numeric > price))`;

/**
 * Fires the armed alerts of `symbol` that `price` reaches: disarmed (a once alert done) in the
 * same statement that returns them, so that of two runners the second finds nothing to fire (the
 * row lock makes it re-read `armed` after the first commits).
 */
export async function fireReached(exec: Executor, symbol: string, price: string): Promise<OwnedAlert[]> {
  const rows = await queryRows<AlertRow>(
    exec,
    sql`UPDATE price_alerts SET
          armed = false,
          status = CASE WHEN repeat = 'once' THEN 'triggered' ELSE 'active' END,
          triggered_count = triggered_count + 1,
          last_triggered_at = now(),
          last_triggered_price = ${price}::numeric
        WHERE symbol = ${symbol} AND status = 'active' AND armed AND ${reached(price)}
        RETURNING ${columns}`,
  );
  return rows.map(toOwned);
}

/** Arms again the every-time alerts of `symbol` that fired and that `price` is back across. */
export async function rearmCrossedBack(exec: Executor, symbol: string, price: string): Promise<number> {
  const rows = await queryRows<{ id: unknown }>(
    exec,
    sql`UPDATE price_alerts SET armed = true
        WHERE symbol = ${symbol} AND status = 'active' AND NOT armed AND ${backAcross(price)}
        RETURNING id`,
  );
  return rows.length;
}
