/**
 * The referral tree of `npm run demo` (contracts/team.ts): who invited whom among the 40 planned
 * users, and about two hundred extra team members under three leaders, so that every team screen
 * (overview, hierarchy, rewards, salary, the user's team pages) has data in every state.
 *
 * Accounts are made by createUser with the inviter's code (parents always first, so the code
 * resolves), members become charged through deposits approved by the real deposit service, and the
 * rewards and salaries are calculated, distributed and paid by their services: the ledger verifier
 * passes. The only direct writes are the backdating of times (deposits, charged_at, paid_at).
 */
import { createDepositBody, depositReviewBody, type PayoutDate, payoutDateKey } from '@platform/contracts';
import { formatDate, latestPayoutDate } from '@platform/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { parseId, queryRows } from '../db/rows.ts';
import { createUser } from '../modules/accounts/create-user.ts';
import type { AuditActor } from '../modules/audit/audit.service.ts';
import type { DepositService } from '../modules/deposits/deposits.service.ts';
import { createRewardsService } from '../modules/team/rewards/rewards.service.ts';
import { createSalaryService } from '../modules/team/salary/salary.service.ts';
import { teamSalaryPayouts } from '../modules/team/team.schema.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface DemoTeamRandom {
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  between(from: number, to: number): number;
  chars(alphabet: string, length: number): string;
  weighted<T>(choices: readonly (readonly [T, number])[]): T;
}

/** What planDemoTeam needs to know of a planned demo user. */
export interface TeamPlannedUser {
  createdAt: number;
  isNew: boolean;
  isActive: boolean;
  kycStatus: string;
  phone: string | null;
}

/** The three leaders' teams of extra members: how many, and how many levels below the leader. */
const LEADER_TEAMS = [
  { members: 110, levels: 7, chargedShare: 0.55, minChargedDirect: 11, minChargedTeam: 56 },
  { members: 55, levels: 6, chargedShare: 0.45, minChargedDirect: 6, minChargedTeam: 18 },
  { members: 35, levels: 5, chargedShare: 0.3, minChargedDirect: 0, minChargedTeam: 0 },
] as const;
/** Members register over this many days; the last DAILY_DAYS Beijing days each get a few. */
const MEMBER_SPAN_DAYS = 60;
const DAILY_DAYS = 8;
/** Deposits stay within the demo's 30 days of money history. */
const DEPOSIT_SPAN_DAYS = 29;
const LEVEL_WEIGHTS = [3, 4, 4, 3.5, 3, 2.5, 2];
const PENDING_DEPOSITS = 8;
const REJECTED_DEPOSITS = 5;

