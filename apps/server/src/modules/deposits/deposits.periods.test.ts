import type { AdminDeposit, DepositStats } from '@platform/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { insertDepositChannel } from '../../test/money.ts';
import { deposits } from './deposits.schema.ts';

/**
 * What a deposit amount may be (the currency's precision) and when a deposit counts: the list's
 * 今天 / 本周 / 本月 are Beijing calendar periods of the request time, 今日充值 is what was approved today.
 */

let t: TestApp;
let admin: { token: string };
let usdtChannel: number;
let btcChannel: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, 'admin');
  usdtChannel = (await insertDepositChannel(t.database.db)).id;
  btcChannel = (
    await insertDepositChannel(t.database.db, {
      name: 'BTC',
      currency: 'BTC',
      minAmount: '0.0001',
      maxAmount: '10',
    })
  ).id;
});
afterAll(() => t.close());

const requestDeposit = (token: string, body: Record<string, unknown>) =>
  api<{ deposit: { id: number; amount: string } }>(t.app, 'POST', '/api/wallet/deposits', {
    token,
    body: { channel_id: usdtChannel, amount: '100', ...body },
  });

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Starts of the Beijing (UTC+8, no daylight saving) day, week (Monday) and month of `now`, computed here. */
function beijingStarts(now: Date) {
  const local = new Date(now.getTime() + 8 * HOUR);
  const day = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - 8 * HOUR;
  const week = day - ((local.getUTCDay() + 6) % 7) * DAY;
  const month = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - 8 * HOUR;
  return { day, week, month };
}

describe('deposit amounts have at most the currency precision', () => {
  it('refuses 12.1234567 USDT with the precision in the message (400) and stores nothing', async () => {
    const user = await registerUser(t.app);
    for (const amount of ['12.1234567', '12.123', '12.100']) {
      const res = await requestDeposit(user.token, { amount });
      expect(res.status, amount).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toBe('充值金额最多保留 2 位小数');
    }
    const own = await api<{ deposits: unknown[] }>(t.app, 'GET', '/api/wallet/deposits', {
      token: user.token,
    });
    expect(own.body.data?.deposits).toEqual([]);

    const ok = await requestDeposit(user.token, { amount: '12.12' });
    expect(ok.status).toBe(200);
    expect(ok.body.data?.deposit.amount).toBe('12.120000000000000000');
  });

  it('takes the precision from the channel currency: BTC has 8', async () => {
    const user = await registerUser(t.app);
    const res = await requestDeposit(user.token, { channel_id: btcChannel, amount: '0.12345678' });
    expect(res.status).toBe(200);
    expect(res.body.data?.deposit.amount).toBe('0.123456780000000000');
  });
});

describe('deposit list periods are Beijing calendar periods', () => {
  it('本周 starts on Monday 00:00 and 本月 on the 1st 00:00 Beijing time (not the last 7 or 30 days)', async () => {
    const user = await registerUser(t.app);
    const now = new Date();
    const starts = beijingStarts(now);
    const moments = [
      now.getTime(),
      starts.day,
      starts.day - 1000,
      starts.week,
      starts.week - 1000,
      starts.month,
      starts.month - 1000,
      starts.week - 6 * DAY,
      starts.month - 20 * DAY,
    ];
    const ids: { id: number; at: number }[] = [];
    for (const at of moments) {
      const id = (await requestDeposit(user.token, { amount: '10' })).body.data?.deposit.id as number;
      await t.database.db
        .update(deposits)
        .set({ createdAt: new Date(at) })
        .where(eq(deposits.id, id));
      ids.push({ id, at });
    }
    const listed = async (range: string) =>
      (
        await api<{ deposits: AdminDeposit[]; pagination: { total: number } }>(
          t.app,
          'GET',
          `/api/admin/deposits?search=${encodeURIComponent(user.email)}&dateRange=${range}&limit=100`,
          { token: admin.token },
        )
      ).body.data;
    const expected = (since: number) =>
      ids
        .filter((r) => r.at >= since)
        .map((r) => r.id)
        .sort((a, b) => a - b);
    for (const [range, since] of [
      ['today', starts.day],
      ['week', starts.week],
      ['month', starts.month],
    ] as const) {
      const data = await listed(range);
      expect(
        data?.deposits.map((d) => d.id).sort((a, b) => a - b),
        range,
      ).toEqual(expected(since));
      expect(data?.pagination.total).toBe(expected(since).length);
    }
  });
});

describe('今日充值 of the deposit stats', () => {
  it('counts deposits approved today, whenever requested, and not ones requested today but pending', async () => {
    const fresh = await createTestApp();
    try {
      const a = await createAdmin(fresh, 'admin');
      const channel = await insertDepositChannel(fresh.database.db);
      const user = await registerUser(fresh.app);
      const create = async (amount: string) =>
        (
          await api<{ deposit: { id: number } }>(fresh.app, 'POST', '/api/wallet/deposits', {
            token: user.token,
            body: { channel_id: channel.id, amount },
          })
        ).body.data?.deposit.id as number;
      const approve = (id: number) =>
        api(fresh.app, 'PATCH', `/api/admin/deposits/${id}/review`, {
          token: a.token,
          body: { status: 'approved' },
        });
      const yesterday = new Date(beijingStarts(new Date()).day - HOUR);

      // Requested yesterday, approved today: counts.
      const late = await create('70');
      await fresh.database.db.update(deposits).set({ createdAt: yesterday }).where(eq(deposits.id, late));
      await approve(late);
      // Requested today, still pending: does not.
      await create('15');
      // Requested and approved yesterday: does not (set as the clock would have).
      const old = await create('11');
      await approve(old);
      await fresh.database.db
        .update(deposits)
        .set({ createdAt: yesterday, reviewedAt: yesterday, processedAt: yesterday })
        .where(eq(deposits.id, old));

      const res = await api<{ stats: DepositStats }>(fresh.app, 'GET', '/api/admin/deposits', {
        token: a.token,
      });
      expect(res.body.data?.stats).toMatchObject({
        pendingDeposits: 1,
        approvedDeposits: 2,
        totalAmount: '81.000000000000000000',
        todayAmount: '70.000000000000000000',
      });
      // The approval time is what the clock says.
      const [row] = await queryRows<{ ok: boolean }>(
        fresh.database.db,
        sql`SELECT processed_at >= now() - interval '1 minute' AS ok FROM deposits WHERE id = ${late}`,
      );
      expect(row?.ok).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});
