import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testEngine } from './database.ts';
import { sleep } from './fixtures.ts';
import { startTcpRelay, type TcpRelay } from './tcp-relay.ts';

/** The fault tests' relay does what its header promises (issue 31). */
describe.skipIf(testEngine !== 'postgres')('TCP relay to PostgreSQL', () => {
  let target: TestDatabase;
  let relay: TcpRelay;
  const clients: pg.Client[] = [];

  const connect = async () => {
    const client = new pg.Client({ connectionString: relay.url(target.url as string) });
    client.on('error', () => {});
    clients.push(client);
    await client.connect();
    return client;
  };
  const direct = async <T>(sql: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      return (await client.query(sql, values)).rows as T[];
    } finally {
      await client.end();
    }
  };
  /** What `promise` settled to within `ms`: its value, its error, or 'pending'. */
  const within = <T>(promise: Promise<T>, ms: number) =>
    Promise.race([
      promise.then(
        (value) => ({ value }),
        (error: Error) => ({ error }),
      ),
      new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), ms)),
    ]);

  beforeAll(async () => {
    target = await createTestDatabase();
    await direct('CREATE TABLE relay_rows (id int PRIMARY KEY)');
    relay = await startTcpRelay(target.url as string);
  });
  afterAll(async () => {
    for (const client of clients) await client.end().catch(() => {});
    await relay?.close();
    await target?.close();
  });

  it('relays queries, and resetAll() cuts every connection at once while new ones pass', async () => {
    const client = await connect();
    expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    expect(relay.stats().open).toBeGreaterThanOrEqual(1);

    const ended = new Promise<Error>((resolve) => client.once('error', resolve));
    const running = client.query('SELECT pg_sleep(5)').catch((err: Error) => err);
    await sleep(100);
    relay.resetAll();
    expect(await within(running, 1000)).toMatchObject({ value: expect.any(Error) });
    expect((await ended).message).toMatch(/ECONNRESET|Connection terminated/);

    const next = await connect();
    expect((await next.query('SELECT 2 AS two')).rows).toEqual([{ two: 2 }]);
  });

  it('partition(true) holds every connection silent; partition(false) delivers what waited', async () => {
    const client = await connect();
    relay.partition(true);
    const held = client.query('SELECT 3 AS three');
    expect(await within(held, 500)).toBe('pending');
    const newcomer = new pg.Client({ connectionString: relay.url(target.url as string) });
    newcomer.on('error', () => {});
    clients.push(newcomer);
    const connecting = newcomer.connect();
    expect(await within(connecting, 500)).toBe('pending');

    relay.partition(false);
    expect((await held).rows).toEqual([{ three: 3 }]);
    await connecting;
    expect((await newcomer.query('SELECT 4 AS four')).rows).toEqual([{ four: 4 }]);

    relay.partition(true, { newConnections: 'refuse' });
    const refused = new pg.Client({ connectionString: relay.url(target.url as string) });
    refused.on('error', () => {});
    expect(await within(refused.connect(), 1000)).toMatchObject({ error: expect.any(Error) });
    relay.partition(false);
  });

  it('dropCommitReplies(n): the COMMIT is done, its reply never arrives and the connection closes', async () => {
    relay.dropCommitReplies(2);
    for (const [id, commit] of [
      [1, 'COMMIT'],
      // Extended protocol: a named statement is parsed, bound and executed.
      [2, { name: 'commit-statement', text: 'commit' }],
    ] as const) {
      const client = await connect();
      await client.query('BEGIN');
      await client.query('INSERT INTO relay_rows (id) VALUES ($1)', [id]);
      const outcome = await within(client.query(commit), 2000);
      expect(outcome).toMatchObject({ error: expect.any(Error) });
    }
    expect(relay.stats().commitRepliesDropped).toBe(2);
    expect(await direct<{ id: number }>('SELECT id FROM relay_rows ORDER BY id')).toEqual([
      { id: 1 },
      { id: 2 },
    ]);

    // Only `count` of them: the next COMMIT is answered.
    const client = await connect();
    await client.query('BEGIN');
    await client.query('INSERT INTO relay_rows (id) VALUES (3)');
    await client.query('COMMIT');
    expect(relay.stats().commitRepliesDropped).toBe(2);
  });
});
