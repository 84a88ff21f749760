/**
 * `npm run demo`: fills the configured database (DATA_DIR's PGlite, or DATABASE_URL) with demo
 * data for a newcomer: users, admins, channels, deposits and withdrawals in every status, trades,
 * and a referral tree with team rewards and salaries in every state (team.ts).
 *
 * Everything that touches money goes through the real services (deposit approval credits, the
 * withdrawal freeze, completion and rejection are their ledger postings, with their audit rows), so
 * every balance is the sum of its journal entries and the ledger verifier passes. Every account with
 * a KYC status has a real application with generated ID images, submitted and reviewed through the
 * KYC service (kyc.ts), so the review queue and the pending counts agree. The only direct writes are
 * what is not money: dates, the backdating of created_at and review times so that the history
 * spreads over the last 30 days, and the KYC status `reviewing`.
 *
 * Idempotent: when the marker user exists it says so and adds nothing. A fixed random seed makes the
 * 40 users' data, the admins, channels and home content the same on every run (their dates relative
 * to the moment it runs); the team members' history follows the day boundaries of that moment and
 * the trades follow the simulated market (its secret and the moment). The README's table says which
 * counts are fixed, and seed.test.ts holds it to them.
 */

import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createDepositBody,
  createWithdrawalBody,
  DEFAULT_CURRENCY,
  type DepositChannelInput,
  type DepositStatus,
  depositChannelBody,
  depositReviewBody,
  type PayeeAccountBody,
  PLATFORM_NAME,
  type WithdrawalStatus,
  type WithdrawMethod,
  withdrawalStatusBody,
  withdrawChannelBody,
} from '@platform/contracts';
import { trc20AddressOf } from '@platform/domain';
import { asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { loadConfig } from '../core/config.ts';
import { Decimal } from '../core/money.ts';
import { type Db, openDatabase } from '../db/client.ts';
import { parseCount, queryRows } from '../db/rows.ts';
import { createUser } from '../modules/accounts/create-user.ts';
import { installAuditChainKey, loadAuditChainKey } from '../modules/audit/audit.key.ts';
import type { AuditActor } from '../modules/audit/audit.service.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { createTwoFactorService } from '../modules/auth/two-factor/two-factor.service.ts';
import { ensureSuperAdmin } from '../modules/bootstrap/super-admin.ts';
import { createChangesService } from '../modules/changes/changes.service.ts';
import { depositChannels, withdrawChannels } from '../modules/channels/channels.schema.ts';
import { createChannelsService } from '../modules/channels/channels.service.ts';
import { createQrCodeStore } from '../modules/channels/qrcode-store.ts';
import { deposits } from '../modules/deposits/deposits.schema.ts';
import { createDepositService } from '../modules/deposits/deposits.service.ts';
import type { SimSecret } from '../modules/market-data/providers/sim-path.ts';
import { loadSimSecret } from '../modules/market-data/providers/sim-secret.ts';
import { silentRealtime } from '../modules/realtime/realtime.ts';
import { type LedgerVerification, verifyLedger } from '../modules/reconciliation/ledger-check.ts';
import { users } from '../modules/users/users.schema.ts';
import { findUserByEmail } from '../modules/users/users.ts';
import { withdrawals } from '../modules/withdrawals/withdrawals.schema.ts';
import { createWithdrawalService } from '../modules/withdrawals/withdrawals.service.ts';
import { seedDemoHome } from './home.ts';
import { planDemoKyc, seedDemoKyc } from './kyc.ts';
import { type DemoTeamResult, planDemoTeam, seedDemoTeam } from './team.ts';
import { backDatingRefusal, type DemoMarket, seedDemoTrading } from './trading.ts';

/** Its presence means the demo data is already there. */
export const DEMO_MARKER_EMAIL = 'demo-user-01@example.com';
/** The password of every demo user and demo admin (not of the super admin). */
export const DEMO_PASSWORD = 'demo123456';
export const DEMO_ADMIN_EMAILS = ['demo-admin-01@example.com', 'demo-admin-02@example.com'] as const;
/**
 * The demo's second super admin (issue 32: thresholds and admin accounts need a second super admin),
 * unless ADMIN2_EMAIL / ADMIN2_PASSWORD name another. Created with the first at the first start only.
 */
export const DEMO_SUPER_ADMIN2 = { email: 'demo-super-02@example.com', password: DEMO_PASSWORD } as const;
const SEED = 20_240_601;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// ---- a deterministic random source (mulberry32) -------------------------------------------------

function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  return {
    int,
    pick,
    chance: (p: number) => next() < p,
    /** A moment between `from` and `to` (epoch ms). */
    between: (from: number, to: number) => from + Math.floor(next() * Math.max(0, to - from)),
    chars: (alphabet: string, length: number) =>
      Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''),
    weighted<T>(choices: readonly (readonly [T, number])[]): T {
      const total = choices.reduce((sum, [, w]) => sum + w, 0);
      let roll = next() * total;
      for (const [value, weight] of choices) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return pick(choices)[0];
    },
    shuffle<T>(items: readonly T[]): T[] {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy;
    },
  };
}
type Random = ReturnType<typeof createRandom>;

const HEX = '0123456789abcdef';
/** A valid TRC20 address (base58check, version 0x41) of 20 random bytes: withdrawals check them. */
const tronAddress = (rng: Random) => trc20AddressOf(Uint8Array.from({ length: 20 }, () => rng.int(0, 255)));

// ---- the catalogue -----------------------------------------------------------------------------

