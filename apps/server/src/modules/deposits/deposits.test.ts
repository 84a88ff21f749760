import {
  type DepositStatusUpdateEvent,
  depositStatusUpdateEvent,
  REALTIME_EVENTS,
  type UserDeposit,
} from '@platform/contracts';
import { currencyPrecision } from '@platform/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { sleep } from '../../test/fixtures.ts';
import { insertDepositChannel, txHashOf } from '../../test/money.ts';
import { collectEvents, nextEvent, testSockets } from '../../test/sockets.ts';
import { auditLogs } from '../audit/audit.schema.ts';
import { assertLedgerOk } from '../reconciliation/ledger-check.ts';

let t: TestApp;
let admin: { token: string; id: number };
let channelId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, 'admin');
  channelId = (await insertDepositChannel(t.database.db)).id;
});
afterAll(() => t.close());

const wallet = async (token: string) =>
  (await api<{ wallets: { currency: string; balance: string }[] }>(t.app, 'GET', '/api/wallet', { token }))
    .body.data?.wallets[0]?.balance;

async function requestDeposit(token: string, body: Record<string, unknown> = {}) {
  return api<{ deposit: { id: number; status: string; amount: string } }>(
    t.app,
    'POST',
    '/api/wallet/deposits',
    {
      token,
      body: { channel_id: channelId, amount: '100', ...body },
    },
  );
}

describe('user deposit requests', () => {
  it('creates a pending deposit with the channel snapshot, visible in own history only', async () => {
    const user = await registerUser(t.app);
    const res = await requestDeposit(user.token, { tx_hash: txHashOf('hash-own-1'), remark: '转账备注' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('充值申请已提交，请等待审核');
    expect(res.body.data?.deposit).toMatchObject({ status: 'pending', amount: '100.000000000000000000' });

    const own = await api<{ deposits: { id: number }[] }>(t.app, 'GET', '/api/wallet/deposits', {
      token: user.token,
    });
    expect(own.body.data?.deposits.map((d) => d.id)).toEqual([res.body.data?.deposit.id]);
    const other = await registerUser(t.app);
    const theirs = await api<{ deposits: unknown[] }>(t.app, 'GET', '/api/wallet/deposits', {
      token: other.token,
    });
    expect(theirs.body.data?.deposits).toEqual([]);
    expect(await wallet(user.token)).toBe('0.000000000000000000');
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const user = await registerUser(t.app);
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ amount: 'abc' }, 400, /amount: 金额格式不正确/],
      [{ amount: '0' }, 400, /金额必须大于0/],
      [{ amount: '-5' }, 400, /金额格式不正确/],
      [{ amount: '1e5' }, 400, /金额格式不正确/],
      [{ amount: '5' }, 422, /充值金额不能低于 10 USDT/],
      [{ amount: '100001' }, 422, /充值金额不能高于 100000 USDT/],
      [{ channel_id: 999999 }, 404, /充值渠道不存在或已停用/],
    ];
    for (const [body, status, message] of cases) {
      const res = await requestDeposit(user.token, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(message);
    }
    const own = await api<{ deposits: unknown[] }>(t.app, 'GET', '/api/wallet/deposits', {
      token: user.token,
    });
    expect(own.body.data?.deposits).toEqual([]);
  });

  it('refuses an amount outside the channel or with too many decimals in English for an English reader', async () => {
    const user = await registerUser(t.app);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ amount: '5' }, 422, 'Deposit amount must be at least 10 USDT'],
      [{ amount: '100001' }, 422, 'Deposit amount must not exceed 100000 USDT'],
      [
        { amount: '10.123' },
        400,
        `Deposit amount can have at most ${currencyPrecision('USDT')} decimal places`,
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await api(t.app, 'POST', '/api/wallet/deposits', {
        token: user.token,
        body: { channel_id: channelId, amount: '100', ...body },
        headers: { 'accept-language': 'en' },
      });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message).toBe(message);
    }
    const chinese = await requestDeposit(user.token, { amount: '10.123' });
    expect(chinese.body.message).toBe(`充值金额最多保留 ${currencyPrecision('USDT')} 位小数`);
  });

  it('refuses a transaction hash that is already claimed, until that claim is rejected', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const first = await requestDeposit(a.token, { tx_hash: txHashOf('dup-hash') });
    const again = await requestDeposit(b.token, { tx_hash: txHashOf('dup-hash') });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('该交易哈希已提交过充值申请');
    await api(t.app, 'PATCH', `/api/admin/deposits/${first.body.data?.deposit.id}/review`, {
      token: admin.token,
      body: { status: 'rejected', adminNote: '未到账' },
    });
    expect((await requestDeposit(b.token, { tx_hash: txHashOf('dup-hash') })).status).toBe(200);
  });

  it('needs a token', async () => {
    expect(
      (await api(t.app, 'POST', '/api/wallet/deposits', { body: { channel_id: channelId, amount: '100' } }))
        .status,
    ).toBe(401);
    expect((await api(t.app, 'GET', '/api/wallet/deposits')).status).toBe(401);
  });
});

