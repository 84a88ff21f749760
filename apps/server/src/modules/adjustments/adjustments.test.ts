import { randomUUID } from 'node:crypto';
import type { AdminAdjustment } from '@platform/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows } from '../../test/admin.ts';
import {
  api,
  type createAdmin,
  createApprover,
  createTestApp,
  registerUser,
  type TestApp,
} from '../../test/app.ts';
import { fundUser } from '../../test/money.ts';
import { ledgerTransactions } from '../ledger/ledger.schema.ts';
import { postTransaction, systemAccountBalance } from '../ledger/ledger.service.ts';
import { assertLedgerOk } from '../reconciliation/ledger-check.ts';
import { adjustmentApproveKey } from './adjustments.service.ts';

type Admin = Awaited<ReturnType<typeof createAdmin>>;
let t: TestApp;
let alice: Admin;
let bob: Admin;
let carol: Admin;

beforeAll(async () => {
  t = await createTestApp();
  // Approvers: dual control counts their approvals at once (createAdmin's only after 24 h).
  alice = await createApprover(t, 'admin');
  bob = await createApprover(t, 'admin');
  carol = await createApprover(t, 'super_admin');
});
afterAll(() => t.close());

const balance = async (token: string) =>
  (
    await api<{ wallets: { currency: string; balance: string }[] }>(t.app, 'GET', '/api/wallet', { token })
  ).body.data?.wallets.find((w) => w.currency === 'USDT')?.balance ?? '0.000000000000000000';

const propose = (admin: Admin, body: Record<string, unknown>) =>
  api<{ adjustment: AdminAdjustment }>(t.app, 'POST', '/api/admin/adjustments', {
    token: admin.token,
    body,
    headers: { 'Idempotency-Key': randomUUID() },
  });

const approve = (admin: Admin, id: number) =>
  api<{ adjustment: AdminAdjustment }>(t.app, 'POST', `/api/admin/adjustments/${id}/approve`, {
    token: admin.token,
    headers: { 'Idempotency-Key': randomUUID() },
  });

const reject = (admin: Admin, id: number, body?: Record<string, unknown>) =>
  api<{ adjustment: AdminAdjustment }>(t.app, 'POST', `/api/admin/adjustments/${id}/reject`, {
    token: admin.token,
    ...(body ? { body } : {}),
    headers: { 'Idempotency-Key': randomUUID() },
  });

const journalRows = (id: number) =>
  t.database.db
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, adjustmentApproveKey(id)));

async function pending(admin: Admin, userId: number, amount: string, reason = '补发活动奖励') {
  const res = await propose(admin, { user_id: userId, currency: 'USDT', amount, reason });
  expect(res.status, res.body.message).toBe(200);
  const adjustment = res.body.data?.adjustment as AdminAdjustment;
  expect(adjustment.status).toBe('pending');
  return adjustment;
}

