import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/**
 * The order path's hot statements (issue 19) as named prepared statements: each is built by drizzle
 * once, with placeholders (`sql.placeholder('name')`) where its values go, and sent by name, so
 * node-postgres has PostgreSQL parse and plan it once per connection and then only binds values.
 * Built per call, the ledger's batch statements and the order insert cost a fifth of the server's
 * CPU per order in drizzle alone (bench/README.md, "Issue 19, third steps"). PGlite ignores the name
 * and gets the same prebuilt text.
 *
 * A name stands for exactly one text (node-postgres refuses a second text under a name a connection
 * has prepared), so a statement whose text depends on its input (which columns a row sets) is a
 * family: one name per shape, made by `preparedFamily`.
 */

const dialect = new PgDialect();

export interface PreparedStatement {
  readonly name: string;
  /** Built on first use; the values are filled in at each run. */
  query(): Query;
}

export function prepared(name: string, build: () => SQL): PreparedStatement {
  let built: Query | undefined;
  return {
    name,
    query: () => {
      built ??= dialect.sqlToQuery(build());
      return built;
    },
  };
}

/**
 * The statements of one family, one per shape key: `<base>_<n>` in the order the shapes first came.
 * Shapes are few (one per call site's column set), so the map stays small.
 */
export function preparedFamily<K>(base: string, keyOf: (shape: K) => string, build: (shape: K) => SQL) {
  const byKey = new Map<string, PreparedStatement>();
  return (shape: K): PreparedStatement => {
    const key = keyOf(shape);
    let statement = byKey.get(key);
    if (!statement) {
      statement = prepared(`${base}_${byKey.size + 1}`, () => build(shape));
      byKey.set(key, statement);
    }
    return statement;
  };
}

/** Runs the statement on `exec`'s connection (inside its transaction, if it is one); the raw rows. */
export async function runPrepared<T>(
  exec: Executor,
  statement: PreparedStatement,
  values: Record<string, unknown>,
): Promise<T[]> {
  const result = (await exec._.session
    .prepareQuery(statement.query(), undefined, statement.name, false)
    .execute(values)) as unknown as { rows: T[] };
  return result.rows;
}