describe('admin deposit review', () => {
  it('approval credits the wallet once, writes the audit row, and a second review is a 409', async () => {
    const user = await registerUser(t.app);
    const id = (await requestDeposit(user.token, { amount: '250.5' })).body.data?.deposit.id as number;
    const res = await api<{ deposit: { status: string; reviewed_at: string } }>(
      t.app,
      'PATCH',
      `/api/admin/deposits/${id}/review`,
      { token: admin.token, body: { status: 'approved' } },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('充值审核通过成功');
    expect(res.body.data?.deposit.status).toBe('approved');
    expect(await wallet(user.token)).toBe('250.500000000000000000');

    const again = await api(t.app, 'PATCH', `/api/admin/deposits/${id}/review`, {
      token: admin.token,
      body: { status: 'rejected', adminNote: 'x' },
    });
    expect(again.status).toBe(409);
    expect(await wallet(user.token)).toBe('250.500000000000000000');

    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.targetId, String(id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'deposit.approve', adminId: admin.id, targetType: 'deposit' });
    await assertLedgerOk(t.database.db);
  });

  it('rejection needs a reason, stores it as admin_note and credits nothing', async () => {
    const user = await registerUser(t.app);
    const id = (await requestDeposit(user.token)).body.data?.deposit.id as number;
    const noReason = await api(t.app, 'PATCH', `/api/admin/deposits/${id}/review`, {
      token: admin.token,
      body: { status: 'rejected', adminNote: '  ' },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toContain('请输入拒绝原因');
    const bad = await api(t.app, 'PATCH', `/api/admin/deposits/${id}/review`, {
      token: admin.token,
      body: { status: 'processing' },
    });
    expect(bad.status).toBe(400);
    const res = await api<{ deposit: { admin_note: string } }>(
      t.app,
      'PATCH',
      `/api/admin/deposits/${id}/review`,
      {
        token: admin.token,
        body: { status: 'rejected', adminNote: '转账未到账' },
      },
    );
    expect(res.body.message).toBe('审核拒绝成功');
    expect(res.body.data?.deposit.admin_note).toBe('转账未到账');
    expect(await wallet(user.token)).toBe('0.000000000000000000');
    const own = await api<{ deposits: { admin_note: string; status: string }[] }>(
      t.app,
      'GET',
      '/api/wallet/deposits',
      {
        token: user.token,
      },
    );
    expect(own.body.data?.deposits[0]).toMatchObject({ status: 'rejected', admin_note: '转账未到账' });
  });

  it('batch review acts only on the given ids that are still pending and says how many', async () => {
    const user = await registerUser(t.app);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await requestDeposit(user.token, { amount: '10' })).body.data?.deposit.id as number);
    await api(t.app, 'PATCH', `/api/admin/deposits/${ids[0]}/review`, {
      token: admin.token,
      body: { status: 'rejected', adminNote: 'no' },
    });
    const res = await api<{ processedCount: number; processedIds: number[] }>(
      t.app,
      'POST',
      '/api/admin/deposits/batch-review',
      { token: admin.token, body: { action: 'approve', depositIds: [...ids, 987654] } },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      processedCount: 2,
      processedIds: [ids[1], ids[2]],
      awaitingSecondApprovalIds: [],
      skipped: [],
    });
    expect(res.body.message).toBe('批量通过成功，共处理 2 条');
    expect(await wallet(user.token)).toBe('20.000000000000000000');
    const rejectNoReason = await api(t.app, 'POST', '/api/admin/deposits/batch-review', {
      token: admin.token,
      body: { action: 'reject', depositIds: ids },
    });
    expect(rejectNoReason.status).toBe(400);
    const empty = await api(t.app, 'POST', '/api/admin/deposits/batch-review', {
      token: admin.token,
      body: { action: 'approve', depositIds: [] },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('请选择充值记录');
    await assertLedgerOk(t.database.db);
  });

  it('lists with stats, filters and pagination', async () => {
    const user = await registerUser(t.app, { email: 'listing-target@example.com' });
    for (let i = 0; i < 3; i++)
      await requestDeposit(user.token, { amount: '10', tx_hash: txHashOf(`list-${i}`) });
    const res = await api<{
      deposits: { user_email: string; status: string }[];
      pagination: { total: number; totalPages: number; limit: number };
      stats: Record<string, unknown>;
    }>(t.app, 'GET', '/api/admin/deposits?search=listing-target&status=pending&dateRange=today&limit=2', {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data?.deposits).toHaveLength(2);
    expect(res.body.data?.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
    expect(res.body.data?.deposits.every((d) => d.user_email === 'listing-target@example.com')).toBe(true);
    expect(res.body.data?.stats).toMatchObject({
      totalDeposits: expect.any(Number),
      totalAmount: expect.any(String),
    });
    const byHash = await api<{ deposits: unknown[] }>(
      t.app,
      'GET',
      `/api/admin/deposits?search=${txHashOf('list-1')}`,
      {
        token: admin.token,
      },
    );
    expect(byHash.body.data?.deposits).toHaveLength(1);

    expect((await api(t.app, 'GET', '/api/admin/deposits?status=bogus', { token: admin.token })).status).toBe(
      400,
    );
    expect(
      (await api(t.app, 'GET', '/api/admin/deposits?dateRange=year', { token: admin.token })).status,
    ).toBe(400);
    expect((await api(t.app, 'GET', '/api/admin/deposits?limit=101', { token: admin.token })).status).toBe(
      400,
    );
  });

  it('stats count every status and sum approved USDT', async () => {
    const fresh = await createTestApp();
    try {
      const a = await createAdmin(fresh, 'admin');
      const ch = await insertDepositChannel(fresh.database.db);
      const user = await registerUser(fresh.app);
      const ids: number[] = [];
      for (const amount of ['100', '50.25', '30'])
        ids.push(
          (
            await api<{ deposit: { id: number } }>(fresh.app, 'POST', '/api/wallet/deposits', {
              token: user.token,
              body: { channel_id: ch.id, amount },
            })
          ).body.data?.deposit.id as number,
        );
      await api(fresh.app, 'PATCH', `/api/admin/deposits/${ids[0]}/review`, {
        token: a.token,
        body: { status: 'approved' },
      });
      await api(fresh.app, 'PATCH', `/api/admin/deposits/${ids[1]}/review`, {
        token: a.token,
        body: { status: 'approved' },
      });
      await api(fresh.app, 'PATCH', `/api/admin/deposits/${ids[2]}/review`, {
        token: a.token,
        body: { status: 'rejected', adminNote: 'no' },
      });
      const res = await api<{ stats: unknown }>(fresh.app, 'GET', '/api/admin/deposits', { token: a.token });
      expect(res.body.data?.stats).toEqual({
        totalDeposits: 3,
        pendingDeposits: 0,
        approvedDeposits: 2,
        rejectedDeposits: 1,
        totalAmount: '150.250000000000000000',
        todayAmount: '150.250000000000000000',
      });
    } finally {
      await fresh.close();
    }
  });

  it('is for admins only; an unknown deposit is a 404', async () => {
    const user = await registerUser(t.app);
    expect((await api(t.app, 'GET', '/api/admin/deposits')).status).toBe(401);
    expect((await api(t.app, 'GET', '/api/admin/deposits', { token: user.token })).status).toBe(403);
    const review = { status: 'approved' };
    expect(
      (await api(t.app, 'PATCH', '/api/admin/deposits/1/review', { token: user.token, body: review })).status,
    ).toBe(403);
    expect(
      (
        await api(t.app, 'POST', '/api/admin/deposits/batch-review', {
          token: user.token,
          body: { action: 'approve', depositIds: [1] },
        })
      ).status,
    ).toBe(403);
    const missing = await api(t.app, 'PATCH', '/api/admin/deposits/987654/review', {
      token: admin.token,
      body: review,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('充值记录不存在');
  });
});

describe('deposit_status_update to the owner', () => {
  const sockets = testSockets(() => t.app);
  afterAll(() => sockets.close());
  const ownDeposits = async (token: string) =>
    (await api<{ deposits: UserDeposit[] }>(t.app, 'GET', '/api/wallet/deposits', { token })).body.data!
      .deposits;

  it('tells the owner once the review has committed, as their deposit list shows it; nobody else', async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const [ownerSocket, otherSocket] = await Promise.all([
      sockets.open(owner.token),
      sockets.open(other.token),
    ]);
    const leaked = collectEvents(otherSocket, REALTIME_EVENTS.depositStatusUpdate);
    const id = (await requestDeposit(owner.token, { amount: '42' })).body.data!.deposit.id;

    // The owner's screen refetches on the event: it must already see the new status.
    const refetched = new Promise<UserDeposit[]>((resolve) =>
      ownerSocket.once(REALTIME_EVENTS.depositStatusUpdate, () => resolve(ownDeposits(owner.token))),
    );
    const event = nextEvent<DepositStatusUpdateEvent>(ownerSocket, REALTIME_EVENTS.depositStatusUpdate);
    const res = await api(t.app, 'PATCH', `/api/admin/deposits/${id}/review`, {
      token: admin.token,
      body: { status: 'approved' },
    });
    expect(res.status).toBe(200);
    const received = depositStatusUpdateEvent.parse(await event);
    expect(received.deposit).toMatchObject({ id, status: 'approved', amount: '42.000000000000000000' });
    expect((await refetched).find((d) => d.id === id)).toEqual(received.deposit);

    // A review that changes nothing (a second click) says nothing.
    const ownerEvents = collectEvents(ownerSocket, REALTIME_EVENTS.depositStatusUpdate);
    const again = await api(t.app, 'PATCH', `/api/admin/deposits/${id}/review`, {
      token: admin.token,
      body: { status: 'rejected', adminNote: 'x' },
    });
    expect(again.status).toBe(409);
    await sleep(200);
    expect(ownerEvents).toEqual([]);
    expect(leaked).toEqual([]);
  });

  it('a batch review tells each owner about their own deposits only', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const [socketA, socketB] = await Promise.all([sockets.open(a.token), sockets.open(b.token)]);
    const eventsA = collectEvents<DepositStatusUpdateEvent>(socketA, REALTIME_EVENTS.depositStatusUpdate);
    const eventsB = collectEvents<DepositStatusUpdateEvent>(socketB, REALTIME_EVENTS.depositStatusUpdate);
    const idsA = [
      (await requestDeposit(a.token, { amount: '10' })).body.data!.deposit.id,
      (await requestDeposit(a.token, { amount: '11' })).body.data!.deposit.id,
    ];
    const idB = (await requestDeposit(b.token, { amount: '12' })).body.data!.deposit.id;
    const res = await api(t.app, 'POST', '/api/admin/deposits/batch-review', {
      token: admin.token,
      body: { action: 'reject', depositIds: [...idsA, idB], adminNote: '未到账' },
    });
    expect(res.status).toBe(200);
    const deadline = Date.now() + 5000;
    while ((eventsA.length < 2 || eventsB.length < 1) && Date.now() < deadline) await sleep(20);
    await sleep(200);
    expect(eventsA.map((e) => e.deposit.id)).toEqual(idsA);
    expect(eventsB.map((e) => e.deposit.id)).toEqual([idB]);
    const listed = await ownDeposits(a.token);
    for (const e of eventsA) {
      expect(e.deposit).toMatchObject({ status: 'rejected', admin_note: '未到账' });
      expect(listed.find((d) => d.id === e.deposit.id)).toEqual(e.deposit);
    }
  });
});
