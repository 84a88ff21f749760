import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { api, createAdmin, createTestApp, type TestApp, uniqueEmail } from '../../test/app.ts';
import { insertDepositChannel } from '../../test/money.ts';
import { UNKNOWN_INVITE_CODE } from '../accounts/create-user.ts';
import { counterMismatches } from '../reconciliation/counter-check.ts';
import { approvedDeposit, join, type Member, nodeCounts } from './admin/team-fixtures.test-helpers.ts';
import { teamTreeProblems } from './tree-check.ts';

/**
 * The referral tree as registration and deposit approval keep it (team-tree.ts, migration 0012):
 * closure rows, depths and the four counters of every ancestor, under concurrency too. Every
 * member is registered over HTTP with an invite code; after each case the closure and counters are
 * recomputed from scratch (teamTreeProblems) and the running totals checked (counterMismatches).
 */

const CHAIN_LENGTH = 50;

/** Dozens of registrations (password hashing) and approvals: minutes on a busy 2-core machine, not 60 s. */
const SETUP_TIMEOUT_MS = 180_000;

let t: TestApp;
let admin: { token: string };
let channelId: number;
let chain: Member[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, 'admin');
  channelId = (await insertDepositChannel(t.database.db)).id;
  chain = [];
  for (let i = 0; i < CHAIN_LENGTH; i++) chain.push(await join(t, chain[i - 1]?.inviteCode));
}, SETUP_TIMEOUT_MS);
afterAll(() => t.close());

async function consistent() {
  expect(await teamTreeProblems(t.database.db)).toEqual([]);
  expect(await counterMismatches(t.database.db)).toEqual([]);
}

const count = async (query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: unknown }>(t.database.db, query))[0]?.n);

describe('a chain of 50 levels registered with invite codes', () => {
  it('gives each member one closure row per ancestor at the right distance', async () => {
    const ids = chain.map((m) => m.id);
    const paths = await queryRows<{ a: unknown; d: unknown; depth: unknown }>(
      t.database.db,
      sql`SELECT ancestor_id::text AS a, descendant_id::text AS d, depth::int AS depth FROM team_paths
           WHERE descendant_id = ANY(${sql.param(ids)}::bigint[])`,
    );
    expect(paths).toHaveLength((CHAIN_LENGTH * (CHAIN_LENGTH - 1)) / 2);
    for (const [i, member] of chain.entries()) {
      const mine = paths
        .filter((p) => Number(p.d) === member.id)
        .map((p) => [Number(p.a), Number(p.depth)])
        .sort((x, y) => (y[1] as number) - (x[1] as number));
      // Top-level user first: the farthest ancestor is i levels up.
      expect(mine).toEqual(chain.slice(0, i).map((ancestor, k) => [ancestor.id, i - k]));
    }
  });

  it('sets depths, parents and every ancestor’s counters', async () => {
    const nodes = await nodeCounts(
      t.database.db,
      chain.map((m) => m.id),
    );
    for (const [i, member] of chain.entries()) {
      expect(nodes.get(member.id), `level ${i + 1}`).toEqual({
        depth: i,
        parentId: chain[i - 1]?.id ?? null,
        directCount: i < CHAIN_LENGTH - 1 ? 1 : 0,
        teamSize: CHAIN_LENGTH - 1 - i,
        chargedDirect: 0,
        chargedTeam: 0,
        charged: false,
      });
    }
    await consistent();
  });
});

describe('concurrent registrations', () => {
  it('20 at once under one parent: exact counters, no deadlock', async () => {
    const parent = await join(t, chain[4]?.inviteCode);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => join(t, parent.inviteCode)));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const nodes = await nodeCounts(t.database.db, [parent.id, ...chain.slice(0, 5).map((m) => m.id)]);
    expect(nodes.get(parent.id)).toMatchObject({ depth: 5, directCount: 20, teamSize: 20 });
    // chain[0..4] had 49..45 members below; the parent and its 20 are 21 more for each.
    for (let i = 0; i <= 4; i++) {
      expect(nodes.get(chain[i]?.id as number)?.teamSize).toBe(CHAIN_LENGTH - 1 - i + 21);
    }
    expect(nodes.get(chain[4]?.id as number)?.directCount).toBe(2);
    await consistent();
  });

  it('20 at once under different members of the deep chain: every ancestor counted once each', async () => {
    const before = await nodeCounts(
      t.database.db,
      chain.map((m) => m.id),
    );
    // Deepest first and interleaved, so that registrations lock overlapping sets of ancestors.
    const parents = Array.from(
      { length: 20 },
      (_, k) => chain[CHAIN_LENGTH - 1 - ((k * 7) % CHAIN_LENGTH)] as Member,
    );
    const results = await Promise.allSettled(parents.map((p) => join(t, p.inviteCode)));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const after = await nodeCounts(
      t.database.db,
      chain.map((m) => m.id),
    );
    for (const [i, member] of chain.entries()) {
      const below = parents.filter((p) => chain.indexOf(p) >= i).length;
      const direct = parents.filter((p) => p.id === member.id).length;
      expect(after.get(member.id)?.teamSize, `level ${i + 1}`).toBe(
        (before.get(member.id)?.teamSize ?? 0) + below,
      );
      expect(after.get(member.id)?.directCount).toBe((before.get(member.id)?.directCount ?? 0) + direct);
    }
    await consistent();
  });
});

