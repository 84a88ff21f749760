import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { AdminDeposit } from '@platform/contracts';
import { DEPOSIT_TX_HASH_TEXT, normaliseTxHash } from '@platform/domain';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { testEngine } from '../../test/database.ts';
import { insertDepositChannel } from '../../test/money.ts';

let t: TestApp;
let admin: { token: string };
let channelId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, 'admin');
  channelId = (await insertDepositChannel(t.database.db)).id;
});
afterAll(() => t.close());

const HASH = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';

const requestDeposit = (token: string, body: Record<string, unknown>) =>
  api<{ deposit: { id: number; tx_hash: string | null } }>(t.app, 'POST', '/api/wallet/deposits', {
    token,
    body: { channel_id: channelId, amount: '100', ...body },
  });

const search = async (term: string) =>
  (
    await api<{ deposits: AdminDeposit[] }>(
      t.app,
      'GET',
      `/api/admin/deposits?search=${encodeURIComponent(term)}`,
      { token: admin.token },
    )
  ).body.data?.deposits.map((d) => d.id);

describe('a transaction hash is one claim however it is written', () => {
  it('refuses 0xABC…, " abc…\\u200b" and ABC… as the claim of abc…, keeping what the user typed', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const first = await requestDeposit(a.token, { tx_hash: `0x${HASH.toUpperCase()}` });
    expect(first.status).toBe(200);
    // What the user typed is what they see again.
    expect(first.body.data?.deposit.tx_hash).toBe(`0x${HASH.toUpperCase()}`);
    for (const form of [
      ` ${HASH}\u200b`,
      HASH.toUpperCase(),
      HASH,
      `\ufeff0x${HASH}`,
      `${HASH.slice(0, 10)} ${HASH.slice(10)}`,
    ]) {
      const again = await requestDeposit(b.token, { tx_hash: form });
      expect(again.status, JSON.stringify(form)).toBe(409);
      expect(again.body.message).toBe('该交易哈希已提交过充值申请');
    }
    const own = await api<{ deposits: unknown[] }>(t.app, 'GET', '/api/wallet/deposits', { token: b.token });
    expect(own.body.data?.deposits).toEqual([]);

    // Once the first claim is rejected the transfer may be claimed again (in any form).
    await api(t.app, 'PATCH', `/api/admin/deposits/${first.body.data?.deposit.id}/review`, {
      token: admin.token,
      body: { status: 'rejected', adminNote: '未到账' },
    });
    expect((await requestDeposit(b.token, { tx_hash: ` ${HASH}\u200b` })).status).toBe(200);
    expect((await requestDeposit(a.token, { tx_hash: HASH })).status).toBe(409);
  });

  it('refuses a hash that is nothing but invisible characters or a bare 0x, and stores nothing', async () => {
    const user = await registerUser(t.app);
    for (const form of ['\u200b', '0x', ' 0X\u200d ']) {
      const res = await requestDeposit(user.token, { tx_hash: form });
      expect(res.status, JSON.stringify(form)).toBe(400);
      expect(res.body.message).toBe('交易哈希格式不正确');
    }
    const own = await api<{ deposits: unknown[] }>(t.app, 'GET', '/api/wallet/deposits', {
      token: user.token,
    });
    expect(own.body.data?.deposits).toEqual([]);
  });

  it('the admin search finds a deposit by its typed hash and by its normalised hash, in any form', async () => {
    const user = await registerUser(t.app);
    const typed = '0xDEADBEEF00112233445566778899AABBCCDDEEFF00112233445566778899AABB';
    const id = (await requestDeposit(user.token, { tx_hash: ` ${typed}\u200b` })).body.data?.deposit.id;
    expect(id).toBeGreaterThan(0);
    const normalised = 'deadbeef00112233445566778899aabbccddeeff00112233445566778899aabb';
    for (const term of [`${typed}\u200b`, typed, normalised, `0x${normalised}`, normalised.toUpperCase()]) {
      expect(await search(term), term).toEqual([id]);
    }
    expect(await search(`${normalised}ff`)).toEqual([]);

    // A row without a normalised hash (a claim the migration found credited twice) is found as typed.
    // (A USDT deposit's hash is 64 hex since issue 32: the legacy claim is a bank channel's reference.)
    const bank = await insertDepositChannel(t.database.db, {
      type: 'bank',
      name: '银行卡',
      address: '6222 0001',
    });
    const legacy = (
      await api<{ deposit: { id: number } }>(t.app, 'POST', '/api/wallet/deposits', {
        token: user.token,
        body: { channel_id: bank.id, amount: '100', tx_hash: 'Legacy-HASH\u200b' },
      })
    ).body.data?.deposit.id;
    await t.database.db.execute(sql`UPDATE deposits SET tx_hash_normalized = NULL WHERE id = ${legacy}`);
    expect(await search('Legacy-HASH\u200b')).toEqual([legacy]);
    expect(await search('legacy-hash')).toEqual([]);
  });
});

