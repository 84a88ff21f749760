import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../core/money.ts';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { fundedUser, walletOf } from '../../test/fixtures.ts';
import { insertWithdrawChannel, withdrawalStatusChange } from '../../test/money.ts';
import { auditLogs } from '../audit/audit.schema.ts';
import { systemAccountBalance } from '../ledger/ledger.service.ts';
import { assertLedgerOk } from '../reconciliation/ledger-check.ts';

let t: TestApp;
let admin: { token: string; id: number };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, 'admin');
  await insertWithdrawChannel(t.database.db, { feeRate: '0.015' });
  await insertWithdrawChannel(t.database.db, {
    name: '支付宝提现',
    type: 'alipay',
    feeRate: '0',
    minAmount: '1',
  });
});
afterAll(() => t.close());

const requestWithdrawal = (token: string, body: Record<string, unknown> = {}) =>
  api<{ withdrawal: { id: number; fee: string; total: string; status: string } }>(
    t.app,
    'POST',
    '/api/wallet/withdrawals',
    {
      token,
      headers: { 'Idempotency-Key': randomUUID() },
      body: { withdraw_type: 'usdt', amount: '100', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', ...body },
    },
  );

const setStatus = (id: number, status: string, adminNote?: string) =>
  api<{ withdrawal: { status: string; admin_remark: string | null } }>(
    t.app,
    'PATCH',
    `/api/admin/withdrawals/${id}/status`,
    {
      token: admin.token,
      body: { ...withdrawalStatusChange(status), ...(adminNote ? { adminNote } : {}) },
    },
  );

describe('withdrawal requests', () => {
  it('freezes amount plus fee and reports it', async () => {
    const user = await fundedUser(t, '1000');
    const res = await requestWithdrawal(user.token, { user_remark: '尽快' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('提现申请已提交，请等待审核');
    expect(res.body.data?.withdrawal).toMatchObject({
      status: 'pending',
      fee: '1.500000000000000000',
      total: '101.500000000000000000',
    });
    expect((await walletOf(t, user.token)).wallets[0]).toMatchObject({
      balance: '898.500000000000000000',
      frozen_balance: '101.500000000000000000',
    });
    await assertLedgerOk(t.database.db);
  });

  it('states every reason it refuses, and changes nothing', async () => {
    const noKyc = await registerUser(t.app);
    const requirement = (await walletOf(t, noKyc.token)).withdrawRequirement;
    expect(requirement).toEqual({ canWithdraw: false, reasons: ['请先完成实名认证（KYC）'] });
    const refused = await requestWithdrawal(noKyc.token);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('暂不能提现：请先完成实名认证（KYC）');
    expect(refused.body.data).toEqual({ reasons: ['请先完成实名认证（KYC）'] });

    const poor = await fundedUser(t, '50');
    const tooMuch = await requestWithdrawal(poor.token, { amount: '60000' });
    expect(tooMuch.status).toBe(422);
    expect((tooMuch.body.data as unknown as { reasons: string[] }).reasons).toEqual([
      '提现金额不能高于 50000 USDT',
      '可用余额不足：需要 60,900.00 USDT（含手续费 900.00），可用 50.00',
    ]);
    const tooLittle = await requestWithdrawal(poor.token, { amount: '5' });
    expect(tooLittle.body.message).toBe('提现金额不能低于 10 USDT');
    const noAddress = await requestWithdrawal(poor.token, { address: '' });
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.message).toContain('请输入提现地址');
    const noPayee = await requestWithdrawal(poor.token, { withdraw_type: 'alipay', address: undefined });
    expect(noPayee.status).toBe(400);
    expect(noPayee.body.message).toContain('请填写收款账户信息');
    const noChannel = await requestWithdrawal(poor.token, {
      withdraw_type: 'wechat',
      account_info: { account: 'a', name: 'b' },
    });
    expect(noChannel.status).toBe(404);
    expect(noChannel.body.message).toBe('提现渠道不存在或已停用');
    expect((await requestWithdrawal(poor.token, { amount: '1.123456789' })).status).toBe(400);

    expect((await walletOf(t, poor.token)).wallets[0]).toMatchObject({
      balance: '50.000000000000000000',
      frozen_balance: '0.000000000000000000',
    });
    const own = await api<{ withdrawals: unknown[] }>(t.app, 'GET', '/api/wallet/withdrawals', {
      token: poor.token,
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(own.body.data?.withdrawals).toEqual([]);
  });

  it('takes payee details for alipay and shows them to the admin', async () => {
    const user = await fundedUser(t, '100');
    const res = await requestWithdrawal(user.token, {
      withdraw_type: 'alipay',
      amount: '20',
      address: undefined,
      account_info: { account: 'alice@alipay', name: '张三', phone: '13800000000' },
    });
    expect(res.status).toBe(200);
    const list = await api<{
      withdrawals: { id: number; account_info: unknown; user: { email: string }; fee: string }[];
    }>(t.app, 'GET', `/api/admin/withdrawals?type=alipay&search=${encodeURIComponent(user.email)}`, {
      token: admin.token,
    });
    expect(list.body.data?.withdrawals).toHaveLength(1);
    expect(list.body.data?.withdrawals[0]).toMatchObject({
      id: res.body.data?.withdrawal.id,
      account_info: { account: 'alice@alipay', name: '张三', phone: '13800000000' },
      user: { email: user.email },
      fee: '0.000000000000000000',
    });
  });
});

describe('withdrawal status machine', () => {
  it('walks pending → reviewing → approved → processing → completed and pays out once', async () => {
    const user = await fundedUser(t, '500');
    const id = (await requestWithdrawal(user.token, { amount: '200' })).body.data?.withdrawal.id as number;
    const paidBefore = await systemAccountBalance(t.database.db, 'external_withdrawals', 'USDT');
    for (const status of ['reviewing', 'approved', 'processing', 'completed']) {
      const res = await setStatus(id, status);
      expect(res.status, status).toBe(200);
      expect(res.body.message).toBe('状态更新成功');
      expect(res.body.data?.withdrawal.status).toBe(status);
    }
    expect((await walletOf(t, user.token)).wallets[0]).toMatchObject({
      balance: '297.000000000000000000',
      frozen_balance: '0.000000000000000000',
    });
    const paidAfter = await systemAccountBalance(t.database.db, 'external_withdrawals', 'USDT');
    expect(new Decimal(paidAfter).minus(paidBefore).toString()).toBe('200');
    const again = await setStatus(id, 'rejected', 'late');
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('当前状态不允许此操作');
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.targetId, String(id)));
    expect(audit.map((a) => (a.after as { status: string }).status)).toEqual([
      'reviewing',
      'approved',
      'processing',
      'completed',
    ]);
    await assertLedgerOk(t.database.db);
  });

  it('refuses transitions the machine does not offer', async () => {
    const user = await fundedUser(t, '500');
    const id = (await requestWithdrawal(user.token)).body.data?.withdrawal.id as number;
    for (const status of ['processing', 'completed', 'pending']) {
      const res = await setStatus(id, status);
      expect(res.status, status).toBe(409);
    }
    expect((await setStatus(id, 'bogus')).status).toBe(400);
  });

  it('rejection needs a reason, returns the frozen funds and stores the note', async () => {
    const user = await fundedUser(t, '500');
    const id = (await requestWithdrawal(user.token)).body.data?.withdrawal.id as number;
    const noReason = await setStatus(id, 'rejected');
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toContain('请输入拒绝原因');
    await setStatus(id, 'approved');
    await setStatus(id, 'processing');
    const res = await setStatus(id, 'rejected', '银行退回');
    expect(res.status).toBe(200);
    expect(res.body.data?.withdrawal).toMatchObject({ status: 'rejected', admin_remark: '银行退回' });
    expect((await walletOf(t, user.token)).wallets[0]).toMatchObject({
      balance: '500.000000000000000000',
      frozen_balance: '0.000000000000000000',
    });
    await assertLedgerOk(t.database.db);
  });

  it('bulk applies one transition to each row the machine allows and says why it skipped others', async () => {
    const user = await fundedUser(t, '1000');
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await requestWithdrawal(user.token, { amount: '10' })).body.data?.withdrawal.id as number);
    await setStatus(ids[0] as number, 'rejected', 'no');
    const res = await api<{
      processedCount: number;
      processedIds: number[];
      skipped: { id: number; reason: string }[];
    }>(t.app, 'POST', '/api/admin/withdrawals/bulk-status', {
      token: admin.token,
      body: { ids: [...ids, 999999], status: 'reviewing' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data?.processedIds).toEqual([ids[1], ids[2]]);
    expect(res.body.data?.skipped.map((s) => s.id)).toEqual([ids[0], 999999]);
    expect(res.body.data?.skipped[1]?.reason).toBe('提现记录不存在');
  });

  it('filters by a status list and type, paginates, and refuses unknown values', async () => {
    const res = await api<{ withdrawals: { status: string }[]; pagination: { limit: number } }>(
      t.app,
      'GET',
      '/api/admin/withdrawals?status=pending,reviewing&type=usdt&limit=5',
      { token: admin.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data?.withdrawals.every((w) => ['pending', 'reviewing'].includes(w.status))).toBe(true);
    expect(res.body.data?.pagination.limit).toBe(5);
    expect(
      (await api(t.app, 'GET', '/api/admin/withdrawals?status=pending,nope', { token: admin.token })).status,
    ).toBe(400);
    expect(
      (await api(t.app, 'GET', '/api/admin/withdrawals?type=paypal', { token: admin.token })).status,
    ).toBe(400);
  });

  it('is for admins only; unknown ids are 404', async () => {
    const user = await registerUser(t.app);
    expect((await api(t.app, 'GET', '/api/admin/withdrawals')).status).toBe(401);
    expect((await api(t.app, 'GET', '/api/admin/withdrawals', { token: user.token })).status).toBe(403);
    expect(
      (
        await api(t.app, 'PATCH', '/api/admin/withdrawals/1/status', {
          token: user.token,
          body: { status: 'approved' },
        })
      ).status,
    ).toBe(403);
    expect((await setStatus(987654, 'approved')).status).toBe(404);
    expect((await api(t.app, 'GET', '/api/wallet/withdrawals')).status).toBe(401);
    expect((await api(t.app, 'GET', '/api/wallet')).status).toBe(401);
  });
});
