import { Decimal } from '@platform/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { userDirectory } from '../../users/users.reads.ts';

/**
 * The house's exposure over the open positions and contracts (风险敞口, docs/risk-exposure.md):
 * aggregates only, each one pass over a partial covering index of the open rows (migration 0054:
 * `perpetual_positions_exposure_idx`, `timed_contracts_exposure_idx`, `perpetual_positions_size_idx`).
 * Sums come back as ::text decimals.
 */

/** A pair's prices to value it at: the mark, then the stressed marks, in the caller's order. */
export interface PricedSymbol {
  symbol: string;
  prices: string[];
}

export interface PerpetualSideAggregate {
  symbol: string;
  side: 'long' | 'short';
  positions: number;
  quantity: string;
  entryValue: string;
  margin: string;
  /** Per price of `PricedSymbol.prices`: the sums of the positions that price takes past bankruptcy. */
  crossed: { quantity: string; entryValue: string; margin: string }[];
}

function pricesTable(priced: readonly PricedSymbol[], width: number, order: number[]): SQL {
  const rows = priced.map(
    (p) =>
      sql`(${p.symbol}::text, ${sql.join(
        order.map((k) => sql`${p.prices[k]}::numeric`),
        sql`, `,
      )})`,
  );
  const columns = Array.from({ length: width }, (_, i) => `s${i}`).join(', ');
  return sql`(VALUES ${sql.join(rows, sql`, `)}) AS v(symbol, ${sql.raw(columns)})`;
}

/**
 * Per (symbol, side) of the open positions: count, Σ quantity, Σ quantity × entry, Σ margin, and for
 * each price the same sums over the positions that price has taken past bankruptcy (a long's
 * q × entry − margin ≥ q × P, a short's q × entry + margin ≤ q × P: exact, multiplications only).
 *
 * One pass: the prices sorted ascending (s0 < … < s4; a symbol's stressed marks keep their order),
 * each position falls in one bucket, the number of sorted prices that cross it from below (a long:
 * how many s with q × s ≤ q × entry − margin, crossed at s_j iff its bucket is above j; a short: how
 * many s with q × s < q × entry + margin, crossed at s_j iff its bucket is at most j). The database
 * sums per (symbol, side, bucket), at most six rows per side; the crossed sums are cumulated here.
 */
export async function perpetualSideAggregates(
  exec: Executor,
  priced: readonly PricedSymbol[],
): Promise<PerpetualSideAggregate[]> {
  const first = priced[0];
  if (!first) return [];
  const width = first.prices.length;
  // The caller's prices in ascending order (the same order for every symbol: mark × (1 + move)).
  const order = first.prices
    .map((price, k) => ({ price: new Decimal(price), k }))
    .sort((a, b) => a.price.comparedTo(b.price))
    .map((x) => x.k);
  const bucket = (side: 'long' | 'short') =>
    sql.raw(
      Array.from({ length: width }, (_, i) =>
        side === 'long' ? `(x.d >= pp.quantity * v.s${i})::int` : `(x.d > pp.quantity * v.s${i})::int`,
      ).join(' + '),
    );
  const rows = await queryRows<{
    symbol: string;
    side: string;
    bucket: number;
    n: number;
    q: string;
    ev: string;
    m: string;
  }>(
    exec,
    sql`SELECT pp.symbol, pp.side,
          CASE WHEN pp.side = 'long' THEN ${bucket('long')} ELSE ${bucket('short')} END AS bucket,
          count(*)::int AS n, sum(pp.quantity)::text AS q, sum(x.ev)::text AS ev, sum(pp.margin)::text AS m
        FROM perpetual_positions pp
        JOIN ${pricesTable(priced, width, order)} ON v.symbol = pp.symbol
        CROSS JOIN LATERAL (
          SELECT pp.quantity * pp.entry_price AS ev,
                 CASE WHEN pp.side = 'long' THEN pp.quantity * pp.entry_price - pp.margin
                      ELSE pp.quantity * pp.entry_price + pp.margin END AS d
        ) x
       WHERE pp.status = 'open'
       GROUP BY 1, 2, 3`,
  );
  const groups = new Map<
    string,
    PerpetualSideAggregate & { buckets: { bucket: number; q: Decimal; ev: Decimal; m: Decimal }[] }
  >();
  for (const r of rows) {
    const side = r.side === 'short' ? 'short' : 'long';
    const key = `${r.symbol}/${side}`;
    let g = groups.get(key);
    if (!g) {
      g = {
        symbol: r.symbol,
        side,
        positions: 0,
        quantity: '0',
        entryValue: '0',
        margin: '0',
        crossed: [],
        buckets: [],
      };
      groups.set(key, g);
    }
    g.positions += Number(r.n);
    g.buckets.push({
      bucket: Number(r.bucket),
      q: new Decimal(r.q),
      ev: new Decimal(r.ev),
      m: new Decimal(r.m),
    });
  }
  return [...groups.values()].map(({ buckets, ...g }) => {
    const total = (pick: (b: (typeof buckets)[number]) => boolean) => {
      const chosen = buckets.filter(pick);
      return {
        quantity: chosen.reduce((s, b) => s.plus(b.q), new Decimal(0)).toFixed(),
        entryValue: chosen.reduce((s, b) => s.plus(b.ev), new Decimal(0)).toFixed(),
        margin: chosen.reduce((s, b) => s.plus(b.m), new Decimal(0)).toFixed(),
      };
    };
    const all = total(() => true);
    // crossed[k] for the caller's price k, which is the sorted price j = order.indexOf(k).
    const crossed = Array.from({ length: width }, (_, k) => {
      const j = order.indexOf(k);
      return total((b) => (g.side === 'long' ? b.bucket > j : b.bucket <= j));
    });
    return { ...g, ...all, crossed };
  });
}