const NAMES: readonly (readonly [string, string])[] = [
  ['张伟', 'zhangwei'],
  ['王芳', 'wangfang'],
  ['李娜', 'lina'],
  ['刘洋', 'liuyang'],
  ['陈静', 'chenjing'],
  ['杨磊', 'yanglei'],
  ['赵敏', 'zhaomin'],
  ['黄强', 'huangqiang'],
  ['周杰', 'zhoujie'],
  ['吴婷', 'wuting'],
  ['徐明', 'xuming'],
  ['孙丽', 'sunli'],
  ['马超', 'machao'],
  ['朱琳', 'zhulin'],
  ['胡军', 'hujun'],
  ['郭涛', 'guotao'],
  ['何欣', 'hexin'],
  ['高峰', 'gaofeng'],
  ['林晓', 'linxiao'],
  ['罗斌', 'luobin'],
  ['郑爽', 'zhengshuang'],
  ['梁宇', 'liangyu'],
  ['谢婷婷', 'xietingting'],
  ['宋佳', 'songjia'],
  ['唐亮', 'tangliang'],
  ['许晴', 'xuqing'],
  ['韩雪', 'hanxue'],
  ['冯刚', 'fenggang'],
  ['邓辉', 'denghui'],
  ['曹阳', 'caoyang'],
  ['彭丽', 'pengli'],
  ['曾强', 'zengqiang'],
  ['肖雨', 'xiaoyu'],
  ['田野', 'tianye'],
  ['董琪', 'dongqi'],
  ['袁浩', 'yuanhao'],
  ['潘越', 'panyue'],
  ['蒋楠', 'jiangnan'],
  ['蔡文', 'caiwen'],
  ['杜鹏', 'dupeng'],
];
/** The last few registered this week (two of them today) and have no money history yet. */
const NEW_USERS = 5;
const KYC_MIX = { approved: 22, none: 7, pending: 5, reviewing: 2, rejected: 4 } as const;
type KycStatus = keyof typeof KYC_MIX;
const DISABLED_USERS = 4;

const PHONE_PREFIXES = ['138', '139', '135', '150', '151', '158', '186', '187', '177', '199'];

type DepositChannelKey = 'trc20' | 'erc20' | 'alipay' | 'wechat' | 'bank';
const DEPOSIT_CHANNEL_WEIGHTS: readonly (readonly [DepositChannelKey, number])[] = [
  ['trc20', 45],
  ['erc20', 15],
  ['alipay', 20],
  ['wechat', 15],
  ['bank', 20],
];
/** The bank channel was used until two weeks ago and then switched off. */
const BANK_RETIRED_DAYS_AGO = 15;

const DEPOSIT_MIX: Record<Exclude<DepositStatus, 'processing'>, number> = {
  approved: 42,
  rejected: 12,
  pending: 26,
};
const DEPOSIT_REJECT_REASONS = [
  '未查询到该笔转账，请核对后重新提交',
  '交易哈希无效',
  '到账金额与申请金额不符',
  '重复提交的充值申请',
  '付款人姓名与实名信息不一致',
];
const DEPOSIT_APPROVE_NOTES = ['已到账', '链上确认完成', '核对无误'];
const DEPOSIT_REMARKS = ['第一次充值，请尽快审核', '已转账，请查收', '转账时已备注邮箱', '急用，麻烦快点'];

const WITHDRAWAL_MIX: Record<WithdrawalStatus, number> = {
  pending: 7,
  reviewing: 5,
  approved: 5,
  processing: 5,
  completed: 12,
  rejected: 6,
};
const WITHDRAW_TYPE_WEIGHTS: readonly (readonly [WithdrawMethod, number])[] = [
  ['usdt', 50],
  ['alipay', 30],
  ['wechat', 20],
];
const WITHDRAW_REJECT_REASONS = [
  '收款账户信息有误，请核对后重新提交',
  '风控审核未通过',
  '提现地址格式错误',
  '账户存在异常交易，暂停提现',
];
const MAX_WITHDRAWALS_PER_USER = 4;
const WITHDRAW_REMARKS = ['请尽快处理，谢谢', '急用', '本月第二次提现'];

// ---- the plan (pure: the same every run) -------------------------------------------------------

interface PlannedUser {
  email: string;
  nickname: string;
  pinyin: string;
  phone: string | null;
  kycStatus: KycStatus;
  isActive: boolean;
  createdAt: number;
  lastLogin: number | null;
  isNew: boolean;
}

interface PlannedDeposit {
  user: number;
  channel: DepositChannelKey;
  amount: string;
  txHash?: string;
  remark?: string;
  status: Exclude<DepositStatus, 'processing'>;
  note?: string;
  createdAt: number;
  reviewedAt?: number;
}

interface PlannedWithdrawal {
  user: number;
  type: WithdrawMethod;
  /** The request as a client would send it (without the channel, known only once it exists). */
  body: {
    withdraw_type: WithdrawMethod;
    amount: string;
    address?: string;
    account_info?: PayeeAccountBody;
    user_remark?: string;
  };
  /** The statuses it is walked through after the request, each with its note and moment. */
  steps: { status: WithdrawalStatus; note?: string; at: number }[];
  createdAt: number;
}

function planUsers(rng: Random, now: number): PlannedUser[] {
  const kyc = rng.shuffle(
    (Object.entries(KYC_MIX) as [KycStatus, number][]).flatMap(([status, n]) =>
      Array.from({ length: n }, () => status),
    ),
  );
  // The marker user (the documented demo login) is KYC approved, active and has money history.
  const approvedAt = kyc.indexOf('approved');
  [kyc[0], kyc[approvedAt]] = ['approved', kyc[0] as KycStatus];
  const disabled = new Set(
    rng
      .shuffle(Array.from({ length: NAMES.length - NEW_USERS - 1 }, (_, i) => i + 1))
      .slice(0, DISABLED_USERS),
  );
  const phones = new Set<string>();
  return NAMES.map(([nickname, pinyin], i) => {
    const isNew = i >= NAMES.length - NEW_USERS;
    const createdAt = isNew
      ? i >= NAMES.length - 2
        ? rng.between(startOfBeijingDay(now), now - 10 * MINUTE)
        : now - rng.int(1, 6) * DAY - rng.int(0, 23) * HOUR
      : now - rng.int(31, 80) * DAY - rng.int(0, 23) * HOUR - rng.int(0, 59) * MINUTE;
    let phone: string | null = null;
    if (i === 0 || rng.chance(0.85)) {
      do phone = `${rng.pick(PHONE_PREFIXES)}${rng.chars('0123456789', 8)}`;
      while (phones.has(phone));
      phones.add(phone);
    }
    const isActive = !disabled.has(i);
    return {
      email: i === 0 ? DEMO_MARKER_EMAIL : `${pinyin}${rng.int(1975, 2003)}@example.com`,
      nickname,
      pinyin,
      phone,
      kycStatus: isNew ? rng.pick(['none', 'none', 'pending'] as const) : (kyc[i] as KycStatus),
      isActive,
      createdAt,
      lastLogin: isActive && rng.chance(0.8) ? rng.between(Math.max(createdAt, now - 10 * DAY), now) : null,
      isNew,
    };
  });
}

