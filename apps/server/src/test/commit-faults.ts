import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { createTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

/**
 * A lost COMMIT reply, played deterministically on either engine (issue 31): the server's
 * `db.transaction` of the next transactions either commits and then fails as node-postgres does when
 * the connection drops before the COMMIT's acknowledgement arrives (`lostCommitReplies`), or fails
 * so before anything is committed (`lostConnections`). Only top-level transactions count (a
 * savepoint is not a commit). The PostgreSQL fault test plays the same through a TCP relay.
 */
export interface CommitFaults {
  database: TestDatabase;
  /** The next `count` transactions commit, and their caller gets `Connection terminated unexpectedly`. */
  loseCommitReplies(count: number): void;
  /** The next `count` transactions fail with `Connection terminated unexpectedly` and commit nothing. */
  loseConnections(count: number): void;
  /**
   * The next `count` inserts into `table` outside a transaction (autocommit) run, and their caller
   * gets `Connection terminated unexpectedly`.
   */
  loseInsertReplies(table: PgTable, count: number): void;
  /** Transactions that committed and whose caller was told the connection was lost. */
  readonly committedUnseen: number;
}

export const connectionLost = () => new Error('Connection terminated unexpectedly');

export function withCommitFaults(database: TestDatabase): CommitFaults {
  let loseReplies = 0;
  let loseBefore = 0;
  let committedUnseen = 0;
  const real = database.db;
  const transaction: Db['transaction'] = async (work, config) => {
    if (loseBefore > 0) {
      loseBefore -= 1;
      throw connectionLost();
    }
    const lose = loseReplies > 0;
    if (lose) loseReplies -= 1;
    const result = await real.transaction(work, config);
    if (lose) {
      committedUnseen += 1;
      throw connectionLost();
    }
    return result;
  };
  const lostInserts = new Map<PgTable, number>();
  /** The query builder `builder`, whose execution (its `then`) runs and then reports a lost connection. */
  const losingReply = <T extends object>(builder: T): T =>
    new Proxy(builder, {
      get(target, property) {
        const value = Reflect.get(target, property, target);
        if (property === 'then') {
          return (resolve: (v: unknown) => void, reject: (e: unknown) => void) =>
            (target as unknown as PromiseLike<unknown>)
              .then(() => {
                throw connectionLost();
              })
              .then(resolve, reject);
        }
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const next = value.apply(target, args);
          return next && typeof next === 'object' ? losingReply(next) : next;
        };
      },
    });
  const insert = ((table: PgTable) => {
    const left = lostInserts.get(table) ?? 0;
    if (left === 0) return real.insert(table);
    lostInserts.set(table, left - 1);
    return losingReply(real.insert(table));
  }) as Db['insert'];
  const db = new Proxy(real, {
    get: (target, property) =>
      property === 'transaction'
        ? transaction
        : property === 'insert'
          ? insert
          : Reflect.get(target, property, target),
  });
  return {
    database: { ...database, db },
    loseCommitReplies(count) {
      loseReplies = count;
    },
    loseConnections(count) {
      loseBefore = count;
    },
    loseInsertReplies(table, count) {
      lostInserts.set(table, count);
    },
    get committedUnseen() {
      return committedUnseen;
    },
  };
}

/**
 * A test app whose database loses COMMIT replies on demand; `db` is the database without faults,
 * for the test's own fixtures and checks.
 */
export async function createFaultyTestApp(): Promise<{ t: TestApp; faults: CommitFaults; db: Db }> {
  const base = await createTestDatabase();
  const faults = withCommitFaults(base);
  const t = await createTestApp({}, async () => faults.database);
  return { t, faults, db: base.db };
}
