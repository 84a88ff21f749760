import {
  type AdminChange,
  DEFAULT_SALARY_LEVELS,
  type PayoutDate,
  SALARY_TEXTS,
  type SalaryCandidate,
  type SalaryLevel,
  type SalaryStatistics,
} from '@platform/contracts';
import { formatDate, formatDateTime } from '@platform/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createAdmin,
  createApprover,
  createTestApp,
  registerUser,
  type TestApp,
  uniqueEmail,
} from '../../../test/app.ts';
import { createUser } from '../../accounts/create-user.ts';
import { auditLogs } from '../../audit/audit.schema.ts';
import type { AuditActor } from '../../audit/audit.service.ts';
import { ledgerTransactions } from '../../ledger/ledger.schema.ts';
import { getUserWallets, systemAccountBalance } from '../../ledger/ledger.service.ts';
import { assertLedgerOk } from '../../reconciliation/ledger-check.ts';
import { createTeamBuilder, type TeamBuilder, type TeamUser } from '../rewards/team.test-helpers.ts';
import { teamSalaryPayouts } from '../team.schema.ts';
import { createSalaryService, salaryLedgerKey } from './salary.service.ts';

const BASE = '/api/admin/team-salary-management';

/** Small requirements, so that the teams of the tests stay small: L1 2/3, L2 3/5. */
const LEVELS: SalaryLevel[] = [
  { level: 1, direct: 2, team: 3, amount: '30' },
  { level: 2, direct: 3, team: 5, amount: '100.55' },
];

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let actor: AuditActor;
let team: TeamBuilder;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, 'admin');
  actor = { adminId: admin.id, ip: '127.0.0.1', userAgent: 'salary.test' };
  team = await createTeamBuilder(t.database.db, admin.id);
});
afterAll(() => t.close());

const db = () => t.database.db;
const date = (key: string): PayoutDate => {
  const [year, month, day] = key.split('-').map(Number) as [number, number, number];
  return { year, month, day };
};
const query = (key: string) => {
  const d = date(key);
  return `year=${d.year}&month=${d.month}&day=${d.day}`;
};

type PayReply = { userId: number; payoutDate: string; level: number; amount: string };
const pay = (userId: number, key: string) =>
  api<PayReply>(t.app, 'POST', `${BASE}/pay/${userId}`, { token: admin.token, body: date(key) });

type BatchReply = {
  payoutDate: string;
  paidCount: number;
  totalAmount: string;
  skipped: { userId: number; reason: string }[];
};
const batchPay = (userIds: number[], key: string) =>
  api<BatchReply>(t.app, 'POST', `${BASE}/batch-pay`, {
    token: admin.token,
    body: { ...date(key), userIds },
  });

type EligibleReply = {
  users: SalaryCandidate[];
  pagination: { page: number; total: number; totalPages: number };
  summary: { eligible: number; paid: number; unpaidAmount: string };
};
const eligible = (key: string, extra = '') =>
  api<EligibleReply>(t.app, 'GET', `${BASE}/eligible-users?${query(key)}${extra}`, { token: admin.token });

/**
 * Eligibility is taken at the start of the payout date (salary-as-of.test.ts): the teams of this
 * file are built now and then moved to 2024, so that the dates of 2025 paid here see them whole.
 */
const moveTeamsTo2024 = () =>
  db().execute(sql`UPDATE team_nodes SET joined_at = '2024-06-01T09:00:00+08:00',
                          charged_at = CASE WHEN charged_at IS NULL THEN NULL ELSE '2024-07-01T09:00:00+08:00'::timestamptz END`);

const salaryBalance = async (user: { id: number }) =>
  (await getUserWallets(db(), user.id))[0]?.salary_balance;
const payoutsOf = (user: { id: number }) =>
  db().select().from(teamSalaryPayouts).where(eq(teamSalaryPayouts.userId, user.id));

// The users of the eligibility test, paid in the tests after it (the file runs in order).
let a: TeamUser; // 1 charged direct referral, team 3: below L1 on direct referrals
let b: TeamUser; // 2 / 2: below L1 on the team
let c: TeamUser; // 2 / 3 (and one direct referral who never deposited): L1 exactly
let d: TeamUser; // 3 / 4: L1, one member below L2
let e: TeamUser; // 3 / 5: L2 exactly
let f: TeamUser; // 2 / 5: L1, one direct referral below L2