function planDeposits(rng: Random, now: number, people: PlannedUser[]): PlannedDeposit[] {
  const old = people.map((u, i) => ({ u, i })).filter(({ u }) => !u.isNew);
  const weightOf = ({ u }: { u: PlannedUser }) => (u.kycStatus === 'approved' && u.isActive ? 4 : 1);
  const pendingOf = new Map<number, number>();
  const todayStart = startOfBeijingDay(now);
  const planned: PlannedDeposit[] = [];
  const statuses = (Object.entries(DEPOSIT_MIX) as [PlannedDeposit['status'], number][]).flatMap(([s, n]) =>
    Array.from({ length: n }, () => s),
  );
  let approvedSoFar = 0;
  let pendingSoFar = 0;
  for (const status of statuses) {
    let createdAt: number;
    if (status === 'pending') createdAt = now - rng.int(5, 72 * 60) * MINUTE;
    else if (status === 'approved' && approvedSoFar < 4 && now - 2 * HOUR > todayStart)
      createdAt = rng.between(todayStart, now - 2 * HOUR); // a few approved today, for today's totals
    else createdAt = now - rng.int(3 * 60, 30 * 24 * 60) * MINUTE;

    let user: number;
    if ((status === 'approved' && approvedSoFar < 3) || (status === 'pending' && pendingSoFar === 0))
      user = 0;
    else {
      const candidates = old.filter((c) => status !== 'pending' || (pendingOf.get(c.i) ?? 0) < 3);
      user = rng.weighted(candidates.map((c) => [c.i, weightOf(c)] as const));
    }
    if (status === 'pending') {
      pendingOf.set(user, (pendingOf.get(user) ?? 0) + 1);
      pendingSoFar++;
    }
    if (status === 'approved') approvedSoFar++;

    const bankOpen = createdAt < now - BANK_RETIRED_DAYS_AGO * DAY;
    const channel = rng.weighted(DEPOSIT_CHANNEL_WEIGHTS.filter(([key]) => bankOpen || key !== 'bank'));
    const amount =
      channel === 'trc20' || channel === 'erc20'
        ? rng.chance(0.6)
          ? `${rng.int(1, 100) * (channel === 'erc20' ? 200 : 50)}`
          : `${rng.int(channel === 'erc20' ? 50 : 20, 9999)}.${String(rng.int(0, 99)).padStart(2, '0')}`
        : channel === 'bank'
          ? `${rng.int(5, 200) * 100}`
          : `${rng.int(1, 50) * 100}`;
    const deposit: PlannedDeposit = { user, channel, amount, status, createdAt };
    if (channel === 'trc20') deposit.txHash = rng.chars(HEX, 64);
    if (channel === 'erc20') deposit.txHash = `0x${rng.chars(HEX, 64)}`;
    const nickname = people[user]?.nickname ?? '';
    if (channel === 'alipay' || channel === 'wechat') deposit.remark = `付款人：${nickname}`;
    else if (rng.chance(0.25)) deposit.remark = rng.pick(DEPOSIT_REMARKS);
    if (status !== 'pending') {
      deposit.reviewedAt = createdAt + fitBefore(now, createdAt, rng.int(3, 8 * 60) * MINUTE);
      if (status === 'rejected') deposit.note = rng.pick(DEPOSIT_REJECT_REASONS);
      else if (rng.chance(0.3)) deposit.note = rng.pick(DEPOSIT_APPROVE_NOTES);
    }
    planned.push(deposit);
  }
  return planned.sort((a, b) => a.createdAt - b.createdAt);
}

interface WithdrawChannelPlan {
  name: string;
  feeRate: string;
  min: string;
  max: string;
  description: string;
}

