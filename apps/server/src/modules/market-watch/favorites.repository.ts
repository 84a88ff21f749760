import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { arrayLiteral, queryRows } from '../../db/rows.ts';

/** 自选's row: one per user, read and written by its owner only. */

export async function readFavorites(exec: Executor, userId: number): Promise<string[]> {
  const [row] = await queryRows<{ symbols: string[] }>(
    exec,
    sql`SELECT symbols FROM favorite_pairs WHERE user_id = ${userId}`,
  );
  return row?.symbols ?? [];
}

export async function writeFavorites(exec: Executor, userId: number, symbols: readonly string[]) {
  await queryRows(
    exec,
    sql`INSERT INTO favorite_pairs (user_id, symbols) VALUES (${userId}, ${arrayLiteral(symbols)}::text[])
        ON CONFLICT (user_id) DO UPDATE SET symbols = excluded.symbols, updated_at = now()`,
  );
}
