import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { walletOf } from '../../test/fixtures.ts';
import { approveKyc, fundUser, insertWithdrawChannel } from '../../test/money.ts';

/** A withdrawal amount has at most the channel currency's decimals (USDT 2): what the operator pays is what was asked. */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await insertWithdrawChannel(t.database.db, { feeRate: '0.015' });
});
afterAll(() => t.close());

describe('withdrawal amount precision', () => {
  it('refuses 12.1234567 USDT (400, with the precision) and freezes nothing', async () => {
    const user = await registerUser(t.app);
    await approveKyc(t.database.db, user.user.id);
    await fundUser(t.database.db, user.user.id, '1000');
    for (const amount of ['12.1234567', '12.123', '12.120']) {
      const res = await api(t.app, 'POST', '/api/wallet/withdrawals', {
        token: user.token,
        headers: { 'Idempotency-Key': randomUUID() },
        body: { withdraw_type: 'usdt', amount, address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
      });
      expect(res.status, amount).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toBe('提现金额最多保留 2 位小数');
    }
    expect((await walletOf(t, user.token)).wallets[0]).toMatchObject({
      balance: '1000.000000000000000000',
      frozen_balance: '0.000000000000000000',
    });
    const own = await api<{ withdrawals: unknown[] }>(t.app, 'GET', '/api/wallet/withdrawals', {
      token: user.token,
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(own.body.data?.withdrawals).toEqual([]);

    const ok = await api<{ withdrawal: { amount: string } }>(t.app, 'POST', '/api/wallet/withdrawals', {
      token: user.token,
      headers: { 'Idempotency-Key': randomUUID() },
      body: { withdraw_type: 'usdt', amount: '12.12', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data?.withdrawal.amount).toBe('12.120000000000000000');
  });
});