function planWithdrawals(
  rng: Random,
  now: number,
  people: PlannedUser[],
  plannedDeposits: PlannedDeposit[],
  channels: Record<WithdrawMethod, WithdrawChannelPlan>,
): PlannedWithdrawal[] {
  const eligible = people
    .map((u, i) => ({ u, i }))
    .filter(({ u }) => !u.isNew && u.isActive && u.kycStatus === 'approved');
  const statuses = rng.shuffle(
    (Object.entries(WITHDRAWAL_MIX) as [WithdrawalStatus, number][]).flatMap(([s, n]) =>
      Array.from({ length: n }, () => s),
    ),
  );
  const times = statuses.map((status) =>
    status === 'completed' || status === 'rejected'
      ? now - rng.int(6 * 60, 26 * 24 * 60) * MINUTE
      : now - rng.int(10, 48 * 60) * MINUTE,
  );
  const order = statuses.map((status, k) => ({ status, at: times[k] as number })).sort((a, b) => a.at - b.at);

  /** What a user had received before `at`, less the totals of their earlier requests (refunds ignored). */
  const spent = new Map<number, Decimal>();
  const availableAt = (user: number, at: number) =>
    plannedDeposits
      .filter((d) => d.user === user && d.status === 'approved' && (d.reviewedAt ?? Infinity) < at)
      .reduce((sum, d) => sum.plus(d.amount), new Decimal(0))
      .minus(spent.get(user) ?? 0);

  const requests = new Map<number, number>();
  let rejectVariant = 0;
  const planned: PlannedWithdrawal[] = [];
  for (const { status, at: requestedAt } of order) {
    let at = requestedAt;
    const type = rng.weighted(WITHDRAW_TYPE_WEIGHTS);
    const channel = channels[type];
    const floor = new Decimal(channel.min).times(2);
    const canAfford = (c: { i: number }) =>
      (requests.get(c.i) ?? 0) < MAX_WITHDRAWALS_PER_USER && availableAt(c.i, at).gte(floor);
    let candidates = eligible.filter(canAfford);
    while (candidates.length === 0 && at < now - 30 * MINUTE) {
      at = Math.min(at + DAY, now - 30 * MINUTE);
      candidates = eligible.filter(canAfford);
    }
    if (candidates.length === 0) throw new Error('demo plan: no user can afford a withdrawal');
    const user = candidates.some((c) => c.i === 0) && rng.chance(0.2) ? 0 : rng.pick(candidates).i;
    const person = people[user] as PlannedUser;

    const share = new Decimal(rng.int(15, 60)).div(100);
    const rate = new Decimal(channel.feeRate);
    let amount = availableAt(user, at).times(share).div(rate.plus(1)).div(10).floor().times(10);
    if (amount.lt(channel.min)) amount = new Decimal(channel.min);
    if (amount.gt(channel.max)) amount = new Decimal(channel.max);
    const fee = amount.times(rate).toDecimalPlaces(8, Decimal.ROUND_UP);
    spent.set(user, (spent.get(user) ?? new Decimal(0)).plus(amount).plus(fee));
    requests.set(user, (requests.get(user) ?? 0) + 1);

    const body: PlannedWithdrawal['body'] = { withdraw_type: type, amount: amount.toFixed() };
    if (type === 'usdt') body.address = tronAddress(rng);
    else {
      body.account_info = {
        account:
          type === 'alipay'
            ? (person.phone ?? person.email)
            : `wxid_${rng.chars('abcdefghijkmnpqrstuvwxyz0123456789', 10)}`,
        name: person.nickname,
        phone: person.phone,
      };
    }
    if (rng.chance(0.2)) body.user_remark = rng.pick(WITHDRAW_REMARKS);

    const route: WithdrawalStatus[] = [];
    const viaReview = rng.chance(0.5);
    switch (status) {
      case 'pending':
        break;
      case 'reviewing':
        route.push('reviewing');
        break;
      case 'approved':
        route.push(...(viaReview ? (['reviewing', 'approved'] as const) : (['approved'] as const)));
        break;
      case 'processing':
        route.push(...(viaReview ? (['reviewing'] as const) : []), 'approved', 'processing');
        break;
      case 'completed':
        route.push(...(viaReview ? (['reviewing'] as const) : []), 'approved', 'processing', 'completed');
        break;
      case 'rejected': {
        const from = (['pending', 'reviewing', 'pending', 'approved', 'reviewing', 'processing'] as const)[
          rejectVariant++ % 6
        ];
        if (from === 'reviewing') route.push('reviewing');
        if (from === 'approved') route.push('approved');
        if (from === 'processing') route.push('approved', 'processing');
        route.push('rejected');
        break;
      }
    }
    let stepAt = at;
    const steps = route.map((to) => {
      stepAt += fitBefore(now, stepAt, rng.int(5, to === 'completed' ? 240 : 90) * MINUTE);
      const note =
        to === 'rejected'
          ? rng.pick(WITHDRAW_REJECT_REASONS)
          : to === 'completed'
            ? type === 'usdt'
              ? '链上已转出'
              : '已打款'
            : to === 'processing'
              ? '打款中'
              : to === 'reviewing'
                ? '核实收款信息'
                : undefined;
      return { status: to, at: stepAt, ...(note ? { note } : {}) };
    });
    planned.push({ user, type, body, steps, createdAt: at });
  }
  return planned.sort((a, b) => a.createdAt - b.createdAt);
}

function planChannels(rng: Random) {
  const deposit: Record<DepositChannelKey, DepositChannelInput> = {
    trc20: {
      name: 'USDT-TRC20',
      type: 'crypto',
      currency: DEFAULT_CURRENCY,
      address: tronAddress(rng),
      min_amount: '10',
      max_amount: '100000',
      description: '波场网络，约1分钟到账，请勿充值USDT以外的资产',
    },
    erc20: {
      name: 'USDT-ERC20',
      type: 'crypto',
      currency: DEFAULT_CURRENCY,
      address: `0x${rng.chars(HEX, 40)}`,
      min_amount: '50',
      max_amount: '100000',
      description: '以太坊网络，网络手续费较高，建议大额使用',
    },
    alipay: {
      name: '支付宝',
      type: 'alipay',
      currency: DEFAULT_CURRENCY,
      address: '收款人：示例科技有限公司　账号：pay-demo@example.com',
      min_amount: '100',
      max_amount: '50000',
      description: '转账时请备注注册邮箱，按1:1折算USDT',
    },
    wechat: {
      name: '微信',
      type: 'wechat',
      currency: DEFAULT_CURRENCY,
      address: '收款人：陈经理　微信号：demo_pay_service',
      min_amount: '100',
      max_amount: '20000',
      description: '添加客服微信后转账',
    },
    bank: {
      name: '银行卡转账',
      type: 'bank',
      currency: DEFAULT_CURRENCY,
      address: '示例银行 6222 0000 0000 0000　收款人：王经理',
      min_amount: '500',
      max_amount: '200000',
      description: '已暂停，请使用其他渠道',
    },
  };
  const withdraw: Record<WithdrawMethod, WithdrawChannelPlan> = {
    usdt: {
      name: 'USDT-TRC20',
      feeRate: '0.01',
      min: '20',
      max: '50000',
      description: '链上转账，1-30分钟到账',
    },
    alipay: {
      name: '支付宝',
      feeRate: '0.005',
      min: '100',
      max: '20000',
      description: '工作时间2小时内到账',
    },
    wechat: { name: '微信', feeRate: '0.005', min: '100', max: '10000', description: '工作时间2小时内到账' },
  };
  return { deposit, withdraw };
}

/**
 * Everything the seed will write, decided before the first write: the same on every run for the
 * same `now` (the dates are relative to it).
 */
export function planDemo(now: number) {
  const rng = createRandom(SEED);
  const people = planUsers(rng, now);
  const channels = planChannels(rng);
  const deposits = planDeposits(rng, now, people);
  const withdrawals = planWithdrawals(rng, now, people, deposits, channels.withdraw);
  // The referral tree has its own random source, so that it leaves the plan above as it was.
  const approved = new Set(deposits.filter((d) => d.status === 'approved').map((d) => d.user));
  const team = planDemoTeam(createRandom(SEED + 2), now, people, approved);
  // The identity applications too (their own source, for the same reason).
  const kyc = planDemoKyc(createRandom(SEED + 3), now, people, team.members);
  return { people, channels, deposits, withdrawals, team, kyc };
}