const SURNAMES: readonly (readonly [string, string])[] = [
  ['王', 'wang'],
  ['李', 'li'],
  ['张', 'zhang'],
  ['刘', 'liu'],
  ['陈', 'chen'],
  ['杨', 'yang'],
  ['黄', 'huang'],
  ['赵', 'zhao'],
  ['吴', 'wu'],
  ['周', 'zhou'],
  ['徐', 'xu'],
  ['孙', 'sun'],
  ['马', 'ma'],
  ['朱', 'zhu'],
  ['胡', 'hu'],
  ['郭', 'guo'],
  ['何', 'he'],
  ['林', 'lin'],
  ['罗', 'luo'],
  ['高', 'gao'],
  ['郑', 'zheng'],
  ['梁', 'liang'],
  ['谢', 'xie'],
  ['宋', 'song'],
  ['唐', 'tang'],
  ['韩', 'han'],
  ['冯', 'feng'],
  ['邓', 'deng'],
  ['曹', 'cao'],
  ['彭', 'peng'],
  ['曾', 'zeng'],
  ['萧', 'xiao'],
  ['田', 'tian'],
  ['董', 'dong'],
  ['袁', 'yuan'],
  ['潘', 'pan'],
  ['蒋', 'jiang'],
  ['蔡', 'cai'],
  ['杜', 'du'],
  ['叶', 'ye'],
  ['程', 'cheng'],
  ['魏', 'wei'],
  ['苏', 'su'],
  ['卢', 'lu'],
  ['丁', 'ding'],
  ['任', 'ren'],
  ['沈', 'shen'],
  ['姚', 'yao'],
];
const GIVEN_NAMES: readonly (readonly [string, string])[] = [
  ['伟', 'wei'],
  ['芳', 'fang'],
  ['娜', 'na'],
  ['敏', 'min'],
  ['静', 'jing'],
  ['丽', 'li'],
  ['强', 'qiang'],
  ['磊', 'lei'],
  ['军', 'jun'],
  ['洋', 'yang'],
  ['勇', 'yong'],
  ['艳', 'yan'],
  ['杰', 'jie'],
  ['娟', 'juan'],
  ['涛', 'tao'],
  ['明', 'ming'],
  ['超', 'chao'],
  ['华', 'hua'],
  ['辉', 'hui'],
  ['平', 'ping'],
  ['刚', 'gang'],
  ['斌', 'bin'],
  ['浩', 'hao'],
  ['宇', 'yu'],
  ['欣', 'xin'],
  ['婷', 'ting'],
  ['云', 'yun'],
  ['凯', 'kai'],
  ['鹏', 'peng'],
  ['飞', 'fei'],
  ['波', 'bo'],
  ['瑞', 'rui'],
  ['轩', 'xuan'],
  ['怡', 'yi'],
  ['红', 'hong'],
  ['晴', 'qing'],
  ['丹', 'dan'],
  ['建国', 'jianguo'],
  ['晓东', 'xiaodong'],
  ['海燕', 'haiyan'],
  ['子涵', 'zihan'],
  ['梓萱', 'zixuan'],
];
const EMAIL_DOMAINS = ['qq.com', '163.com', '126.com', 'gmail.com', 'outlook.com', 'foxmail.com', 'sina.com'];
const PHONE_PREFIXES = [
  '130',
  '131',
  '132',
  '133',
  '136',
  '137',
  '152',
  '155',
  '156',
  '166',
  '173',
  '176',
  '180',
  '181',
  '185',
  '188',
  '189',
  '191',
  '198',
];
const HEX = '0123456789abcdef';
const REJECT_REASONS = ['未查询到该笔转账，请核对后重新提交', '到账金额与申请金额不符', '交易哈希无效'];
const DEPOSIT_REMARKS = ['朋友推荐来的，第一次充值', '已转账，请查收', '团队长让我先充一笔试试'];

export type TeamDepositChannel = 'trc20' | 'alipay' | 'wechat';

export interface PlannedMember {
  email: string;
  nickname: string | null;
  phone: string | null;
  kycStatus: 'none' | 'pending' | 'approved' | 'rejected';
  isActive: boolean;
  createdAt: number;
  lastLogin: number | null;
  /** Which leader's team (0, 1, 2), and the parent: a planned user (`planned`) or an earlier member. */
  team: number;
  parent: { planned: number } | { member: number };
  /** Levels below the leader (1 = the leader's direct referral). */
  level: number;
  charged: boolean;
}

export interface PlannedTeamDeposit {
  member: number;
  channel: TeamDepositChannel;
  amount: string;
  txHash?: string;
  remark?: string;
  status: 'approved' | 'pending' | 'rejected';
  note?: string;
  createdAt: number;
  reviewedAt?: number;
}

export interface DemoTeamPlan {
  /** For each planned user (by index): the planned user who invited them, or null (top level). */
  plannedParents: (number | null)[];
  /** The planned users who lead the extra teams (the first is the marker user). */
  leaders: number[];
  /** Extra team members in registration order (a parent always comes before its children). */
  members: PlannedMember[];
  deposits: PlannedTeamDeposit[];
}

/** Midnight in Asia/Shanghai (UTC+8, no daylight saving) of the day containing `now`. */
const startOfBeijingDay = (now: number) => now - ((now + 8 * HOUR) % DAY);

/**
 * Who invited whom (pure: the same for the same inputs and random source). `plannedApproved`:
 * the planned users (indexes) with an approved deposit, i.e. charged.
 */
