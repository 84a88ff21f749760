import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * Raw multi-row SQL for the hot write paths (issue 19): many rows as one array per column
 * (`unnest(...) WITH ORDINALITY`), so that the statement's text is the same for 1 or 32 rows (and
 * can be prepared once) and each row keeps its position (`ord`), and the rows it returns mapped back
 * to the table's types as drizzle's own queries map them. drizzle's insert builder walks every value
 * of every row; this builds one array per column.
 */

type Row = Record<string, unknown>;

/** The columns `rows` set, in the table's order; every row must set the same ones. */
function columnsSet(table: PgTable, rows: readonly Row[]): [string, PgColumn][] {
  const set = Object.entries(getTableColumns(table)).filter(([key]) =>
    rows.some((r) => r[key] !== undefined),
  );
  for (const [key] of set) {
    if (rows.some((r) => r[key] === undefined))
      throw new Error(`unnestRows: column ${key} is set in some rows and not in others`);
  }
  return set;
}

/**
 * The columns a batch of rows sets, as `unnest(...)` of one placeholder per column (`<prefix><n>`):
 * the statement is built once per column set and prepared (db/prepared.ts); `values` gives each
 * run's arrays.
 */
export interface UnnestedColumns {
  /** The column names, for `INSERT INTO t (<names>)` and `SELECT <alias>.<names>`; the shape's key. */
  names: string[];
  /** `unnest($1::type[], …) WITH ORDINALITY AS <alias>(<names>, ord)`. */
  from(alias: string): SQL;
  /** The rows' values as one array per column, by placeholder name. */
  values(rows: readonly Row[]): Record<string, unknown[]>;
}

export function unnestColumns(table: PgTable, rows: readonly Row[], prefix: string): UnnestedColumns {
  const columns = columnsSet(table, rows);
  const names = columns.map(([, column]) => column.name);
  return {
    names,
    from: (alias) => {
      const arrays = columns.map(
        ([, column], i) => sql`${sql.placeholder(`${prefix}${i}`)}::${sql.raw(column.getSQLType())}[]`,
      );
      return sql`unnest(${sql.join(arrays, sql`, `)}) WITH ORDINALITY AS ${sql.identifier(alias)}(${list(names)}, ord)`;
    },
    values: (batch) =>
      Object.fromEntries(
        columns.map(([key, column], i) => [
          `${prefix}${i}`,
          batch.map((r) => (r[key] === null ? null : column.mapToDriverValue(r[key]))),
        ]),
      ),
  };
}

/** `a, b, c` as identifiers, optionally qualified: `o.a, o.b`. */
export function list(names: readonly string[], qualifier?: string): SQL {
  return sql.join(
    names.map((n) =>
      qualifier ? sql`${sql.identifier(qualifier)}.${sql.identifier(n)}` : sql.identifier(n),
    ),
    sql`, `,
  );
}

/** Every column of `table` from `qualifier`, each named `<prefix><column>` (two tables in one row). */
export function prefixedColumns(table: PgTable, qualifier: string, prefix: string): SQL {
  return sql.join(
    Object.values(getTableColumns(table)).map(
      (c) =>
        sql`${sql.identifier(qualifier)}.${sql.identifier(c.name)} AS ${sql.identifier(prefix + c.name)}`,
    ),
    sql`, `,
  );
}

/** A raw result row's `<prefix><column>` fields as the table's row, mapped as drizzle maps them. */
export function rowFromDriver<T extends PgTable>(table: T, raw: Row, prefix = ''): T['$inferSelect'] {
  const row: Row = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[prefix + column.name];
    if (value === undefined) throw new Error(`rowFromDriver: no ${prefix}${column.name} in the row`);
    row[key] = value === null ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
