import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/**
 * Raw SQL results and parameters, for every module's data access. Raw results differ by engine
 * (node-postgres gives int8 and numeric as strings, PGlite may give numbers), so every raw query
 * casts in SQL (::text for money and ids, ::int for counts) and the values are parsed explicitly.
 */

export async function queryRows<T>(exec: Executor, query: SQL): Promise<T[]> {
  const result = (await exec.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The one row an aggregate query returns (a query that returns none is a bug, not an empty result). */
export async function aggregateRow(exec: Executor, query: SQL): Promise<Record<string, unknown>> {
  const [row] = await queryRows<Record<string, unknown>>(exec, query);
  if (!row) throw new Error('aggregate query returned no row');
  return row;
}

/** Whether `table` has a row where `where` holds (stops at the first one). */
export async function rowExists(exec: Executor, table: PgTable, where: SQL | undefined): Promise<boolean> {
  const [row] = await exec.select({ found: sql`1` }).from(table).where(where).limit(1);
  return row !== undefined;
}

/** A moment as a timestamptz parameter (the same text on node-postgres and PGlite). */
export const momentParam = (moment: Date): SQL => sql`${moment.toISOString()}::timestamptz`;

/** An id that the database returned as text (or a number from the query builder). */
export function parseId(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new Error(`Unexpected id from the database: ${String(value)}`);
  return n;
}

/** A count that the database returned (cast ::int in SQL). */
export function parseCount(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 0)
    throw new Error(`Unexpected count from the database: ${String(value)}`);
  return n;
}

/** Text the database returned (a column cast ::text, or a text column). */
export function rowText(value: unknown): string {
  if (typeof value !== 'string') throw new Error(`Expected text from the database, got ${String(value)}`);
  return value;
}

/** Text or SQL NULL. */
export const rowTextOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : rowText(value);

/** A timestamp: a Date from the query builder or its text from a raw query. */
export function rowDate(value: unknown): Date {
  const date = value instanceof Date ? value : new Date(rowText(value));
  if (Number.isNaN(date.getTime())) throw new Error(`Unexpected time from the database: ${String(value)}`);
  return date;
}

export function rowBool(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  throw new Error(`Expected a boolean from the database, got ${String(value)}`);
}

const NEEDS_ESCAPE = /["\\]/;

/**
 * A PostgreSQL array literal (`{"a","b",NULL}`) for a parameter cast to an array type (`::text[]`,
 * `::bigint[]`, `::numeric[]`...). node-postgres would build the same text from a JS array, but with
 * two regular-expression replaces per element; a batch sends hundreds of thousands of elements.
 * Every element is quoted (so text is never read as NULL or split), backslashes and quotes escaped.
 */
export function arrayLiteral(values: ReadonlyArray<string | number | null>): string {
  let out = '{';
  for (let i = 0; i < values.length; i += 1) {
    if (i > 0) out += ',';
    const v = values[i];
    if (v === null || v === undefined) out += 'NULL';
    else if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new Error(`Not a number for an array literal: ${v}`);
      out += String(v);
    } else if (NEEDS_ESCAPE.test(v)) out += `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
    else out += `"${v}"`;
  }
  return `${out}}`;
}