export function planDemoTeam(
  rng: DemoTeamRandom,
  now: number,
  people: readonly TeamPlannedUser[],
  plannedApproved: ReadonlySet<number>,
): DemoTeamPlan {
  const leaders = pickLeaders(people, now);
  const plannedParents = planPlannedReferrals(rng, people, leaders);
  const usedPhones = new Set(people.flatMap((u) => (u.phone ? [u.phone] : [])));
  const usedEmails = new Set<string>();
  const members: PlannedMember[] = [];
  const todayStart = startOfBeijingDay(now);

  for (const [team, shape] of LEADER_TEAMS.entries()) {
    const leader = leaders[team];
    if (leader === undefined) continue;
    const leaderAt = (people[leader] as TeamPlannedUser).createdAt;
    const from = Math.max(leaderAt + DAY, now - MEMBER_SPAN_DAYS * DAY);
    // A few registrations on each of the last DAILY_DAYS Beijing days, the rest spread out before.
    const times: number[] = [];
    for (let d = 0; d < DAILY_DAYS; d++) {
      const dayStart = todayStart - d * DAY;
      const dayEnd = d === 0 ? now - 5 * MINUTE : dayStart + DAY;
      const n = team === 0 ? rng.int(1, 3) : rng.int(0, 2);
      for (let i = 0; i < n; i++) times.push(rng.between(Math.max(dayStart, from), dayEnd));
    }
    while (times.length < shape.members) times.push(rng.between(from, todayStart - DAILY_DAYS * DAY));
    times.sort((a, b) => a - b);

    const start = members.length;
    const childrenOf = new Map<number, number>();
    for (const [i, createdAt] of times.entries()) {
      const deepest = members.slice(start).reduce((max, m) => Math.max(max, m.level), 0);
      const allowed = Math.min(shape.levels, deepest + 1);
      const level =
        i < 3 ? 1 : rng.weighted(LEVEL_WEIGHTS.slice(0, allowed).map((w, k) => [k + 1, w] as const));
      let parent: PlannedMember['parent'] = { planned: leader };
      if (level > 1) {
        const above = members
          .map((m, index) => ({ m, index }))
          .filter(({ m, index }) => index >= start && m.level === level - 1);
        // Preferential: members who already invited invite more (sub-leaders).
        const pick = rng.weighted(
          above.map(({ index }) => [index, 1 + 2 * (childrenOf.get(index) ?? 0)] as const),
        );
        childrenOf.set(pick, (childrenOf.get(pick) ?? 0) + 1);
        parent = { member: pick };
      }
      const [surname, surnamePinyin] = rng.pick(SURNAMES);
      const [given, givenPinyin] = rng.pick(GIVEN_NAMES);
      let email: string;
      do
        email = `${surnamePinyin}${givenPinyin}${rng.chance(0.5) ? rng.int(1970, 2005) : rng.int(10, 9999)}@${rng.pick(EMAIL_DOMAINS)}`;
      while (usedEmails.has(email));
      usedEmails.add(email);
      let phone: string | null = null;
      if (rng.chance(0.7)) {
        do phone = `${rng.pick(PHONE_PREFIXES)}${rng.chars('0123456789', 8)}`;
        while (usedPhones.has(phone));
        usedPhones.add(phone);
      }
      // Members who registered less than an hour ago have not deposited yet.
      const charged = now - createdAt > HOUR && rng.chance(shape.chargedShare);
      members.push({
        email,
        nickname: rng.chance(0.6) ? `${surname}${given}` : null,
        phone,
        kycStatus: charged
          ? rng.weighted([
              ['approved', 7],
              ['pending', 1],
              ['none', 2],
            ] as const)
          : rng.weighted([
              ['approved', 2],
              ['pending', 1.5],
              ['rejected', 0.5],
              ['none', 6],
            ] as const),
        isActive: !rng.chance(0.02),
        createdAt,
        lastLogin: rng.chance(0.7) ? rng.between(createdAt, now) : null,
        team,
        parent,
        level,
        charged,
      });
    }

    // The leader's tier and salary must be reached (charged counts): charge the oldest uncharged
    // members (direct referrals first) until they are.
    const teamMembers = members.slice(start).filter((m) => now - m.createdAt > HOUR);
    const plannedBelow = descendantsOf(plannedParents, leader).filter((i) => plannedApproved.has(i));
    const directPlanned = plannedParents.filter((p, i) => p === leader && plannedApproved.has(i)).length;
    const chargeUntil = (candidates: PlannedMember[], enough: () => boolean) => {
      for (const m of candidates) {
        if (enough()) return;
        m.charged = true;
      }
    };
    const chargedDirect = () => directPlanned + teamMembers.filter((m) => m.level === 1 && m.charged).length;
    const chargedTeam = () => plannedBelow.length + teamMembers.filter((m) => m.charged).length;
    chargeUntil(
      teamMembers.filter((m) => m.level === 1),
      () => chargedDirect() >= shape.minChargedDirect,
    );
    chargeUntil(teamMembers, () => chargedTeam() >= shape.minChargedTeam);
  }
  // Every team in registration order of the whole demo (parents stay before their children).
  const order = members.map((m, i) => ({ m, i })).sort((a, b) => a.m.createdAt - b.m.createdAt || a.i - b.i);
  const position = new Map(order.map(({ i }, k) => [i, k]));
  const sorted = order.map(({ m }) =>
    'member' in m.parent ? { ...m, parent: { member: position.get(m.parent.member) as number } } : m,
  );
  return { plannedParents, leaders, members: sorted, deposits: planTeamDeposits(rng, now, sorted) };
}

