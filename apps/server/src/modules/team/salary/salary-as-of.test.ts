import { type PayoutDate, SALARY_TEXTS, type SalaryCandidate, type SalaryLevel } from '@platform/contracts';
import { formatDate } from '@platform/domain';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createAdmin, createTestApp, saveApproved, type TestApp } from '../../../test/app.ts';
import type { AuditActor } from '../../audit/audit.service.ts';
import { ledgerTransactions } from '../../ledger/ledger.schema.ts';
import { getUserWallets } from '../../ledger/ledger.service.ts';
import { assertLedgerOk } from '../../reconciliation/ledger-check.ts';
import { createTeamBuilder, type TeamBuilder, type TeamUser } from '../rewards/team.test-helpers.ts';
import { teamSalaryPayouts } from '../team.schema.ts';
import * as repo from './salary.repository.ts';
import { createSalaryService } from './salary.service.ts';
import { readSalaryLevels } from './salary-levels.ts';

/**
 * A payout date pays the level each user had at the start of that day in Beijing (00:00
 * Asia/Shanghai): team members who had registered by then, and of them those whose first deposit
 * had been approved by then. The teams below are built now and then moved into the past by setting
 * joined_at / charged_at (the times the as-of counts read), which is what an old platform holds.
 */

const BASE = '/api/admin/team-salary-management';

/** L1 2 charged direct / 3 charged team, L2 3 / 5. */
const LEVELS: SalaryLevel[] = [
  { level: 1, direct: 2, team: 3, amount: '30' },
  { level: 2, direct: 3, team: 5, amount: '100.55' },
];

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let actor: AuditActor;
let team: TeamBuilder;

const db = () => t.database.db;
const date = (key: string): PayoutDate => {
  const [year, month, day] = key.split('-').map(Number) as [number, number, number];
  return { year, month, day };
};
const beijing = (local: string) => new Date(`${local}+08:00`);

type EligibleReply = {
  users: SalaryCandidate[];
  pagination: { page: number; total: number; totalPages: number };
  summary: { eligible: number; paid: number; unpaidAmount: string };
  payoutDate: string;
  asOf: string;
  due: boolean;
  payoutYears: number[];
};
const eligible = (key: string, extra = '') => {
  const d = date(key);
  return api<EligibleReply>(
    t.app,
    'GET',
    `${BASE}/eligible-users?year=${d.year}&month=${d.month}&day=${d.day}${extra}`,
    { token: admin.token },
  );
};
const pay = (user: { id: number }, key: string) =>
  api<{ level: number; amount: string }>(t.app, 'POST', `${BASE}/pay/${user.id}`, {
    token: admin.token,
    body: date(key),
  });
const batchPay = (users: { id: number }[], key: string) =>
  api<{ paidCount: number; totalAmount: string; skipped: { userId: number; reason: string }[] }>(
    t.app,
    'POST',
    `${BASE}/batch-pay`,
    { token: admin.token, body: { ...date(key), userIds: users.map((u) => u.id) } },
  );
const salaryBalance = async (user: { id: number }) =>
  (await getUserWallets(db(), user.id))[0]?.salary_balance;
const payoutsOf = (user: { id: number }) =>
  db().select().from(teamSalaryPayouts).where(eq(teamSalaryPayouts.userId, user.id));
const salaryPostingsOf = (user: { id: number }) =>
  db()
    .select()
    .from(ledgerTransactions)
    .where(like(ledgerTransactions.idempotencyKey, `salary:${user.id}:%`));

/** Moves a user's registration (and first approved deposit) to the given instants. */
async function placeInTime(users: TeamUser[], joined: Date, charged?: Date) {
  const ids = users.map((u) => u.id);
  await db().execute(sql`UPDATE users SET created_at = ${joined.toISOString()}::timestamptz
                          WHERE id = ANY(${sql.param(ids)}::bigint[])`);
  await db().execute(sql`UPDATE team_nodes SET joined_at = ${joined.toISOString()}::timestamptz
                          WHERE user_id = ANY(${sql.param(ids)}::bigint[])`);
  if (charged)
    await db().execute(sql`UPDATE team_nodes SET charged_at = ${charged.toISOString()}::timestamptz
                            WHERE user_id = ANY(${sql.param(ids)}::bigint[]) AND charged_at IS NOT NULL`);
}