/** `delay`, shortened when needed so that `from + delay` stays in the past (recent rows get quick reviews). */
function fitBefore(now: number, from: number, delay: number) {
  return Math.max(0, Math.min(delay, Math.floor((now - from) * 0.6)));
}

/** Midnight in Asia/Shanghai (UTC+8, no daylight saving) of the day containing `now`. */
function startOfBeijingDay(now: number) {
  return now - ((now + 8 * HOUR) % DAY);
}

// ---- execution ---------------------------------------------------------------------------------

export interface SeedOptions {
  /** The super admin to make sure of (as ADMIN_EMAIL / ADMIN_PASSWORD at the first start). */
  adminEmail?: string;
  adminPassword?: string;
  /** The second super admin (ADMIN2_EMAIL / ADMIN2_PASSWORD; DEMO_SUPER_ADMIN2 when unset). */
  admin2Email?: string;
  admin2Password?: string;
  /** Where the channels service would store QR uploads (the seed uploads none). */
  qrCodeDir: string;
  /** The KYC document store the server reads (DATA_DIR/uploads/kyc): the applications' images. */
  kycDocumentDir: string;
  /** The carousel image store the server reads (DATA_DIR/uploads/carousel): the home banners. */
  carouselDir: string;
  /** Progress lines. */
  log?: (line: string) => void;
  now?: Date;
  /** The market simulator's secret (loadSimSecret), so that demo trades continue the server's market. */
  marketSecret?: SimSecret;
  /**
   * The server's index (PRICE_SOURCES and INDEX_*; default the three simulated venues). With a real
   * venue among them the demo places no trades: it cannot know their past prices.
   */
  market?: DemoMarket;
}

export interface SeedCounts {
  users: number;
  disabledUsers: number;
  kyc: Record<string, number>;
  /** KYC applications per status (the review queue's tabs). */
  kycApplications: Record<string, number>;
  admins: number;
  depositChannels: { active: number; inactive: number };
  withdrawChannels: number;
  deposits: Record<string, number>;
  withdrawals: Record<string, number>;
  /** Orders per product (spot, flash, perpetual, option). */
  trades: Record<string, number>;
  /** Published home content: carousel slides and announcements. */
  home: { carousel: number; announcements: number };
  team: {
    /** Accounts registered with an invite code, and the deepest level (L = depth + 1). */
    invited: number;
    maxLevel: number;
    inviters: number;
    /** Accounts whose deposit was approved (they count for their inviters' tiers and salary). */
    charged: number;
    rewards: Record<string, number>;
    salaryPayouts: number;
  };
}

export interface SeedResult {
  /** True when the marker user already existed and nothing was added. */
  alreadyPresent: boolean;
  superAdmin: { email: string; created: boolean; generatedPassword?: string };
  /** The second super admin when this run's bootstrap created it. */
  secondSuperAdmin?: { email: string; created: true };
  counts: SeedCounts;
  ledger: LedgerVerification;
  /** What this run did for the team programme (absent when the data was already there). */
  team?: DemoTeamResult;
}

