import {
  MAX_NOTIFICATION_IDS,
  NOTIFICATION_EVENT,
  type NotificationEvent,
  type NotificationsData,
  type UserNotification,
} from '@platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { insertDepositChannel } from '../../test/money.ts';
import { nextEvent, testSockets } from '../../test/sockets.ts';
import { notificationBroadcasts, notificationReads, notifications } from './notifications.schema.ts';
import { notify } from './notifications.service.ts';

/**
 * The notification centre over HTTP: only the caller's own notifications are listed and marked,
 * read and unread are counted per user, and one announcement is one broadcast row that every user
 * reads on their own. The writers are covered by notifications.writers.test.ts.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
const sockets = testSockets(() => t.app);
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, 'admin');
});
afterAll(async () => {
  sockets.close();
  await t?.close();
});

const db = () => t.database.db;
type User = Awaited<ReturnType<typeof registerUser>>;

const list = (user: User, query = '') =>
  api<NotificationsData>(t.app, 'GET', `/api/notifications${query}`, { token: user.token });
const listed = async (user: User, query = '') => {
  const res = await list(user, query);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as NotificationsData;
};
const markRead = (user: User, body?: unknown) =>
  api<{ marked: number; unread: number }>(t.app, 'POST', '/api/notifications/read', {
    token: user.token,
    ...(body === undefined ? {} : { body }),
  });

/** `count` notifications for `user` through the writers' own function; their ids, oldest first. */
async function written(user: User, count: number, type: 'deposit' | 'flash_settlement' = 'deposit') {
  const rows = await notify(
    db(),
    Array.from({ length: count }, (_, i) => ({
      userId: user.user.id,
      type,
      notice: { kind: 'depositApproved' as const, params: { id: i + 1, amount: `${i + 1}.00 USDT` } },
      link: type === 'deposit' ? '/wallet/history?tab=deposits' : null,
    })),
  );
  return rows.map((r) => r.notification.id).sort((a, b) => a - b);
}

const ids = (items: UserNotification[]) => items.map((n) => n.id);
const chinese = /[\u4e00-\u9fff]/;

describe('GET /api/notifications', () => {
  it('needs a signed-in user', async () => {
    expect((await api(t.app, 'GET', '/api/notifications')).status).toBe(401);
    expect((await api(t.app, 'POST', '/api/notifications/read', { body: {} })).status).toBe(401);
  });

  it("lists the caller's own only, newest first, in the usual pages, with the unread count", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    expect(await listed(a)).toEqual({
      notifications: [],
      pagination: { page: 1, limit: 20, total: 0, totalPages: 0 },
      unread: 0,
    });
    const mine = await written(a, 3);
    const theirs = await written(b, 2);

    const first = await listed(a, '?page=1&limit=2');
    expect(ids(first.notifications)).toEqual([mine[2], mine[1]]);
    expect(first.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
    expect(first.unread).toBe(3);
    expect(first.notifications[0]).toEqual({
      id: mine[2],
      type: 'deposit',
      title: '充值已到账',
      body: '充值 #3 审核通过，3.00 USDT 已存入可用余额',
      link: '/wallet/history?tab=deposits',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      read: false,
    });
    expect(ids((await listed(a, '?page=2&limit=2')).notifications)).toEqual([mine[0]]);
    const other = await listed(b);
    expect(ids(other.notifications)).toEqual([theirs[1], theirs[0]]);
    expect(other.unread).toBe(2);
  });

  it('filters by type and by unread; a value outside the allowed set is a 400', async () => {
    const a = await registerUser(t.app);
    const deposits = await written(a, 2);
    const settled = await written(a, 2, 'flash_settlement');
    expect((await markRead(a, { ids: [settled[0]] })).status).toBe(200);
    const unreadSettled = await listed(a, '?type=flash_settlement&unread=true');
    expect(ids(unreadSettled.notifications)).toEqual([settled[1]]);
    expect(unreadSettled.pagination.total).toBe(1);
    // The count is of every unread notification, whatever the filter.
    expect(unreadSettled.unread).toBe(3);
    expect(ids((await listed(a, '?unread=false')).notifications)).toEqual([settled[0]]);
    expect(ids((await listed(a, '?type=deposit')).notifications)).toEqual([deposits[1], deposits[0]]);
    for (const query of ['?type=nope', '?unread=yes', '?page=0', '?limit=101']) {
      const res = await list(a, query);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toMatch(chinese);
    }
  });
});

