import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { approveKyc, fundUser, insertDepositChannel, insertWithdrawChannel } from '../../test/money.ts';
import { counterMismatches } from '../reconciliation/counter-check.ts';
import { assertLedgerOk } from '../reconciliation/ledger-check.ts';

/**
 * Races on the money paths (ARCHITECTURE.md, "The ledger (money)"), on whichever engine the suite
 * runs on: many parallel requests at one record, then the ledger verifier.
 */
let t: TestApp;
let admin: { token: string; id: number };
let depositChannelId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, 'admin');
  depositChannelId = (await insertDepositChannel(t.database.db)).id;
  await insertWithdrawChannel(t.database.db, { feeRate: '0.01' });
});
afterAll(() => t.close());

const balances = async (token: string) =>
  (
    await api<{ wallets: { balance: string; frozen_balance: string }[] }>(t.app, 'GET', '/api/wallet', {
      token,
    })
  ).body.data?.wallets[0];

describe('races', () => {
  it('100 concurrent approvals of one deposit credit it once', async () => {
    const user = await registerUser(t.app);
    const id = (
      await api<{ deposit: { id: number } }>(t.app, 'POST', '/api/wallet/deposits', {
        token: user.token,
        body: { channel_id: depositChannelId, amount: '77' },
      })
    ).body.data?.deposit.id;
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        i % 2 === 0
          ? api(t.app, 'PATCH', `/api/admin/deposits/${id}/review`, {
              token: admin.token,
              body: { status: 'approved' },
            })
          : api(t.app, 'POST', '/api/admin/deposits/batch-review', {
              token: admin.token,
              body: { action: 'approve', depositIds: [id] },
            }),
      ),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const credited =
      statuses.filter((s, i) => s === 200 && i % 2 === 0).length +
      replies.filter(
        (r, i) => i % 2 === 1 && (r.body.data as { processedCount: number }).processedCount === 1,
      ).length;
    expect(credited).toBe(1);
    expect((await balances(user.token))?.balance).toBe('77.000000000000000000');
    await assertLedgerOk(t.database.db);
    expect(await counterMismatches(t.database.db)).toEqual([]);
  });

  async function pendingWithdrawalOf1010() {
    const user = await registerUser(t.app);
    await approveKyc(t.database.db, user.user.id);
    await fundUser(t.database.db, user.user.id, '1010');
    const id = (
      await api<{ withdrawal: { id: number } }>(t.app, 'POST', '/api/wallet/withdrawals', {
        token: user.token,
        headers: { 'Idempotency-Key': randomUUID() },
        body: { withdraw_type: 'usdt', amount: '1000', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
      })
    ).body.data?.withdrawal.id;
    return { user, id };
  }
  const returned = { balance: '1010.000000000000000000', frozen_balance: '0.000000000000000000' };
  const frozen = { balance: '0.000000000000000000', frozen_balance: '1010.000000000000000000' };

  it('100 concurrent transitions of one withdrawal apply one', async () => {
    const { user, id } = await pendingWithdrawalOf1010();
    // The same transition 100 times at once (rejection moves money back): exactly one applies.
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        api(t.app, 'PATCH', `/api/admin/withdrawals/${id}/status`, {
          token: admin.token,
          body: { status: 'rejected', adminNote: `race ${i}` },
        }),
      ),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    expect(await balances(user.token)).toMatchObject(returned);
    await assertLedgerOk(t.database.db);
    expect(await counterMismatches(t.database.db)).toEqual([]);
  });

  it('racing approvals and rejections of one withdrawal leave its money matching its final status', async () => {
    const { user, id } = await pendingWithdrawalOf1010();
    // approved → rejected is a valid step, so one approval and one rejection may both apply (in
    // that order); a rejection first ends it. Either way the money follows the final status once.
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        api<{ withdrawal: { status: string } }>(t.app, 'PATCH', `/api/admin/withdrawals/${id}/status`, {
          token: admin.token,
          body: i % 2 === 0 ? { status: 'rejected', adminNote: `race ${i}` } : { status: 'approved' },
        }),
      ),
    );
    const applied = replies.filter((r) => r.status === 200).map((r) => r.body.data?.withdrawal.status);
    expect(replies.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect([['rejected'], ['approved'], ['approved', 'rejected']]).toContainEqual(
      applied.length === 2 ? ['approved', 'rejected'] : applied,
    );
    expect(applied.filter((s) => s === 'rejected').length).toBeLessThanOrEqual(1);
    expect(applied.filter((s) => s === 'approved').length).toBeLessThanOrEqual(1);
    expect(await balances(user.token)).toMatchObject(applied.includes('rejected') ? returned : frozen);
    await assertLedgerOk(t.database.db);
    expect(await counterMismatches(t.database.db)).toEqual([]);
  });

  it('50 concurrent withdrawal requests worth twice the balance never overdraw it', async () => {
    const user = await registerUser(t.app);
    await approveKyc(t.database.db, user.user.id);
    // Each request freezes 20 + 0.2 fee; 505 covers exactly 25 of the 50.
    await fundUser(t.database.db, user.user.id, '505');
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        api(t.app, 'POST', '/api/wallet/withdrawals', {
          token: user.token,
          headers: { 'Idempotency-Key': randomUUID() },
          body: { withdraw_type: 'usdt', amount: '20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
        }),
      ),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(25);
    expect(statuses.filter((s) => s === 422)).toHaveLength(25);
    expect(await balances(user.token)).toMatchObject({
      balance: '0.000000000000000000',
      frozen_balance: '505.000000000000000000',
    });
    const own = await api<{ pagination: { total: number } }>(t.app, 'GET', '/api/wallet/withdrawals', {
      token: user.token,
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(own.body.data?.pagination.total).toBe(25);
    await assertLedgerOk(t.database.db);
    expect(await counterMismatches(t.database.db)).toEqual([]);
  });
});

