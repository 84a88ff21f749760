import { ADDRESS_BOOK_DELAY_HOURS, type SavedAddress, type UsdtNetworkName } from '@platform/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { parseCount, parseId, queryRows, rowBool, rowDate, rowText } from '../../db/rows.ts';

/** 地址簿's rows: always scoped to the owner, so another user's id is simply not found. */

interface AddressRow {
  id: unknown;
  network: unknown;
  address: unknown;
  label: unknown;
  created_at: unknown;
  usable_at: unknown;
}

// usable_at by the database's clock and interval, the same arithmetic the whitelist check uses.
const columns = sql.raw(
  `id, network, address, label, created_at,
   created_at + make_interval(hours => ${ADDRESS_BOOK_DELAY_HOURS}) AS usable_at`,
);

function toSaved(row: AddressRow): SavedAddress {
  return {
    id: parseId(row.id),
    network: rowText(row.network) as UsdtNetworkName,
    address: rowText(row.address),
    label: rowText(row.label),
    created_at: rowDate(row.created_at).toISOString(),
    usable_at: rowDate(row.usable_at).toISOString(),
  };
}

export async function listOwnAddresses(exec: Executor, userId: number): Promise<SavedAddress[]> {
  const rows = await queryRows<AddressRow>(
    exec,
    sql`SELECT ${columns} FROM withdrawal_addresses WHERE user_id = ${userId} ORDER BY id DESC`,
  );
  return rows.map(toSaved);
}

export async function countOwnAddresses(exec: Executor, userId: number): Promise<number> {
  const [row] = await queryRows<{ n: unknown }>(
    exec,
    sql`SELECT count(*) AS n FROM withdrawal_addresses WHERE user_id = ${userId}`,
  );
  return parseCount(row?.n);
}

/** The new row, or null when the user already saved this address. */
export async function insertAddress(
  exec: Executor,
  row: { userId: number; network: UsdtNetworkName; address: string; label: string },
): Promise<SavedAddress | null> {
  const [saved] = await queryRows<AddressRow>(
    exec,
    sql`INSERT INTO withdrawal_addresses (user_id, network, address, label)
        VALUES (${row.userId}, ${row.network}, ${row.address}, ${row.label})
        ON CONFLICT (user_id, address) DO NOTHING
        RETURNING ${columns}`,
  );
  return saved ? toSaved(saved) : null;
}

export async function renameOwnAddress(
  exec: Executor,
  userId: number,
  id: number,
  label: string,
): Promise<SavedAddress | null> {
  const [saved] = await queryRows<AddressRow>(
    exec,
    sql`UPDATE withdrawal_addresses SET label = ${label}
        WHERE id = ${id} AND user_id = ${userId} RETURNING ${columns}`,
  );
  return saved ? toSaved(saved) : null;
}

export async function deleteOwnAddress(exec: Executor, userId: number, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: unknown }>(
    exec,
    sql`DELETE FROM withdrawal_addresses WHERE id = ${id} AND user_id = ${userId} RETURNING id`,
  );
  return rows.length > 0;
}

/** Whitelist mode: when it was turned on, or null while it is off. */
export async function whitelistSince(exec: Executor, userId: number, lock = false): Promise<Date | null> {
  const [row] = await queryRows<{ enabled_at: unknown }>(
    exec,
    lock
      ? sql`SELECT enabled_at FROM withdrawal_whitelist_modes WHERE user_id = ${userId} FOR SHARE`
      : sql`SELECT enabled_at FROM withdrawal_whitelist_modes WHERE user_id = ${userId}`,
  );
  return row ? rowDate(row.enabled_at) : null;
}

/** Turns it on; null when it already was. */
export async function insertWhitelist(exec: Executor, userId: number): Promise<Date | null> {
  const [row] = await queryRows<{ enabled_at: unknown }>(
    exec,
    sql`INSERT INTO withdrawal_whitelist_modes (user_id) VALUES (${userId})
        ON CONFLICT (user_id) DO NOTHING RETURNING enabled_at`,
  );
  return row ? rowDate(row.enabled_at) : null;
}

/** Turns it off (waiting for a withdrawal that read it to commit); false when it was off. */
export async function deleteWhitelist(exec: Executor, userId: number): Promise<boolean> {
  const rows = await queryRows<{ user_id: unknown }>(
    exec,
    sql`DELETE FROM withdrawal_whitelist_modes WHERE user_id = ${userId} RETURNING user_id`,
  );
  return rows.length > 0;
}

/**
 * The saved address a withdrawal names, read FOR SHARE (its deletion waits for the withdrawal), and
 * whether 24 h have passed since it was saved, by the database clock.
 */
export async function savedAddressForWithdrawal(
  exec: Executor,
  userId: number,
  address: string,
): Promise<{ usable: boolean; usableAt: Date } | null> {
  const [row] = await queryRows<{ usable: unknown; usable_at: unknown }>(
    exec,
    sql`SELECT created_at + make_interval(hours => ${ADDRESS_BOOK_DELAY_HOURS}) <= now() AS usable,
               created_at + make_interval(hours => ${ADDRESS_BOOK_DELAY_HOURS}) AS usable_at
        FROM withdrawal_addresses WHERE user_id = ${userId} AND address = ${address} FOR SHARE`,
  );
  return row ? { usable: rowBool(row.usable), usableAt: rowDate(row.usable_at) } : null;
}