export async function seedDemoData(db: Db, opts: SeedOptions): Promise<SeedResult> {
  const log = opts.log ?? (() => {});
  const second =
    opts.admin2Email && opts.admin2Password
      ? { email: opts.admin2Email, password: opts.admin2Password }
      : { ...DEMO_SUPER_ADMIN2 };
  const bootstrap = await ensureSuperAdmin(db, {
    email: opts.adminEmail,
    password: opts.adminPassword,
    second,
  });
  const [superAdmin] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.adminLevel, 'super_admin'))
    .orderBy(asc(users.id))
    .limit(1);
  if (!superAdmin) throw new Error('no super admin after the bootstrap');
  const superAdminInfo = {
    email: superAdmin.email,
    created: bootstrap.created,
    ...(bootstrap.generatedPassword ? { generatedPassword: bootstrap.generatedPassword } : {}),
  };
  const secondSuperAdmin = bootstrap.secondEmail
    ? { secondSuperAdmin: { email: bootstrap.secondEmail, created: true as const } }
    : {};

  if (await findUserByEmail(db, DEMO_MARKER_EMAIL)) {
    return {
      alreadyPresent: true,
      superAdmin: superAdminInfo,
      ...secondSuperAdmin,
      counts: await countDemo(db),
      ledger: await verifyLedger(db),
    };
  }

  const now = (opts.now ?? new Date()).getTime();
  const plan = planDemo(now);
  const actor: AuditActor = { adminId: superAdmin.id, ip: '127.0.0.1', userAgent: 'npm run demo' };
  // Channel changes are proposals (docs/pending-changes.md): the super admin proposes, the first
  // demo admin approves (proposeAndApprove below).
  const changesService = createChangesService({ db });
  const channelsService = createChannelsService({
    db,
    qrCodes: createQrCodeStore(opts.qrCodeDir),
    changes: changesService,
  });
  const depositService = createDepositService({ db, realtime: silentRealtime });
  // Demo users have no 2FA: the service is there because every withdrawal passes through it.
  const twoFactor = createTwoFactorService({ db, issuer: PLATFORM_NAME });
  const withdrawalService = createWithdrawalService({ db, realtime: silentRealtime, twoFactor });

  // Users and admins: one transaction, so that the marker exists only with all of them.
  log('Creating 40 users and 2 admins...');
  const people = plan.people;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const userIds = new Map<number, number>();
  const accounts = new Map<number, { id: number; inviteCode: string }>();
  let kycReviewerId: number | undefined;
  await db.transaction(async (tx) => {
    const byRegistration = people.map((u, i) => ({ u, i })).sort((a, b) => a.u.createdAt - b.u.createdAt);
    const adminsAt = now - 90 * DAY;
    for (const [k, email] of DEMO_ADMIN_EMAILS.entries()) {
      const admin = await createUser(tx, {
        email,
        nickname: k === 0 ? '运营-小李' : '财务-小周',
        passwordHash,
        role: 'admin',
        adminLevel: 'admin',
        kycStatus: 'none',
        createdAt: new Date(adminsAt + k * HOUR),
        updatedAt: new Date(adminsAt + k * HOUR),
        // Admins for 90 days: their approvals count toward dual control from 24 h after creation
        // (pending changes, and the second approvals of the deposits and withdrawals above the
        // thresholds below); the column's default, now + 24 h, would refuse them today.
        approverSince: new Date(adminsAt + k * HOUR + DAY),
        lastLogin: new Date(now - (k + 1) * 5 * HOUR),
      });
      if (k === 0) kycReviewerId = admin.id;
    }
    for (const { u, i } of byRegistration) {
      // The inviter registered earlier, so their code exists (createUser places the user under them).
      const inviter = plan.team.plannedParents[i];
      const invitedByCode =
        inviter === null || inviter === undefined ? null : accounts.get(inviter)?.inviteCode;
      if (invitedByCode === undefined)
        throw new Error(`demo user ${i}'s inviter ${inviter} is not created yet`);
      const row = await createUser(tx, {
        email: u.email,
        phone: u.phone,
        nickname: u.nickname,
        passwordHash,
        role: 'user',
        isActive: u.isActive,
        // Their planned status comes from their application and its review (below).
        kycStatus: 'none',
        createdAt: new Date(u.createdAt),
        updatedAt: new Date(u.lastLogin ?? u.createdAt),
        lastLogin: u.lastLogin === null ? null : new Date(u.lastLogin),
        invitedByCode,
      });
      userIds.set(i, row.id);
      accounts.set(i, { id: row.id, inviteCode: row.inviteCode });
    }
  });
  const idOf = (i: number) => {
    const id = userIds.get(i);
    if (id === undefined) throw new Error(`demo user ${i} was not created`);
    return id;
  };

  if (kycReviewerId === undefined) throw new Error('the demo admins were not created');
  const kycReviewer: AuditActor = { adminId: kycReviewerId, ip: '127.0.0.1', userAgent: 'npm run demo' };
  const plannedKyc = plan.kyc.filter((a) => 'planned' in a.owner);
  log(`Submitting and reviewing ${plannedKyc.length} identity applications (generated ID images)...`);
  await seedDemoKyc(db, {
    applications: plannedKyc,
    userIdOf: (owner) => {
      if (!('planned' in owner)) throw new Error('a team member’s application among the planned users’');
      return idOf(owner.planned);
    },
    documentsDir: opts.kycDocumentDir,
    reviewer: kycReviewer,
  });

  log('Creating deposit and withdrawal channels (proposed and approved)...');
  /** The channel an approved create just inserted: the highest id (the demo runs alone). */
  const newestChannelId = async (table: typeof depositChannels | typeof withdrawChannels) => {
    const [row] = await db.select({ id: table.id }).from(table).orderBy(desc(table.id)).limit(1);
    if (!row) throw new Error('an approved channel was not created');
    return row.id;
  };
  const channelsAt = new Date(now - 40 * DAY);
  const depositChannelIds = {} as Record<DepositChannelKey, number>;
  for (const [key, input] of Object.entries(plan.channels.deposit) as [
    DepositChannelKey,
    DepositChannelInput,
  ][]) {
    const change = await channelsService.proposeDepositChannel(actor, depositChannelBody.parse(input));
    await changesService.approve(change.id, kycReviewer);
    depositChannelIds[key] = await newestChannelId(depositChannels);
  }
  const withdrawChannelIds = {} as Record<WithdrawMethod, number>;
  for (const [type, c] of Object.entries(plan.channels.withdraw) as [WithdrawMethod, WithdrawChannelPlan][]) {
    const change = await channelsService.proposeWithdrawChannel(
      actor,
      withdrawChannelBody.parse({
        name: c.name,
        type,
        currency: DEFAULT_CURRENCY,
        min_amount: c.min,
        max_amount: c.max,
        fee_rate: c.feeRate,
        description: c.description,
      }),
    );
    await changesService.approve(change.id, kycReviewer);
    withdrawChannelIds[type] = await newestChannelId(withdrawChannels);
  }
  await db.update(depositChannels).set({ createdAt: channelsAt, updatedAt: channelsAt });
  await db.update(withdrawChannels).set({ createdAt: channelsAt, updatedAt: channelsAt });

  const plannedDeposits = plan.deposits;
  log(`Creating ${plannedDeposits.length} deposits and reviewing them...`);
  for (const d of plannedDeposits) {
    const created = await depositService.create(
      { id: idOf(d.user), email: plan.people[d.user]?.email ?? '' },
      createDepositBody.parse({
        channel_id: depositChannelIds[d.channel],
        amount: d.amount,
        tx_hash: d.txHash,
        remark: d.remark,
      }),
    );
    if (d.status !== 'pending') {
      const review = depositReviewBody.parse({ status: d.status, adminNote: d.note });
      const reviewed = await depositService.review(created.id, review, actor);
      // Dual control: at or above the deposit threshold the first approval leaves it 待复核 and
      // a second admin completes it.
      if (reviewed.status !== d.status) await depositService.review(created.id, review, kycReviewer);
    }
    const reviewedAt = d.reviewedAt === undefined ? null : new Date(d.reviewedAt);
    await db
      .update(deposits)
      .set({
        createdAt: new Date(d.createdAt),
        updatedAt: reviewedAt ?? new Date(d.createdAt),
        reviewedAt,
        processedAt: d.status === 'approved' ? reviewedAt : null,
      })
      .where(eq(deposits.id, created.id));
  }
  const bankOff = await channelsService.proposeDepositChannelUpdate(actor, depositChannelIds.bank, {
    status: 'inactive',
  });
  await changesService.approve(bankOff.id, kycReviewer);

  const plannedWithdrawals = plan.withdrawals;
  log(`Creating ${plannedWithdrawals.length} withdrawals and walking them through their statuses...`);
  for (const w of plannedWithdrawals) {
    const created = await withdrawalService.create(
      idOf(w.user),
      createWithdrawalBody.parse({ ...w.body, channel_id: withdrawChannelIds[w.type] }),
    );
    for (const step of w.steps) {
      // 已出款 of a USDT withdrawal names its payout: a made-up hash, the same on every run.
      const txHash =
        step.status === 'completed' && w.type === 'usdt'
          ? createHash('sha256').update(`demo-payout:${created.id}`).digest('hex')
          : undefined;
      const move = withdrawalStatusBody.parse({ status: step.status, adminNote: step.note, tx_hash: txHash });
      const moved = await withdrawalService.transition(created.id, move, actor);
      // Dual control: a large approval needs a second admin, as for deposits.
      if (moved.status !== step.status) await withdrawalService.transition(created.id, move, kycReviewer);
    }
    const last = w.steps.at(-1);
    await db
      .update(withdrawals)
      .set({
        createdAt: new Date(w.createdAt),
        updatedAt: new Date(last?.at ?? w.createdAt),
        completedAt: last?.status === 'completed' ? new Date(last.at) : null,
      })
      .where(eq(withdrawals.id, created.id));
  }

  const noHistory = opts.market ? backDatingRefusal(opts.market) : null;
  if (noHistory) log(`No trades: ${noHistory}.`);
  else log('Trading for the last 3 days on the simulated market...');
  const funded = await queryRows<{ user_id: unknown }>(
    db,
    sql`SELECT user_id FROM ledger_accounts
        WHERE user_id IS NOT NULL AND bucket = 'available' AND currency = 'USDT' AND balance >= 500
        ORDER BY user_id`,
  );
  const trading = await seedDemoTrading(db, {
    traders: funded.map((r) => Number(r.user_id)),
    now,
    days: 3,
    random: createRandom(SEED + 1),
    marketSecret: opts.marketSecret ?? 'demo-market',
    market: opts.market,
  });
  if (!noHistory)
    log(`  ${trading.refused} orders were refused as a real user's would be (balance, limits, levels).`);

  const team = await seedDemoTeam(db, {
    plan: plan.team,
    planned: accounts,
    passwordHash,
    depositService,
    depositChannelIds,
    actor,
    now,
    log,
  });

  const memberKyc = plan.kyc.filter((a) => 'member' in a.owner);
  log(`Submitting and reviewing the team members' ${memberKyc.length} identity applications...`);
  const memberIds = new Map(
    (
      await queryRows<{ id: unknown; email: unknown }>(
        db,
        sql`SELECT id::text AS id, email FROM users WHERE email IN (${sql.join(
          plan.team.members.map((m) => sql`${m.email}`),
          sql`, `,
        )})`,
      )
    ).map((r) => [String(r.email), Number(r.id)]),
  );
  await seedDemoKyc(db, {
    applications: memberKyc,
    userIdOf: (owner) => {
      const email = 'member' in owner ? plan.team.members[owner.member]?.email : undefined;
      const id = email === undefined ? undefined : memberIds.get(email);
      if (id === undefined) throw new Error(`demo team member ${JSON.stringify(owner)} was not created`);
      return id;
    },
    documentsDir: opts.kycDocumentDir,
    reviewer: kycReviewer,
  });

  log('Publishing the home page: carousel banners and announcements...');
  await seedDemoHome(db, { imagesDir: opts.carouselDir, actor });

  log('Verifying the ledger...');
  return {
    alreadyPresent: false,
    superAdmin: superAdminInfo,
    ...secondSuperAdmin,
    counts: await countDemo(db),
    ledger: await verifyLedger(db),
    team,
  };
}

