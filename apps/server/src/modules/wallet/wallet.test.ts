import { randomUUID } from 'node:crypto';
import type { UserTransaction } from '@platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../core/money.ts';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { walletOf } from '../../test/fixtures.ts';
import { approveKyc, fundUser, insertDepositChannel, insertWithdrawChannel } from '../../test/money.ts';
import { adjustmentApproveKey } from '../adjustments/adjustments.service.ts';
import { depositApproveKey } from '../deposits/deposits.service.ts';
import { assertLedgerOk } from '../reconciliation/ledger-check.ts';
import { rewardLedgerKey } from '../team/rewards/rewards.service.ts';
import { salaryLedgerKey } from '../team/salary/salary.service.ts';
import { cancelKey, fillKey, freezeKey } from '../trading/spot/spot.engine.ts';
import { recordTick } from '../trading/testing/trading-fixtures.ts';
import { openKey, settleKey } from '../trading/timed/timed.service.ts';
import { withdrawalKey } from '../withdrawals/withdrawals.service.ts';
import { ledgerReferenceOf } from './ledger-reference.ts';

let t: TestApp;
let admin: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, 'admin');
  await insertWithdrawChannel(t.database.db, { feeRate: '0.02' });
});
afterAll(() => t.close());

const statementOf = async (token: string, query = '') =>
  (
    await api<{ transactions: UserTransaction[]; pagination: { total: number } }>(
      t.app,
      'GET',
      `/api/wallet/transactions${query}`,
      { token },
    )
  ).body.data;

const ZERO = '0.000000000000000000';

