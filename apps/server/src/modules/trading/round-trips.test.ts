import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { testEngine } from '../../test/database.ts';
import { fundUser } from '../../test/money.ts';
import { LISTENER_SYNC_SQL } from '../auth/session-changes.ts';

/**
 * Statements sent to PostgreSQL per order placed over HTTP, counted at node-postgres's client (every
 * pool connection is a pg.Client): the order path's round trips, an exact figure on a noisy machine
 * (issue 19). BEGIN, the order's rows (one statement), the ledger's three statements, COMMIT; the session comes
 * from the instance's session cache, the pair row from the instance's copy, the book from the
 * market cache. The session cache's sync (a one-line query on the listening connection, shared by
 * the requests that wait at once, so at most one per request; and once a second as a heartbeat)
 * is counted apart. PostgreSQL only: PGlite has no wire.
 */

let t: TestApp;
let token: string;
let sent: string[] = [];
/** The names of the named (prepared) statements among them. */
let sentNames: string[] = [];
let syncs = 0;
const originalQuery = pg.Client.prototype.query;

beforeAll(async () => {
  if (testEngine !== 'postgres') return;
  t = await createTestApp();
  const user = await registerUser(t.app);
  await fundUser(t.database.db, user.user.id, '100000');
  await fundUser(t.database.db, user.user.id, '10', 'BTC');
  token = user.token;
  pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
    const first = args[0];
    const text = typeof first === 'string' ? first : ((first as { text?: string })?.text ?? '?');
    if (text === LISTENER_SYNC_SQL) syncs++;
    else sent.push(text);
    const name = typeof first === 'object' ? (first as { name?: string })?.name : undefined;
    if (name) sentNames.push(name);
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
});
afterAll(async () => {
  pg.Client.prototype.query = originalQuery;
  await t?.close();
});

/** The statements of one placement, after a first one has warmed the caches (pair row, book). */
async function statementsOf(url: string, body: Record<string, unknown>) {
  expect((await api(t.app, 'POST', url, { token, body })).status).toBe(200);
  sent = [];
  sentNames = [];
  syncs = 0;
  const res = await api(t.app, 'POST', url, { token, body });
  expect(res.status, res.body.message).toBe(200);
  // The order's own sync, and a heartbeat if one fell in the same moment.
  expect(syncs).toBeGreaterThanOrEqual(1);
  expect(syncs).toBeLessThanOrEqual(2);
  // The pair row is the instance's copy for a second (PAIR_ROW_CACHE_MS); on a loaded machine the
  // second order can come after it lapsed, and its refresh is the copy's, not the order's.
  const pairRefreshes = sent.filter((q) => /^select .* from "trading_pairs"/is.test(q));
  expect(pairRefreshes.length).toBeLessThanOrEqual(1);
  return {
    count: sent.length - pairRefreshes.length,
    statements: sent.map((q) => q.replace(/\s+/g, ' ').slice(0, 90)).join('\n'),
    named: sentNames.map((n) => n.replace(/_\d+$/, '')).sort(),
  };
}

describe.skipIf(testEngine !== 'postgres')('round trips per order (PostgreSQL)', () => {
  it('a spot market order: 6 statements (BEGIN, order with its fill, journal, accounts, postings, COMMIT)', async () => {
    const { count, statements, named } = await statementsOf('/api/trading/spot/order', {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'market',
      amount: '0.001',
    });
    expect(count, statements).toBe(6);
    // The four between BEGIN and COMMIT are built once and sent as named prepared statements: no
    // query building per order in Node, no parse and plan per order in PostgreSQL.
    expect(named).toEqual([
      'ledger_apply_postings',
      'ledger_insert_journal',
      'ledger_lock_accounts',
      'orders_with_details',
    ]);
  });

  it('a flash contract: 8 statements (entry tick, BEGIN, order with its contract, journal, accounts, postings, open-contract count, COMMIT)', async () => {
    const { count, statements, named } = await statementsOf('/api/trading/flash/order', {
      symbol: 'BTCUSDT',
      direction: 'up',
      amount: '10',
      duration: 60,
    });
    // The config comes from the instance's copy, the session from its cache; the entry is the latest
    // tick any instance stored, read from the table.
    expect(count, statements).toBe(8);
    expect(named).toEqual([
      'ledger_apply_postings',
      'ledger_insert_journal',
      'ledger_lock_accounts',
      'orders_with_details',
    ]);
  });
});
