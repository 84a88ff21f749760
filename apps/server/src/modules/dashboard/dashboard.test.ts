import type { AdminDashboard, WalletOverview } from '@platform/contracts';
import { startOfBeijingDay } from '@platform/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client.ts';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { deposits } from '../deposits/deposits.schema.ts';
import { kycApplications } from '../kyc/kyc.schema.ts';
import { type PostTransactionRequest, postTransaction } from '../ledger/ledger.service.ts';
import { assertLedgerOk } from '../ledger/verify.ts';
import { counterMismatches } from '../reconciliation/counter-check.ts';
import { recordTick } from '../trading/testing/trading-fixtures.ts';
import { users } from '../users/users.schema.ts';
import { withdrawals } from '../withdrawals/withdrawals.schema.ts';
import { assetDistribution, recentActivities, referencePrices } from './dashboard.service.ts';

let t: TestApp;
let adminToken: string;
let userToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await createAdmin(t, 'admin')).token;
  userToken = (await registerUser(t.app)).token;
});
afterAll(() => t.close());

const fixed = (value: string) => {
  const [integer, fraction = ''] = value.split('.');
  return `${integer}.${fraction.padEnd(18, '0')}`;
};

const post = (req: PostTransactionRequest) => t.database.db.transaction((tx: Tx) => postTransaction(tx, req));

describe('admin dashboard and wallet overview: access', () => {
  for (const url of ['/api/admin/dashboard', '/api/admin/wallet/overview']) {
    it(`${url}: 401 without a token, 403 for a normal user`, async () => {
      const anonymous = await api(t.app, 'GET', url);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.success).toBe(false);
      const user = await api(t.app, 'GET', url, { token: userToken });
      expect(user.status).toBe(403);
      expect(user.body.message).toBe('权限不足，需要管理员权限');
    });
  }
});