// G grew: L1 from 2025-05-01 on (its third charged member was approved at that very instant, so
// 2025-05-11 is its first payout date), L2 since June 2026.
let g: TeamUser;
// L came late: registered in September 2026 with an L2 team at once.
let late: TeamUser;
// A user below L1 today.
let small: TeamUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, 'admin');
  actor = { adminId: admin.id, ip: '127.0.0.1', userAgent: 'salary-as-of.test' };
  team = await createTeamBuilder(t.database.db, admin.id);
  await saveApproved(t, 'PUT', `${BASE}/levels`, { token: admin.token, body: { levels: LEVELS } });

  [g] = (await team.users(1, null, 'grew')) as [TeamUser];
  const [a1, a2, a3] = (await team.users(3, g, 'g-direct')) as [TeamUser, TeamUser, TeamUser];
  const [x] = (await team.users(1, a1, 'g-x')) as [TeamUser];
  const [y, z] = (await team.users(2, a2, 'g-yz')) as [TeamUser, TeamUser];
  await team.charge([a1, a2, a3, x, y, z]);
  await placeInTime([g], beijing('2025-01-01T09:00:00'));
  await placeInTime([a1, a2], beijing('2025-02-01T09:00:00'), beijing('2025-03-01T09:00:00'));
  // Charged at 2025-05-01 00:00:00 Beijing: not yet counted for the payout date 2025-05-01.
  await placeInTime([x], beijing('2025-03-01T09:00:00'), beijing('2025-05-01T00:00:00'));
  // Registered in April 2025, first deposit approved in June 2026.
  await placeInTime([a3], beijing('2025-04-01T09:00:00'), beijing('2026-06-01T09:00:00'));
  await placeInTime([y, z], beijing('2026-06-01T09:00:00'), beijing('2026-06-02T09:00:00'));

  const built = await team.leader({ direct: 3, team: 5 });
  late = built.leader;
  await placeInTime([late], beijing('2026-09-10T09:00:00'));
  await placeInTime(built.directs, beijing('2026-09-11T09:00:00'), beijing('2026-09-12T09:00:00'));
  await placeInTime(built.deeper, beijing('2026-09-12T09:00:00'), beijing('2026-09-13T09:00:00'));

  small = (await team.leader({ direct: 1, team: 2 })).leader;
  await placeInTime([small], beijing('2024-01-01T09:00:00'));
});
afterAll(() => t.close());

