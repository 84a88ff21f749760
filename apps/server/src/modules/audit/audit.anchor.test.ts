import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../core/config.ts';
import { openPostgres } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { api, createAdmin, createTestApp, TEST_AUDIT_CHAIN_KEY, type TestApp } from '../../test/app.ts';
import { testEngine } from '../../test/database.ts';
import { verifyAuditChain } from './audit.chain.ts';
import { CHECKPOINT_FILE, readCheckpoints, writeCheckpoint } from './audit.checkpoints.ts';
import { AUDIT_KEY_FILE, createAuditChainKey, loadAuditChainKey } from './audit.key.ts';
import { createCheckpointJob, warnAboutDatabaseRole } from './audit.module.ts';
import { recordAudit } from './audit.service.ts';

/**
 * Issue 32, item 5: the audit chain anchored outside the database. Someone with database access
 * (here: the tests' superuser with the triggers off, as the application's owner role could with
 * ALTER TABLE … DISABLE TRIGGER) deletes the tail and moves the head back, inserts a forged row, or
 * rewrites a row and recomputes every later hash: each passed audit:verify before the key and the
 * checkpoints; each fails now, naming the first bad seq or checkpoint.
 */

const key = createAuditChainKey(TEST_AUDIT_CHAIN_KEY);
const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs statements with the user triggers off (superuser only), as an attacker with DB access would. */
async function asTamperer(t: TestApp, ...statements: ReturnType<typeof sql>[]) {
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    for (const statement of statements) await tx.execute(statement);
  });
}

/** Moves the head back to the last row, as one who deleted the tail would. */
const headToLastRow = sql`UPDATE audit_chain_head SET
  seq = (SELECT max(seq) FROM audit_logs),
  hash = (SELECT hash FROM audit_logs WHERE seq = (SELECT max(seq) FROM audit_logs)) WHERE id = 1`;

/** Rewrites row `seq`'s `after` and recomputes its hash, every later row's and the head's (in SQL). */
function rewriteFrom(seq: number) {
  return [
    sql`UPDATE audit_logs SET after = '{"name":"改写过"}'::jsonb WHERE seq = ${seq}`,
    sql`DO $$
        DECLARE r audit_logs; prev text;
        BEGIN
          SELECT hash INTO prev FROM audit_logs WHERE seq = ${sql.raw(String(seq - 1))};
          FOR r IN SELECT * FROM audit_logs WHERE seq >= ${sql.raw(String(seq))} ORDER BY seq LOOP
            r.prev_hash := prev;
            prev := audit_row_hash(r);
            UPDATE audit_logs SET prev_hash = r.prev_hash, hash = prev WHERE id = r.id;
          END LOOP;
        END $$`,
    headToLastRow,
  ];
}

/**
 * One audited admin action, written the way every admin write writes it (recordAudit in the
 * change's transaction), independent of any route's rules.
 */
async function audited(t: TestApp, adminId: number, name: string) {
  await t.database.db.transaction((tx) =>
    recordAudit(
      tx,
      { adminId, ip: '10.0.0.1', userAgent: 'vitest' },
      { action: 'withdraw_channel.create', targetType: 'withdraw_channel', after: { name } },
    ),
  );
}