describe('admin dashboard and wallet overview: numbers', () => {
  it('are zero on a platform with no money', async () => {
    const dash = await api<AdminDashboard>(t.app, 'GET', '/api/admin/dashboard', { token: adminToken });
    expect(dash.status).toBe(200);
    expect(dash.body.data).toEqual({
      // The user of beforeAll; the admin is not a user.
      userStats: { totalUsers: 1, newUsersToday: 1, kycApprovedUsers: 0 },
      financialStats: {
        totalDeposits: fixed('0'),
        pendingDeposits: 0,
        totalWithdrawals: fixed('0'),
        pendingWithdrawals: 0,
      },
      pendingTasks: { pendingKyc: 0, pendingDeposits: 0, pendingWithdrawals: 0 },
      secondApprovals: { deposits: 0, withdrawals: 0, payouts: 0, adjustments: 0 },
      nearThreshold: [],
    });
    const overview = await api<WalletOverview>(t.app, 'GET', '/api/admin/wallet/overview', {
      token: adminToken,
    });
    expect(overview.status).toBe(200);
    expect(overview.body.data).toEqual({
      userStats: { totalUsers: 1, activeUsers: 1, depositedUsers: 0 },
      totalAssets: fixed('0'),
      totalDeposits: fixed('0'),
      totalWithdrawals: fixed('0'),
      pendingDeposits: 0,
      pendingWithdrawals: 0,
      pendingKyc: 0,
      todayVolume: fixed('0'),
      assetDistribution: [],
      recentActivities: [],
    });
  });

  it('match seeded data, with today cut at 00:00 Beijing time', async () => {
    const db = t.database.db;
    // Today starts at 00:00 Asia/Shanghai; a row one millisecond earlier belongs to yesterday.
    const today = startOfBeijingDay(new Date()) as Date;
    const yesterday = new Date(today.getTime() - 1);
    const at = (seconds: number) => new Date(today.getTime() + seconds * 1000);

    const [u1, u2, u3, u4] = await Promise.all([1, 2, 3, 4].map(() => registerUser(t.app)));
    if (!u1 || !u2 || !u3 || !u4) throw new Error('registration failed');
    const id = (u: typeof u1) => u.user.id;
    await db
      .update(users)
      .set({ kycStatus: 'approved' })
      .where(eq(users.id, id(u1)));
    await db
      .update(users)
      .set({ kycStatus: 'pending' })
      .where(inArray(users.id, [id(u2), id(u3)]));
    // Pending KYC is the review queue: u2 and u3 have applications waiting (the status alone is not work).
    await db.insert(kycApplications).values(
      [u2, u3].map((u, k) => ({
        userId: id(u),
        realName: '张三',
        idNumber: ['11010519491231002X', '110101199003074477'][k] as string,
        idFrontFile: 'front.png',
        idBackFile: 'back.png',
      })),
    );
    await db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.id, id(u4)));
    // u4 registered yesterday, Beijing time.
    await db
      .update(users)
      .set({ createdAt: yesterday })
      .where(eq(users.id, id(u4)));

    const deposit = (
      user: typeof u1,
      amount: string,
      status: 'pending' | 'approved' | 'rejected',
      createdAt: Date,
      currency = 'USDT',
    ) => ({
      userId: id(user),
      channelName: `${currency}-TRC20`,
      currency,
      amount,
      status,
      createdAt,
      // Approved when requested: today's amount counts approvals of today.
      ...(status === 'pending' ? {} : { reviewedAt: createdAt }),
      ...(status === 'approved' ? { processedAt: createdAt } : {}),
    });
    await db
      .insert(deposits)
      .values([
        deposit(u1, '100', 'approved', at(1)),
        deposit(u1, '50', 'approved', yesterday),
        deposit(u2, '30', 'pending', at(2)),
        deposit(u3, '20', 'rejected', at(3)),
        deposit(u2, '1', 'approved', at(4), 'BTC'),
        deposit(u4, '7', 'approved', at(-86_400)),
      ]);

    const withdrawal = (
      user: typeof u1,
      amount: string,
      status: 'pending' | 'reviewing' | 'approved' | 'rejected' | 'completed',
      createdAt: Date,
    ) => ({
      userId: id(user),
      channelName: 'USDT',
      withdrawType: 'usdt' as const,
      currency: 'USDT',
      amount,
      fee: '0',
      feeRate: '0',
      address: 'TXYZ',
      status,
      createdAt,
      // Paid out when requested: today's amount counts payouts of today.
      ...(status === 'completed' ? { completedAt: createdAt } : {}),
    });
    await db
      .insert(withdrawals)
      .values([
        withdrawal(u1, '40', 'completed', at(5)),
        withdrawal(u1, '10', 'completed', yesterday),
        withdrawal(u2, '5', 'pending', at(6)),
        withdrawal(u3, '6', 'reviewing', at(7)),
        withdrawal(u3, '7', 'approved', at(8)),
        withdrawal(u2, '8', 'rejected', at(9)),
      ]);

    // Balances: u1 200 USDT (170 available + 30 frozen), u2 50.5 USDT, u3 0.5 BTC, u4 99 USDT of
    // salary (not an asset on hand). Today's volume is tested with orders in wallet-overview.test.ts.
    const credit = (key: string, userId: number, currency: string, amount: string) =>
      post({
        idempotencyKey: key,
        kind: 'deposit',
        postings: [
          { account: { system: 'external_deposits' }, currency, amount: `-${amount}` },
          { account: { userId, bucket: 'available' }, currency, amount },
        ],
      });
    await credit('t:1', id(u1), 'USDT', '200');
    await credit('t:2', id(u2), 'USDT', '50.5');
    await credit('t:3', id(u3), 'BTC', '0.5');
    await post({
      idempotencyKey: 't:freeze',
      kind: 'withdrawal_freeze',
      postings: [
        { account: { userId: id(u1), bucket: 'available' }, currency: 'USDT', amount: '-30' },
        { account: { userId: id(u1), bucket: 'frozen' }, currency: 'USDT', amount: '30' },
      ],
    });
    await post({
      idempotencyKey: 't:salary',
      kind: 'salary',
      postings: [
        { account: { system: 'salaries' }, currency: 'USDT', amount: '-99' },
        { account: { userId: id(u4), bucket: 'salary' }, currency: 'USDT', amount: '99' },
      ],
    });
    // The postings above are fixtures with no business rows behind them (the freeze is not the
    // withdrawals' amounts): the journal's own invariants only.
    await assertLedgerOk(db);

    const dash = await api<AdminDashboard>(t.app, 'GET', '/api/admin/dashboard', { token: adminToken });
    expect(dash.status).toBe(200);
    expect(dash.body.message).toBe('获取统计数据成功');
    expect(dash.body.data).toEqual({
      // The user of beforeAll, u1..u4 (the admin is not a user); u4 registered yesterday.
      userStats: { totalUsers: 5, newUsersToday: 4, kycApprovedUsers: 1 },
      financialStats: {
        // Approved USDT deposits of all time (100 + 50 + 7; the BTC one is not USDT).
        totalDeposits: fixed('157'),
        pendingDeposits: 1,
        // Completed USDT withdrawals of all time.
        totalWithdrawals: fixed('50'),
        // pending + reviewing
        pendingWithdrawals: 2,
      },
      pendingTasks: { pendingKyc: 2, pendingDeposits: 1, pendingWithdrawals: 2 },
      secondApprovals: { deposits: 0, withdrawals: 0, payouts: 0, adjustments: 0 },
      nearThreshold: [],
    });

    await recordTick(db, 'BTCUSDT', '100', Date.now());
    const overview = await api<WalletOverview>(t.app, 'GET', '/api/admin/wallet/overview', {
      token: adminToken,
    });
    expect(overview.status).toBe(200);
    const data = overview.body.data as WalletOverview;
    // u4 is disabled.
    expect(data.userStats).toEqual({ totalUsers: 5, activeUsers: 4, depositedUsers: 3 });
    // 250.5 USDT and 0.5 BTC at 100 USDT: every holding valued in USDT.
    expect(data.totalAssets).toBe(fixed('300.5'));
    expect(data.totalDeposits).toBe(fixed('100'));
    expect(data.totalWithdrawals).toBe(fixed('40'));
    expect(data.pendingDeposits).toBe(1);
    expect(data.pendingWithdrawals).toBe(2);
    expect(data.pendingKyc).toBe(2);
    // No order today.
    expect(data.todayVolume).toBe(fixed('0'));
    // 250.5 USDT and 0.5 BTC at 100 USDT (50 USDT), valued in USDT.
    expect(data.assetDistribution).toEqual([
      {
        name: 'USDT',
        currency: 'USDT',
        currencies: ['USDT'],
        amount: fixed('250.5'),
        price: '1',
        value: fixed('250.5'),
        percentage: '83.4',
        color: '#26a17b',
      },
      {
        name: 'BTC',
        currency: 'BTC',
        currencies: ['BTC'],
        amount: fixed('0.5'),
        price: '100',
        value: fixed('50'),
        percentage: '16.6',
        color: '#f7931a',
      },
    ]);

    // Latest ten of the twelve deposits and withdrawals, newest first.
    const activities = data.recentActivities;
    expect(activities).toHaveLength(10);
    expect(activities.map((a) => a.created_at)).toEqual(
      [...activities.map((a) => a.created_at)].sort().reverse(),
    );
    expect(activities[0]).toEqual({
      id: expect.stringMatching(/^withdrawal:\d+$/),
      type: 'withdrawal',
      description: '提现 · USDT',
      created_at: at(9).toISOString(),
      amount: fixed('8'),
      currency: 'USDT',
      user_email: u2.email,
      status: 'rejected',
    });
    expect(activities.find((a) => a.created_at === at(2).toISOString())).toMatchObject({
      type: 'deposit',
      description: '充值 · USDT-TRC20',
      status: 'pending',
      amount: fixed('30'),
      user_email: u2.email,
    });
    // The two oldest (the day-old deposit and yesterday's first row) are left out.
    expect(activities.some((a) => a.created_at === at(-86_400).toISOString())).toBe(false);
  });
});