describe('salary levels', () => {
  it('answers the defaults until an admin saves a table', async () => {
    const res = await api<{ levels: SalaryLevel[]; updated_at: string | null; updated_by: string | null }>(
      t.app,
      'GET',
      `${BASE}/levels`,
      { token: admin.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ levels: DEFAULT_SALARY_LEVELS, updated_at: null, updated_by: null });
  });

  it('refuses a table that breaks the rules with the reason, and saves nothing', async () => {
    const cases: [SalaryLevel[], string][] = [
      [[{ level: 2, direct: 2, team: 3, amount: '30' }], '工资等级须从 1 开始连续编号'],
      [
        [
          { level: 1, direct: 2, team: 3, amount: '30' },
          { level: 2, direct: 1, team: 5, amount: '40' },
        ],
        '等级 2 的直推或团队要求不能低于等级 1',
      ],
      [
        [
          { level: 1, direct: 2, team: 3, amount: '30' },
          { level: 2, direct: 3, team: 5, amount: '20' },
        ],
        '等级 2 的工资金额不能低于等级 1',
      ],
      [
        [{ level: 1, direct: 2, team: 3, amount: '0' }],
        '等级 1 的工资金额须为大于 0 的数字（最多 8 位小数）',
      ],
      [[{ level: 1, direct: 0, team: 3, amount: '30' }], '等级 1 至少需要 1 个直推充值用户'],
      [[{ level: 1, direct: 1, team: 3, amount: '1000000000000' }], '等级 1 的工资金额过大'],
    ];
    for (const [levels, message] of cases) {
      const res = await api(t.app, 'PUT', `${BASE}/levels`, { token: admin.token, body: { levels } });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(
      (await api(t.app, 'PUT', `${BASE}/levels`, { token: admin.token, body: { levels: [] } })).status,
    ).toBe(400);
    const audits = await db()
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'team_salary_levels.update'));
    expect(audits).toEqual([]);
    const now = await api<{ levels: SalaryLevel[] }>(t.app, 'GET', `${BASE}/levels`, { token: admin.token });
    expect(now.body.data?.levels).toEqual(DEFAULT_SALARY_LEVELS);
  });

  it('a save is a proposal that moves nothing until another admin approves it (issue 32)', async () => {
    const body = { levels: [LEVELS[0], { ...LEVELS[1], amount: '100.550' }] };
    const proposed = await api<{ change: AdminChange }>(t.app, 'PUT', `${BASE}/levels`, {
      token: admin.token,
      body,
    });
    expect(proposed.status).toBe(202);
    const change = proposed.body.data?.change;
    expect(change).toMatchObject({
      kind: 'team_salary_levels',
      required_level: 'admin',
      before: { levels: DEFAULT_SALARY_LEVELS },
      after: { levels: LEVELS },
    });
    // Nothing applies before the approval: the payouts still follow the defaults.
    const still = await api<{ levels: SalaryLevel[] }>(t.app, 'GET', `${BASE}/levels`, {
      token: admin.token,
    });
    expect(still.body.data?.levels).toEqual(DEFAULT_SALARY_LEVELS);
    // The proposer cannot approve their own change.
    const own = await api(t.app, 'POST', `/api/admin/changes/${change?.id}/approve`, { token: admin.token });
    expect(own.status).toBe(403);

    const approver = await createApprover(t, 'admin');
    const approved = await api(t.app, 'POST', `/api/admin/changes/${change?.id}/approve`, {
      token: approver.token,
    });
    expect(approved.status).toBe(200);
    const got = await api<{ levels: SalaryLevel[]; updated_at: string; updated_by: string }>(
      t.app,
      'GET',
      `${BASE}/levels`,
      { token: admin.token },
    );
    expect(got.body.data?.levels).toEqual(LEVELS);
    expect(got.body.data?.updated_by).toBe(approver.email);
    expect(Number.isNaN(Date.parse(got.body.data?.updated_at ?? ''))).toBe(false);
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'team_salary_levels.update'));
    expect(audit).toMatchObject({
      adminId: approver.id,
      targetType: 'setting',
      targetId: 'team.salary_levels',
      before: { levels: DEFAULT_SALARY_LEVELS },
      after: { levels: LEVELS },
    });
  });

  it('compares a change with the saved table, read and locked in one query: the later of two is stale', async () => {
    const propose = (amount: string) =>
      api<{ change: AdminChange }>(t.app, 'PUT', `${BASE}/levels`, {
        token: admin.token,
        body: { levels: [LEVELS[0], { ...LEVELS[1], amount }] },
      });
    const first = (await propose('101')).body.data!.change;
    const second = (await propose('102')).body.data!.change;
    expect(first.before).toEqual({ levels: LEVELS });
    const approver = await createApprover(t, 'admin');
    const decide = (id: number) =>
      api(t.app, 'POST', `/api/admin/changes/${id}/approve`, { token: approver.token });
    expect((await decide(first.id)).status).toBe(200);
    const stale = await decide(second.id);
    expect(stale.status).toBe(409);
    const got = await api<{ levels: SalaryLevel[] }>(t.app, 'GET', `${BASE}/levels`, { token: admin.token });
    expect(got.body.data?.levels[1]?.amount).toBe('101');
    // The later tests pay by LEVELS.
    expect((await decide((await propose(LEVELS[1]!.amount)).body.data!.change.id)).status).toBe(200);
  });

  it('is for admins only', async () => {
    const user = await registerUser(t.app);
    expect((await api(t.app, 'GET', `${BASE}/levels`, { token: user.token })).status).toBe(403);
    expect(
      (await api(t.app, 'PUT', `${BASE}/levels`, { token: user.token, body: { levels: LEVELS } })).status,
    ).toBe(403);
    expect((await api(t.app, 'GET', `${BASE}/eligible-users?${query('2025-01-01')}`)).status).toBe(401);
    expect(
      (await api(t.app, 'POST', `${BASE}/pay/1`, { token: user.token, body: date('2025-01-01') })).status,
    ).toBe(403);
  });
});

