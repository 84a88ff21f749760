import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createAdmin, createTestApp, type TestApp } from '../../test/app.ts';
import { fundedUser, walletOf } from '../../test/fixtures.ts';
import { ERC20_ADDRESS, insertWithdrawChannel, TRC20_ADDRESS } from '../../test/money.ts';
import { assertLedgerOk } from '../reconciliation/ledger-check.ts';

/** Issue 17: a USDT withdrawal goes to a well-formed TRC20 or ERC20 address, and the network is kept. */

let t: TestApp;
let admin: { token: string; id: number };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, 'admin');
  await insertWithdrawChannel(t.database.db, { feeRate: '0' });
});
afterAll(() => t.close());

const withdraw = (token: string, address: unknown) =>
  api<{ withdrawal: { id: number; address: string; network: string | null } }>(
    t.app,
    'POST',
    '/api/wallet/withdrawals',
    {
      token,
      headers: { 'Idempotency-Key': randomUUID() },
      body: { withdraw_type: 'usdt', amount: '100', address },
    },
  );

const change = (text: string, i: number, to: string) => text.slice(0, i) + to + text.slice(i + 1);

describe('USDT withdrawal addresses', () => {
  it('refuses a malformed address with 400 地址格式不正确 and freezes nothing', async () => {
    const user = await fundedUser(t);
    for (const address of [
      'TDestinationAddress',
      change(TRC20_ADDRESS, 10, 'r'),
      change(ERC20_ADDRESS, 4, '2'),
      `${ERC20_ADDRESS}0`,
      '0x123',
      '收款地址',
    ]) {
      const res = await withdraw(user.token, address);
      expect(res.status, address).toBe(400);
      expect(res.body.message, address).toBe('地址格式不正确');
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
    await assertLedgerOk(t.database.db);
  });

  it('accepts TRC20 and ERC20 addresses, stores the network and shows it to the admin', async () => {
    const user = await fundedUser(t);
    const tron = await withdraw(user.token, ` ${TRC20_ADDRESS} `);
    expect(tron.status).toBe(200);
    expect(tron.body.data?.withdrawal).toMatchObject({ address: TRC20_ADDRESS, network: 'TRC20' });
    const eth = await withdraw(user.token, ERC20_ADDRESS);
    expect(eth.status).toBe(200);
    expect(eth.body.data?.withdrawal).toMatchObject({ address: ERC20_ADDRESS, network: 'ERC20' });
    const lower = await withdraw(user.token, ERC20_ADDRESS.toLowerCase());
    expect(lower.status).toBe(200);
    expect(lower.body.data?.withdrawal.network).toBe('ERC20');
    expect((await walletOf(t, user.token)).wallets[0]).toMatchObject({
      frozen_balance: '300.000000000000000000',
    });

    const list = await api<{ withdrawals: { id: number; address: string; network: string | null }[] }>(
      t.app,
      'GET',
      `/api/admin/withdrawals?search=${encodeURIComponent(user.email)}`,
      { token: admin.token },
    );
    expect(list.status).toBe(200);
    const byId = new Map(list.body.data?.withdrawals.map((w) => [w.id, w]));
    expect(byId.get(tron.body.data?.withdrawal.id as number)).toMatchObject({
      address: TRC20_ADDRESS,
      network: 'TRC20',
    });
    expect(byId.get(eth.body.data?.withdrawal.id as number)).toMatchObject({
      address: ERC20_ADDRESS,
      network: 'ERC20',
    });
    await assertLedgerOk(t.database.db);
  });

  it('keeps no network for payee withdrawals', async () => {
    await insertWithdrawChannel(t.database.db, {
      name: '支付宝提现',
      type: 'alipay',
      feeRate: '0',
      minAmount: '1',
    });
    const user = await fundedUser(t);
    const res = await api<{ withdrawal: { network: string | null } }>(
      t.app,
      'POST',
      '/api/wallet/withdrawals',
      {
        token: user.token,
        headers: { 'Idempotency-Key': randomUUID() },
        body: { withdraw_type: 'alipay', amount: '20', account_info: { account: 'a@alipay', name: '张三' } },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.data?.withdrawal.network).toBeNull();
  });
});
