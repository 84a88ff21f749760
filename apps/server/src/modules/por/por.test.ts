import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PorAdminSnapshot, PorProof, PorSnapshotSummary } from '@platform/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module without types (the users' verifier).
import { verifyProof } from '../../../../../tools/por-verify.mjs';
import { Decimal } from '../../core/money.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { porReasonIn } from '../../i18n/por-texts.ts';
import { auditRows, createAdminTestApp, type TestAdmin } from '../../test/admin.ts';
import { api, registerUser, type TestApp } from '../../test/app.ts';
import { fundUser } from '../../test/money.ts';
import { postTransaction } from '../ledger/ledger.service.ts';
import { userLiabilityBatches } from '../ledger/liabilities.ts';
import { porLeaves, porSnapshots } from './por.schema.ts';
import { createPorService, totalsMismatch } from './por.service.ts';

/**
 * Proof of liabilities (issue 36): the root's sums equal the ledger's user liabilities; every
 * user's proof verifies with the standalone verifier (tools/por-verify.mjs, spawned); a changed
 * balance, nonce, hash or side fails naming the level; fresh nonces per snapshot; only a super
 * admin builds one; a user sees only their own proof; a tree that does not add up is refused.
 */

const execFileAsync = promisify(execFile);
const VERIFIER = path.resolve(import.meta.dirname, '../../../../../tools/por-verify.mjs');

let t: TestApp;
let db: Db;
let superAdmin: TestAdmin;
let admin: TestAdmin;
const users: { token: string; id: number }[] = [];
let workDir: string;

async function post(key: string, postings: Parameters<typeof postTransaction>[1]['postings']) {
  await db.transaction((tx) => postTransaction(tx, { idempotencyKey: key, kind: 'adjustment', postings }));
}

beforeAll(async () => {
  ({ t, superAdmin, admin } = await createAdminTestApp());
  db = t.database.db;
  workDir = await mkdtemp(path.join(tmpdir(), 'por-test-'));
  // Seven users with money (odd counts at several levels, so padding is used) and one without.
  for (let i = 0; i < 8; i += 1) {
    const u = await registerUser(t.app);
    users.push({ token: u.token, id: u.user.id });
  }
  for (const [i, u] of users.slice(0, 7).entries()) {
    await fundUser(db, u.id, `${100 + i}.123456789012345678`);
  }
  const [a, b, c] = users as [(typeof users)[0], (typeof users)[0], (typeof users)[0]];
  await fundUser(db, a.id, '0.000000000000000001', 'BTC');
  await fundUser(db, b.id, '2.5', 'ETH');
  // Frozen and salary balances count too.
  await post('por-test:freeze', [
    { account: { userId: a.id, bucket: 'available' }, currency: 'USDT', amount: '-40' },
    { account: { userId: a.id, bucket: 'frozen' }, currency: 'USDT', amount: '40' },
  ]);
  await post('por-test:salary', [
    { account: { system: 'salaries' }, currency: 'USDT', amount: '-7.5' },
    { account: { userId: c.id, bucket: 'salary' }, currency: 'USDT', amount: '7.5' },
  ]);
});
afterAll(async () => {
  await t.close();
});

async function ledgerTotals(): Promise<Record<string, string>> {
  const rows = await queryRows<{ currency: string; total: string }>(
    db,
    sql`SELECT currency, sum(balance)::text AS total FROM ledger_accounts
        WHERE user_id IS NOT NULL GROUP BY currency HAVING sum(balance) <> 0 ORDER BY currency`,
  );
  return Object.fromEntries(rows.map((r) => [r.currency, new Decimal(r.total).toFixed(18)]));
}

async function snapshotNow(token = superAdmin.token) {
  const res = await api<{ snapshot: PorAdminSnapshot }>(t.app, 'POST', '/api/admin/por/snapshots', { token });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data?.snapshot as PorAdminSnapshot;
}

async function proofOf(token: string, snapshotId?: number) {
  const query = snapshotId === undefined ? '' : `?snapshot=${snapshotId}`;
  return api<PorProof>(t.app, 'GET', `/api/por/proof${query}`, { token });
}