async function countDemo(db: Db): Promise<SeedCounts> {
  const byKey = async (query: SQL) =>
    Object.fromEntries(
      (await queryRows<{ k: unknown; n: unknown }>(db, query)).map((r) => [String(r.k), parseCount(r.n)]),
    );
  const userStats = await byKey(sql`SELECT k, n FROM (
      SELECT 'users' AS k, count(*)::int AS n FROM users WHERE role = 'user'
      UNION ALL SELECT 'disabled', count(*)::int FROM users WHERE role = 'user' AND NOT is_active
      UNION ALL SELECT 'admins', count(*)::int FROM users WHERE role = 'admin'
      UNION ALL SELECT 'deposit_channels.' || status, count(*)::int FROM deposit_channels GROUP BY status
      UNION ALL SELECT 'withdraw_channels', count(*)::int FROM withdraw_channels
      UNION ALL SELECT 'carousel', count(*)::int FROM carousel_items WHERE is_published
      UNION ALL SELECT 'announcements', count(*)::int FROM announcements WHERE is_published) x`);
  const team = await byKey(sql`SELECT k, n FROM (
      SELECT 'invited' AS k, count(*)::int AS n FROM team_nodes WHERE parent_id IS NOT NULL
      UNION ALL SELECT 'max_level', coalesce(max(depth) + 1, 0)::int FROM team_nodes
      UNION ALL SELECT 'inviters', count(*)::int FROM team_nodes WHERE direct_count > 0
      UNION ALL SELECT 'charged', count(*)::int FROM team_nodes WHERE charged_at IS NOT NULL
      UNION ALL SELECT 'salary_payouts', count(*)::int FROM team_salary_payouts) x`);
  return {
    users: userStats.users ?? 0,
    disabledUsers: userStats.disabled ?? 0,
    kyc: await byKey(
      sql`SELECT kyc_status AS k, count(*)::int AS n FROM users WHERE role = 'user' GROUP BY kyc_status`,
    ),
    kycApplications: await byKey(
      sql`SELECT status AS k, count(*)::int AS n FROM kyc_applications GROUP BY status`,
    ),
    admins: userStats.admins ?? 0,
    depositChannels: {
      active: userStats['deposit_channels.active'] ?? 0,
      inactive: userStats['deposit_channels.inactive'] ?? 0,
    },
    withdrawChannels: userStats.withdraw_channels ?? 0,
    deposits: await byKey(sql`SELECT status AS k, count(*)::int AS n FROM deposits GROUP BY status`),
    withdrawals: await byKey(sql`SELECT status AS k, count(*)::int AS n FROM withdrawals GROUP BY status`),
    trades: await byKey(sql`SELECT product AS k, count(*)::int AS n FROM trade_orders GROUP BY product`),
    home: { carousel: userStats.carousel ?? 0, announcements: userStats.announcements ?? 0 },
    team: {
      invited: team.invited ?? 0,
      maxLevel: team.max_level ?? 0,
      inviters: team.inviters ?? 0,
      charged: team.charged ?? 0,
      rewards: await byKey(sql`SELECT status AS k, count(*)::int AS n FROM team_rewards GROUP BY status`),
      salaryPayouts: team.salary_payouts ?? 0,
    },
  };
}