describe('eligibility as of the payout date', () => {
  it('lists only who qualified by the start of the day (Beijing), with the counts and level of then', async () => {
    // Today both are L2 (G: 3 / 6 charged, L: 3 / 5), but on 2025-05-01 nobody had qualified yet.
    const first = await eligible('2025-05-01');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      users: [],
      summary: { eligible: 0, paid: 0, unpaidAmount: '0' },
      pagination: { total: 0, totalPages: 0 },
      payoutDate: '2025-05-01',
      asOf: '2025-04-30T16:00:00.000Z',
      due: true,
    });

    const next = (await eligible('2025-05-11')).body.data;
    expect(next?.users).toEqual([
      {
        userId: g.id,
        email: g.email,
        inviteCode: g.inviteCode,
        salaryLevel: 1,
        salaryAmount: '30',
        // a1, a2, a3 had registered; a1 and a2 were charged (a3 only in 2026).
        directReferrals: 3,
        chargedDirectReferrals: 2,
        // ... and x, charged at the start of 2025-05-01.
        teamMembers: 4,
        chargedTeamMembers: 3,
        conversionRate: 75,
        paid: null,
        firstApproval: null,
      },
    ]);
    expect(next?.summary).toEqual({ eligible: 1, paid: 0, unpaidAmount: '30' });

    const july = (await eligible('2026-07-01')).body.data;
    expect(july?.users.map((u) => [u.userId, u.salaryLevel, u.chargedTeamMembers])).toEqual([[g.id, 2, 6]]);

    // L had registered on 2026-09-10, its team on the 11th: nothing to pay on the 11th.
    const sept11 = (await eligible('2026-09-11', '&limit=1')).body.data;
    expect(sept11?.users.map((u) => u.userId)).toEqual([g.id]);
    expect(sept11?.pagination).toMatchObject({ total: 1, totalPages: 1 });

    const sept21 = (await eligible('2026-09-21')).body.data;
    expect(sept21?.users.map((u) => [u.userId, u.salaryLevel, u.chargedTeamMembers])).toEqual([
      [g.id, 2, 6],
      [late.id, 2, 5],
    ]);
    expect(sept21?.summary).toEqual({ eligible: 2, paid: 0, unpaidAmount: '201.1' });
    // A page of one: the total counts both.
    const page2 = (await eligible('2026-09-21', '&page=2&limit=1')).body.data;
    expect(page2?.users.map((u) => u.userId)).toEqual([late.id]);
    expect(page2?.pagination).toMatchObject({ page: 2, total: 2, totalPages: 2 });

    for (const key of ['2024-01-01', '2026-09-01']) {
      const none = (await eligible(key)).body.data;
      expect(none?.users.map((u) => u.userId)).not.toContain(late.id);
    }
  });

  it('refuses to pay a date before the user qualified (422) and moves nothing', async () => {
    for (const [user, key] of [
      [late, '2024-01-01'],
      [late, '2026-09-01'],
      [late, '2026-09-11'],
      [g, '2025-05-01'],
    ] as const) {
      const res = await pay(user, key);
      expect(res.status, `${user.email} ${key}`).toBe(422);
      expect(res.body.message).toBe(SALARY_TEXTS.notEligibleOnDate);
    }
    // Not eligible even today: the message says so.
    const never = await pay(small, '2025-05-11');
    expect(never.status).toBe(422);
    expect(never.body.message).toBe(SALARY_TEXTS.notEligible);

    const batch = await batchPay([late, g], '2025-05-01');
    expect(batch.status).toBe(200);
    expect(batch.body.data).toEqual({
      payoutDate: '2025-05-01',
      paidCount: 0,
      totalAmount: '0',
      skipped: [
        { userId: g.id, reason: 'not_eligible' },
        { userId: late.id, reason: 'not_eligible' },
      ].sort((a, b) => a.userId - b.userId),
      awaitingSecondApproval: null,
    });
    for (const user of [late, g, small]) {
      expect(await salaryBalance(user)).toBe('0.000000000000000000');
      expect(await payoutsOf(user)).toEqual([]);
      expect(await salaryPostingsOf(user)).toEqual([]);
    }
  });

  it('pays the level of the date, and records the counts of the date', async () => {
    const first = await pay(g, '2025-05-11');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ level: 1, amount: '30' });
    const [payout] = await payoutsOf(g);
    expect(payout).toMatchObject({
      payoutDate: '2025-05-11',
      level: 1,
      directCount: 3,
      chargedDirect: 2,
      teamSize: 4,
      chargedTeam: 3,
    });
    expect(await salaryBalance(g)).toBe('30.000000000000000000');

    const batch = await batchPay([late, g], '2026-09-21');
    expect(batch.body.data).toMatchObject({ paidCount: 2, totalAmount: '201.1', skipped: [] });
    expect(await salaryBalance(g)).toBe('130.550000000000000000');
    expect(await salaryBalance(late)).toBe('100.550000000000000000');
    // Once per user and date still.
    expect((await pay(g, '2025-05-11')).status).toBe(409);
    const listed = (await eligible('2025-05-11')).body.data;
    expect(listed?.users[0]?.paid).toMatchObject({ level: 1, amount: '30' });
    expect(listed?.summary).toEqual({ eligible: 1, paid: 1, unpaidAmount: '0' });
    await assertLedgerOk(db());
  });

  it('computes the same counts whichever way it counts', async () => {
    const { levels } = await readSalaryLevels(db());
    const keys = [
      '2024-01-01',
      '2025-05-01',
      '2025-05-11',
      '2026-06-01',
      '2026-09-11',
      '2026-09-21',
      '2026-11-01',
    ];
    for (const key of keys) {
      const results = await Promise.all(
        repo.AS_OF_STRATEGIES.map((strategy) =>
          repo.selectEligible(db(), levels, key, { limit: 100, offset: 0 }, { strategy }),
        ),
      );
      const [first, ...rest] = results;
      for (const other of rest) expect(other, key).toEqual(first);
      const counted = await Promise.all(
        repo.AS_OF_STRATEGIES.map((strategy) =>
          repo.selectCountsAsOf(db(), [g.id, late.id, small.id, 999_999], key, { strategy }),
        ),
      );
      for (const other of counted.slice(1)) expect(other, key).toEqual(counted[0]);
    }
    expect(
      await repo.selectCountsAsOf(db(), [g.id, 999_999], '2025-05-11', { strategy: 'per_user' }),
    ).toEqual([{ userId: g.id, directCount: 3, chargedDirect: 2, teamSize: 4, chargedTeam: 3 }]);
  });
});