/** The marker user (index 0) and the two oldest active KYC-approved users registered before the members' span. */
function pickLeaders(people: readonly TeamPlannedUser[], now: number): number[] {
  const others = people
    .map((u, i) => ({ u, i }))
    .filter(
      ({ u, i }) =>
        i !== 0 &&
        !u.isNew &&
        u.isActive &&
        u.kycStatus === 'approved' &&
        u.createdAt < now - MEMBER_SPAN_DAYS * DAY,
    )
    .sort((a, b) => a.u.createdAt - b.u.createdAt)
    .slice(0, LEADER_TEAMS.length - 1)
    .map(({ i }) => i);
  return [0, ...others];
}

/**
 * The planned users' inviters: the leaders and the oldest other user older than the marker user
 * register without a code; the marker user is invited by that user (so that their team page shows
 * an inviter); every
 * other user is top level with probability 0.3, or invited by an older planned user (the leaders
 * more often).
 */
function planPlannedReferrals(
  rng: DemoTeamRandom,
  people: readonly TeamPlannedUser[],
  leaders: readonly number[],
): (number | null)[] {
  const order = people.map((u, i) => ({ u, i })).sort((a, b) => a.u.createdAt - b.u.createdAt);
  const marker = people[0];
  const oldest = order.find(
    ({ u, i }) => i !== 0 && !leaders.includes(i) && marker && u.createdAt < marker.createdAt,
  )?.i;
  const parents: (number | null)[] = people.map(() => null);
  const earlier: number[] = [];
  for (const { i } of order) {
    if (i === 0) {
      parents[i] = oldest ?? null;
    } else if (i !== oldest && !leaders.includes(i) && earlier.length > 0 && !rng.chance(0.3)) {
      parents[i] = rng.weighted(
        earlier.map((e) => [e, e === leaders[0] ? 5 : leaders.includes(e) ? 3 : 1] as const),
      );
    }
    earlier.push(i);
  }
  return parents;
}

function descendantsOf(parents: readonly (number | null)[], root: number): number[] {
  const out: number[] = [];
  const walk = (p: number) => {
    for (const [i, parent] of parents.entries()) {
      if (parent === p) {
        out.push(i);
        walk(i);
      }
    }
  };
  walk(root);
  return out;
}