export interface TimedDirectionAggregate {
  symbol: string;
  /** up: flash up and option call; down: flash down and option put. */
  direction: 'up' | 'down';
  contracts: number;
  stake: string;
  /** Σ stake × payout rate: the profit paid if they all win. */
  profit: string;
}

export async function timedDirectionAggregates(exec: Executor): Promise<TimedDirectionAggregate[]> {
  const rows = await queryRows<{ symbol: string; up: boolean; n: number; stake: string; profit: string }>(
    exec,
    sql`SELECT symbol, direction IN ('up', 'call') AS up, count(*)::int AS n, sum(stake)::text AS stake,
          sum(stake * payout_rate)::text AS profit
        FROM timed_contracts WHERE status = 'open'
       GROUP BY 1, 2`,
  );
  return rows.map((r) => ({
    symbol: r.symbol,
    direction: r.up ? 'up' : 'down',
    contracts: Number(r.n),
    stake: r.stake,
    profit: r.profit,
  }));
}

/** Every symbol with an open position or an open timed contract (one index probe each way per symbol). */
export async function openSymbols(exec: Executor): Promise<string[]> {
  const rows = await queryRows<{ symbol: string }>(
    exec,
    sql`WITH RECURSIVE s(symbol) AS (
          (SELECT symbol FROM perpetual_positions WHERE status = 'open' ORDER BY symbol LIMIT 1)
          UNION ALL
          SELECT (SELECT symbol FROM perpetual_positions WHERE status = 'open' AND symbol > s.symbol
                   ORDER BY symbol LIMIT 1) FROM s WHERE s.symbol IS NOT NULL
        ), t(symbol) AS (
          (SELECT symbol FROM timed_contracts WHERE status = 'open' ORDER BY symbol LIMIT 1)
          UNION ALL
          SELECT (SELECT symbol FROM timed_contracts WHERE status = 'open' AND symbol > t.symbol
                   ORDER BY symbol LIMIT 1) FROM t WHERE t.symbol IS NOT NULL
        )
        SELECT symbol FROM s WHERE symbol IS NOT NULL
        UNION SELECT symbol FROM t WHERE symbol IS NOT NULL`,
  );
  return rows.map((r) => r.symbol).sort();
}

export interface LargePositionRow {
  id: number;
  userId: number;
  email: string;
  symbol: string;
  side: 'long' | 'short';
  quantity: string;
  margin: string;
  leverage: number;
  entryPrice: string;
}

/**
 * The `limit` largest open positions of each symbol by quantity (at one mark per symbol the largest
 * by notional): the overall largest by notional are among them.
 */
