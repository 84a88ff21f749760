import { randomUUID } from 'node:crypto';
import type { TradeOrder, TradingStats, WalletOverview } from '@platform/contracts';
import { startOfBeijingDay } from '@platform/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalFromDb, formatFixed, sumDecimals } from '../../core/money.ts';
import type { Tx } from '../../db/client.ts';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import {
  approveKyc,
  fundUser,
  insertDepositChannel,
  insertWithdrawChannel,
  withdrawalStatusChange,
} from '../../test/money.ts';
import { deposits } from '../deposits/deposits.schema.ts';
import { type PostTransactionRequest, postTransaction } from '../ledger/ledger.service.ts';
import { setPrice } from '../trading/perpetual/perpetual.test-helpers.ts';
import { recordTick } from '../trading/testing/trading-fixtures.ts';
import { tradeOrders } from '../trading/trading.schema.ts';
import { withdrawals } from '../withdrawals/withdrawals.schema.ts';

/**
 * The wallet overview (issue 16): 今日充值 / 今日提现 are what was approved / paid out today, the asset
 * distribution values every currency in USDT at its reference price, recent activities carry their status,
 * 今日交易量 is 交易概览's figure (issue 33).
 */

let t: TestApp;
let admin: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, 'admin');
});
afterAll(() => t.close());

const overview = async () => {
  const res = await api<WalletOverview>(t.app, 'GET', '/api/admin/wallet/overview', { token: admin.token });
  expect(res.status).toBe(200);
  return res.body.data as WalletOverview;
};

const fixed = (value: string) => {
  const [integer, fraction = ''] = value.split('.');
  return `${integer}.${fraction.padEnd(18, '0')}`;
};