describe('payout years', () => {
  const at = (iso: string) => createSalaryService({ db: db(), now: () => new Date(iso) });

  it('accepts every year from 2024 to the current one (Beijing), whatever the year', async () => {
    // 2027-03-01 08:00 in Beijing.
    const in2027 = at('2027-03-01T00:00:00Z');
    const listed = await in2027.eligibleUsers({ year: 2027, month: 3, day: 1, page: 1, limit: 20 });
    expect(listed.payoutYears).toEqual([2024, 2025, 2026, 2027]);
    expect(listed.due).toBe(true);
    expect(listed.users.map((u) => u.userId)).toEqual([g.id, late.id]);
    expect(await in2027.pay(g.id, date('2027-03-01'), actor)).toMatchObject({ level: 2, amount: '100.55' });
    await expect(in2027.pay(g.id, date('2028-01-01'), actor)).rejects.toMatchObject({
      statusCode: 400,
      message: SALARY_TEXTS.yearOutOfRange(2024, 2027),
    });
    await expect(
      in2027.eligibleUsers({ year: 2028, month: 1, day: 1, page: 1, limit: 20 }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(in2027.batchPay({ ...date('2023-12-21'), userIds: [g.id] }, actor)).rejects.toMatchObject({
      statusCode: 400,
      message: SALARY_TEXTS.yearOutOfRange(2024, 2027),
    });
    await expect(in2027.exportCsv(date('2028-01-01'))).rejects.toMatchObject({ statusCode: 400 });

    // A year that has just begun in Beijing (2027-12-31 16:00 UTC) while UTC is still in 2027.
    const newYear = at('2027-12-31T16:00:00Z');
    expect(
      (await newYear.eligibleUsers({ year: 2028, month: 1, day: 1, page: 1, limit: 20 })).payoutYears,
    ).toEqual([2024, 2025, 2026, 2027, 2028]);
    expect((await newYear.statistics({})).payoutYears).toEqual([2024, 2025, 2026, 2027, 2028]);
  });

  it('refuses a future payout date in the current year (422) and says the date is not due', async () => {
    // 2027-01-10 23:59:59 in Beijing.
    const before = at('2027-01-10T15:59:59Z');
    const listed = await before.eligibleUsers({ year: 2027, month: 1, day: 11, page: 1, limit: 20 });
    expect(listed.due).toBe(false);
    expect(listed.asOf).toBe('2027-01-10T16:00:00.000Z');
    await expect(before.pay(g.id, date('2027-01-11'), actor)).rejects.toMatchObject({
      statusCode: 422,
      message: SALARY_TEXTS.notDueYet,
    });
    await expect(
      before.batchPay({ ...date('2027-01-11'), userIds: [g.id, late.id] }, actor),
    ).rejects.toMatchObject({ statusCode: 422, message: SALARY_TEXTS.notDueYet });
    expect((await payoutsOf(g)).map((p) => p.payoutDate)).not.toContain('2027-01-11');
  });

  it('over HTTP: the current year is offered and accepted, the next one is a 400', async () => {
    const thisYear = Number(formatDate(new Date()).slice(0, 4));
    const ok = await eligible(`${thisYear}-01-01`);
    expect(ok.status).toBe(200);
    expect(ok.body.data?.payoutYears).toEqual(
      Array.from({ length: thisYear - 2024 + 1 }, (_, i) => 2024 + i),
    );
    const next = await eligible(`${thisYear + 1}-01-01`);
    expect(next.status).toBe(400);
    expect(next.body.message).toBe(SALARY_TEXTS.yearOutOfRange(2024, thisYear));
    const paid = await pay(g, `${thisYear + 1}-01-01`);
    expect(paid.status).toBe(400);
    const bad = await api(t.app, 'GET', `${BASE}/eligible-users?year=abc&month=1&day=1`, {
      token: admin.token,
    });
    expect(bad.status).toBe(400);
  });

  it('starts at the earliest payout on record when that is before 2024', async () => {
    await db().execute(sql`INSERT INTO team_salary_payouts (user_id, payout_date, level, amount, currency,
        direct_count, charged_direct, team_size, charged_team, paid_by, transaction_id)
        VALUES (${small.id}, '2023-06-01', 1, 30, 'USDT', 0, 0, 0, 0, ${admin.id}, 0)`);
    const in2027 = at('2027-03-01T00:00:00Z');
    const listed = await in2027.eligibleUsers({ year: 2023, month: 6, day: 1, page: 1, limit: 20 });
    expect(listed.payoutYears).toEqual([2023, 2024, 2025, 2026, 2027]);
    expect(listed.users).toEqual([]);
  });
});