describe('a USDT deposit names a transaction hash (issue 32)', () => {
  it("refuses 'abc', 63 or 65 hex digits and a 0x without 64 hex, accepts 0x + 64 hex; a bank channel takes a reference", async () => {
    const user = await registerUser(t.app);
    for (const typed of ['abc', 'hash-own-1', 'a'.repeat(63), 'a'.repeat(65), `0x${'g'.repeat(64)}`]) {
      const res = await requestDeposit(user.token, { tx_hash: typed });
      expect(res.status, typed).toBe(400);
      expect(res.body.message).toBe(DEPOSIT_TX_HASH_TEXT);
    }
    expect(
      await queryRows(t.database.db, sql`SELECT id FROM deposits WHERE user_id = ${user.user.id}`),
    ).toEqual([]);
    const ok = await requestDeposit(user.token, { tx_hash: `0x${'c'.repeat(64)}` });
    expect(ok.status, ok.body.message).toBe(200);

    const bank = await insertDepositChannel(t.database.db, {
      type: 'bank',
      name: '银行卡',
      address: '6222 0000',
    });
    const reference = await api(t.app, 'POST', '/api/wallet/deposits', {
      token: user.token,
      body: { channel_id: bank.id, amount: '100', tx_hash: 'bank-ref-1' },
    });
    expect(reference.status, reference.body.message).toBe(200);
  });
});