describe(`audit chain anchored outside the database (${testEngine})`, () => {
  let t: TestApp | undefined;
  let dir: string;
  let root: Awaited<ReturnType<typeof createAdmin>>;

  /**
   * A server with 5 audited actions (seq 1..5) and, in `dir`, its checkpoint at start (line 1,
   * seq 0) and one of seq 5 (line 2).
   */
  const fresh = async () => {
    await t?.close();
    dir = tempDir('audit-anchor-');
    t = await createTestApp({ AUDIT_CHECKPOINT_DIR: dir });
    root = await createAdmin(t, 'super_admin');
    for (let i = 0; i < 5; i++) await audited(t, root.id, `锚定通道${i}`);
    await writeCheckpoint({ exec: t.database.db, key, dir });
    expect(await verifyAuditChain(t.database.db, { key, checkpointDir: dir })).toMatchObject({
      ok: true,
      rows: 5,
    });
    return t;
  };
  afterAll(async () => t?.close());

  /** A directory with only the checkpoint of seq 5: as if rows 1..5 had been written before the key. */
  const legacyCheckpointDir = () => {
    const legacy = tempDir('audit-legacy-');
    const line = fs.readFileSync(path.join(dir, CHECKPOINT_FILE), 'utf8').split('\n')[1];
    fs.writeFileSync(path.join(legacy, CHECKPOINT_FILE), `${line}\n`);
    return legacy;
  };

  it('every row is sealed with the key (key id and HMAC of its hash)', async () => {
    const app = await fresh();
    const rows = await queryRows<{ hash: string; key_id: string; mac: string }>(
      app.database.db,
      sql`SELECT hash, key_id, mac FROM audit_logs ORDER BY seq`,
    );
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(row).toMatchObject({ key_id: key.keyId, mac: key.rowMac(row.hash) });
  });

  it('the last rows deleted and the head moved back: FAILS, naming the checkpoint and the first missing seq', async () => {
    const app = await fresh();
    await asTamperer(app, sql`DELETE FROM audit_logs WHERE seq >= 4`, headToLastRow);
    // The chain alone is consistent: this is what passed before.
    const result = await verifyAuditChain(app.database.db, { key, checkpointDir: dir });
    expect(result.ok).toBe(false);
    expect(result.first_broken).toMatchObject({ id: null, seq: 4 });
    // Line 1 is the server's checkpoint at start (seq 0), line 2 the one of seq 5.
    expect(result.first_broken?.reason).toContain(`检查点 ${CHECKPOINT_FILE}:2`);
    expect(result.first_broken?.reason).toContain('记录链头到序号 5，但最后一条记录是序号 3');
  });

  it('a forged row inserted through the trigger (chained, not sealed): FAILS at its seq', async () => {
    const app = await fresh();
    await app.database.db.execute(
      sql`INSERT INTO audit_logs (admin_id, action, target_type, after)
          VALUES (${root.id}, 'deposit.approve', 'deposit', '{"amount":"1000000"}'::jsonb)`,
    );
    const result = await verifyAuditChain(app.database.db, { key, checkpointDir: dir });
    expect(result).toMatchObject({ ok: false, rows: 5 });
    expect(result.first_broken).toMatchObject({ seq: 6, reason: expect.stringContaining('没有密钥签名') });
  });

  it('a forged row with a made-up seal, triggers off and the head moved: FAILS at its seq', async () => {
    const app = await fresh();
    await asTamperer(
      app,
      sql`INSERT INTO audit_logs (admin_id, action, target_type, seq, prev_hash, hash, key_id, mac)
          SELECT ${root.id}, 'deposit.approve', 'deposit', 6, hash, 'x', ${key.keyId}, repeat('a', 64)
          FROM audit_logs WHERE seq = 5`,
      sql`UPDATE audit_logs SET hash = audit_row_hash(audit_logs) WHERE seq = 6`,
      headToLastRow,
    );
    const result = await verifyAuditChain(app.database.db, { key, checkpointDir: dir });
    expect(result.first_broken).toMatchObject({ seq: 6, reason: expect.stringContaining('密钥签名不符') });
  });

  it('a rewritten row with every later hash and the head recomputed: FAILS at its seq', async () => {
    const app = await fresh();
    await asTamperer(app, ...rewriteFrom(3));
    // Without checkpoints too: the seal of seq 3 no longer matches its hash.
    for (const checkpointDir of [dir, undefined]) {
      const result = await verifyAuditChain(app.database.db, { key, checkpointDir });
      expect(result).toMatchObject({ ok: false, rows: 2 });
      expect(result.first_broken).toMatchObject({ seq: 3, reason: expect.stringContaining('密钥签名不符') });
    }
  });

  it('seals stripped from a rewritten history: FAILS at the first unsealed row after the checkpoint', async () => {
    const app = await fresh();
    await audited(app, root.id, '检查点之后');
    await asTamperer(app, ...rewriteFrom(6), sql`UPDATE audit_logs SET key_id = NULL, mac = NULL`);
    const result = await verifyAuditChain(app.database.db, { key, checkpointDir: dir });
    expect(result.first_broken).toMatchObject({
      seq: 1,
      reason: expect.stringContaining(`没有密钥签名，却在检查点 ${CHECKPOINT_FILE}:1（序号 0）之后`),
    });
    // An installation whose rows 1..5 predate the key (its first checkpoint is of seq 5): row 6 is
    // named, and rows 1..5, unsealed, are still held by that checkpoint's hash of seq 5.
    const legacy = legacyCheckpointDir();
    const afterKey = await verifyAuditChain(app.database.db, { key, checkpointDir: legacy });
    expect(afterKey.first_broken).toMatchObject({ seq: 6, reason: expect.stringContaining('没有密钥签名') });
    await asTamperer(app, ...rewriteFrom(2));
    const rewritten = await verifyAuditChain(app.database.db, { key, checkpointDir: legacy });
    expect(rewritten.first_broken).toMatchObject({ seq: 5, reason: expect.stringContaining('与检查点') });
  });

  it('rows from before the key (unsealed, before the first sealed row and checkpoint) verify as before', async () => {
    const app = await fresh();
    await asTamperer(app, sql`UPDATE audit_logs SET key_id = NULL, mac = NULL WHERE seq <= 2`);
    expect(
      await verifyAuditChain(app.database.db, { key, checkpointDir: legacyCheckpointDir() }),
    ).toMatchObject({
      ok: true,
      rows: 5,
    });
    // The server's own checkpoint at start (seq 0) says every row was written with the key.
    expect((await verifyAuditChain(app.database.db, { key, checkpointDir: dir })).first_broken).toMatchObject(
      {
        seq: 1,
      },
    );
  });

  it('a wrong key FAILS: at the first sealed row, and on the checkpoints it did not sign', async () => {
    const app = await fresh();
    const wrong = createAuditChainKey('another-audit-chain-key-0123456789');
    const rowsOnly = await verifyAuditChain(app.database.db, { key: wrong });
    expect(rowsOnly.first_broken).toMatchObject({ seq: 1, reason: expect.stringContaining('另一个密钥') });
    const withCheckpoints = await verifyAuditChain(app.database.db, { key: wrong, checkpointDir: dir });
    expect(withCheckpoints.first_broken).toMatchObject({
      seq: 0,
      reason: expect.stringContaining(`检查点 ${CHECKPOINT_FILE}:1 由另一个密钥签名`),
    });
  });

  it('a forged or edited checkpoint line FAILS, naming it', async () => {
    const app = await fresh();
    const file = path.join(dir, CHECKPOINT_FILE);
    const line = fs.readFileSync(file, 'utf8').split('\n')[1] as string;
    fs.appendFileSync(file, `${line.replace('"seq":5', '"seq":9')}\n`);
    const result = await verifyAuditChain(app.database.db, { key, checkpointDir: dir });
    expect(result.first_broken).toMatchObject({
      seq: 9,
      reason: `检查点 ${CHECKPOINT_FILE}:3 的签名不符（被伪造或修改）`,
    });
    fs.appendFileSync(file, 'not a checkpoint\n');
    expect((await verifyAuditChain(app.database.db, { key, checkpointDir: dir })).first_broken?.reason).toBe(
      `检查点 ${CHECKPOINT_FILE}:4 无法解析（不是检查点记录）`,
    );
  });

  it('GET /api/admin/audit/chain checks the instance’s checkpoints', async () => {
    const app = await fresh();
    await asTamperer(app, sql`DELETE FROM audit_logs WHERE seq >= 5`, headToLastRow);
    const res = await api(app.app, 'GET', '/api/admin/audit/chain', { token: root.token });
    expect(res.body.data).toMatchObject({ ok: false, first_broken: { seq: 5 } });
  });
});