function planTeamDeposits(rng: DemoTeamRandom, now: number, members: readonly PlannedMember[]) {
  const planned: PlannedTeamDeposit[] = [];
  const deposit = (member: number, status: PlannedTeamDeposit['status'], earliest: number) => {
    const m = members[member] as PlannedMember;
    const from = Math.max(m.createdAt + 10 * MINUTE, now - DEPOSIT_SPAN_DAYS * DAY, earliest);
    const latest = now - (status === 'pending' ? 5 : 40) * MINUTE;
    const earliestAt = status === 'pending' ? Math.max(from, now - 3 * DAY) : from;
    // A member who registered minutes ago deposits between registering and now, never in the future.
    const createdAt =
      earliestAt <= latest
        ? rng.between(earliestAt, latest)
        : rng.between(m.createdAt, Math.max(m.createdAt, now - MINUTE));
    const channel = rng.weighted([
      ['trc20', 6],
      ['alipay', 2],
      ['wechat', 2],
    ] as const);
    const amount =
      channel === 'trc20'
        ? rng.chance(0.6)
          ? `${rng.pick([50, 100, 200, 300, 500, 1000])}`
          : `${rng.int(20, 3000)}.${String(rng.int(0, 99)).padStart(2, '0')}`
        : `${rng.int(1, 30) * 100}`;
    const d: PlannedTeamDeposit = { member, channel, amount, status, createdAt };
    if (channel === 'trc20') d.txHash = rng.chars(HEX, 64);
    else d.remark = `付款人：${m.nickname ?? m.email.split('@')[0]}`;
    if (!d.remark && rng.chance(0.2)) d.remark = rng.pick(DEPOSIT_REMARKS);
    if (status !== 'pending') {
      d.reviewedAt =
        createdAt + Math.max(0, Math.min(rng.int(3, 180) * MINUTE, Math.floor((now - createdAt) * 0.6)));
      if (status === 'rejected') d.note = rng.pick(REJECT_REASONS);
    }
    planned.push(d);
    return d;
  };
  for (const [i, m] of members.entries()) {
    if (!m.charged) continue;
    const first = deposit(i, 'approved', 0);
    // Some charged members came back for more.
    if (rng.chance(0.1)) deposit(i, 'approved', first.reviewedAt ?? first.createdAt);
  }
  const uncharged = members.map((m, i) => ({ m, i })).filter(({ m }) => !m.charged && m.isActive);
  for (let k = 0; k < PENDING_DEPOSITS + REJECTED_DEPOSITS && uncharged.length > 0; k++) {
    const { i } = uncharged.splice(rng.int(0, uncharged.length - 1), 1)[0] as { i: number };
    deposit(i, k < PENDING_DEPOSITS ? 'pending' : 'rejected', 0);
  }
  return planned.sort((a, b) => a.createdAt - b.createdAt);
}

// ---- execution ---------------------------------------------------------------------------------

export interface DemoTeamResult {
  members: number;
  rewards: { calculated: number; distributed: number };
  salary: { dates: string[]; paid: number; unpaid: number };
}