describe('realtime money events', () => {
  let origin: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    for (const s of sockets) s.disconnect();
  });
  const open = async (token: string) => {
    const socket = connect(origin, { auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    return socket;
  };
  const next = <T>(socket: Socket, event: string) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event}`)), 5000);
      socket.once(event, (payload: T) => {
        clearTimeout(timer);
        resolve(payload);
      });
    });

  it('tells admins about new requests and admins and the owner about status changes', async () => {
    const user = await registerUser(t.app);
    await approveKyc(t.database.db, user.user.id);
    await fundUser(t.database.db, user.user.id, '100');
    const adminSocket = await open(admin.token);
    const userSocket = await open(user.token);
    const stranger = await open((await registerUser(t.app)).token);
    let strangerHeard = false;
    stranger.on('admin_notification', () => (strangerHeard = true));
    stranger.on('withdrawal_status_update', () => (strangerHeard = true));

    const notified = next<{ type: string; sound: boolean; title: string; message: string }>(
      adminSocket,
      'admin_notification',
    );
    const created = await api<{ withdrawal: { id: number } }>(t.app, 'POST', '/api/wallet/withdrawals', {
      token: user.token,
      headers: { 'Idempotency-Key': randomUUID() },
      body: { withdraw_type: 'usdt', amount: '10', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
    });
    expect(await notified).toMatchObject({ type: 'withdrawal', sound: true, title: '新的提现申请' });

    const adminUpdate = next<{ id: number; status: string; previousStatus: string }>(
      adminSocket,
      'withdrawal_status_update',
    );
    const ownerUpdate = next<{ id: number; status: string }>(userSocket, 'withdrawal_status_update');
    await api(t.app, 'PATCH', `/api/admin/withdrawals/${created.body.data?.withdrawal.id}/status`, {
      token: admin.token,
      body: { status: 'reviewing' },
    });
    expect(await adminUpdate).toMatchObject({ status: 'reviewing', previousStatus: 'pending' });
    expect(await ownerUpdate).toMatchObject({ status: 'reviewing' });

    const depositNotice = next<{ type: string; title: string }>(adminSocket, 'admin_notification');
    await api(t.app, 'POST', '/api/wallet/deposits', {
      token: user.token,
      body: { channel_id: depositChannelId, amount: '10' },
    });
    expect(await depositNotice).toMatchObject({ type: 'deposit', title: '新的充值申请' });
    expect(strangerHeard).toBe(false);
  });
});