describe(`audit checkpoints: at start, on the timer and at shutdown (${testEngine})`, () => {
  afterEach(() => vi.useRealTimers());

  it('the server writes one at start and one at shutdown, each a signed line of the head in the file and the log', async () => {
    const dir = tempDir('audit-cp-app-');
    const t = await createTestApp({ AUDIT_CHECKPOINT_DIR: dir });
    const started = readCheckpoints(dir).checkpoints;
    expect(started).toHaveLength(1);
    expect(started[0]).toMatchObject({ seq: 0, key_id: key.keyId });
    const root = await createAdmin(t, 'super_admin');
    await audited(t, root.id, '关机之前');
    const db = t.database.db;
    const [head] = await queryRows<{ seq: string; hash: string }>(
      db,
      sql`SELECT seq::text AS seq, hash FROM audit_chain_head`,
    );
    await t.app.close(); // the shutdown hooks; the database is still open
    const all = readCheckpoints(dir).checkpoints;
    expect(all).toHaveLength(2);
    expect(all[1]).toMatchObject({
      seq: Number(head?.seq),
      hash: head?.hash,
      source: `${CHECKPOINT_FILE}:2`,
    });
    expect(all[1]?.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect((fs.statSync(path.join(dir, CHECKPOINT_FILE)).mode & 0o777).toString(8)).toBe('600');
    expect(await verifyAuditChain(db, { key, checkpointDir: dir })).toMatchObject({ ok: true, rows: 1 });
    await t.database.close();
  });

  it('the job appends one every interval (10 minutes; here a short one) and logs each', async () => {
    const dir = tempDir('audit-cp-job-');
    const t = await createTestApp();
    try {
      const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
      const job = createCheckpointJob({
        db: t.database.db,
        key,
        dir,
        log: log as never,
        everyMs: 40,
      });
      await job.start();
      await vi.waitFor(() => expect(readCheckpoints(dir).checkpoints.length).toBeGreaterThanOrEqual(3), {
        timeout: 5000,
      });
      await job.stop();
      const lines = readCheckpoints(dir).checkpoints;
      expect(log.error).not.toHaveBeenCalled();
      expect(log.info).toHaveBeenCalledTimes(lines.length);
      expect(log.info).toHaveBeenCalledWith(
        { auditCheckpoint: expect.objectContaining({ seq: 0 }) },
        'audit checkpoint',
      );
    } finally {
      await t.close();
    }
  });
});

describe('AUDIT_CHAIN_KEY configuration', () => {
  it('production with DATABASE_URL and no AUDIT_CHAIN_KEY is refused, naming it', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://app@db.example:5432/platform' }),
    ).toThrow(/AUDIT_CHAIN_KEY: required in production with DATABASE_URL/);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://app@db.example:5432/platform',
        AUDIT_CHAIN_KEY: TEST_AUDIT_CHAIN_KEY,
      }).AUDIT_CHAIN_KEY,
    ).toBe(TEST_AUDIT_CHAIN_KEY);
    expect(() => loadConfig({ AUDIT_CHAIN_KEY: 'short' })).toThrow(/AUDIT_CHAIN_KEY/);
  });

  it('without it the key is generated once into DATA_DIR (mode 600) and read back; audit:verify never generates one', () => {
    const dir = tempDir('audit-key-');
    expect(() => loadAuditChainKey({ DATA_DIR: dir }, { create: false })).toThrow(/no audit chain key/);
    const first = loadAuditChainKey({ DATA_DIR: dir });
    const file = path.join(dir, AUDIT_KEY_FILE);
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe('600');
    expect(loadAuditChainKey({ DATA_DIR: dir }).keyId).toBe(first.keyId);
    expect(loadAuditChainKey({ DATA_DIR: dir }, { create: false }).keyId).toBe(first.keyId);
    expect(loadAuditChainKey({ DATA_DIR: dir, AUDIT_CHAIN_KEY: TEST_AUDIT_CHAIN_KEY }).keyId).toBe(key.keyId);
  });
});

