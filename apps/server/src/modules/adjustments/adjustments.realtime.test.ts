import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type {
  AdjustmentStatusUpdateEvent,
  AdminAdjustment,
  AdminNotificationEvent,
} from '@platform/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  type createAdmin,
  createApprover,
  createTestApp,
  registerUser,
  type TestApp,
} from '../../test/app.ts';
import { sleep } from '../../test/fixtures.ts';
import { fundUser } from '../../test/money.ts';

/**
 * 余额调整 realtime (issue 17), over real sockets: a proposal asks the other admins for their review
 * and never the proposer, nor an admin whose own account it adjusts (neither may approve it); users
 * hear nothing; every review reaches all admins so that open lists refresh.
 */

type Admin = Awaited<ReturnType<typeof createAdmin>>;
let t: TestApp;
let origin: string;
let alice: Admin;
let bob: Admin;
let carol: Admin;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // Approvers: dual control counts their approvals at once (createAdmin's only after 24 h).
  alice = await createApprover(t, 'admin');
  bob = await createApprover(t, 'admin');
  carol = await createApprover(t, 'super_admin');
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t?.close();
});

/** A connected socket that records every event it receives (`language`: the one the client shows). */
async function listen(token: string, language?: 'en') {
  const auth = language ? { token, language } : { token };
  const socket = connect(origin, { auth, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  const events: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => events.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return {
    socket,
    events,
    of: (event: string) => events.filter((e) => e.event === event).map((e) => e.payload),
  };
}

async function until(check: () => boolean, what: string, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}
/** Time for an event that must not come to have arrived if it were sent. */
const settle = () => sleep(300);

const propose = (admin: Admin, body: Record<string, unknown>) =>
  api<{ adjustment: AdminAdjustment }>(t.app, 'POST', '/api/admin/adjustments', {
    token: admin.token,
    body,
    headers: { 'Idempotency-Key': randomUUID() },
  });

describe('adjustment notifications', () => {
  it('tells the other admins about a proposal, never the proposer or a user, and every admin about its review', async () => {
    const user = await registerUser(t.app);
    await fundUser(t.database.db, user.user.id, '100');
    const [a, b, c, u] = await Promise.all([
      listen(alice.token),
      listen(bob.token),
      listen(carol.token),
      listen(user.token),
    ]);
    // Alice's second tab: the proposer is left out in all of them.
    const a2 = await listen(alice.token);
    // Bob's tab in English hears it in English.
    const b2 = await listen(bob.token, 'en');

    const res = await propose(alice, {
      user_id: user.user.id,
      currency: 'USDT',
      amount: '-12.5',
      reason: '冲正',
    });
    expect(res.status, res.body.message).toBe(200);
    const id = res.body.data?.adjustment.id as number;

    await until(
      () =>
        b.of('admin_notification').length === 1 &&
        c.of('admin_notification').length === 1 &&
        b2.of('admin_notification').length === 1,
      'b and c',
    );
    const expected: AdminNotificationEvent = {
      type: 'adjustment',
      sound: true,
      title: '新的余额调整待复核',
      message: `${alice.email} 提交了对 ${user.email} 的余额调整 -12.5 USDT，需要另一位管理员复核`,
      id,
    };
    expect(b.of('admin_notification')).toEqual([expected]);
    expect(c.of('admin_notification')).toEqual([expected]);
    expect(b2.of('admin_notification')).toEqual([
      {
        ...expected,
        title: 'New balance adjustment to review',
        message: `${alice.email} submitted a balance adjustment of -12.5 USDT for ${user.email}; another admin must review it`,
      },
    ]);
    await settle();
    expect(a.of('admin_notification')).toEqual([]);
    expect(a2.of('admin_notification')).toEqual([]);
    expect(u.events.map((e) => e.event)).not.toContain('admin_notification');

    // Bob approves: every admin's list refreshes, the proposer's too; the user hears no admin event.
    const approved = await api(t.app, 'POST', `/api/admin/adjustments/${id}/approve`, {
      token: bob.token,
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(approved.status, approved.body.message).toBe(200);
    const update: AdjustmentStatusUpdateEvent = { id, status: 'approved', reviewed_by: bob.id };
    await until(
      () => [a, a2, b, c].every((s) => s.of('adjustment_status_update').length === 1),
      'adjustment_status_update to every admin',
    );
    for (const s of [a, a2, b, c]) expect(s.of('adjustment_status_update')).toEqual([update]);
    expect(u.of('adjustment_status_update')).toEqual([]);
  });

  it('leaves out an admin whose own account is adjusted: they may not approve it either', async () => {
    const [a, b, c] = await Promise.all([listen(alice.token), listen(bob.token), listen(carol.token)]);
    const res = await propose(alice, { user_id: carol.id, currency: 'USDT', amount: '5', reason: '补发' });
    expect(res.status, res.body.message).toBe(200);
    const id = res.body.data?.adjustment.id as number;
    await until(() => b.of('admin_notification').length === 1, 'bob');
    expect(b.of('admin_notification')).toEqual([expect.objectContaining({ type: 'adjustment', id })]);
    await settle();
    expect(a.of('admin_notification')).toEqual([]);
    expect(c.of('admin_notification')).toEqual([]);

    // Alice withdraws her own proposal: a review like any other, every admin refreshes.
    const rejected = await api(t.app, 'POST', `/api/admin/adjustments/${id}/reject`, {
      token: alice.token,
      body: { reason: '提交错误' },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(rejected.status, rejected.body.message).toBe(200);
    const update: AdjustmentStatusUpdateEvent = { id, status: 'rejected', reviewed_by: alice.id };
    await until(() => [a, b, c].every((s) => s.of('adjustment_status_update').length === 1), 'the update');
    for (const s of [a, b, c]) expect(s.of('adjustment_status_update')).toEqual([update]);
  });

  it('says nothing when a proposal or a review is refused', async () => {
    const user = await registerUser(t.app);
    const [a, b] = await Promise.all([listen(alice.token), listen(bob.token)]);
    // A debit beyond the balance (422), a proposal on one's own account (403), bad input (400).
    expect(
      (await propose(bob, { user_id: user.user.id, currency: 'USDT', amount: '-1', reason: 'x' })).status,
    ).toBe(422);
    expect((await propose(bob, { user_id: bob.id, currency: 'USDT', amount: '1', reason: 'x' })).status).toBe(
      403,
    );
    expect(
      (await propose(bob, { user_id: user.user.id, currency: 'USDT', amount: '0', reason: 'x' })).status,
    ).toBe(400);
    const ok = await propose(bob, { user_id: user.user.id, currency: 'USDT', amount: '1', reason: '补发' });
    const id = ok.body.data?.adjustment.id as number;
    await until(() => a.of('admin_notification').length === 1, 'alice');
    // The proposer approving is refused (409): no update goes out.
    expect(
      (
        await api(t.app, 'POST', `/api/admin/adjustments/${id}/approve`, {
          token: bob.token,
          headers: { 'Idempotency-Key': randomUUID() },
        })
      ).status,
    ).toBe(409);
    await settle();
    expect(a.of('admin_notification')).toHaveLength(1);
    expect(b.of('admin_notification')).toEqual([]);
    expect([...a.of('adjustment_status_update'), ...b.of('adjustment_status_update')]).toEqual([]);
  });
});
