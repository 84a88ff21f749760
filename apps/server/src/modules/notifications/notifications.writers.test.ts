import { randomUUID } from 'node:crypto';
import { NOTIFICATION_EVENT, type NotificationEvent, type SalaryLevel } from '@platform/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNoticeKind, type NoticeParams, renderNotice } from '../../i18n/i18n.ts';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { approveKyc, fundUser, insertDepositChannel, insertWithdrawChannel } from '../../test/money.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { kycApplications } from '../kyc/kyc.schema.ts';
import { payloadIn } from '../realtime/realtime.ts';
import { assertLedgerOk } from '../reconciliation/ledger-check.ts';
import { createTeamBuilder } from '../team/rewards/team.test-helpers.ts';
import { createSalaryService } from '../team/salary/salary.service.ts';
import { writeSalaryLevels } from '../team/salary/salary-levels.ts';
import { teamRewards } from '../team/team.schema.ts';
import { createFlashEngine } from '../trading/flash/flash.engine.ts';
import { createPerpetualEngine } from '../trading/perpetual/perpetual.engine.ts';
import { setPrice } from '../trading/perpetual/perpetual.test-helpers.ts';
import { recordTick, testTradingDeps } from '../trading/testing/trading-fixtures.ts';
import { createTimedSettlement } from '../trading/timed/settlement.ts';
import { clockDeps, era, fixedClock, fundedUsers } from '../trading/timed/timed.test-helpers.ts';
import type { TradingDeps } from '../trading/trading-deps.ts';
import { notificationBroadcasts, notifications } from './notifications.schema.ts';

/**
 * Every writer writes exactly one notification per event, in the event's own transaction: a
 * transaction that fails after the notification was written leaves none (a trigger refuses the
 * row written after it: the audit row, the ledger posting), its retry writes one, and a repeat of
 * the event that changes nothing (409) writes none. Pushes go to the owner after the commit.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let actor: AuditActor;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, 'admin');
  actor = { adminId: admin.id, ip: '127.0.0.1', userAgent: 'notifications.writers.test' };
});
afterAll(async () => {
  await assertLedgerOk(db());
  await t?.close();
});

const db = () => t.database.db;

/** The user's notification rows, each with its title and body as a Chinese reader sees them. */
async function noticesOf(userId: number) {
  const rows = await db()
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.id);
  return rows.map((row) =>
    row.kind && isNoticeKind(row.kind)
      ? { ...row, ...renderNotice('zh-CN', row.kind, row.params as NoticeParams) }
      : row,
  );
}

/**
 * Until the returned function runs, every insert into `table` fails: the transaction writing it
 * rolls back with whatever it wrote before.
 */
async function refuseInserts(table: string, when = 'true') {
  await db().execute(
    sql.raw(`CREATE OR REPLACE FUNCTION test_refuse_insert() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'test: insert refused'; END $$ LANGUAGE plpgsql`),
  );
  await db().execute(
    sql.raw(`CREATE TRIGGER test_refuse_insert BEFORE INSERT ON ${table} FOR EACH ROW
      WHEN (${when}) EXECUTE FUNCTION test_refuse_insert()`),
  );
  return async () => {
    await db().execute(sql.raw(`DROP TRIGGER test_refuse_insert ON ${table}`));
  };
}

/** Runs `act` while inserts into `table` fail; it must fail, and leave no notification behind. */
async function failsWithout(userId: number, table: string, act: () => Promise<{ status: number }>) {
  const before = (await noticesOf(userId)).length;
  const restore = await refuseInserts(table);
  try {
    expect((await act()).status).toBe(500);
  } finally {
    await restore();
  }
  expect(await noticesOf(userId)).toHaveLength(before);
}