describe('今日充值 and 今日提现', () => {
  it('count deposits approved and withdrawals completed today (Beijing day), whenever they were requested', async () => {
    const db = t.database.db;
    const channel = await insertDepositChannel(db);
    await insertWithdrawChannel(db, { feeRate: '0' });
    const user = await registerUser(t.app);
    await approveKyc(db, user.user.id);
    const yesterday = new Date((startOfBeijingDay(new Date()) as Date).getTime() - 3_600_000);
    const deposit = async (amount: string) =>
      (
        await api<{ deposit: { id: number } }>(t.app, 'POST', '/api/wallet/deposits', {
          token: user.token,
          body: { channel_id: channel.id, amount },
        })
      ).body.data?.deposit.id as number;
    const review = (id: number) =>
      api(t.app, 'PATCH', `/api/admin/deposits/${id}/review`, {
        token: admin.token,
        body: { status: 'approved' },
      });

    // Requested yesterday, approved today: counts.
    const late = await deposit('77');
    await db.update(deposits).set({ createdAt: yesterday }).where(eq(deposits.id, late));
    expect((await review(late)).status).toBe(200);
    // Requested today, still pending: does not.
    await deposit('40');
    // Requested and approved yesterday: does not.
    const old = await deposit('13');
    await review(old);
    await db
      .update(deposits)
      .set({ createdAt: yesterday, reviewedAt: yesterday, processedAt: yesterday })
      .where(eq(deposits.id, old));

    await fundUser(db, user.user.id, '500');
    const withdraw = async (amount: string) =>
      (
        await api<{ withdrawal: { id: number } }>(t.app, 'POST', '/api/wallet/withdrawals', {
          token: user.token,
          headers: { 'Idempotency-Key': randomUUID() },
          body: { withdraw_type: 'usdt', amount, address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
        })
      ).body.data?.withdrawal.id as number;
    const complete = async (id: number) => {
      for (const status of ['approved', 'processing', 'completed']) {
        const res = await api(t.app, 'PATCH', `/api/admin/withdrawals/${id}/status`, {
          token: admin.token,
          body: withdrawalStatusChange(status),
        });
        expect(res.status).toBe(200);
      }
    };
    // Requested yesterday, paid out today: counts.
    const paid = await withdraw('30');
    await db.update(withdrawals).set({ createdAt: yesterday }).where(eq(withdrawals.id, paid));
    await complete(paid);
    // Requested today, not yet paid: does not.
    await withdraw('20');
    // Requested and paid yesterday: does not.
    const earlier = await withdraw('19');
    await complete(earlier);
    await db
      .update(withdrawals)
      .set({ createdAt: yesterday, completedAt: yesterday })
      .where(eq(withdrawals.id, earlier));

    const data = await overview();
    expect(data.totalDeposits).toBe(fixed('77'));
    expect(data.totalWithdrawals).toBe(fixed('30'));
    expect(data.pendingDeposits).toBe(1);
    expect(data.pendingWithdrawals).toBe(1);

    // Recent activities: each row says its status; the description no longer repeats it.
    const activities = data.recentActivities;
    const ofDeposit = (id: number) => activities.find((a) => a.id === `deposit:${id}`);
    expect(ofDeposit(late)).toMatchObject({
      type: 'deposit',
      status: 'approved',
      description: '充值 · USDT-TRC20',
      amount: fixed('77'),
    });
    expect(activities.find((a) => a.type === 'withdrawal' && a.status === 'pending')).toMatchObject({
      description: '提现 · USDT',
      amount: fixed('20'),
    });
  });

  it('a rejected deposit is listed with its status', async () => {
    const channel = await insertDepositChannel(t.database.db, { name: 'USDT-ERC20' });
    const user = await registerUser(t.app);
    const id = (
      await api<{ deposit: { id: number } }>(t.app, 'POST', '/api/wallet/deposits', {
        token: user.token,
        body: { channel_id: channel.id, amount: '66' },
      })
    ).body.data?.deposit.id;
    await api(t.app, 'PATCH', `/api/admin/deposits/${id}/review`, {
      token: admin.token,
      body: { status: 'rejected', adminNote: '未到账' },
    });
    const row = (await overview()).recentActivities.find((a) => a.id === `deposit:${id}`);
    expect(row).toMatchObject({ status: 'rejected', description: '充值 · USDT-ERC20', amount: fixed('66') });
  });
});

describe('今日交易量', () => {
  it("is the USDT turnover of today's orders placed through the engines, the figure 交易概览 shows", async () => {
    const fresh = await createTestApp();
    try {
      const a = await createAdmin(fresh, 'admin');
      const db = fresh.database.db;
      const trader = await registerUser(fresh.app);
      await fundUser(db, trader.user.id, '10000');
      const place = async (product: string, body: Record<string, unknown>) => {
        const res = await api<{ order: TradeOrder }>(fresh.app, 'POST', `/api/trading/${product}/order`, {
          token: trader.token,
          body,
        });
        expect(res.status, res.body.message).toBe(200);
        return res.body.data?.order as TradeOrder;
      };
      // A spot market buy fills against the simulated book: its turnover is what filled.
      const spot = await place('spot', { symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '0.001' });
      await recordTick(db, 'ETHUSDT', '3400', Date.now());
      const flash = await place('flash', { symbol: 'ETHUSDT', direction: 'up', amount: '25', duration: 60 });
      const option = await place('option', {
        symbol: 'ETHUSDT',
        direction: 'call',
        amount: '100',
        level: 1,
        duration: 60,
      });
      await setPrice(db, 'BTCUSDT', '50000');
      // Notional 100 × 5 = 500 USDT.
      const perpetual = await place('perpetual', {
        symbol: 'BTCUSDT',
        side: 'long',
        margin: '100',
        leverage: 5,
      });
      // An order of yesterday (Beijing day) is not today's volume.
      const yesterday = await place('flash', {
        symbol: 'ETHUSDT',
        direction: 'down',
        amount: '40',
        duration: 60,
      });
      await db
        .update(tradeOrders)
        .set({ createdAt: new Date((startOfBeijingDay(new Date()) as Date).getTime() - 1) })
        .where(eq(tradeOrders.id, yesterday.id));

      const expected = sumDecimals(
        [spot, flash, option, perpetual].map((o) => decimalFromDb(o.quote_amount)),
      );
      expect(perpetual.quote_amount).toBe('500');
      expect(decimalFromDb(spot.quote_amount).gt(0)).toBe(true);

      const stats = await api<TradingStats>(fresh.app, 'GET', '/api/admin/trading/stats', { token: a.token });
      expect(stats.status).toBe(200);
      const overview = await api<WalletOverview>(fresh.app, 'GET', '/api/admin/wallet/overview', {
        token: a.token,
      });
      expect(overview.status).toBe(200);
      const todayVolume = overview.body.data?.todayVolume as string;
      expect(todayVolume).toBe(formatFixed(expected));
      expect(todayVolume).toBe(fixed(stats.body.data?.todayVolume as string));
    } finally {
      await fresh.close();
    }
  });
});

describe('asset distribution in USDT at reference prices', () => {
  it('values BTC at its reference price, shows amounts with units, and leaves a currency without a price out of the shares', async () => {
    const fresh = await createTestApp();
    try {
      const a = await createAdmin(fresh, 'admin');
      const user = await registerUser(fresh.app);
      const post = (req: PostTransactionRequest) =>
        fresh.database.db.transaction((tx: Tx) => postTransaction(tx, req));
      const credit = (currency: string, amount: string) =>
        post({
          idempotencyKey: `overview:${currency}`,
          kind: 'deposit',
          postings: [
            { account: { system: 'external_deposits' }, currency, amount: `-${amount}` },
            { account: { userId: user.user.id, bucket: 'available' }, currency, amount },
          ],
        });
      await credit('USDT', '1000');
      await credit('BTC', '0.05');
      await credit('SOL', '11.5');
      // No market quotes XYZ: it has no reference price.
      await credit('XYZ', '42');
      await recordTick(fresh.database.db, 'BTCUSDT', '60000', Date.now());
      await recordTick(fresh.database.db, 'SOLUSDT', '100', Date.now());

      const res = await api<WalletOverview>(fresh.app, 'GET', '/api/admin/wallet/overview', {
        token: a.token,
      });
      expect(res.status).toBe(200);
      // 1000 + 3000 + 1150 = 5150 USDT valued; XYZ has no value and no share.
      expect(res.body.data?.assetDistribution).toEqual([
        {
          name: 'BTC',
          currency: 'BTC',
          currencies: ['BTC'],
          amount: fixed('0.05'),
          price: '60000',
          value: fixed('3000'),
          percentage: '58.3',
          color: '#f7931a',
        },
        {
          name: 'SOL',
          currency: 'SOL',
          currencies: ['SOL'],
          amount: fixed('11.5'),
          price: '100',
          value: fixed('1150'),
          percentage: '22.3',
          color: '#1677ff',
        },
        {
          name: 'USDT',
          currency: 'USDT',
          currencies: ['USDT'],
          amount: fixed('1000'),
          price: '1',
          value: fixed('1000'),
          percentage: '19.4',
          color: '#26a17b',
        },
        {
          name: 'XYZ',
          currency: 'XYZ',
          currencies: ['XYZ'],
          amount: fixed('42'),
          price: null,
          value: null,
          percentage: null,
          color: '#722ed1',
        },
      ]);
      // 总资产 is the same valued total (every priced currency in USDT), not the USDT balances alone.
      expect(res.body.data?.totalAssets).toBe(fixed('5150'));
    } finally {
      await fresh.close();
    }
  });
});