describe(`the database role (${testEngine})`, () => {
  it.skipIf(testEngine !== 'postgres')(
    'a superuser or table owner is warned about at start; a role that owns nothing is not, and the server starts with it',
    async () => {
      const t = await createTestApp();
      const role = `audit_app_${Date.now().toString(36)}`;
      const url = new URL(t.database.url as string);
      try {
        const log = { warn: vi.fn() };
        // The tests' database role is the superuser that created the database.
        expect(await warnAboutDatabaseRole(t.database.db, log)).toMatch(/is a superuser/);
        expect(log.warn).toHaveBeenCalledWith(
          expect.objectContaining({ superuser: true }),
          expect.stringContaining('can disable the audit log'),
        );

        // README's production grants: the server's role owns nothing.
        await t.database.db.execute(sql.raw(`CREATE ROLE ${role} LOGIN PASSWORD 'app-pass'`));
        await t.database.db.execute(
          sql.raw(`GRANT CONNECT ON DATABASE "${url.pathname.slice(1)}" TO ${role};
            GRANT USAGE ON SCHEMA public, drizzle TO ${role};
            GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role};
            GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${role};
            GRANT SELECT ON drizzle.__drizzle_migrations TO ${role};`),
        );
        url.username = role;
        url.password = 'app-pass';
        const asApp = await openPostgres(url.toString(), 4);
        const appDb = { ...asApp, url: url.toString() };
        const quiet = { warn: vi.fn() };
        try {
          expect(await warnAboutDatabaseRole(asApp.db, quiet)).toBeUndefined();
          expect(quiet.warn).not.toHaveBeenCalled();
          // The server starts and audits with it, and cannot turn the triggers off.
          const app = await createTestApp({}, async () => appDb);
          const admin = await createAdmin(app, 'super_admin');
          await audited(app, admin.id, '无属主角色');
          await expect(
            asApp.db.execute(sql`ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_append_only`),
          ).rejects.toThrow();
          expect(await verifyAuditChain(asApp.db, { key })).toMatchObject({ ok: true, rows: 1 });
          await app.app.close();
        } finally {
          await asApp.close();
        }
      } finally {
        await t.database.db.execute(sql.raw(`DROP OWNED BY ${role}`)).catch(() => {});
        await t.close();
        const { default: pg } = await import('pg');
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(`DROP ROLE IF EXISTS ${role}`).catch(() => {});
        await admin.end();
      }
    },
  );
});