export async function largestPositionsBySymbol(
  exec: Executor,
  symbols: readonly string[],
  limit: number,
): Promise<LargePositionRow[]> {
  if (symbols.length === 0) return [];
  const values = sql.join(
    symbols.map((s) => sql`(${s}::text)`),
    sql`, `,
  );
  const rows = await queryRows<Record<string, string | number>>(
    exec,
    sql`SELECT p.order_id::text AS id, p.user_id::text AS user_id, u.email, p.symbol, p.side,
          p.quantity::text AS quantity, p.margin::text AS margin, p.leverage, p.entry_price::text AS entry_price
        FROM (VALUES ${values}) AS v(symbol)
        CROSS JOIN LATERAL (
          SELECT * FROM perpetual_positions pp
           WHERE pp.symbol = v.symbol AND pp.status = 'open'
           ORDER BY pp.quantity DESC LIMIT ${limit}
        ) p
        JOIN ${userDirectory} u ON u.id = p.user_id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
    email: String(r.email),
    symbol: String(r.symbol),
    side: r.side === 'short' ? 'short' : 'long',
    quantity: String(r.quantity),
    margin: String(r.margin),
    leverage: Number(r.leverage),
    entryPrice: String(r.entry_price),
  }));
}

export interface LargeUserRow {
  userId: number;
  email: string;
  perpetualNotional: string;
  timedPayout: string;
}

/**
 * The `limit` users with the largest exposure: Σ quantity × mark of their open positions + Σ stake ×
 * (1 + rate) of their open contracts, ordered in the database.
 */
export async function largestUsers(
  exec: Executor,
  marks: readonly { symbol: string; price: string }[],
  limit: number,
): Promise<LargeUserRow[]> {
  const perpetual =
    marks.length === 0
      ? sql`SELECT NULL::bigint AS user_id, 0::numeric AS perp, 0::numeric AS timed WHERE false`
      : sql`SELECT pp.user_id, sum(pp.quantity * v.mark) AS perp, 0::numeric AS timed
              FROM perpetual_positions pp
              JOIN (VALUES ${sql.join(
                marks.map((m) => sql`(${m.symbol}::text, ${m.price}::numeric)`),
                sql`, `,
              )}) AS v(symbol, mark) ON v.symbol = pp.symbol
             WHERE pp.status = 'open'
             GROUP BY pp.user_id`;
  const rows = await queryRows<{ user_id: string; email: string; perp: string; timed: string }>(
    exec,
    sql`SELECT e.user_id::text AS user_id, u.email, e.perp::text AS perp, e.timed::text AS timed
          FROM (
            SELECT user_id, sum(perp) AS perp, sum(timed) AS timed FROM (
              ${perpetual}
              UNION ALL
              SELECT user_id, 0::numeric, sum(stake * (1 + payout_rate))
                FROM timed_contracts WHERE status = 'open' GROUP BY user_id
            ) x GROUP BY user_id
            ORDER BY sum(perp) + sum(timed) DESC, user_id LIMIT ${limit}
          ) e
          JOIN ${userDirectory} u ON u.id = e.user_id
         ORDER BY e.perp + e.timed DESC, e.user_id`,
  );
  return rows.map((r) => ({
    userId: Number(r.user_id),
    email: r.email,
    perpetualNotional: r.perp,
    timedPayout: r.timed,
  }));
}

/**
 * Per symbol, the funding since `since` (perpetual_funding_payments, amounts signed from the user's
 * view): `received` what users paid the house (Σ −amount of the negative ones), `paid` what the house
 * paid users (Σ amount of the positive ones). One range of `perpetual_funding_payments_exposure_idx`.
 */
export async function fundingSums(
  exec: Executor,
  since: Date,
): Promise<Map<string, { received: string; paid: string }>> {
  const rows = await queryRows<{ symbol: string; received: string; paid: string }>(
    exec,
    sql`SELECT symbol, coalesce(sum(-amount) FILTER (WHERE amount < 0), 0)::text AS received,
          coalesce(sum(amount) FILTER (WHERE amount > 0), 0)::text AS paid
        FROM perpetual_funding_payments WHERE funding_at >= ${since.toISOString()}::timestamptz
       GROUP BY symbol`,
  );
  return new Map(rows.map((r) => [r.symbol, { received: r.received, paid: r.paid }]));
}
