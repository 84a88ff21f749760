import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { approveKyc, fundUser, insertWithdrawChannel } from '../../test/money.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await insertWithdrawChannel(t.database.db, { feeRate: '0.02' });
});
afterAll(() => t.close());

interface Entry {
  kind: string;
  bucket: string;
  amount: string;
  balance_after: string;
}

describe('own wallet and history', () => {
  it('shows balances, the withdrawal requirement and own ledger entries newest first', async () => {
    const user = await registerUser(t.app);
    const wallet = await api<{ wallets: unknown[]; withdrawRequirement: unknown }>(
      t.app,
      'GET',
      '/api/wallet',
      { token: user.token },
    );
    expect(wallet.body.data).toEqual({
      wallets: [
        {
          currency: 'USDT',
          balance: '0.000000000000000000',
          frozen_balance: '0.000000000000000000',
          salary_balance: '0.000000000000000000',
        },
      ],
      withdrawRequirement: { canWithdraw: false, reasons: ['请先完成实名认证（KYC）'] },
    });

    await approveKyc(t.database.db, user.user.id);
    await fundUser(t.database.db, user.user.id, '300');
    await api(t.app, 'POST', '/api/wallet/withdrawals', {
      token: user.token,
      body: { withdraw_type: 'usdt', amount: '100', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
    });
    const history = await api<{ transactions: Entry[]; pagination: { total: number } }>(
      t.app,
      'GET',
      '/api/wallet/transactions',
      { token: user.token },
    );
    expect(history.body.data?.pagination.total).toBe(3);
    expect(history.body.data?.transactions.map((e) => [e.kind, e.bucket, e.amount, e.balance_after])).toEqual(
      [
        ['withdrawal_freeze', 'frozen', '102.000000000000000000', '102.000000000000000000'],
        ['withdrawal_freeze', 'available', '-102.000000000000000000', '198.000000000000000000'],
        ['adjustment', 'available', '300.000000000000000000', '300.000000000000000000'],
      ],
    );
    const requirement = await api<{ withdrawRequirement: { canWithdraw: boolean } }>(
      t.app,
      'GET',
      '/api/wallet',
      { token: user.token },
    );
    expect(requirement.body.data?.withdrawRequirement.canWithdraw).toBe(true);

    const other = await registerUser(t.app);
    const theirs = await api<{ transactions: unknown[] }>(t.app, 'GET', '/api/wallet/transactions', {
      token: other.token,
    });
    expect(theirs.body.data?.transactions).toEqual([]);
    const admin = await createAdmin(t, 'admin');
    const adminOwn = await api<{ transactions: unknown[] }>(t.app, 'GET', '/api/wallet/transactions', {
      token: admin.token,
    });
    expect(adminOwn.body.data?.transactions).toEqual([]);
  });

  it('filters by currency, refuses bad queries and needs a token', async () => {
    const user = await registerUser(t.app);
    const res = await api<{ transactions: unknown[] }>(
      t.app,
      'GET',
      '/api/wallet/transactions?currency=BTC',
      { token: user.token },
    );
    expect(res.body.data?.transactions).toEqual([]);
    expect(
      (await api(t.app, 'GET', '/api/wallet/transactions?currency=btc!', { token: user.token })).status,
    ).toBe(400);
    expect((await api(t.app, 'GET', '/api/wallet/transactions?page=0', { token: user.token })).status).toBe(
      400,
    );
    expect((await api(t.app, 'GET', '/api/wallet/transactions')).status).toBe(401);
  });
});