let files = 0;
async function verify(proof: unknown): Promise<{ code: number; output: string }> {
  const file = path.join(workDir, `proof-${++files}.json`);
  await writeFile(file, JSON.stringify(proof));
  try {
    const { stdout } = await execFileAsync(process.execPath, [VERIFIER, file]);
    return { code: 0, output: stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: `${e.stdout}${e.stderr}` };
  }
}

describe('a snapshot of the ledger', () => {
  let first: PorAdminSnapshot;

  it('publishes a root whose sums equal the ledger’s user liabilities', async () => {
    first = await snapshotNow();
    expect(first.status, first.failure_reason ?? '').toBe('published');
    expect(first.leaf_count).toBe(7);
    expect(first.totals).toEqual(await ledgerTotals());
    expect(first.totals.BTC).toBe('0.000000000000000001');
    expect(first.totals.ETH).toBe('2.500000000000000000');
    const audit = await auditRows(t, 'por.snapshot', first.id);
    expect(audit).toHaveLength(1);
  });

  it('gives every user their own proof, which the standalone verifier accepts', async () => {
    for (const u of users.slice(0, 7)) {
      const res = await proofOf(u.token);
      expect(res.status, res.body.message).toBe(200);
      const proof = res.body.data as PorProof;
      expect(proof.snapshot_id).toBe(first.id);
      expect(proof.root).toBe(first.root);
      const [stored] = await db
        .select()
        .from(porLeaves)
        .where(and(eq(porLeaves.snapshotId, first.id), eq(porLeaves.userId, u.id)));
      expect(proof.leaf.hash).toBe(stored?.hash);
      expect(proof.path).toHaveLength(3);
      const result = await verify(proof);
      expect(result.code, result.output).toBe(0);
      expect(result.output).toContain(
        `root sums: ${Object.entries(first.totals)
          .map(([c, a]) => `${c}:${a}`)
          .join(',')}`,
      );
    }
    const a = (await proofOf(users[0]?.token ?? '')).body.data as PorProof;
    expect(a.leaf.balances).toEqual({
      BTC: '0.000000000000000001',
      USDT: '100.123456789012345678',
    });
  });

  it('fails a changed balance, nonce, hash, sum or side, naming the level', async () => {
    const proof = (await proofOf(users[4]?.token ?? '')).body.data as PorProof;
    const changed = (change: (p: PorProof) => void) => {
      const copy = structuredClone(proof);
      change(copy);
      return verify(copy);
    };
    const cases: [string, (p: PorProof) => void, RegExp][] = [
      [
        'balance',
        (p) => {
          p.leaf.balances.USDT = '1000000.000000000000000000';
        },
        /level 0:/,
      ],
      [
        'nonce',
        (p) => {
          p.leaf.nonce = `0${p.leaf.nonce.slice(1)}`;
        },
        /level 0:/,
      ],
      [
        'leaf hash',
        (p) => {
          p.leaf.hash = 'f'.repeat(64);
        },
        /level 0:/,
      ],
      [
        'sibling hash',
        (p) => {
          (p.path[1] as { hash: string }).hash = 'e'.repeat(64);
        },
        /level 3 \(root\)/,
      ],
      [
        'sibling sums',
        (p) => {
          (p.path[0] as { sums: Record<string, string> }).sums.USDT = '1.000000000000000000';
        },
        /level 3 \(root\)/,
      ],
      [
        'negative sums',
        (p) => {
          (p.path[0] as { sums: Record<string, string> }).sums.USDT = '-1.000000000000000000';
        },
        /level 1:/,
      ],
      [
        'side',
        (p) => {
          const step = p.path[2] as { side: string };
          step.side = step.side === 'left' ? 'right' : 'left';
        },
        /level 3 \(root\)/,
      ],
      [
        'root',
        (p) => {
          p.root = 'a'.repeat(64);
        },
        /level 3 \(root\)/,
      ],
    ];
    for (const [what, change, level] of cases) {
      const result = await changed(change);
      expect(result.code, `${what}: ${result.output}`).toBe(1);
      expect(result.output, what).toMatch(level);
    }
  });

  it('draws fresh nonces: a second snapshot of the same balances has other leaf hashes and the same totals', async () => {
    const second = await snapshotNow();
    expect(second.totals).toEqual(first.totals);
    expect(second.root).not.toBe(first.root);
    const hashes = async (id: number) =>
      new Set((await db.select().from(porLeaves).where(eq(porLeaves.snapshotId, id))).map((l) => l.hash));
    const [h1, h2] = [await hashes(first.id), await hashes(second.id)];
    expect([...h1].filter((h) => h2.has(h))).toEqual([]);
    // The proof of an older snapshot is still served when asked for by id.
    const old = await proofOf(users[0]?.token ?? '', first.id);
    expect(old.body.data?.root).toBe(first.root);
    expect((await verify(old.body.data)).code).toBe(0);
  });
});