describe('eligible users', () => {
  it('lists the users whose charged counts reach a level, highest first, at the exact thresholds', async () => {
    a = (await team.leader({ direct: 1, team: 3 })).leader;
    b = (await team.leader({ direct: 2, team: 2 })).leader;
    c = (await team.leader({ direct: 2, team: 3, unchargedDirect: 1 })).leader;
    d = (await team.leader({ direct: 3, team: 4 })).leader;
    e = (await team.leader({ direct: 3, team: 5 })).leader;
    f = (await team.leader({ direct: 2, team: 5 })).leader;
    await moveTeamsTo2024();

    const res = await eligible('2025-01-01');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(SALARY_TEXTS.eligibleLoaded);
    const data = res.body.data;
    if (!data) throw new Error('no data');
    expect(data.users.map((u) => [u.userId, u.salaryLevel, u.salaryAmount])).toEqual([
      [e.id, 2, '100.55'],
      [f.id, 1, '30'],
      [d.id, 1, '30'],
      [c.id, 1, '30'],
    ]);
    expect(data.users[3]).toEqual({
      userId: c.id,
      email: c.email,
      inviteCode: c.inviteCode,
      salaryLevel: 1,
      salaryAmount: '30',
      directReferrals: 3,
      chargedDirectReferrals: 2,
      teamMembers: 4,
      chargedTeamMembers: 3,
      conversionRate: 75,
      paid: null,
      firstApproval: null,
    });
    expect(data.summary).toEqual({ eligible: 4, paid: 0, unpaidAmount: '190.55' });
    expect(data.pagination).toMatchObject({ page: 1, total: 4, totalPages: 1 });

    const second = await eligible('2025-01-01', '&page=2&limit=3');
    expect(second.body.data?.users.map((u) => u.userId)).toEqual([c.id]);
    expect(second.body.data?.pagination).toMatchObject({ total: 4, totalPages: 2 });
    expect((await eligible('2025-01-01', '&limit=101')).status).toBe(400);
    const badDay = await api(t.app, 'GET', `${BASE}/eligible-users?year=2025&month=1&day=2`, {
      token: admin.token,
    });
    expect(badDay.status).toBe(400);
    expect(badDay.body.message).toContain('发放日只能是 1、11、21 号');
  });
});

