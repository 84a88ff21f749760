import { HIERARCHY_CHILDREN_LIMIT, type HierarchyNode, hierarchyReply } from '@platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.ts';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../../test/app.ts';
import { approveKyc, insertDepositChannel } from '../../../test/money.ts';
import { createHierarchyService } from './hierarchy.service.ts';
import { approvedDeposit, join, type Member, makeUser } from './team-fixtures.test-helpers.ts';

/**
 * The admin's hierarchy over a known forest (registration order = id order):
 *
 *   admin
 *   r1 ─ c1 ─ g1 ─ gg1
 *      │    └ g2
 *      ├ c2 (two approved deposits, one pending)
 *      └ c3 (KYC approved)
 *   r2
 *   big ─ 55 children (b1 oldest .. b55 newest)
 *   r3
 */

type Reply = {
  hierarchy: HierarchyNode[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
  totalTopLevel: number;
  paths?: Record<string, { id: number; email: string; depth: number }[]>;
};
type ChildrenReply = { children: HierarchyNode[]; pagination: Reply['pagination'] };

/** Dozens of registrations (password hashing) and approvals: minutes on a busy 2-core machine, not 60 s. */
const SETUP_TIMEOUT_MS = 180_000;

let t: TestApp;
let admin: { token: string; id: number; email: string };
const u: Record<string, Omit<Member, 'token'>> = {};
let bigChildren: Omit<Member, 'token'>[];

const email = (name: string) => `hq.${name}@example.com`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, 'admin');
  const channelId = (await insertDepositChannel(t.database.db)).id;
  const make = async (name: string, parent?: string, phone?: string) => {
    u[name] = await makeUser(t, {
      email: email(name),
      ...(parent ? { code: u[parent]?.inviteCode } : {}),
      ...(phone ? { phone } : {}),
    });
  };
  await make('r1', undefined, '17711112222');
  await make('c1', 'r1');
  const c2 = await join(t, u.r1?.inviteCode, { email: email('c2'), phone: '17700002222' });
  u.c2 = c2;
  await make('c3', 'r1');
  await make('g1', 'c1', '17700001111');
  await make('g2', 'c1');
  await make('gg1', 'g1');
  await make('r2');
  await make('big');
  bigChildren = [];
  for (let i = 1; i <= 55; i++) bigChildren.push(await makeUser(t, { code: u.big?.inviteCode }));
  await make('r3');
  await approvedDeposit(t, c2, admin, channelId, '100');
  await approvedDeposit(t, c2, admin, channelId, '50.5');
  await api(t.app, 'POST', '/api/wallet/deposits', {
    token: c2.token,
    body: { channel_id: channelId, amount: '30' },
  });
  await approveKyc(t.database.db, u.c3?.id as number);
}, SETUP_TIMEOUT_MS);
afterAll(() => t.close());

async function hierarchy(query = '') {
  const res = await api<Reply>(t.app, 'GET', `/api/admin/team/hierarchy${query}`, { token: admin.token });
  expect(res.status, res.body.message).toBe(200);
  expect(res.body.message).toBe('获取团队层级成功');
  return hierarchyReply.parse(res.body).data as Reply;
}

async function children(id: number, query = '') {
  const res = await api<ChildrenReply>(t.app, 'GET', `/api/admin/team/hierarchy/${id}/children${query}`, {
    token: admin.token,
  });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as ChildrenReply;
}

/** A tree as nested [email, children] pairs, to compare shapes at a glance. */
type Shape = [string, Shape[]];
const shape = (nodes: HierarchyNode[]): Shape[] => nodes.map((n) => [n.email, shape(n.children)]);
const find = (nodes: HierarchyNode[], id: number): HierarchyNode | undefined => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const inner = find(n.children, id);
    if (inner) return inner;
  }
  return undefined;
};