describe('normalise_tx_hash (the backfill of migration 0016) agrees with the domain rule', () => {
  it('over every whitespace and format character and a few written forms', async () => {
    const invisible: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      if (/[\s\p{Cf}]/u.test(ch)) invisible.push(ch);
    }
    expect(invisible.length).toBeGreaterThan(150);
    const inputs = [
      ...invisible.map((ch) => `${ch}0xAb${ch}C${ch}`),
      `0x${HASH.toUpperCase()}`,
      ` ${HASH}\u200b`,
      '0x0xABC',
      'ab0xCD',
      '0X',
      'a-b_c.d/e',
    ];
    const rows = await queryRows<{ i: number; n: string }>(
      t.database.db,
      sql`SELECT i::int AS i, normalise_tx_hash(v) AS n
            FROM unnest(${`{${inputs.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[])
                 WITH ORDINALITY AS x(v, i)
           ORDER BY i`,
    );
    const mismatches = rows
      .map((r) => ({ input: inputs[r.i - 1] as string, sql: r.n }))
      .filter((r) => r.sql !== normaliseTxHash(r.input))
      .map((r) => [...r.input].map((c) => `U+${c.codePointAt(0)?.toString(16)}`).join(' '));
    expect(rows).toHaveLength(inputs.length);
    expect(mismatches).toEqual([]);
  });
});

/**
 * The migration on a database that holds deposits written before it: migrations up to 0015 first,
 * old rows inserted as the old code wrote them, then the rest.
 */
describe('migration 0016 on existing deposits', () => {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-0015-'));
  fs.mkdirSync(path.join(before, 'meta'));
  const kept = journal.entries.filter((e) => e.idx < 16);
  fs.writeFileSync(path.join(before, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: kept }));
  for (const e of kept)
    fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(before, `${e.tag}.sql`));
  afterAll(() => fs.rmSync(before, { recursive: true, force: true }));

  async function withOldDatabase(
    run: (
      query: (text: string) => Promise<Record<string, unknown>[]>,
      migrateRest: () => Promise<void>,
    ) => Promise<void>,
  ) {
    if (testEngine === 'pglite') {
      const client = await PGlite.create({ extensions: { pg_trgm } });
      const db = drizzlePglite(client);
      try {
        await migratePglite(db, { migrationsFolder: before });
        await run(
          async (text) => (await client.query<Record<string, unknown>>(text)).rows,
          () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
        );
      } finally {
        await client.close();
      }
      return;
    }
    const serverUrl = process.env.TEST_DATABASE_URL as string;
    const name = `t_mig_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
    const adminClient = new pg.Client({ connectionString: serverUrl });
    await adminClient.connect();
    await adminClient.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      const db = drizzlePg(client);
      await migratePg(db, { migrationsFolder: before });
      await run(
        async (text) => (await client.query(text)).rows as Record<string, unknown>[],
        () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }),
      );
    } finally {
      await client.end();
      await adminClient.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await adminClient.end();
    }
  }

  it('backfills the normalised hash, rejects later pending claims of one transfer and moves the unique index', async () => {
    await withOldDatabase(async (query, migrateRest) => {
      await query(
        `INSERT INTO users (email, password_hash, invite_code) VALUES ('old@example.com', 'x', 'OLD001')`,
      );
      const user = (await query(`SELECT id FROM users`))[0]?.id;
      const insert = (hash: string | null, status: string, minutesAgo: number, currency = 'USDT') =>
        query(
          `INSERT INTO deposits (user_id, channel_name, currency, amount, tx_hash, status, created_at)
           VALUES (${user}, 'USDT-TRC20', '${currency}', 10, ${hash === null ? 'NULL' : `'${hash}'`}, '${status}',
                   now() - interval '${minutesAgo} minutes')
           RETURNING id`,
        );
      // One transfer written four ways: the approved claim keeps it, however late it came.
      await insert('0xAAA111', 'pending', 50);
      await insert(' aaa111 ', 'approved', 40);
      await insert('AAA111', 'pending', 30);
      await insert('aaa111', 'rejected', 20);
      // Two approved claims of one transfer (credited twice under the old rule): both stay approved.
      await insert('0xBBB222', 'approved', 50);
      await insert('bbb222', 'approved', 40);
      // Two pending claims: the earliest keeps it.
      await insert('CCC333', 'pending', 50);
      await insert('0xccc333', 'pending', 40);
      // The same hash in another currency is another claim; no hash, and a hash of nothing but a prefix.
      await insert('aaa111', 'pending', 10, 'BTC');
      await insert(null, 'pending', 10);
      await insert('0x', 'pending', 10);
      await query(`UPDATE deposits SET tx_hash = tx_hash || chr(8203) WHERE tx_hash = 'CCC333'`);

      await migrateRest();

      const rows = await query(
        `SELECT tx_hash, currency, status, tx_hash_normalized, admin_note, reviewed_at IS NOT NULL AS reviewed
           FROM deposits ORDER BY id`,
      );
      const note = '该交易哈希已提交过充值申请（系统核查重复交易哈希时拒绝）';
      expect(rows.map((r) => [r.tx_hash, r.currency, r.status, r.tx_hash_normalized, r.admin_note])).toEqual([
        ['0xAAA111', 'USDT', 'rejected', 'aaa111', note],
        [' aaa111 ', 'USDT', 'approved', 'aaa111', null],
        ['AAA111', 'USDT', 'rejected', 'aaa111', note],
        ['aaa111', 'USDT', 'rejected', 'aaa111', null],
        ['0xBBB222', 'USDT', 'approved', 'bbb222', null],
        ['bbb222', 'USDT', 'approved', null, null],
        ['CCC333\u200b', 'USDT', 'pending', 'ccc333', null],
        ['0xccc333', 'USDT', 'rejected', 'ccc333', note],
        ['aaa111', 'BTC', 'pending', 'aaa111', null],
        [null, 'USDT', 'pending', null, null],
        ['0x', 'USDT', 'pending', null, null],
      ]);
      expect(rows.filter((r) => r.admin_note === note).every((r) => r.reviewed)).toBe(true);
      // The running counts follow the rejections (the stats trigger).
      const counts = await query(
        `SELECT name, sum(value)::int AS value FROM stat_counters WHERE name LIKE 'deposits.count.%' GROUP BY name`,
      );
      expect(Object.fromEntries(counts.map((c) => [c.name, c.value]))).toMatchObject({
        'deposits.count.approved': 3,
        'deposits.count.pending': 4,
        'deposits.count.rejected': 4,
      });
      // The unique index now holds on the normalised hash.
      await expect(
        query(`INSERT INTO deposits (user_id, channel_name, currency, amount, tx_hash, tx_hash_normalized)
                          VALUES (${user}, 'x', 'USDT', 1, 'CCC333', 'ccc333')`),
      ).rejects.toThrow(/deposits_tx_hash_normalized_key/);
    });
  });
});