describe('paying one user', () => {
  it('credits the salary bucket once per date, and shows the payout on the list', async () => {
    const res = await pay(c.id, '2025-01-01');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(SALARY_TEXTS.paid);
    expect(res.body.data).toEqual({
      userId: c.id,
      payoutDate: '2025-01-01',
      level: 1,
      amount: '30',
      awaitingSecondApproval: null,
    });
    expect(await salaryBalance(c)).toBe('30.000000000000000000');
    expect((await getUserWallets(db(), c.id))[0]?.balance).toBe('0.000000000000000000');

    const again = await pay(c.id, '2025-01-01');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SALARY_TEXTS.alreadyPaid);
    expect(await salaryBalance(c)).toBe('30.000000000000000000');

    const [payout] = await payoutsOf(c);
    expect(payout).toMatchObject({
      payoutDate: '2025-01-01',
      level: 1,
      currency: 'USDT',
      directCount: 3,
      chargedDirect: 2,
      teamSize: 4,
      chargedTeam: 3,
      paidBy: admin.id,
    });
    const [posting] = await db()
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, salaryLedgerKey(c.id, '2025-01-01')));
    expect(posting?.kind).toBe('team_salary');
    expect(payout?.transactionId).toBe(posting?.id);

    const listed = (await eligible('2025-01-01')).body.data;
    const row = listed?.users.find((u) => u.userId === c.id);
    expect(row?.paid).toEqual({ level: 1, amount: '30', paid_at: payout?.paidAt.toISOString() });
    expect(listed?.summary).toEqual({ eligible: 4, paid: 1, unpaidAmount: '160.55' });
    expect((await eligible('2025-01-11')).body.data?.summary.paid).toBe(0);

    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'team_salary.pay'), eq(auditLogs.targetId, String(c.id))));
    expect(audit?.after).toEqual({
      payoutDate: '2025-01-01',
      level: 1,
      amount: '30',
      currency: 'USDT',
      transactionId: posting?.id,
    });
    await assertLedgerOk(db());
  });

  it('refuses a user who reaches no level (422) and an unknown user (404)', async () => {
    for (const user of [a, b]) {
      const res = await pay(user.id, '2025-01-01');
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(SALARY_TEXTS.notEligible);
    }
    expect((await pay(999_999, '2025-01-01')).status).toBe(404);
    expect(await payoutsOf(a)).toEqual([]);
    expect(await salaryBalance(b)).toBe('0.000000000000000000');
  });

  it('refuses a payout date after today in Beijing time (422), and pays it from its Beijing day on', async () => {
    const at = (iso: string) => createSalaryService({ db: db(), now: () => new Date(iso) });
    // 2025-01-10 23:59:59 in Beijing: the 11th is not due.
    const early = at('2025-01-10T15:59:59Z').pay(d.id, date('2025-01-11'), actor);
    await expect(early).rejects.toMatchObject({ statusCode: 422, message: SALARY_TEXTS.notDueYet });
    await expect(
      at('2025-01-10T15:59:59Z').batchPay({ ...date('2025-01-11'), userIds: [d.id] }, actor),
    ).rejects.toMatchObject({ statusCode: 422, message: SALARY_TEXTS.notDueYet });
    expect(await payoutsOf(d)).toEqual([]);
    // Midnight in Beijing: due.
    const paid = await at('2025-01-10T16:00:00Z').pay(d.id, date('2025-01-11'), actor);
    expect(paid).toEqual({
      userId: d.id,
      payoutDate: '2025-01-11',
      level: 1,
      amount: '30',
      awaitingSecondApproval: null,
    });
    await assertLedgerOk(db());
  });

  it('100 concurrent payouts of one user and date pay exactly once', async () => {
    const replies = await Promise.all(Array.from({ length: 100 }, () => pay(e.id, '2025-02-01')));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array.from({ length: 99 }, () => 409)]);
    for (const r of replies.filter((x) => x.status === 409))
      expect(r.body.message).toBe(SALARY_TEXTS.alreadyPaid);
    expect(replies.find((r) => r.status === 200)?.body.data).toEqual({
      userId: e.id,
      payoutDate: '2025-02-01',
      level: 2,
      amount: '100.55',
      awaitingSecondApproval: null,
    });
    expect(await salaryBalance(e)).toBe('100.550000000000000000');
    expect((await payoutsOf(e)).length).toBe(1);
    const postings = await db()
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.kind, 'team_salary'));
    expect(postings.filter((p) => p.idempotencyKey === salaryLedgerKey(e.id, '2025-02-01')).length).toBe(1);
    const audits = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'team_salary.pay'), eq(auditLogs.targetId, String(e.id))));
    expect(audits.length).toBe(1);
    await assertLedgerOk(db());
  });
});