describe('总用户数, 今日新增 and 活跃用户 count users, never admins', () => {
  it('stay right as admins are created and disabled and a user becomes an admin and back', async () => {
    const fresh = await createTestApp();
    try {
      const db = fresh.database.db;
      const root = await createAdmin(fresh, 'super_admin');
      const counts = async () => {
        const dash = await api<AdminDashboard>(fresh.app, 'GET', '/api/admin/dashboard', {
          token: root.token,
        });
        const wallet = await api<WalletOverview>(fresh.app, 'GET', '/api/admin/wallet/overview', {
          token: root.token,
        });
        const { totalUsers, newUsersToday } = (dash.body.data as AdminDashboard).userStats;
        const { activeUsers } = (wallet.body.data as WalletOverview).userStats;
        expect((wallet.body.data as WalletOverview).userStats.totalUsers).toBe(totalUsers);
        return { totalUsers, newUsersToday, activeUsers };
      };
      expect(await counts()).toEqual({ totalUsers: 0, newUsersToday: 0, activeUsers: 0 });

      const [alice, bob] = [await registerUser(fresh.app), await registerUser(fresh.app)];
      const other = await createAdmin(fresh, 'admin');
      expect(await counts()).toEqual({ totalUsers: 2, newUsersToday: 2, activeUsers: 2 });

      // A disabled admin and a disabled user: only the user leaves 活跃用户.
      await db.update(users).set({ isActive: false }).where(eq(users.id, other.id));
      await db
        .update(users)
        .set({ isActive: false })
        .where(eq(users.id, bob?.user.id as number));
      expect(await counts()).toEqual({ totalUsers: 2, newUsersToday: 2, activeUsers: 1 });

      // Alice becomes an admin: no longer a user, today or in total.
      await db
        .update(users)
        .set({ role: 'admin', adminLevel: 'admin' })
        .where(eq(users.id, alice?.user.id as number));
      expect(await counts()).toEqual({ totalUsers: 1, newUsersToday: 1, activeUsers: 0 });
      // And back: a user again.
      await db
        .update(users)
        .set({ role: 'user', adminLevel: null })
        .where(eq(users.id, alice?.user.id as number));
      expect(await counts()).toEqual({ totalUsers: 2, newUsersToday: 2, activeUsers: 1 });

      // The running totals agree with the rows.
      expect(await counterMismatches(db)).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});

describe('wallet overview shaping', () => {
  it('values each currency at its price, gathers values past the third into 其他 and colours each row', () => {
    const prices = new Map([
      ['USDT', '1'],
      ['ETH', '2'],
      ['BTC', '1'],
      ['DOGE', '0.5'],
      ['TRX', '0.25'],
    ]);
    const rows = assetDistribution(
      [
        { currency: 'USDT', amount: '600' },
        { currency: 'ETH', amount: '50' },
        { currency: 'BTC', amount: '200' },
        { currency: 'DOGE', amount: '120' },
        { currency: 'TRX', amount: '160' },
        { currency: 'XRP', amount: '0' },
        { currency: 'SOL', amount: '3' },
      ],
      prices,
    );
    // Valued 600 + 200 + 100 + 60 + 40 = 1000; SOL has no price: listed, not valued, no share.
    expect(rows.map((r) => [r.name, r.currency, r.amount, r.value, r.percentage, r.color])).toEqual([
      ['USDT', 'USDT', fixed('600'), fixed('600'), '60.0', '#26a17b'],
      ['BTC', 'BTC', fixed('200'), fixed('200'), '20.0', '#f7931a'],
      ['ETH', 'ETH', fixed('50'), fixed('100'), '10.0', '#627eea'],
      ['其他', null, null, fixed('100'), '10.0', '#8c8c8c'],
      ['SOL', 'SOL', fixed('3'), null, null, '#1677ff'],
    ]);
    expect(rows[3]?.currencies).toEqual(['DOGE', 'TRX']);
    expect(assetDistribution([{ currency: 'USDT', amount: '0' }], prices)).toEqual([]);
    // Without prices for others, USDT alone holds the whole share.
    expect(
      assetDistribution(
        [
          { currency: 'SOL', amount: '1' },
          { currency: 'USDT', amount: '3' },
        ],
        new Map([['USDT', '1']]),
      ).map((r) => [r.name, r.value, r.percentage, r.color]),
    ).toEqual([
      ['USDT', fixed('3'), '100.0', '#26a17b'],
      ['SOL', null, null, '#1677ff'],
    ]);
  });

  it('asks the reference price of <currency>USDT, and leaves out what fails or does not answer in time', async () => {
    const asked: string[] = [];
    const prices = await referencePrices(
      {
        current: async (symbol) => {
          asked.push(symbol);
          if (symbol === 'BTCUSDT') return { price: '95000.5' };
          if (symbol === 'ETHUSDT') return new Promise(() => {});
          throw new Error('行情暂不可用');
        },
      },
      ['USDT', 'BTC', 'ETH', 'XYZ', 'BTC'],
    );
    expect(asked.sort()).toEqual(['BTCUSDT', 'ETHUSDT', 'XYZUSDT']);
    expect(Object.fromEntries(prices)).toEqual({ USDT: '1', BTC: '95000.5' });
    expect(Object.fromEntries(await referencePrices(undefined, ['BTC']))).toEqual({ USDT: '1' });
  }, 10_000);

  it('merges activities newest first and keeps ten', () => {
    const rows = Array.from({ length: 12 }, (_, i) => ({
      type: i % 2 ? ('deposit' as const) : ('withdrawal' as const),
      id: i + 1,
      status: 'pending',
      amount: '1',
      currency: 'USDT',
      detail: i % 2 ? 'Bank' : 'alipay',
      createdAt: new Date(Date.UTC(2024, 0, 1, 0, 0, i)),
      userEmail: 'a@example.com',
    }));
    const merged = recentActivities(rows);
    expect(merged).toHaveLength(10);
    expect(merged[0]).toMatchObject({ id: 'deposit:12', description: '充值 · Bank', status: 'pending' });
    expect(merged[1]).toMatchObject({ id: 'withdrawal:11', description: '提现 · 支付宝', status: 'pending' });
    expect(merged.at(-1)?.id).toBe('withdrawal:3');
  });
});

describe('the dashboard in English (Accept-Language: en, issue 38)', () => {
  it('answers the statistics and the wallet overview in English; activities name the kind in English', async () => {
    const headers = { 'accept-language': 'en' };
    const stats = await api(t.app, 'GET', '/api/admin/dashboard', { token: adminToken, headers });
    expect(stats.body.message).toBe('Statistics loaded');
    const overview = await api(t.app, 'GET', '/api/admin/wallet/overview', { token: adminToken, headers });
    expect(overview.body.message).toBe('Wallet overview loaded');
    const row = { status: 'pending', amount: '1', currency: 'USDT', userEmail: 'a@example.com' };
    const merged = recentActivities(
      [
        { ...row, type: 'deposit', id: 2, detail: 'Bank', createdAt: new Date(Date.UTC(2024, 0, 2)) },
        { ...row, type: 'withdrawal', id: 1, detail: 'alipay', createdAt: new Date(Date.UTC(2024, 0, 1)) },
      ],
      'en',
    );
    expect(merged.map((a) => a.description)).toEqual(['Deposit · Bank', 'Withdrawal · Alipay']);
  });
});