export async function seedDemoTeam(
  db: Db,
  opts: {
    plan: DemoTeamPlan;
    /** The planned users' accounts, by plan index. */
    planned: ReadonlyMap<number, { id: number; inviteCode: string }>;
    passwordHash: string;
    depositService: DepositService;
    depositChannelIds: Record<TeamDepositChannel, number>;
    actor: AuditActor;
    now: number;
    log: (line: string) => void;
  },
): Promise<DemoTeamResult> {
  const { plan, planned, actor, now, log } = opts;
  const plannedAccount = (i: number) => {
    const account = planned.get(i);
    if (!account) throw new Error(`demo user ${i} was not created`);
    return account;
  };

  log(`Creating ${plan.members.length} team members under ${plan.leaders.length} leaders...`);
  const accounts: { id: number; email: string; inviteCode: string }[] = [];
  await db.transaction(async (tx) => {
    for (const m of plan.members) {
      const inviter =
        'planned' in m.parent
          ? plannedAccount(m.parent.planned)
          : (accounts[m.parent.member] as (typeof accounts)[0]);
      const row = await createUser(tx, {
        email: m.email,
        phone: m.phone,
        nickname: m.nickname,
        passwordHash: opts.passwordHash,
        role: 'user',
        isActive: m.isActive,
        // The planned status comes from the member's application and its review (kyc.ts).
        kycStatus: 'none',
        invitedByCode: inviter.inviteCode,
        createdAt: new Date(m.createdAt),
        updatedAt: new Date(m.lastLogin ?? m.createdAt),
        lastLogin: m.lastLogin === null ? null : new Date(m.lastLogin),
      });
      accounts.push({ id: row.id, email: row.email, inviteCode: row.inviteCode });
    }
  });

  log(`Creating ${plan.deposits.length} team members' deposits (approved ones make them charged)...`);
  const backdated: { id: number; createdAt: string; reviewedAt: string | null; approved: boolean }[] = [];
  for (const d of plan.deposits) {
    const account = accounts[d.member] as (typeof accounts)[0];
    const created = await opts.depositService.create(
      { id: account.id, email: account.email },
      createDepositBody.parse({
        channel_id: opts.depositChannelIds[d.channel],
        amount: d.amount,
        tx_hash: d.txHash,
        remark: d.remark,
      }),
    );
    if (d.status !== 'pending') {
      await opts.depositService.review(
        created.id,
        depositReviewBody.parse({ status: d.status, adminNote: d.note }),
        actor,
      );
    }
    backdated.push({
      id: created.id,
      createdAt: new Date(d.createdAt).toISOString(),
      reviewedAt: d.reviewedAt === undefined ? null : new Date(d.reviewedAt).toISOString(),
      approved: d.status === 'approved',
    });
  }
  // Their times, in one statement (not money: the ledger keeps its own).
  await db.execute(sql`
    UPDATE deposits d
       SET created_at = b.created_at, updated_at = coalesce(b.reviewed_at, b.created_at),
           reviewed_at = b.reviewed_at, processed_at = CASE WHEN b.approved THEN b.reviewed_at END
      FROM unnest(${sql.param(backdated.map((b) => b.id))}::bigint[],
                  ${sql.param(backdated.map((b) => b.createdAt))}::timestamptz[],
                  ${sql.param(backdated.map((b) => b.reviewedAt))}::timestamptz[],
                  ${sql.param(backdated.map((b) => b.approved))}::boolean[]) AS b(id, created_at, reviewed_at, approved)
     WHERE d.id = b.id`);
  // The charged trigger stamps the approval's real time: a member became charged when their first
  // (backdated) deposit was approved. Not money: the counters stay as the trigger made them.
  await db.execute(sql`
    UPDATE team_nodes n SET charged_at = d.first_approved
      FROM (SELECT user_id, min(reviewed_at) AS first_approved FROM deposits
             WHERE status = 'approved' GROUP BY user_id) d
     WHERE d.user_id = n.user_id AND n.charged_at IS DISTINCT FROM d.first_approved`);

  log('Calculating team rewards and distributing the first tier...');
  const rewardsService = createRewardsService({ db });
  const calculated = await rewardsService.calculate(actor);
  // The L1 rewards are distributed; the higher tiers wait for an admin (both states on screen).
  const firstTier = await queryRows<{ id: unknown }>(
    db,
    sql`SELECT id FROM team_rewards WHERE status = 'pending' AND tier = 1 ORDER BY id`,
  );
  const distributed =
    firstTier.length > 0
      ? (await rewardsService.distribute({ rewardIds: firstTier.map((r) => parseId(r.id)) }, actor))
          .distributed
      : 0;

  // Salary for the two latest payout dates: everyone eligible on the older one, all but the last
  // eligible user on the latest one (so that the payout screen shows paid and unpaid rows).
  const salaryService = createSalaryService({ db, now: () => new Date(now) });
  const latest = latestPayoutDate(formatDate(now));
  const dates = [previousPayoutDate(latest), latest];
  log(`Paying salaries for ${dates.map(payoutDateKey).join(' and ')}...`);
  let paid = 0;
  let unpaid = 0;
  for (const [k, date] of dates.entries()) {
    const eligible = await salaryService.eligibleUsers({ ...date, page: 1, limit: 100 });
    const ids = eligible.users.map((u) => u.userId);
    const toPay = k === dates.length - 1 && ids.length > 1 ? ids.slice(0, -1) : ids;
    if (toPay.length > 0) {
      const result = await salaryService.batchPay({ ...date, userIds: toPay }, actor);
      paid += result.paidCount;
    }
    unpaid += ids.length - toPay.length;
    // Paid on the payout day in the morning (Beijing), or just now for today's.
    const paidAt = Math.min(
      Date.parse(`${payoutDateKey(date)}T10:00:00+08:00`) + k * 7 * MINUTE,
      now - MINUTE,
    );
    await db
      .update(teamSalaryPayouts)
      .set({ paidAt: new Date(paidAt) })
      .where(eq(teamSalaryPayouts.payoutDate, payoutDateKey(date)));
  }
  return {
    members: accounts.length,
    rewards: { calculated: calculated.newRewards, distributed },
    salary: { dates: dates.map(payoutDateKey), paid, unpaid },
  };
}

/** The payout date before `date` (1, 11, 21 of each month). */
export function previousPayoutDate(date: PayoutDate): PayoutDate {
  if (date.day === 21) return { ...date, day: 11 };
  if (date.day === 11) return { ...date, day: 1 };
  return date.month === 1
    ? { year: date.year - 1, month: 12, day: 21 }
    : { ...date, month: date.month - 1, day: 21 };
}