describe('who sees what', () => {
  it('lets only a super admin build a snapshot', async () => {
    const res = await api(t.app, 'POST', '/api/admin/por/snapshots', { token: admin.token });
    expect(res.status).toBe(403);
    const asUser = await api(t.app, 'POST', '/api/admin/por/snapshots', { token: users[0]?.token });
    expect(asUser.status).toBe(403);
  });

  it('serves a proof to the logged-in user only, for their own leaf', async () => {
    expect((await api(t.app, 'GET', '/api/por/proof')).status).toBe(401);
    const none = await proofOf(users[7]?.token ?? '');
    expect(none.status).toBe(404);
    // A user id in the query is not a parameter: the proof is always the caller's.
    const other = await api<PorProof>(t.app, 'GET', `/api/por/proof?user_id=${users[1]?.id}`, {
      token: users[0]?.token,
    });
    const own = await proofOf(users[0]?.token ?? '');
    expect(other.body.data?.leaf.hash).toBe(own.body.data?.leaf.hash);
    expect((await proofOf(users[0]?.token ?? '', 999_999)).status).toBe(404);
  });

  it('publishes the snapshots and their leaves without user ids', async () => {
    const list = await api<{ snapshots: PorSnapshotSummary[] }>(t.app, 'GET', '/api/por/snapshots');
    expect(list.status).toBe(200);
    const latest = list.body.data?.snapshots[0] as PorSnapshotSummary;
    const detail = await api<{ snapshot: PorSnapshotSummary & { leaves: Record<string, unknown>[] } }>(
      t.app,
      'GET',
      `/api/por/snapshots/${latest.id}?limit=5&page=2`,
    );
    expect(detail.status).toBe(200);
    const leaves = detail.body.data?.snapshot.leaves ?? [];
    expect(leaves.map((l) => l.index)).toEqual([5, 6]);
    for (const leaf of leaves) expect(Object.keys(leaf).sort()).toEqual(['balances', 'hash', 'index']);
    expect(detail.raw.body).not.toMatch(/user_?id|"nonce"/i);
    expect((await api(t.app, 'GET', '/api/por/snapshots/abc')).status).toBe(400);
  });

  it('shows the back office the snapshots next to the ledger’s current liabilities', async () => {
    const res = await api<{ snapshots: PorAdminSnapshot[]; liabilities: Record<string, string> }>(
      t.app,
      'GET',
      '/api/admin/por/snapshots',
      { token: admin.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data?.liabilities).toEqual(await ledgerTotals());
    expect(res.body.data?.snapshots[0]?.triggered_by).toBe(superAdmin.id);
  });
});

describe('a tree that does not add up', () => {
  it('words the mismatch of each currency, stored in zh-CN and read in English', () => {
    const reason = totalsMismatch(
      new Map([
        ['BTC', 1n],
        ['USDT', 5n],
      ]),
      new Map([
        ['BTC', 2n],
        ['ETH', 0n],
        ['USDT', 5n],
      ]),
    );
    expect(reason).toMatch(/^根节点合计与账本用户负债不符：BTC 树 \S+ \/ 账本 \S+$/);
    expect(porReasonIn('en', reason)).toMatch(
      /^The root's totals do not match the users' liabilities in the ledger: BTC tree \S+ \/ ledger \S+$/,
    );
    const two = totalsMismatch(new Map([['BTC', 1n]]), new Map([['USDT', 3n]]));
    expect(two).toMatch(/^根节点合计与账本用户负债不符：BTC 树 .+；USDT 树 .+$/);
    expect(porReasonIn('en', two)).toMatch(/: BTC tree .+ \/ ledger .+; USDT tree .+ \/ ledger .+$/);
    expect(totalsMismatch(new Map([['USDT', 5n]]), new Map([['USDT', 5n]]))).toBeNull();
  });

  it('is refused with the reason and never published', async () => {
    // A reader that loses the last user: the root's sums fall short of the ledger's totals.
    const lossy = createPorService({
      db,
      async *userBatches(exec, size) {
        for await (const batch of userLiabilityBatches(exec, size)) yield batch.slice(0, -1);
      },
    });
    const row = await lossy.build(null, null);
    expect(row?.status).toBe('refused');
    expect(row?.failureReason).toMatch(/^根节点合计与账本用户负债不符：USDT 树 .* \/ 账本 /);
    // The admin list reads it in the reader's language (stored in zh-CN).
    expect(porReasonIn('en', row?.failureReason ?? null)).toMatch(
      /^The root's totals do not match the users' liabilities in the ledger: USDT tree .* \/ ledger /,
    );
    expect(
      await db
        .select()
        .from(porLeaves)
        .where(eq(porLeaves.snapshotId, row?.id ?? 0)),
    ).toEqual([]);
    const [stored] = await db
      .select()
      .from(porSnapshots)
      .where(eq(porSnapshots.id, row?.id ?? 0));
    expect(stored?.status).toBe('refused');
    const list = await api<{ snapshots: PorSnapshotSummary[] }>(t.app, 'GET', '/api/por/snapshots');
    expect(list.body.data?.snapshots.map((s) => s.id)).not.toContain(row?.id);
  });
});

describe('a tree deeper than the stored levels', () => {
  it('serves every user a proof through the stored nodes above level 4 that the verifier accepts', async () => {
    // 7 funded users so far; 30 more make 37 leaves: levels 0 to 6 (the root), nodes stored from 4 up.
    for (let i = 0; i < 30; i += 1) {
      const u = await registerUser(t.app);
      users.push({ token: u.token, id: u.user.id });
      await fundUser(db, u.user.id, `${i + 1}.5`);
    }
    const snapshot = await snapshotNow();
    expect(snapshot.leaf_count).toBe(37);
    expect(snapshot.totals).toEqual(await ledgerTotals());
    const stored = await queryRows<{ level: number }>(
      db,
      sql`SELECT DISTINCT level::int AS level FROM por_nodes WHERE snapshot_id = ${snapshot.id} ORDER BY 1`,
    );
    expect(stored.map((r) => r.level)).toEqual([4, 5, 6]);
    const funded = users.filter((_, i) => i !== 7);
    for (const [i, u] of funded.entries()) {
      const proof = (await proofOf(u.token)).body.data as PorProof;
      expect(proof.path).toHaveLength(6);
      // Every proof through the verifier's code; a few through the spawned tool itself.
      expect(() => verifyProof(proof), `user ${u.id}`).not.toThrow();
      if (i % 12 === 0) expect((await verify(proof)).code).toBe(0);
    }
  });
});

describe('proof of reserves in English (Accept-Language: en, issue 38)', () => {
  it('answers the snapshots, the admin list and a new snapshot in English', async () => {
    const headers = { 'accept-language': 'en' };
    expect((await api(t.app, 'GET', '/api/por/snapshots', { headers })).body.message).toBe(
      'Proof of reserves snapshots loaded',
    );
    const list = await api(t.app, 'GET', '/api/admin/por/snapshots', { token: admin.token, headers });
    expect(list.body.message).toBe('Proof of liabilities snapshots loaded');
    const made = await api(t.app, 'POST', '/api/admin/por/snapshots', { token: superAdmin.token, headers });
    expect(made.body.message).toBe('Snapshot generated and published');
  });
});