describe('batch payouts', () => {
  it('pays the eligible users, skips the paid and the ineligible with the reason, audits one row', async () => {
    expect((await pay(c.id, '2025-03-01')).status).toBe(200);
    const res = await batchPay([e.id, c.id, 999_999, d.id, a.id, d.id], '2025-03-01');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(SALARY_TEXTS.batchPaid(2));
    expect(res.body.data).toEqual({
      payoutDate: '2025-03-01',
      paidCount: 2,
      totalAmount: '130.55',
      skipped: [
        { userId: a.id, reason: 'not_eligible' },
        { userId: c.id, reason: 'already_paid' },
        { userId: 999_999, reason: 'not_eligible' },
      ],
      awaitingSecondApproval: null,
    });
    expect(await salaryBalance(e)).toBe('201.100000000000000000');
    expect(await salaryBalance(d)).toBe('60.000000000000000000');
    expect(await salaryBalance(c)).toBe('60.000000000000000000');
    const audits = await db().select().from(auditLogs).where(eq(auditLogs.action, 'team_salary.batch_pay'));
    expect(audits.length).toBe(1);
    expect(audits[0]).toMatchObject({ adminId: admin.id, targetType: 'team_salary', targetId: '2025-03-01' });
    expect(audits[0]?.after).toMatchObject({ paidCount: 2, totalAmount: '130.55', currency: 'USDT' });

    // Nothing left to pay: 200 with every user skipped, nothing audited.
    const again = await batchPay([e.id, d.id, c.id], '2025-03-01');
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ paidCount: 0, totalAmount: '0' });
    expect(again.body.data?.skipped.map((s) => s.reason)).toEqual([
      'already_paid',
      'already_paid',
      'already_paid',
    ]);
    expect(
      (await db().select().from(auditLogs).where(eq(auditLogs.action, 'team_salary.batch_pay'))).length,
    ).toBe(1);

    const empty = await batchPay([], '2025-03-01');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain(SALARY_TEXTS.selectUsers);
    await assertLedgerOk(db());
  });

  it('concurrent single and batch payouts of the same users and date pay each once', async () => {
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        i % 2 === 0 ? pay(f.id, '2025-02-11') : batchPay([f.id, c.id], '2025-02-11'),
      ),
    );
    expect(replies.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const singles = replies.filter((_, i) => i % 2 === 0);
    const batches = replies.filter((_, i) => i % 2 === 1) as Awaited<ReturnType<typeof batchPay>>[];
    expect(batches.every((r) => r.status === 200)).toBe(true);
    const paidBy = (userId: number) =>
      batches.filter((r) => r.body.data?.skipped.every((s) => s.userId !== userId)).length;
    expect(singles.filter((r) => r.status === 200).length + paidBy(f.id)).toBe(1);
    expect(paidBy(c.id)).toBe(1);
    expect(await salaryBalance(f)).toBe('30.000000000000000000');
    expect(await salaryBalance(c)).toBe('90.000000000000000000');
    const keys = [salaryLedgerKey(f.id, '2025-02-11'), salaryLedgerKey(c.id, '2025-02-11')];
    const postings = await db()
      .select()
      .from(ledgerTransactions)
      .where(inArray(ledgerTransactions.idempotencyKey, keys));
    expect(postings.length).toBe(2);
    // Every salary paid in this file: c 90, d 60, e 201.1, f 30.
    expect(await systemAccountBalance(db(), 'salaries', 'USDT')).toBe('-381.100000000000000000');
    await assertLedgerOk(db());
  });
});

/** 2024 to this Beijing year: the payout years offered (fixed-clock cases in salary-as-of.test.ts). */
const yearsUntilNow = () => {
  const thisYear = Number(formatDate(new Date()).slice(0, 4));
  return Array.from({ length: thisYear - 2024 + 1 }, (_, i) => 2024 + i);
};