/** Runs the audit:verify CLI with `env`: its exit code and output. */
function runVerify(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const cli = path.join(import.meta.dirname, 'verify-cli.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', cli], {
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe(`npm run audit:verify with the key and the checkpoints (${testEngine})`, () => {
  it.skipIf(testEngine !== 'postgres')(
    'exit 0 on an intact log; 1 naming the checkpoint after the tail is cut and the head moved back; 1 with a wrong key',
    async () => {
      const dir = tempDir('audit-cli-');
      const t = await createTestApp({ AUDIT_CHECKPOINT_DIR: dir });
      try {
        const root = await createAdmin(t, 'super_admin');
        for (let i = 0; i < 3; i++) await audited(t, root.id, `命令行${i}`);
        await writeCheckpoint({ exec: t.database.db, key, dir });
        const env = {
          DATABASE_URL: t.database.url as string,
          AUDIT_CHAIN_KEY: TEST_AUDIT_CHAIN_KEY,
          AUDIT_CHECKPOINT_DIR: dir,
          DATA_DIR: dir,
        };
        const ok = await runVerify(env);
        expect(ok.out).toContain('OK: every audit row is chained and sealed');
        expect(ok.code).toBe(0);
        const wrong = await runVerify({ ...env, AUDIT_CHAIN_KEY: 'another-audit-chain-key-0123456789' });
        expect(wrong.code).toBe(1);
        expect(wrong.out).toContain('由另一个密钥签名');
        await asTamperer(t, sql`DELETE FROM audit_logs WHERE seq = 3`, headToLastRow);
        const cut = await runVerify(env);
        expect(cut.code).toBe(1);
        expect(cut.out).toContain(
          `FAILED: the audit chain is broken at a missing row (seq 3): 检查点 ${CHECKPOINT_FILE}:2`,
        );
      } finally {
        await t.close();
      }
    },
  );
});
