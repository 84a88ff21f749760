import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import {
  approveKyc,
  fundUser,
  insertDepositChannel,
  insertWithdrawChannel,
  withdrawalStatusChange,
} from '../../test/money.ts';
import { postTransactionsBatch } from '../ledger/ledger.service.ts';
import { createTestUsers } from '../ledger/ledger.test-helpers.ts';
import { counterMismatches } from '../reconciliation/counter-check.ts';
import { users } from '../users/users.schema.ts';
import { readCounters } from './counters.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('stat counters', () => {
  it('follow users, deposits, withdrawals and balances through every kind of change', async () => {
    const db = t.database.db;
    const admin = await createAdmin(t, 'admin');
    const channel = await insertDepositChannel(db);
    await insertWithdrawChannel(db);
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await approveKyc(db, a.user.id);
    await db.update(users).set({ isActive: false }).where(eq(users.id, b.user.id));

    const deposit = async (token: string, amount: string) =>
      (
        await api<{ deposit: { id: number } }>(t.app, 'POST', '/api/wallet/deposits', {
          token,
          body: { channel_id: channel.id, amount },
        })
      ).body.data?.deposit.id;
    const d1 = await deposit(a.token, '100');
    const d2 = await deposit(a.token, '200');
    await deposit(a.token, '300');
    await api(t.app, 'PATCH', `/api/admin/deposits/${d1}/review`, {
      token: admin.token,
      body: { status: 'approved' },
    });
    await api(t.app, 'PATCH', `/api/admin/deposits/${d2}/review`, {
      token: admin.token,
      body: { status: 'approved' },
    });
    await fundUser(db, a.user.id, '50');
    const w = await api<{ withdrawal: { id: number } }>(t.app, 'POST', '/api/wallet/withdrawals', {
      token: a.token,
      headers: { 'Idempotency-Key': randomUUID() },
      body: { withdraw_type: 'usdt', amount: '40', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
    });
    for (const status of ['approved', 'processing', 'completed'])
      await api(t.app, 'PATCH', `/api/admin/withdrawals/${w.body.data?.withdrawal.id}/status`, {
        token: admin.token,
        body: withdrawalStatusChange(status),
      });

    expect(await counterMismatches(db)).toEqual([]);
    const c = await readCounters(db, [
      'users.total',
      'users.inactive',
      'users.admins',
      'users.kyc.approved',
      'users.deposited',
      'deposits.count.pending',
      'deposits.amount.approved.USDT',
      'withdrawals.count.completed',
      'assets.available.USDT',
      'assets.frozen.USDT',
    ]);
    expect(c).toEqual({
      'users.total': '3.000000000000000000',
      'users.inactive': '1.000000000000000000',
      'users.admins': '1.000000000000000000',
      'users.kyc.approved': '1.000000000000000000',
      'users.deposited': '1.000000000000000000',
      'deposits.count.pending': '1.000000000000000000',
      'deposits.amount.approved.USDT': '300.000000000000000000',
      'withdrawals.count.completed': '1.000000000000000000',
      'assets.available.USDT': '309.600000000000000000',
      'assets.frozen.USDT': '0.000000000000000000',
    });
  });
});

describe('the balance counters', () => {
  it('take one bump per counter for a statement that moves many balances, and stay exact', async () => {
    const db = t.database.db;
    const holders = await createTestUsers(db, 40);
    const tag = `${Date.now()}`;
    const credit = (id: number, i: number) => ({
      idempotencyKey: `stats-batch:${tag}:${id}`,
      kind: 'adjustment',
      postings: [
        { account: { userId: id, bucket: 'available' as const }, currency: 'USDT', amount: `${i + 1}.5` },
        { account: { userId: id, bucket: 'frozen' as const }, currency: 'USDT', amount: '1' },
        { account: { system: 'adjustments' as const }, currency: 'USDT', amount: `-${i + 2}.5` },
      ],
    });
    // Accounts first (created by their own statements), then one batch moving all 80 balances.
    await db.transaction((tx) => postTransactionsBatch(tx, holders.slice(0, 1).map(credit)));
    await db.transaction((tx) =>
      postTransactionsBatch(
        tx,
        holders.slice(1).map((id) => credit(id, 0)),
      ),
    );
    const again = (id: number, i: number) => ({
      ...credit(id, i),
      idempotencyKey: `stats-batch:${tag}:again:${id}`,
    });
    // Calls of stat_bump in one transaction, counted by PostgreSQL itself (no other transaction on
    // this connection tracks functions, so nothing else is pending in the count).
    const bumps = await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL track_functions = 'pl'`);
      await postTransactionsBatch(tx, holders.map(again));
      const [row] = await queryRows<{ n: string }>(
        tx,
        sql`SELECT coalesce(sum(calls), 0)::text AS n FROM pg_stat_xact_user_functions WHERE funcname = 'stat_bump'`,
      );
      return Number(row?.n);
    });
    // assets.available.USDT and assets.frozen.USDT, once each for the 80 balances.
    expect(bumps).toBe(2);
    expect(await counterMismatches(db)).toEqual([]);
  });
});