describe('statistics', () => {
  // Payouts so far: 2025-01-01 c 30; 2025-01-11 d 30; 2025-02-01 e 100.55; 2025-02-11 f 30, c 30;
  // 2025-03-01 c 30, e 100.55, d 30.
  const stats = (q: string) =>
    api<SalaryStatistics>(t.app, 'GET', `${BASE}/statistics${q}`, { token: admin.token });

  it('totals the month asked for, the month before it and the month per level', async () => {
    const feb = await stats('?year=2025&month=2');
    expect(feb.status).toBe(200);
    expect(feb.body.message).toBe(SALARY_TEXTS.statisticsLoaded);
    expect(feb.body.data).toEqual({
      month: '2025-02',
      currentMonth: { count: 3, totalAmount: '160.55', avgAmount: '53.52' },
      lastMonth: { count: 2, totalAmount: '60', avgAmount: '30.00' },
      levelStats: [
        { level: 1, count: 2, totalAmount: '60' },
        { level: 2, count: 1, totalAmount: '100.55' },
      ],
      payoutYears: yearsUntilNow(),
    });
    const jan = await stats('?year=2025&month=1');
    expect(jan.body.data).toMatchObject({
      month: '2025-01',
      currentMonth: { count: 2, totalAmount: '60', avgAmount: '30.00' },
      lastMonth: { count: 0, totalAmount: '0', avgAmount: '0.00' },
    });
    const mar = await stats('?year=2025&month=3');
    expect(mar.body.data?.currentMonth).toEqual({ count: 3, totalAmount: '160.55', avgAmount: '53.52' });
    expect(mar.body.data?.lastMonth.count).toBe(3);
  });

  it('defaults to this Beijing month', async () => {
    const res = await stats('');
    expect(res.body.data).toEqual({
      month: formatDate(new Date()).slice(0, 7),
      currentMonth: { count: 0, totalAmount: '0', avgAmount: '0.00' },
      lastMonth: { count: 0, totalAmount: '0', avgAmount: '0.00' },
      levelStats: [],
      payoutYears: yearsUntilNow(),
    });
    expect((await stats('?month=13')).status).toBe(400);
  });
});

describe('export', () => {
  it('sends every eligible user as CSV with a BOM, the Chinese header, escaped cells and the payout status', async () => {
    // A user whose e-mail needs quoting and would be a formula.
    const tricky = await db().transaction((tx) =>
      createUser(tx, { email: `=cmd|"x",\n${uniqueEmail('tricky')}`, passwordHash: 'not-a-real-hash' }),
    );
    const leader = { id: tricky.id, email: tricky.email, inviteCode: tricky.inviteCode };
    const directs = await team.users(2, leader);
    await team.charge([...directs, ...(await team.users(1, directs[0]))]);
    await moveTeamsTo2024();

    const res = await t.app.inject({
      method: 'GET',
      url: `${BASE}/export?${query('2025-03-01')}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="salary-2025-03-01.csv"; filename*=UTF-8''salary-2025-03-01.csv`,
    );
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      '用户邮箱,邀请码,工资等级,应发金额,直推人数,直推充值人数,团队人数,团队充值人数,转化率(%),发放状态,发放时间',
    );
    expect(lines.at(-1)).toBe('');
    const [ePayout] = (await payoutsOf(e)).filter((p) => p.payoutDate === '2025-03-01');
    expect(lines[1]).toBe(
      `${e.email},${e.inviteCode},L2,100.55,3,3,5,5,100.00,已发放,${formatDateTime(ePayout?.paidAt)}`,
    );
    expect(text).toContain(`${f.email},${f.inviteCode},L1,30,2,2,5,5,100.00,未发放,\r\n`);
    expect(text).toContain(
      `"'=cmd|""x"",\n${tricky.email.split('\n')[1]}",${tricky.inviteCode},L1,30,2,2,3,3,`,
    );
    // Header, e, f, d, c, tricky and the end (the e-mail's bare \n is inside its quoted cell).
    expect(lines.length).toBe(1 + 5 + 1);
    expect(res.headers['x-export-rows']).toBe('5');
    expect(res.headers['x-export-truncated']).toBe('false');
  });

  it('in English: the header and the payout status in the requesting admin’s language, the data as stored', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${BASE}/export?${query('2025-03-01')}`,
      headers: { authorization: `Bearer ${admin.token}`, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    const lines = res.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      'User email,Invite code,Salary level,Amount due,Direct referrals,Direct referrals who deposited,Team members,Team members who deposited,Conversion rate (%),Payout status,Paid at',
    );
    expect(lines[1]?.startsWith(`${e.email},${e.inviteCode},L2,100.55,`)).toBe(true);
    expect(lines[1]).toContain(',100.00,Paid,');
    expect(res.rawPayload.toString('utf8')).toContain(
      `${f.email},${f.inviteCode},L1,30,2,2,5,5,100.00,Not paid,\r\n`,
    );
  });

  it('is for admins only and validates the date', async () => {
    const user = await registerUser(t.app);
    expect(
      (await api(t.app, 'GET', `${BASE}/export?${query('2025-03-01')}`, { token: user.token })).status,
    ).toBe(403);
    const bad = await api(t.app, 'GET', `${BASE}/export?year=2023&month=1&day=1`, { token: admin.token });
    expect(bad.status).toBe(400);
  });
});