describe('manual balance adjustments', () => {
  it('creates a pending adjustment that moves no money, audited with user, amount, currency and reason', async () => {
    const user = await registerUser(t.app);
    const res = await propose(alice, {
      user_id: user.user.id,
      currency: 'usdt',
      amount: '+25.5',
      reason: '  补发活动奖励  ',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('余额调整已提交，等待另一位管理员复核');
    expect(res.body.data?.adjustment).toMatchObject({
      user_id: user.user.id,
      user_email: user.email,
      currency: 'USDT',
      amount: '25.500000000000000000',
      reason: '补发活动奖励',
      status: 'pending',
      created_by: alice.id,
      created_by_email: alice.email,
      reviewed_by: null,
      reviewed_by_email: null,
    });
    const id = res.body.data?.adjustment.id as number;
    expect(await balance(user.token)).toBe('0.000000000000000000');
    expect(await journalRows(id)).toHaveLength(0);
    const [audit] = await auditRows(t, 'adjustment.create', id);
    expect(audit?.adminId).toBe(alice.id);
    expect(audit?.after).toMatchObject({
      user_id: user.user.id,
      user_email: user.email,
      amount: '25.5',
      currency: 'USDT',
      reason: '补发活动奖励',
    });

    const list = await api<{ adjustments: AdminAdjustment[]; pendingCount: number }>(
      t.app,
      'GET',
      '/api/admin/adjustments?status=pending&page=1&limit=50',
      { token: bob.token },
    );
    expect(list.status).toBe(200);
    expect(list.body.data?.adjustments.map((a) => a.id)).toContain(id);
    expect(list.body.data?.pendingCount).toBeGreaterThanOrEqual(1);
  });

  it('refuses the creator approving their own adjustment (409) and moves nothing', async () => {
    const user = await registerUser(t.app);
    const adjustment = await pending(alice, user.user.id, '100');
    const res = await approve(alice, adjustment.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('需要另一位管理员复核');
    expect(await balance(user.token)).toBe('0.000000000000000000');
    expect(await journalRows(adjustment.id)).toHaveLength(0);
  });

  it('a different admin approves: the balance changes exactly once, against the adjustments account', async () => {
    const user = await registerUser(t.app);
    const before = await systemAccountBalance(t.database.db, 'adjustments', 'USDT');
    const adjustment = await pending(alice, user.user.id, '100.25');
    const res = await approve(bob, adjustment.id);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe('余额调整已通过');
    expect(res.body.data?.adjustment).toMatchObject({
      status: 'approved',
      reviewed_by: bob.id,
      reviewed_by_email: bob.email,
    });
    expect(res.body.data?.adjustment.reviewed_at).toBeTruthy();
    expect(await balance(user.token)).toBe('100.250000000000000000');
    const after = await systemAccountBalance(t.database.db, 'adjustments', 'USDT');
    expect(after).not.toBe(before);

    const again = await approve(carol, adjustment.id);
    expect(again.status).toBe(409);
    expect(await balance(user.token)).toBe('100.250000000000000000');
    expect(await journalRows(adjustment.id)).toHaveLength(1);
    const [audit] = await auditRows(t, 'adjustment.approve', adjustment.id);
    expect(audit?.adminId).toBe(bob.id);
    expect(audit?.after).toMatchObject({ user_id: user.user.id, amount: '100.25', currency: 'USDT' });
    await assertLedgerOk(t.database.db);
  });

  it('two different admins approving at once: one 200, one 409, money moved once', async () => {
    const user = await registerUser(t.app);
    for (let round = 1; round <= 3; round += 1) {
      const adjustment = await pending(alice, user.user.id, '40');
      const results = await Promise.all([approve(bob, adjustment.id), approve(carol, adjustment.id)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await balance(user.token)).toBe(`${40 * round}.000000000000000000`);
      expect(await journalRows(adjustment.id)).toHaveLength(1);
      expect(await auditRows(t, 'adjustment.approve', adjustment.id)).toHaveLength(1);
    }
    await assertLedgerOk(t.database.db);
  });

  it('a negative adjustment debits the balance; one beyond the balance is refused with 422 and moves nothing', async () => {
    const user = await registerUser(t.app);
    await fundUser(t.database.db, user.user.id, '50');

    const tooMuch = await propose(alice, {
      user_id: user.user.id,
      currency: 'USDT',
      amount: '-50.01',
      reason: '冲正',
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.message).toBe('余额不足');

    const debit = await pending(alice, user.user.id, '-30', '冲正错误入账');
    // The balance drops after the proposal (the user spent it): the approval is refused, still pending.
    await t.database.db.transaction((tx) =>
      postTransaction(tx, {
        idempotencyKey: `test-spend:${user.user.id}`,
        kind: 'adjustment',
        postings: [
          { account: { userId: user.user.id, bucket: 'available' }, currency: 'USDT', amount: '-40' },
          { account: { system: 'adjustments' }, currency: 'USDT', amount: '40' },
        ],
      }),
    );
    const refused = await approve(bob, debit.id);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('余额不足');
    expect(await balance(user.token)).toBe('10.000000000000000000');
    expect(await journalRows(debit.id)).toHaveLength(0);
    expect(await auditRows(t, 'adjustment.approve', debit.id)).toHaveLength(0);
    const list = await api<{ adjustments: AdminAdjustment[] }>(t.app, 'GET', '/api/admin/adjustments', {
      token: bob.token,
    });
    expect(list.body.data?.adjustments.find((a) => a.id === debit.id)?.status).toBe('pending');

    await fundUser(t.database.db, user.user.id, '20');
    const ok = await approve(bob, debit.id);
    expect(ok.status).toBe(200);
    expect(await balance(user.token)).toBe('0.000000000000000000');
    await assertLedgerOk(t.database.db);
  });

  it('reject: by another admin or by the creator; then it cannot be approved', async () => {
    const user = await registerUser(t.app);
    const first = await pending(alice, user.user.id, '10');
    const byOther = await reject(bob, first.id, { reason: '金额有误' });
    expect(byOther.status).toBe(200);
    expect(byOther.body.data?.adjustment).toMatchObject({
      status: 'rejected',
      reviewed_by: bob.id,
      review_note: '金额有误',
    });
    expect((await approve(carol, first.id)).status).toBe(409);
    expect((await reject(carol, first.id)).status).toBe(409);

    const second = await pending(alice, user.user.id, '10');
    const cancelled = await reject(alice, second.id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data?.adjustment.status).toBe('rejected');
    expect(await balance(user.token)).toBe('0.000000000000000000');
    const [audit] = await auditRows(t, 'adjustment.reject', first.id);
    expect(audit?.after).toMatchObject({ user_id: user.user.id, amount: '10', currency: 'USDT' });

    const rejected = await api<{ adjustments: AdminAdjustment[] }>(
      t.app,
      'GET',
      '/api/admin/adjustments?status=rejected',
      { token: alice.token },
    );
    expect(rejected.body.data?.adjustments.every((a) => a.status === 'rejected')).toBe(true);
    expect(rejected.body.data?.adjustments.map((a) => a.id)).toEqual(
      expect.arrayContaining([first.id, second.id]),
    );
  });

  it('no admin adjusts or reviews an adjustment of their own account (403)', async () => {
    const own = await propose(alice, {
      user_id: alice.id,
      currency: 'USDT',
      amount: '1000',
      reason: '自己加钱',
    });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('不能审核自己的申请');

    const forBob = await pending(alice, bob.id, '1000', '测试');
    const self = await approve(bob, forBob.id);
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('不能审核自己的申请');
    expect((await reject(bob, forBob.id)).status).toBe(403);
    expect(await balance(bob.token)).toBe('0.000000000000000000');
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const user = await registerUser(t.app);
    const base = { user_id: user.user.id, currency: 'USDT', amount: '10', reason: '原因' };
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ amount: '0' }, 400, /调整金额不能为0/],
      [{ amount: '-0.00' }, 400, /调整金额不能为0/],
      [{ amount: '1.234' }, 400, /调整金额最多保留 2 位小数/],
      [{ amount: 'abc' }, 400, /调整金额格式不正确/],
      [{ amount: '1e5' }, 400, /调整金额格式不正确/],
      [{ amount: 10 }, 400, /amount/],
      [{ reason: undefined }, 400, /请输入调整原因/],
      [{ reason: '   ' }, 400, /请输入调整原因/],
      [{ reason: 'x'.repeat(501) }, 400, /调整原因不能超过500个字符/],
      [{ currency: 'US$' }, 400, /币种格式不正确/],
      [{ currency: 'ZZZ' }, 400, /不支持的币种 ZZZ/],
      [{ user_id: 99_999_999 }, 404, /用户不存在/],
      [{ user_id: 'abc' }, 400, /user_id/],
    ];
    for (const [patch, status, message] of cases) {
      const res = await propose(alice, { ...base, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(status);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(message);
    }
    const list = await api<{ adjustments: AdminAdjustment[] }>(
      t.app,
      'GET',
      '/api/admin/adjustments?limit=100',
      {
        token: alice.token,
      },
    );
    expect(list.body.data?.adjustments.filter((a) => a.user_id === user.user.id)).toEqual([]);
    expect((await approve(bob, 99_999_999)).status).toBe(404);
    expect(
      (await api(t.app, 'GET', '/api/admin/adjustments?status=bogus', { token: alice.token })).status,
    ).toBe(400);
    const longNote = await reject(bob, 99_999_999, { reason: 'x'.repeat(501) });
    expect(longNote.status).toBe(400);
  });

  it('in English: an amount with too many decimals is refused in the admin’s language', async () => {
    const user = await registerUser(t.app);
    const res = await api(t.app, 'POST', '/api/admin/adjustments', {
      token: alice.token,
      body: { user_id: user.user.id, currency: 'USDT', amount: '1.234', reason: 'fix' },
      headers: { 'Idempotency-Key': randomUUID(), 'accept-language': 'en' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Adjustment amount can have at most 2 decimal places');
  });

  it('a non-admin gets 403 and an anonymous caller 401', async () => {
    const user = await registerUser(t.app);
    const adjustment = await pending(alice, user.user.id, '5');
    const body = { user_id: user.user.id, currency: 'USDT', amount: '10', reason: '原因' };
    for (const token of [user.token, undefined]) {
      const expected = token ? 403 : 401;
      expect((await api(t.app, 'GET', '/api/admin/adjustments', { token })).status).toBe(expected);
      expect((await api(t.app, 'POST', '/api/admin/adjustments', { token, body })).status).toBe(expected);
      expect(
        (await api(t.app, 'POST', `/api/admin/adjustments/${adjustment.id}/approve`, { token })).status,
      ).toBe(expected);
      expect(
        (await api(t.app, 'POST', `/api/admin/adjustments/${adjustment.id}/reject`, { token })).status,
      ).toBe(expected);
    }
    expect(await balance(user.token)).toBe('0.000000000000000000');
  });
});

describe('OpenAPI', () => {
  it('documents the adjustment routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/admin/adjustments',
        '/api/admin/adjustments/{id}/approve',
        '/api/admin/adjustments/{id}/reject',
      ]),
    );
  });
});