describe('invite codes', () => {
  it('refuses an unknown code with 422 邀请码不存在 and creates nothing', async () => {
    const users = await count(sql`SELECT count(*)::int AS n FROM users`);
    const nodes = await count(sql`SELECT count(*)::int AS n FROM team_nodes`);
    const email = uniqueEmail('nocode');
    const res = await api(t.app, 'POST', '/api/auth/register', {
      body: { email, password: 'Trade-pass-2026', invite_code: 'ZZZZ9999' },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ success: false, message: UNKNOWN_INVITE_CODE });
    expect(UNKNOWN_INVITE_CODE).toBe('邀请码不存在');
    expect(await count(sql`SELECT count(*)::int AS n FROM users`)).toBe(users);
    expect(await count(sql`SELECT count(*)::int AS n FROM team_nodes`)).toBe(nodes);
    expect(await count(sql`SELECT count(*)::int AS n FROM users WHERE email = ${email}`)).toBe(0);
    await consistent();
  });

  it('refuses an unknown code in English for an English reader', async () => {
    const res = await api(t.app, 'POST', '/api/auth/register', {
      body: { email: uniqueEmail('nocode'), password: 'Trade-pass-2026', invite_code: 'ZZZZ9998' },
      headers: { 'accept-language': 'en' },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('This invitation code does not exist');
  });

  it('accepts a code typed in lower case', async () => {
    const owner = chain[10] as Member;
    const member = await join(t, owner.inviteCode.toLowerCase());
    expect((await nodeCounts(t.database.db, [member.id])).get(member.id)).toMatchObject({
      parentId: owner.id,
      depth: 11,
    });
    await consistent();
  });
});

describe('charged members', () => {
  it('the first approved deposit charges every ancestor once; a second one changes nothing', async () => {
    const member = chain[30] as Member;
    const ids = chain.map((m) => m.id);
    const before = await nodeCounts(t.database.db, ids);
    await approvedDeposit(t, member, admin, channelId, '100');
    const once = await nodeCounts(t.database.db, ids);
    for (const [i, m] of chain.entries()) {
      const b = before.get(m.id);
      expect(once.get(m.id), `level ${i + 1}`).toMatchObject({
        chargedTeam: (b?.chargedTeam ?? 0) + (i < 30 ? 1 : 0),
        chargedDirect: (b?.chargedDirect ?? 0) + (i === 29 ? 1 : 0),
        charged: i === 30,
      });
    }
    await consistent();

    await approvedDeposit(t, member, admin, channelId, '50');
    expect(await nodeCounts(t.database.db, ids)).toEqual(once);
    await consistent();
  });

  it('approvals and registrations in the same chain at once: no deadlock, exact counters', async () => {
    // Members deep in the chain request deposits; then their approvals race registrations under them.
    const depositors = [chain[45], chain[40], chain[35], chain[20], chain[12]] as Member[];
    const pending: number[] = [];
    for (const m of depositors) {
      const res = await api<{ deposit: { id: number } }>(t.app, 'POST', '/api/wallet/deposits', {
        token: m.token,
        body: { channel_id: channelId, amount: '100' },
      });
      pending.push(res.body.data?.deposit.id as number);
    }
    const results = await Promise.allSettled([
      ...pending.map((id) =>
        api(t.app, 'PATCH', `/api/admin/deposits/${id}/review`, {
          token: admin.token,
          body: { status: 'approved' },
        }).then((res) => {
          if (res.status !== 200) throw new Error(res.body.message);
        }),
      ),
      ...depositors.flatMap((m) => [join(t, m.inviteCode), join(t, chain[49]?.inviteCode)]),
    ]);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const nodes = await nodeCounts(
      t.database.db,
      depositors.map((m) => m.id),
    );
    for (const m of depositors) expect(nodes.get(m.id)?.charged).toBe(true);
    await consistent();
  });

  it('a pending deposit does not charge', async () => {
    const member = await join(t, chain[0]?.inviteCode);
    await api(t.app, 'POST', '/api/wallet/deposits', {
      token: member.token,
      body: { channel_id: channelId, amount: '100' },
    });
    expect((await nodeCounts(t.database.db, [member.id])).get(member.id)?.charged).toBe(false);
    await consistent();
  });
});