describe('POST /api/notifications/read', () => {
  it('marks the given ones read, then all of them without ids; later ones stay unread', async () => {
    const a = await registerUser(t.app);
    const mine = await written(a, 3);
    const once = await markRead(a, { ids: [mine[0], mine[0]] });
    expect(once.status, once.body.message).toBe(200);
    expect(once.body.data).toEqual({ marked: 1, unread: 2 });
    // Again: already read, nothing more.
    expect((await markRead(a, { ids: [mine[0]] })).body.data).toEqual({ marked: 0, unread: 2 });
    const after = await listed(a);
    expect(after.notifications.map((n) => [n.id, n.read])).toEqual([
      [mine[2], false],
      [mine[1], false],
      [mine[0], true],
    ]);

    expect((await markRead(a, {})).body.data).toEqual({ marked: 2, unread: 0 });
    expect((await listed(a)).notifications.every((n) => n.read)).toBe(true);
    // The one-by-one reads under the new mark are gone: the mark covers them.
    const reads = await db().execute(
      sql`SELECT count(*)::int AS n FROM ${notificationReads} WHERE user_id = ${a.user.id}`,
    );
    expect(Number((reads as unknown as { rows: { n: number }[] }).rows[0]?.n)).toBe(0);

    const [later] = await written(a, 1);
    const now = await listed(a);
    expect(now.unread).toBe(1);
    expect(now.notifications[0]).toMatchObject({ id: later, read: false });
    expect((await markRead(a, { ids: [later] })).body.data).toEqual({ marked: 1, unread: 0 });
  });

  it("refuses another user's and unknown ids with a 400 naming them, and marks nothing", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const mine = await written(a, 2);
    const theirs = await written(b, 1);
    const foreign = await markRead(a, { ids: [mine[0], theirs[0], 987654321] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(`通知不存在或不属于当前用户：${theirs[0]}、987654321`);
    expect(foreign.body.data).toEqual({ ids: [theirs[0], 987654321] });
    expect((await listed(a)).unread).toBe(2);
    expect((await listed(b)).unread).toBe(1);
    expect((await listed(b)).notifications[0]?.read).toBe(false);
  });

  it('refuses a malformed body with a Chinese 400, never a 500', async () => {
    const a = await registerUser(t.app);
    const [id] = await written(a, 1);
    const tooMany = Array.from({ length: MAX_NOTIFICATION_IDS + 1 }, (_, i) => i + 1);
    for (const body of [
      { ids: 'all' },
      { ids: [] },
      { ids: [0] },
      { ids: [-1] },
      { ids: [1.5] },
      { ids: ['1'] },
      { ids: [null] },
      { ids: tooMany },
      { ids: [id], extra: true },
      [],
    ]) {
      const res = await markRead(a, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toMatch(chinese);
    }
    // Not JSON at all: refused by the framework (415), still no 500.
    expect((await markRead(a, 'ids')).status).toBe(415);
    expect((await listed(a)).unread).toBe(1);
  });
});

describe('announcements: one broadcast, a read state per user', () => {
  it('reaches every user registered before it without a row per user; each reads it on their own', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const personal = async () =>
      Number(
        (
          (await db().execute(sql`SELECT count(*)::int AS n FROM ${notifications}`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]?.n,
      );
    const rowsBefore = await personal();
    const socket = await sockets.open(a.token);
    const pushed = nextEvent<NotificationEvent>(socket, NOTIFICATION_EVENT);
    const created = await api<{ announcement: { id: number } }>(
      t.app,
      'POST',
      '/api/admin/home/announcements',
      {
        token: admin.token,
        body: { title: '春节安排', content: '春节期间充值提现照常处理。', is_published: true },
      },
    );
    expect(created.status, created.body.message).toBe(200);
    const announcementId = created.body.data?.announcement.id as number;
    expect(await personal()).toBe(rowsBefore);
    const [broadcast] = await db().select().from(notificationBroadcasts);
    expect(broadcast).toMatchObject({ source: `announcement:${announcementId}`, title: '春节安排' });
    expect((await pushed).notifications).toEqual([
      expect.objectContaining({
        id: broadcast?.id,
        type: 'announcement',
        body: '春节期间充值提现照常处理。',
      }),
    ]);

    for (const user of [a, b]) {
      const seen = await listed(user);
      expect(seen.unread).toBe(1);
      expect(seen.notifications[0]).toMatchObject({ id: broadcast?.id, read: false, link: null });
    }
    // A registers later than the announcement: not theirs.
    const late = await registerUser(t.app);
    expect(await listed(late)).toMatchObject({ notifications: [], unread: 0 });
    expect((await markRead(late, { ids: [broadcast?.id] })).status).toBe(400);

    expect((await markRead(a, { ids: [broadcast?.id] })).body.data).toEqual({ marked: 1, unread: 0 });
    expect((await listed(a)).notifications[0]?.read).toBe(true);
    expect((await listed(b)).notifications[0]?.read).toBe(false);
    expect((await markRead(b, {})).body.data).toEqual({ marked: 1, unread: 0 });

    // Edited while published: the same notification with the new text, still read.
    const patch = (body: Record<string, unknown>) =>
      api(t.app, 'PATCH', `/api/admin/home/announcements/${announcementId}`, { token: admin.token, body });
    expect((await patch({ content: '春节期间充值提现照常处理，到账稍慢。' })).status).toBe(200);
    expect((await listed(a)).notifications[0]).toMatchObject({
      id: broadcast?.id,
      body: '春节期间充值提现照常处理，到账稍慢。',
      read: true,
    });
    // Unpublished: gone for everyone; published again: a new, unread notification.
    expect((await patch({ is_published: false })).status).toBe(200);
    expect((await listed(a)).notifications).toEqual([]);
    expect((await patch({ is_published: true })).status).toBe(200);
    expect((await listed(a)).unread).toBe(1);
    expect((await listed(b)).unread).toBe(1);
    const deleted = await api(t.app, 'DELETE', `/api/admin/home/announcements/${announcementId}`, {
      token: admin.token,
    });
    expect(deleted.status).toBe(200);
    expect(await db().select().from(notificationBroadcasts)).toEqual([]);
    expect((await listed(b)).unread).toBe(0);
  });
});

describe('push', () => {
  it("a deposit's review reaches its owner's socket as a notification after the commit", async () => {
    const user = await registerUser(t.app);
    const channel = await insertDepositChannel(db(), { name: 'notify-push' });
    const created = await api<{ deposit: { id: number } }>(t.app, 'POST', '/api/wallet/deposits', {
      token: user.token,
      body: { channel_id: channel.id, amount: '50' },
    });
    const socket = await sockets.open(user.token);
    const pushed = nextEvent<NotificationEvent>(socket, NOTIFICATION_EVENT);
    const reviewed = await api(
      t.app,
      'PATCH',
      `/api/admin/deposits/${created.body.data?.deposit.id}/review`,
      {
        token: admin.token,
        body: { status: 'approved' },
      },
    );
    expect(reviewed.status).toBe(200);
    const event = await pushed;
    expect(event.notifications).toHaveLength(1);
    expect(event.notifications[0]).toMatchObject({ type: 'deposit', title: '充值已到账', read: false });
    // Committed before the push: the list already has it.
    expect(ids((await listed(user)).notifications)).toEqual([event.notifications[0]?.id]);
  });
});

describe('each reader in their own language (issue 38)', () => {
  it('a notification written in a Chinese context is read in English by an English reader; old rows as stored', async () => {
    const user = await registerUser(t.app);
    const channel = await insertDepositChannel(db(), { name: 'notify-english' });
    const created = await api<{ deposit: { id: number } }>(t.app, 'POST', '/api/wallet/deposits', {
      token: user.token,
      body: { channel_id: channel.id, amount: '50' },
    });
    const depositId = created.body.data?.deposit.id;
    // The admin reviews in Chinese (no header, no choice): the row stores its kind and parameters.
    const reviewed = await api(t.app, 'PATCH', `/api/admin/deposits/${depositId}/review`, {
      token: admin.token,
      body: { status: 'rejected', adminNote: '金额不符' },
    });
    expect(reviewed.status).toBe(200);
    const [row] = await db()
      .select()
      .from(notifications)
      .where(sql`${notifications.userId} = ${user.user.id}`);
    expect(row).toMatchObject({ kind: 'depositRejected', title: null, body: null });
    expect(row?.params).toMatchObject({ id: depositId, amount: '50.00 USDT' });

    const chinese = (await listed(user)).notifications[0];
    expect(chinese).toMatchObject({
      title: '充值未通过',
      body: `充值 #${depositId}（50.00 USDT）未通过审核，原因：金额不符`,
    });
    const english = await api<NotificationsData>(t.app, 'GET', '/api/notifications', {
      token: user.token,
      headers: { 'accept-language': 'en-GB' },
    });
    expect(english.body.data?.notifications[0]).toMatchObject({
      title: 'Deposit rejected',
      body: `Deposit #${depositId} (50.00 USDT) was rejected; reason: 金额不符`,
    });
    await api(t.app, 'PUT', '/api/me/language', { token: user.token, body: { language: 'en' } });
    expect((await listed(user)).notifications[0]?.title).toBe('Deposit rejected');

    // A row from before migration 0057: its stored Chinese text, in every language.
    await db().execute(
      sql`INSERT INTO notifications (user_id, type, title, body) VALUES (${user.user.id}, 'deposit', '旧通知', '旧内容')`,
    );
    expect((await listed(user)).notifications[0]).toMatchObject({ title: '旧通知', body: '旧内容' });
  });

  it('the socket push speaks the device’s language (the handshake’s) when the account has chosen none', async () => {
    const user = await registerUser(t.app);
    const channel = await insertDepositChannel(db(), { name: 'notify-device-english' });
    const created = await api<{ deposit: { id: number } }>(t.app, 'POST', '/api/wallet/deposits', {
      token: user.token,
      body: { channel_id: channel.id, amount: '50' },
    });
    const english = await sockets.open(user.token, 'en');
    const chinese = await sockets.open(user.token);
    const [inEnglish, inChinese] = [english, chinese].map((s) =>
      nextEvent<NotificationEvent>(s, NOTIFICATION_EVENT),
    );
    await api(t.app, 'PATCH', `/api/admin/deposits/${created.body.data?.deposit.id}/review`, {
      token: admin.token,
      body: { status: 'approved' },
    });
    expect((await inEnglish!).notifications[0]).toMatchObject({ title: 'Deposit credited', read: false });
    expect((await inChinese!).notifications[0]?.title).toBe('充值已到账');
  });

  it("the socket push speaks the owner's chosen language", async () => {
    const user = await registerUser(t.app);
    await api(t.app, 'PUT', '/api/me/language', { token: user.token, body: { language: 'en' } });
    const channel = await insertDepositChannel(db(), { name: 'notify-english-push' });
    const created = await api<{ deposit: { id: number } }>(t.app, 'POST', '/api/wallet/deposits', {
      token: user.token,
      body: { channel_id: channel.id, amount: '50' },
    });
    const socket = await sockets.open(user.token);
    const pushed = nextEvent<NotificationEvent>(socket, NOTIFICATION_EVENT);
    await api(t.app, 'PATCH', `/api/admin/deposits/${created.body.data?.deposit.id}/review`, {
      token: admin.token,
      body: { status: 'approved' },
    });
    expect((await pushed).notifications[0]).toMatchObject({ title: 'Deposit credited', read: false });
  });
});