// ---- the command -------------------------------------------------------------------------------

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
const breakdown = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');

/** The last line of `npm run demo`: where to go next, on the configured port. */
export const readyLine = (port: number) =>
  `demo data ready; start with npm start and open http://localhost:${port}/ (admin: /admin)`;

function report(result: SeedResult, where: string, adminPasswordFromEnv: boolean, port: number): string {
  const { counts, ledger, superAdmin } = result;
  const lines = [''];
  lines.push(
    result.alreadyPresent
      ? `  Demo data already present in ${where} (${DEMO_MARKER_EMAIL} exists): nothing added.`
      : `  Demo data created in ${where}.`,
  );
  lines.push(
    `  Users: ${counts.users} (${counts.disabledUsers} disabled; KYC ${breakdown(counts.kyc)}), admins: ${counts.admins} (super admins included)`,
    `  KYC applications: ${total(counts.kycApplications)} (${breakdown(counts.kycApplications)})`,
    `  Channels: ${counts.depositChannels.active + counts.depositChannels.inactive} deposit (${counts.depositChannels.inactive} inactive), ${counts.withdrawChannels} withdrawal`,
    `  Deposits: ${total(counts.deposits)} (${breakdown(counts.deposits)})`,
    `  Withdrawals: ${total(counts.withdrawals)} (${breakdown(counts.withdrawals)})`,
    `  Orders: ${total(counts.trades)} (${breakdown(counts.trades)})`,
    `  Home page: ${counts.home.carousel} carousel banners, ${counts.home.announcements} announcements`,
    `  Team: ${counts.team.invited} invited users, ${counts.team.inviters} inviters, ${counts.team.maxLevel} levels, ${counts.team.charged} charged; ` +
      `rewards ${total(counts.team.rewards)} (${breakdown(counts.team.rewards)}), salary payouts ${counts.team.salaryPayouts}`,
    `  Ledger: ${ledger.checked.accounts} accounts, ${ledger.checked.transactions} transactions, ${ledger.checked.entries} entries: ` +
      (ledger.ok ? 'OK, every invariant holds' : `FAILED (${ledger.problems.length} problems)`),
  );
  for (const problem of ledger.problems) lines.push(`    - ${problem}`);
  lines.push('', '  Logins:');
  const superPassword = superAdmin.generatedPassword
    ? `generated password (shown once, change it after logging in): ${superAdmin.generatedPassword}`
    : superAdmin.created && adminPasswordFromEnv
      ? 'password: the ADMIN_PASSWORD you set'
      : 'password: the one set when it was created';
  lines.push(
    `    super admin  ${superAdmin.email}  ${superPassword}`,
    ...(result.secondSuperAdmin
      ? [
          `    super admin  ${result.secondSuperAdmin.email}  password: ${
            result.secondSuperAdmin.email === DEMO_SUPER_ADMIN2.email
              ? DEMO_PASSWORD
              : 'the ADMIN2_PASSWORD you set'
          } (approves the first one's changes)`,
        ]
      : []),
    `    admins       ${DEMO_ADMIN_EMAILS.join(', ')}  password: ${DEMO_PASSWORD}`,
    `    demo user    ${DEMO_MARKER_EMAIL} (and every other demo user)  password: ${DEMO_PASSWORD}`,
    '',
    readyLine(port),
    '',
  );
  return lines.join('\n');
}

async function main(): Promise<number> {
  const config = loadConfig();
  const where = config.DATABASE_URL
    ? 'PostgreSQL (DATABASE_URL)'
    : `the embedded database in ${path.resolve(config.DATA_DIR)}`;
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSize: 4,
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`npm run demo could not open the database: ${message}\n`);
    if (/in use by process/.test(message)) {
      process.stderr.write(
        'Stop the running platform first (Ctrl+C where `npm start` runs), then run `npm run demo` again.\n',
      );
    }
    return 2;
  }
  try {
    // The demo's audit rows are sealed with the key the server runs with (DATA_DIR or AUDIT_CHAIN_KEY).
    installAuditChainKey(loadAuditChainKey(config));
    const result = await seedDemoData(database.db, {
      adminEmail: config.ADMIN_EMAIL,
      adminPassword: config.ADMIN_PASSWORD,
      admin2Email: config.ADMIN2_EMAIL,
      admin2Password: config.ADMIN2_PASSWORD,
      qrCodeDir: path.join(config.DATA_DIR, 'uploads', 'qrcodes'),
      kycDocumentDir: path.join(config.DATA_DIR, 'uploads', 'kyc'),
      carouselDir: path.join(config.DATA_DIR, 'uploads', 'carousel'),
      marketSecret: loadSimSecret(config),
      market: {
        sources: config.PRICE_SOURCES,
        rules: {
          maxAgeMs: config.INDEX_SOURCE_MAX_AGE_MS,
          maxDeviation: config.INDEX_MAX_DEVIATION,
          minSources: config.indexMinSources,
        },
      },
      log: (line) => process.stdout.write(`${line}\n`),
    });
    process.stdout.write(report(result, where, Boolean(config.ADMIN_PASSWORD), config.PORT));
    return result.ledger.ok ? 0 : 1;
  } catch (err) {
    process.stderr.write(
      `npm run demo failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n` +
        'The database may now hold part of the demo data: use a fresh DATA_DIR (or database) and run it again.\n',
    );
    return 1;
  } finally {
    await database.close().catch(() => {});
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  void main().then((code) => {
    process.exitCode = code;
  });
}