describe('GET /api/wallet: every currency valued in USDT', () => {
  it('starts at zero, valued, with the withdrawal requirement', async () => {
    const user = await registerUser(t.app);
    expect(await walletOf(t, user.token)).toEqual({
      wallets: [
        {
          currency: 'USDT',
          balance: ZERO,
          frozen_balance: ZERO,
          salary_balance: ZERO,
          price_usdt: '1',
          value_usdt: ZERO,
        },
      ],
      total_value_usdt: ZERO,
      unpriced_currencies: [],
      withdrawRequirement: { canWithdraw: false, reasons: ['请先完成实名认证（KYC）'] },
    });
  });

  it('says the withdrawal requirement in English (Accept-Language: en, or the account’s language)', async () => {
    const user = await registerUser(t.app);
    const english = await api<{ withdrawRequirement: unknown }>(t.app, 'GET', '/api/wallet', {
      token: user.token,
      headers: { 'accept-language': 'en' },
    });
    expect(english.body.data?.withdrawRequirement).toEqual({
      canWithdraw: false,
      reasons: ['Complete identity verification (KYC) first'],
    });
    await api(t.app, 'PUT', '/api/me/language', { token: user.token, body: { language: 'en' } });
    expect((await walletOf(t, user.token)).withdrawRequirement).toEqual({
      canWithdraw: false,
      reasons: ['Complete identity verification (KYC) first'],
    });
  });

  it('values a coin at its reference price, frozen and salary included, and adds it to the total', async () => {
    const user = await registerUser(t.app);
    await fundUser(t.database.db, user.user.id, '400.5');
    await fundUser(t.database.db, user.user.id, '0.006', 'BTC');
    // The price the wallet uses is trading's reference price: the latest recorded tick.
    await recordTick(t.database.db, 'BTCUSDT', '60000.5', Date.now());
    const wallet = await walletOf(t, user.token);
    expect(wallet.wallets.find((w) => w.currency === 'BTC')).toMatchObject({
      balance: '0.006000000000000000',
      price_usdt: '60000.5',
      value_usdt: '360.003000000000000000',
    });
    expect(wallet.wallets.find((w) => w.currency === 'USDT')).toMatchObject({
      price_usdt: '1',
      value_usdt: '400.500000000000000000',
    });
    expect(wallet.total_value_usdt).toBe('760.503000000000000000');
    expect(wallet.unpriced_currencies).toEqual([]);
  });

  it('names a coin without a reference price, gives it no value and leaves it out of the total', async () => {
    const user = await registerUser(t.app);
    await fundUser(t.database.db, user.user.id, '10');
    await fundUser(t.database.db, user.user.id, '5', 'NOPRICE');
    const wallet = await walletOf(t, user.token);
    expect(wallet.wallets.find((w) => w.currency === 'NOPRICE')).toMatchObject({
      balance: '5.000000000000000000',
      price_usdt: null,
      value_usdt: null,
    });
    expect(wallet.unpriced_currencies).toEqual(['NOPRICE']);
    expect(wallet.total_value_usdt).toBe('10.000000000000000000');
  });

  it('keeps the total when money only moves between buckets (a withdrawal frozen)', async () => {
    const user = await registerUser(t.app);
    await approveKyc(t.database.db, user.user.id);
    await fundUser(t.database.db, user.user.id, '300');
    const before = new Decimal((await walletOf(t, user.token)).total_value_usdt);
    await api(t.app, 'POST', '/api/wallet/withdrawals', {
      token: user.token,
      headers: { 'Idempotency-Key': randomUUID() },
      body: { withdraw_type: 'usdt', amount: '100', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
    });
    const after = await walletOf(t, user.token);
    expect(new Decimal(after.total_value_usdt).eq(before)).toBe(true);
    expect(after.wallets[0]).toMatchObject({
      balance: '198.000000000000000000',
      frozen_balance: '102.000000000000000000',
    });
  });
});

describe('GET /api/wallet/transactions: the statement', () => {
  it('shows one row per transaction, a freeze and an unfreeze as such, each with its reference', async () => {
    const user = await registerUser(t.app);
    await approveKyc(t.database.db, user.user.id);
    await fundUser(t.database.db, user.user.id, '300');
    const requested = await api<{ withdrawal: { id: number } }>(t.app, 'POST', '/api/wallet/withdrawals', {
      token: user.token,
      headers: { 'Idempotency-Key': randomUUID() },
      body: { withdraw_type: 'usdt', amount: '100', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
    });
    const id = requested.body.data?.withdrawal.id as number;
    await api(t.app, 'PATCH', `/api/admin/withdrawals/${id}/status`, {
      token: admin.token,
      body: { status: 'rejected', adminNote: '信息不符' },
    });

    const statement = await statementOf(user.token);
    expect(statement?.pagination.total).toBe(3);
    expect(
      statement?.transactions.map((r) => [r.kind, r.movement, r.amount, r.reference, r.changes]),
    ).toEqual([
      [
        'withdrawal_reject',
        'unfreeze',
        ZERO,
        { kind: 'withdrawal', id },
        [
          { bucket: 'frozen', amount: '-102.000000000000000000', balance_after: ZERO },
          { bucket: 'available', amount: '102.000000000000000000', balance_after: '300.000000000000000000' },
        ],
      ],
      [
        'withdrawal_freeze',
        'freeze',
        ZERO,
        { kind: 'withdrawal', id },
        [
          { bucket: 'available', amount: '-102.000000000000000000', balance_after: '198.000000000000000000' },
          { bucket: 'frozen', amount: '102.000000000000000000', balance_after: '102.000000000000000000' },
        ],
      ],
      [
        'adjustment',
        'in',
        '300.000000000000000000',
        null,
        [{ bucket: 'available', amount: '300.000000000000000000', balance_after: '300.000000000000000000' }],
      ],
    ]);
    expect(statement?.transactions[0]?.memo).toBe(`提现 #${id} 已拒绝`);
    await assertLedgerOk(t.database.db);

    // The memos are stored as written (zh-CN) and read in the caller's language.
    const english = await api<{ transactions: UserTransaction[] }>(t.app, 'GET', '/api/wallet/transactions', {
      token: user.token,
      headers: { 'Accept-Language': 'en' },
    });
    expect(english.body.data?.transactions.map((r) => r.memo)).toEqual([
      `Withdrawal #${id}: Rejected`,
      `Withdrawal #${id} requested, funds frozen`,
      statement?.transactions[2]?.memo ?? null,
    ]);
  });

  it('links a deposit, and pages', async () => {
    const channel = await insertDepositChannel(t.database.db);
    const user = await registerUser(t.app);
    const ids: number[] = [];
    for (const amount of ['20', '30']) {
      const made = await api<{ deposit: { id: number } }>(t.app, 'POST', '/api/wallet/deposits', {
        token: user.token,
        body: { channel_id: channel.id, amount },
      });
      const id = made.body.data?.deposit.id as number;
      ids.push(id);
      expect(
        (
          await api(t.app, 'PATCH', `/api/admin/deposits/${id}/review`, {
            token: admin.token,
            body: { status: 'approved' },
          })
        ).status,
      ).toBe(200);
    }
    const first = await statementOf(user.token, '?page=1&limit=1');
    expect(first?.pagination.total).toBe(2);
    expect(first?.transactions.map((r) => [r.kind, r.movement, r.amount, r.reference])).toEqual([
      ['deposit', 'in', '30.000000000000000000', { kind: 'deposit', id: ids[1] }],
    ]);
    const second = await statementOf(user.token, '?page=2&limit=1');
    expect(second?.transactions.map((r) => r.reference)).toEqual([{ kind: 'deposit', id: ids[0] }]);
  });

  it('keeps to the user, filters by currency, refuses bad queries in Chinese and needs a token', async () => {
    const user = await registerUser(t.app);
    await fundUser(t.database.db, user.user.id, '1', 'BTC');
    await fundUser(t.database.db, user.user.id, '2');
    expect((await statementOf(user.token, '?currency=BTC'))?.transactions.map((r) => r.currency)).toEqual([
      'BTC',
    ]);
    const other = await registerUser(t.app);
    expect((await statementOf(other.token))?.transactions).toEqual([]);
    const adminOwn = await createAdmin(t, 'admin');
    expect((await statementOf(adminOwn.token))?.transactions).toEqual([]);

    const bad = await api(t.app, 'GET', '/api/wallet/transactions?currency=btc!', { token: user.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('币种格式不正确');
    expect((await api(t.app, 'GET', '/api/wallet/transactions?page=0', { token: user.token })).status).toBe(
      400,
    );
    expect((await api(t.app, 'GET', '/api/wallet/transactions')).status).toBe(401);
  });
});

describe('ledgerReferenceOf: the record a journal transaction was for, from its key', () => {
  it('reads every key the modules write', () => {
    expect(ledgerReferenceOf(fillKey(41, 2))).toEqual({ kind: 'order', id: 41 });
    expect(ledgerReferenceOf(freezeKey(41))).toEqual({ kind: 'order', id: 41 });
    expect(ledgerReferenceOf(cancelKey(41))).toEqual({ kind: 'order', id: 41 });
    expect(ledgerReferenceOf(openKey('flash', 7))).toEqual({ kind: 'order', id: 7 });
    expect(ledgerReferenceOf(settleKey('option', 8))).toEqual({ kind: 'order', id: 8 });
    expect(ledgerReferenceOf('perpetual:9:liquidate')).toEqual({ kind: 'order', id: 9 });
    expect(ledgerReferenceOf(depositApproveKey(3))).toEqual({ kind: 'deposit', id: 3 });
    expect(ledgerReferenceOf(withdrawalKey(4, 'complete'))).toEqual({ kind: 'withdrawal', id: 4 });
    expect(ledgerReferenceOf(adjustmentApproveKey(5))).toEqual({ kind: 'adjustment', id: 5 });
    expect(ledgerReferenceOf(rewardLedgerKey(6))).toEqual({ kind: 'reward', id: 6 });
  });

  it('names no record for salaries and unknown keys', () => {
    expect(ledgerReferenceOf(salaryLedgerKey(1, '2024-05-01'))).toBeNull();
    expect(ledgerReferenceOf('test-funding:1:2:3')).toBeNull();
    expect(ledgerReferenceOf('deposit:x:approve')).toBeNull();
  });
});