describe('access and validation', () => {
  it('401 without a token, 403 for a normal user', async () => {
    const user = await registerUser(t.app);
    for (const url of ['/api/admin/team/hierarchy', `/api/admin/team/hierarchy/${u.r1?.id}/children`]) {
      expect((await api(t.app, 'GET', url)).status).toBe(401);
      const res = await api(t.app, 'GET', url, { token: user.token });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('权限不足，需要管理员权限');
    }
    // That user is the newest top-level user of the forest from now on.
    u.stranger = { id: user.user.id, email: user.email, inviteCode: '' };
  });

  it('refuses bad query values (400)', async () => {
    const bad = [
      '/api/admin/team/hierarchy?depth=5',
      '/api/admin/team/hierarchy?depth=-1',
      '/api/admin/team/hierarchy?depth=x',
      '/api/admin/team/hierarchy?search=a',
      '/api/admin/team/hierarchy?search=%20a%20',
      '/api/admin/team/hierarchy?limit=101',
      '/api/admin/team/hierarchy?page=0',
      `/api/admin/team/hierarchy/${u.r1?.id}/children?limit=${HIERARCHY_CHILDREN_LIMIT + 1}`,
      `/api/admin/team/hierarchy/${u.r1?.id}/children?depth=5`,
      `/api/admin/team/hierarchy/${u.r1?.id}/children?page=0`,
      '/api/admin/team/hierarchy/abc/children',
      '/api/admin/team/hierarchy/0/children',
    ];
    for (const url of bad) {
      const res = await api(t.app, 'GET', url, { token: admin.token });
      expect(res.status, url).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });

  it('404 for the children of an unknown node', async () => {
    const res = await api(t.app, 'GET', '/api/admin/team/hierarchy/987654321/children', {
      token: admin.token,
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('用户不存在');
  });
});

describe('GET /api/admin/team/hierarchy', () => {
  it('pages top-level users biggest team first, then newest, nested as deep as asked', async () => {
    const data = await hierarchy('?depth=2');
    expect(data.totalTopLevel).toBe(6);
    expect(data.pagination).toEqual({ page: 1, limit: 20, total: 6, totalPages: 1 });
    expect(data.paths).toBeUndefined();
    const tops = data.hierarchy.map((n) => n.email);
    expect(tops).toEqual([
      email('big'),
      email('r1'),
      u.stranger?.email,
      email('r3'),
      email('r2'),
      admin.email,
    ]);
    const r1 = data.hierarchy[1] as HierarchyNode;
    expect(shape([r1])).toEqual([
      [
        email('r1'),
        [
          [email('c3'), []],
          [email('c2'), []],
          // g1 has a referral of its own, one level deeper than asked: not loaded.
          [
            email('c1'),
            [
              [email('g2'), []],
              [email('g1'), []],
            ],
          ],
        ],
      ],
    ]);
    expect(find([r1], u.g1?.id as number)?.direct_referrals).toBe(1);
  });

  it('answers every node field', async () => {
    const data = await hierarchy('?depth=2');
    const r1 = data.hierarchy[1] as HierarchyNode;
    expect({ ...r1, children: [] }).toEqual({
      id: u.r1?.id,
      email: email('r1'),
      phone: '17711112222',
      kyc_status: 'none',
      is_deposited: false,
      direct_referrals: 3,
      team_size: 6,
      total_deposit: '0',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      invite_code: u.r1?.inviteCode,
      depth: 0,
      children: [],
    });
    expect({ ...find([r1], u.c2?.id as number), children: [] }).toMatchObject({
      phone: '17700002222',
      is_deposited: true,
      // 100 + 50.5 approved; the pending 30 does not count.
      total_deposit: '150.5',
      depth: 1,
      direct_referrals: 0,
      team_size: 0,
    });
    expect(find([r1], u.c3?.id as number)).toMatchObject({
      kyc_status: 'approved',
      is_deposited: false,
      phone: null,
    });
    expect(find([r1], u.g2?.id as number)).toMatchObject({ depth: 2, total_deposit: '0' });
  });

  it('nests one level by default (what the screen asks for), and as deep as asked: 0 to 4 levels', async () => {
    const byDefault = await hierarchy();
    const r1Default = byDefault.hierarchy.find((n) => n.id === u.r1?.id) as HierarchyNode;
    expect(r1Default.children.map((n) => n.email)).toEqual([email('c3'), email('c2'), email('c1')]);
    expect(r1Default.children.every((n) => n.children.length === 0)).toBe(true);
    const flat = await hierarchy('?depth=0');
    expect(flat.hierarchy.every((n) => n.children.length === 0)).toBe(true);
    const deep = await hierarchy('?depth=3');
    const r1 = deep.hierarchy.find((n) => n.id === u.r1?.id) as HierarchyNode;
    expect(find([r1], u.g1?.id as number)?.children.map((n) => n.email)).toEqual([email('gg1')]);
    expect(find([r1], u.gg1?.id as number)?.depth).toBe(3);
  });

  it('loads at most 50 children per node, newest first', async () => {
    const data = await hierarchy('?depth=1');
    const big = data.hierarchy.find((n) => n.id === u.big?.id) as HierarchyNode;
    expect(big.direct_referrals).toBe(55);
    expect(big.children.map((n) => n.id)).toEqual(
      bigChildren
        .slice(5)
        .reverse()
        .map((c) => c.id),
    );
  });

  it('pages the top level', async () => {
    const page2 = await hierarchy('?page=2&limit=4&depth=0');
    expect(page2.hierarchy.map((n) => n.email)).toEqual([email('r2'), admin.email]);
    expect(page2.pagination).toEqual({ page: 2, limit: 4, total: 6, totalPages: 2 });
    expect(page2.totalTopLevel).toBe(6);
    expect((await hierarchy('?page=3&limit=4')).hierarchy).toEqual([]);
  });
});

describe('GET /api/admin/team/hierarchy/{id}/children', () => {
  it('pages one node’s children newest first, with its direct_count as the total', async () => {
    const first = await children(u.big?.id as number);
    expect(first.children).toHaveLength(HIERARCHY_CHILDREN_LIMIT);
    expect(first.pagination).toEqual({ page: 1, limit: 50, total: 55, totalPages: 2 });
    const second = await children(u.big?.id as number, '?page=2');
    expect(second.children.map((n) => n.id)).toEqual(
      bigChildren
        .slice(0, 5)
        .reverse()
        .map((c) => c.id),
    );
    const small = await children(u.big?.id as number, '?page=3&limit=20');
    expect(small.children.map((n) => n.id)).toEqual(
      bigChildren
        .slice(0, 15)
        .reverse()
        .map((c) => c.id),
    );
  });

  it('nests the children `depth` levels (none by default)', async () => {
    const plain = await children(u.c1?.id as number);
    expect(shape(plain.children)).toEqual([
      [email('g2'), []],
      [email('g1'), []],
    ]);
    expect(plain.pagination.total).toBe(2);
    const nested = await children(u.r1?.id as number, '?depth=2');
    expect(shape(nested.children)).toEqual([
      [email('c3'), []],
      [email('c2'), []],
      [
        email('c1'),
        [
          [email('g2'), []],
          [email('g1'), [[email('gg1'), []]]],
        ],
      ],
    ]);
    expect(find(nested.children, u.c2?.id as number)?.total_deposit).toBe('150.5');
  });

  it('answers an empty page for a node without children', async () => {
    expect(await children(u.gg1?.id as number)).toEqual({
      children: [],
      pagination: { page: 1, limit: 50, total: 0, totalPages: 0 },
    });
  });
});

describe('search', () => {
  it('finds e-mail prefixes at any level, case-insensitively, with the path from the top', async () => {
    // Matches come in the order of the matched text (the prefix indexes' order).
    const data = await hierarchy('?search=HQ.G&depth=0');
    expect(data.hierarchy.map((n) => n.email)).toEqual([email('g1'), email('g2'), email('gg1')]);
    expect(data.totalTopLevel).toBe(3);
    expect(data.pagination).toEqual({ page: 1, limit: 20, total: 3, totalPages: 1 });
    const r1 = { id: u.r1?.id, email: email('r1'), depth: 0 };
    const c1 = { id: u.c1?.id, email: email('c1'), depth: 1 };
    expect(data.paths).toEqual({
      [String(u.gg1?.id)]: [r1, c1, { id: u.g1?.id, email: email('g1'), depth: 2 }],
      [String(u.g2?.id)]: [r1, c1],
      [String(u.g1?.id)]: [r1, c1],
    });
  });

  it('finds phone prefixes, nests the matches and pages them', async () => {
    const data = await hierarchy('?search=1770000');
    // 17700001111 before 17700002222.
    expect(data.hierarchy.map((n) => n.email)).toEqual([email('g1'), email('c2')]);
    expect(shape(data.hierarchy.slice(0, 1))).toEqual([[email('g1'), [[email('gg1'), []]]]]);
    const page = await hierarchy('?search=177&limit=2&page=2');
    expect(page.hierarchy.map((n) => n.email)).toEqual([email('r1')]);
    expect(page.pagination).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 });
    expect(page.paths).toEqual({ [String(u.r1?.id)]: [] });
  });

  it('answers a user matched by both e-mail and phone once', async () => {
    const both = await makeUser(t, { email: '17799123@example.com', phone: '17799123000' });
    const data = await hierarchy('?search=17799');
    expect(data.hierarchy.map((n) => n.id)).toEqual([both.id]);
    expect(data.totalTopLevel).toBe(1);
  });

  it('matches a match inside another match’s subtree in both places', async () => {
    const data = await hierarchy('?search=hq.c1');
    expect(data.hierarchy).toHaveLength(1);
    const all = await hierarchy('?search=hq.&depth=1&limit=100');
    const c1Alone = all.hierarchy.find((n) => n.id === u.c1?.id) as HierarchyNode;
    const c1InR1 = find(
      all.hierarchy.filter((n) => n.id === u.r1?.id),
      u.c1?.id as number,
    );
    expect(c1Alone.children.map((n) => n.id)).toEqual([u.g2?.id, u.g1?.id]);
    expect(c1InR1?.children).toEqual([]);
  });

  it('takes the term literally and answers nothing when nothing matches', async () => {
    for (const term of ['hq%25', 'hq_r1', 'nobody-here']) {
      const data = await hierarchy(`?search=${term}`);
      expect(data.hierarchy, term).toEqual([]);
      expect(data.totalTopLevel).toBe(0);
      expect(data.paths).toEqual({});
    }
  });
});

describe('cost', () => {
  /** The db with its raw statements counted (every hierarchy query is one). */
  function counted(db: Db) {
    const counter = { statements: 0 };
    const proxy = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === 'execute') {
          return (...args: Parameters<Db['execute']>) => {
            counter.statements++;
            return target.execute(...args);
          };
        }
        return Reflect.get(target, prop, receiver);
      },
    });
    return { db: proxy, counter };
  }

  it('loads each level of the nested tree with one query, whatever the number of parents', async () => {
    const { db, counter } = counted(t.database.db);
    const service = createHierarchyService({ db });
    const data = await service.hierarchy({ page: 1, limit: 20, depth: 3 });
    expect(find(data.hierarchy, u.gg1?.id as number)).toBeDefined();
    // The page of top-level users, three levels, the deposit totals (the counter is read by the builder).
    expect(counter.statements).toBe(5);
  });

  it('stops at the node budget; the parents left out keep fewer children than direct_referrals', async () => {
    const query = { page: 1, limit: 20, depth: 2 };
    const tops = (await createHierarchyService({ db: t.database.db }).hierarchy(query)).hierarchy.length;
    const service = createHierarchyService({ db: t.database.db, nodeBudget: tops + 2 });
    const data = await service.hierarchy(query);
    // Two nodes are left after the top-level users: the first parent in order (big) gets both.
    const big = data.hierarchy.find((n) => n.id === u.big?.id) as HierarchyNode;
    expect(big.children.map((n) => n.id)).toEqual([bigChildren[54]?.id, bigChildren[53]?.id]);
    const r1 = data.hierarchy.find((n) => n.id === u.r1?.id) as HierarchyNode;
    expect(r1.children).toEqual([]);
    expect(r1.direct_referrals).toBe(3);
  });
});