describe('deposits', () => {
  it('one notification per review, none when the review rolls back, none for a refused repeat', async () => {
    const user = await registerUser(t.app);
    const channel = await insertDepositChannel(db(), { name: 'notify-deposits' });
    const deposit = async (amount: string) => {
      const res = await api<{ deposit: { id: number } }>(t.app, 'POST', '/api/wallet/deposits', {
        token: user.token,
        body: { channel_id: channel.id, amount },
      });
      expect(res.status, res.body.message).toBe(200);
      return res.body.data?.deposit.id as number;
    };
    const review = (id: number, status: string, adminNote?: string) =>
      api(t.app, 'PATCH', `/api/admin/deposits/${id}/review`, {
        token: admin.token,
        body: { status, ...(adminNote ? { adminNote } : {}) },
      });

    const first = await deposit('1234.5');
    await failsWithout(user.user.id, 'audit_logs', () => review(first, 'approved'));
    expect((await review(first, 'approved')).status).toBe(200);
    expect((await review(first, 'approved')).status).toBe(409);
    const second = await deposit('20');
    expect((await review(second, 'rejected', '付款人与账户不符')).status).toBe(200);

    expect(await noticesOf(user.user.id)).toMatchObject([
      {
        type: 'deposit',
        title: '充值已到账',
        body: `充值 #${first} 审核通过，1,234.50 USDT 已存入可用余额`,
        link: '/wallet/history?tab=deposits',
      },
      {
        type: 'deposit',
        title: '充值未通过',
        body: `充值 #${second}（20.00 USDT）未通过审核，原因：付款人与账户不符`,
      },
    ]);
  });
});

describe('withdrawals', () => {
  it('one notification per status change, none when the change rolls back', async () => {
    const user = await registerUser(t.app);
    await approveKyc(db(), user.user.id);
    await fundUser(db(), user.user.id, '1000');
    await insertWithdrawChannel(db(), { name: 'notify-withdrawals' });
    const created = await api<{ withdrawal: { id: number } }>(t.app, 'POST', '/api/wallet/withdrawals', {
      token: user.token,
      headers: { 'Idempotency-Key': randomUUID() },
      body: { withdraw_type: 'usdt', amount: '100', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
    });
    expect(created.status, created.body.message).toBe(200);
    const id = created.body.data?.withdrawal.id as number;
    const setStatus = (status: string, adminNote?: string) =>
      api(t.app, 'PATCH', `/api/admin/withdrawals/${id}/status`, {
        token: admin.token,
        body: { status, ...(adminNote ? { adminNote } : {}) },
      });

    await failsWithout(user.user.id, 'audit_logs', () => setStatus('reviewing'));
    expect((await setStatus('reviewing')).status).toBe(200);
    expect((await setStatus('rejected', '地址无法出款')).status).toBe(200);
    expect((await setStatus('rejected', '重复驳回')).status).toBe(409);

    expect(await noticesOf(user.user.id)).toMatchObject([
      {
        type: 'withdrawal',
        title: '提现审核中',
        body: `提现 #${id}（100.00 USDT，手续费 1.00 USDT）状态变更为「审核中」`,
        link: '/wallet/history?tab=withdrawals',
      },
      {
        type: 'withdrawal',
        title: '提现未通过',
        body: `提现 #${id}（100.00 USDT，手续费 1.00 USDT）未通过审核，冻结的金额和手续费已退回可用余额，原因：地址无法出款`,
      },
    ]);
  });
});

describe('KYC', () => {
  it('one notification per decision, none when the decision rolls back', async () => {
    const apply = async (userId: number, idNumber: string) => {
      const [row] = await db()
        .insert(kycApplications)
        .values({ userId, realName: '张三', idNumber, idFrontFile: 'front.png', idBackFile: 'back.png' })
        .returning();
      return row?.id as number;
    };
    const decide = (id: number, status: string, adminNote?: string) =>
      api(t.app, 'PATCH', `/api/admin/kyc/${id}`, {
        token: admin.token,
        body: { status, ...(adminNote ? { adminNote } : {}) },
      });
    const approved = await registerUser(t.app);
    const rejected = await registerUser(t.app);
    const a = await apply(approved.user.id, '11010519491231002X');
    const r = await apply(rejected.user.id, '110105194912310021');

    await failsWithout(approved.user.id, 'audit_logs', () => decide(a, 'approved'));
    expect((await decide(a, 'approved')).status).toBe(200);
    expect((await decide(a, 'approved')).status).toBe(409);
    expect((await decide(r, 'rejected', '照片不清晰')).status).toBe(200);

    expect(await noticesOf(approved.user.id)).toMatchObject([
      { type: 'kyc', title: '实名认证已通过', body: '您的实名认证已认证，现在可以申请提现', link: '/kyc' },
    ]);
    expect(await noticesOf(rejected.user.id)).toMatchObject([
      {
        type: 'kyc',
        title: '实名认证未通过',
        body: '您的实名认证未通过审核，原因：照片不清晰，请修改后重新提交',
      },
    ]);
  });
});

describe('flash and option settlement', () => {
  it('one notification per contract with outcome, prices and payout; none from a batch that rolls back', async () => {
    const clock = fixedClock(era(40) + 9 * 3_600_000);
    const pushed: { userId: number; event: string; payload: NotificationEvent }[] = [];
    const deps: TradingDeps = {
      ...clockDeps(db(), clock),
      realtime: {
        toUser: (userId, event, payload) => {
          if (event === NOTIFICATION_EVENT)
            pushed.push({ userId, event, payload: payloadIn(payload, 'zh-CN') as NotificationEvent });
        },
        toAdmins() {},
      },
    };
    const [user, other] = await fundedUsers(db(), 2, '100000');
    if (!user || !other) throw new Error('no users');
    const t0 = clock.now();
    for (const [symbol, price] of [
      ['BTCUSDT', '65000.5'],
      ['ETHUSDT', '3000'],
      ['SOLUSDT', '20.123456789'],
      ['BNBUSDT', '600'],
    ] as const) {
      await recordTick(db(), symbol, price, t0 - 500);
    }
    const flash = createFlashEngine(deps);
    const open = async (userId: number, symbol: string, direction: 'up' | 'down', amount: string) =>
      (await flash.placeOrder(userId, { symbol, direction, amount, duration: 60 })).order.id;
    const win = await open(user, 'BTCUSDT', 'up', '1234.56');
    const loss = await open(user, 'ETHUSDT', 'up', '100');
    const draw = await open(user, 'SOLUSDT', 'down', '10');
    const voided = await open(user, 'BNBUSDT', 'up', '33.33');
    const otherWin = await open(other, 'BTCUSDT', 'up', '10');
    // The same settlement serves options: one contract moved to the option product.
    await db().execute(
      sql`UPDATE timed_contracts SET product = 'option', direction = 'call' WHERE order_id = ${loss}`,
    );
    await db().execute(sql`UPDATE trade_orders SET product = 'option', side = 'call' WHERE id = ${loss}`);
    await recordTick(db(), 'BTCUSDT', '65100.25', t0 + 59_000);
    await recordTick(db(), 'ETHUSDT', '2999.99', t0 + 59_500);
    await recordTick(db(), 'SOLUSDT', '20.123456789', t0 + 60_000);

    // Settled and rolled back: nothing written. Then settled: one each. Then again: nothing.
    const failing = createTimedSettlement(deps, {
      beforeCommit: () => {
        throw new Error('simulated crash');
      },
    });
    await expect(failing.settleDueContracts(new Date(t0 + 62_000))).rejects.toThrow('simulated crash');
    expect(await noticesOf(user)).toHaveLength(0);
    expect(pushed).toHaveLength(0);
    const settlement = createTimedSettlement(deps);
    expect((await settlement.settleDueContracts(new Date(t0 + 62_000))).settled).toBe(4);
    expect((await settlement.settleDueContracts(new Date(t0 + 62_000))).settled).toBe(0);
    // The void waits 30 s for a price that never comes.
    expect((await settlement.settleDueContracts(new Date(t0 + 91_000))).outcomes.void).toBe(1);

    const rows = await noticesOf(user);
    const byLink = (orderId: number, product = 'flash', symbol = '') =>
      rows.find((r) => r.link === `/trade/${product}/${symbol}?contract=${orderId}`);
    expect(rows).toHaveLength(4);
    expect(byLink(win, 'flash', 'BTCUSDT')).toMatchObject({
      type: 'flash_settlement',
      title: '秒合约结算：盈利',
      body: 'BTCUSDT 看涨 1,234.56 USDT，开仓价 65,000.50，结算价 65,100.25，结算返还 1,419.74 USDT',
      createdAt: new Date(t0 + 62_000),
    });
    expect(byLink(loss, 'option', 'ETHUSDT')).toMatchObject({
      type: 'option_settlement',
      title: '期权结算：亏损',
      body: 'ETHUSDT 看涨 100.00 USDT，开仓价 3,000.00，结算价 2,999.99，结算返还 0.00 USDT',
    });
    expect(byLink(draw, 'flash', 'SOLUSDT')).toMatchObject({
      title: '秒合约结算：平局',
      body: 'SOLUSDT 看跌 10.00 USDT，开仓价 20.12345679，结算价 20.12345679，结算返还 10.00 USDT',
    });
    expect(byLink(voided, 'flash', 'BNBUSDT')).toMatchObject({
      title: '秒合约结算：无效退款',
      body: 'BNBUSDT 看涨 33.33 USDT，到期后没有取得参考价格，本金 33.33 USDT 已全额退还',
    });
    expect(await noticesOf(other)).toMatchObject([
      { link: `/trade/flash/BTCUSDT?contract=${otherWin}`, title: '秒合约结算：盈利' },
    ]);

    // Pushed after the commit: one event per user and batch, carrying that user's notifications.
    const first = pushed.filter((p) => p.userId === user).flatMap((p) => p.payload.notifications);
    expect(first.map((n) => n.id).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(first.every((n) => n.read === false && n.created_at.endsWith('Z'))).toBe(true);
    expect(pushed.filter((p) => p.userId === other)).toHaveLength(1);
  });
});

describe('perpetual liquidation', () => {
  it('one notification per liquidated position, none when the liquidation rolls back', async () => {
    const user = await registerUser(t.app);
    await fundUser(db(), user.user.id, '10000');
    await setPrice(db(), 'BTCUSDT', '50000');
    const opened = await api<{ order: { id: number }; position: { liquidation_price: string } }>(
      t.app,
      'POST',
      '/api/trading/perpetual/order',
      { token: user.token, body: { symbol: 'BTCUSDT', side: 'long', margin: '100', leverage: 10 } },
    );
    expect(opened.status, opened.body.message).toBe(200);
    const orderId = opened.body.data?.order.id as number;
    const at = await setPrice(db(), 'BTCUSDT', '40000');
    const engine = createPerpetualEngine({ ...testTradingDeps(db(), { now: () => at }) });
    const run =
      (engine as unknown as { checkPositions?: Engine; liquidatePositions?: Engine }).checkPositions ??
      (engine as unknown as { liquidatePositions: Engine }).liquidatePositions;

    const restore = await refuseInserts('ledger_transactions');
    await expect(run(new Date(at))).rejects.toThrow();
    await restore();
    expect(await noticesOf(user.user.id)).toHaveLength(0);
    expect((await run(new Date(at))).liquidated).toBe(1);
    expect((await run(new Date(at))).liquidated).toBe(0);
    expect(await noticesOf(user.user.id)).toMatchObject([
      {
        type: 'perpetual_close',
        title: '永续合约已强平',
        // The mark jumped past the bankruptcy price (45,000 at 10x): the position closed at that price.
        body: `BTCUSDT 做多 仓位 #${orderId}，开仓价 50,000.00，标记价格 40,000.00 触及强平价格，按破产价格 45,000.00 平仓，保证金 100.00 USDT 已全部损失`,
        link: '/trade/perpetual/BTCUSDT',
      },
    ]);
  });
});
type Engine = (now: Date) => Promise<{ liquidated: number }>;

describe('team rewards and salary', () => {
  it('one notification per reward paid, none when the distribution rolls back', async () => {
    const user = await registerUser(t.app);
    const [reward] = await db()
      .insert(teamRewards)
      .values({
        userId: user.user.id,
        tier: 2,
        amount: '88.888',
        currency: 'USDT',
        directCount: 5,
        teamSize: 10,
      })
      .returning();
    const distribute = () =>
      api(t.app, 'POST', '/api/admin/team/rewards/distribute', {
        token: admin.token,
        body: { rewardIds: [reward?.id] },
      });
    await failsWithout(user.user.id, 'audit_logs', distribute);
    expect((await distribute()).status).toBe(200);
    expect((await distribute()).status).toBe(409);
    expect(await noticesOf(user.user.id)).toMatchObject([
      {
        type: 'team_reward',
        title: '团队奖励已发放',
        body: `团队奖励 L2（#${reward?.id}）88.88 USDT 已存入可用余额`,
        link: '/wallet/history?tab=transactions',
      },
    ]);
  });

  it('one notification per salary paid, none when the payout rolls back', async () => {
    const team = await createTeamBuilder(db(), admin.id);
    const { leader } = await team.leader({ direct: 2, team: 3 });
    await db().execute(sql`UPDATE team_nodes SET joined_at = '2024-06-01T09:00:00+08:00',
      charged_at = CASE WHEN charged_at IS NULL THEN NULL ELSE '2024-07-01T09:00:00+08:00'::timestamptz END`);
    const pushed: unknown[][] = [];
    const salary = createSalaryService({
      db: db(),
      now: () => new Date('2025-03-01T12:00:00+08:00'),
      realtime: {
        toAdmins() {},
        toUser: (userId, event, payload) => void pushed.push([userId, event, payloadIn(payload, 'zh-CN')]),
      },
    });
    const levels: SalaryLevel[] = [{ level: 1, direct: 2, team: 3, amount: '30.5' }];
    await writeSalaryLevels(db(), levels, admin.id);
    const date = { year: 2025, month: 3, day: 1 };

    const restore = await refuseInserts('audit_logs');
    await expect(salary.pay(leader.id, date, actor)).rejects.toThrow();
    await restore();
    expect(await noticesOf(leader.id)).toHaveLength(0);
    await salary.pay(leader.id, date, actor);
    await expect(salary.batchPay({ ...date, userIds: [leader.id] }, actor)).resolves.toMatchObject({
      paidCount: 0,
    });
    expect(await noticesOf(leader.id)).toMatchObject([
      {
        type: 'team_salary',
        title: '团队工资已发放',
        body: '2025-03-01 团队工资 L1 30.50 USDT 已存入工资余额',
      },
    ]);
    expect(pushed).toEqual([
      [leader.id, NOTIFICATION_EVENT, { notifications: [expect.objectContaining({ type: 'team_salary' })] }],
    ]);
  });
});

describe('announcements', () => {
  it('one broadcast per publication, none when the publication rolls back, no row per user', async () => {
    const user = await registerUser(t.app);
    const personalBefore = (await db().select({ n: sql<number>`count(*)::int` }).from(notifications))[0]?.n;
    const create = () =>
      api<{ announcement: { id: number } }>(t.app, 'POST', '/api/admin/home/announcements', {
        token: admin.token,
        body: { title: '系统维护', content: '今晚 23:00 至 23:30 系统维护。', is_published: true },
      });
    await failsWithout(user.user.id, 'audit_logs', create);
    expect(await db().select().from(notificationBroadcasts)).toHaveLength(0);
    const created = await create();
    expect(created.status, created.body.message).toBe(200);
    expect(await db().select().from(notificationBroadcasts)).toMatchObject([
      { type: 'announcement', title: '系统维护', body: '今晚 23:00 至 23:30 系统维护。', link: null },
    ]);
    const personalAfter = (await db().select({ n: sql<number>`count(*)::int` }).from(notifications))[0]?.n;
    expect(personalAfter).toBe(personalBefore);
  });
});
