import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { fundedUser, sleep } from '../../test/fixtures.ts';
import { insertDepositChannel, insertWithdrawChannel } from '../../test/money.ts';
import { collectEvents, nextEvent } from '../../test/sockets.ts';

/**
 * The admins' socket notices (admin_notification) in each admin's own language (issue 38,
 * docs/i18n.md): the account's language, else the one the client sends in its handshake, else
 * zh-CN; a language chosen later moves the admin's connected sockets too.
 */
interface Notice {
  type: string;
  sound: boolean;
  title: string;
  message: string;
  id: number;
}

let t: TestApp;
let origin: string;
let depositChannelId: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  depositChannelId = (await insertDepositChannel(t.database.db)).id;
  await insertWithdrawChannel(t.database.db, { feeRate: '0.01' });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

async function open(token: string, auth: Record<string, unknown> = {}): Promise<Socket> {
  const socket = connect(origin, {
    auth: { token, ...auth },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

async function adminIn(language: 'en' | 'zh-CN' | null) {
  const admin = await createAdmin(t, 'admin');
  if (language) {
    const res = await api(t.app, 'PUT', '/api/admin/me/language', { token: admin.token, body: { language } });
    expect(res.status).toBe(200);
  }
  return admin;
}

const deposit = (token: string) =>
  api<{ deposit: { id: number } }>(t.app, 'POST', '/api/wallet/deposits', {
    token,
    body: { channel_id: depositChannelId, amount: '10' },
  });

describe("the admins' socket notices", () => {
  it('reach each admin in their own language: a deposit and a withdrawal', async () => {
    const english = await adminIn('en');
    const chinese = await adminIn('zh-CN');
    const enSocket = await open(english.token);
    const zhSocket = await open(chinese.token);
    const user = await fundedUser(t, '100');

    const enNotice = nextEvent<Notice>(enSocket, 'admin_notification');
    const zhNotice = nextEvent<Notice>(zhSocket, 'admin_notification');
    const made = await deposit(user.token);
    expect(made.status).toBe(200);
    const id = made.body.data?.deposit.id;
    expect(await enNotice).toEqual({
      type: 'deposit',
      sound: true,
      title: 'New deposit request',
      message: `${user.email} requested a deposit of 10 USDT`,
      id,
    });
    expect(await zhNotice).toEqual({
      type: 'deposit',
      sound: true,
      title: '新的充值申请',
      message: `${user.email} 申请充值 10 USDT`,
      id,
    });

    const enWithdrawal = nextEvent<Notice>(enSocket, 'admin_notification');
    const zhWithdrawal = nextEvent<Notice>(zhSocket, 'admin_notification');
    const withdrawn = await api(t.app, 'POST', '/api/wallet/withdrawals', {
      token: user.token,
      headers: { 'Idempotency-Key': randomUUID() },
      body: { withdraw_type: 'usdt', amount: '10', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
    });
    expect(withdrawn.status).toBe(200);
    expect(await enWithdrawal).toMatchObject({
      type: 'withdrawal',
      title: 'New withdrawal request',
      message: `${user.email} requested a withdrawal of 10 USDT`,
    });
    expect(await zhWithdrawal).toMatchObject({
      type: 'withdrawal',
      title: '新的提现申请',
      message: `${user.email} 申请提现 10 USDT`,
    });
  });

  it("speaks the handshake's language when the account has none; the account's own comes first", async () => {
    const undecided = await adminIn(null);
    const chinese = await adminIn('zh-CN');
    const byHandshake = await open(undecided.token, { language: 'en' });
    const byAccount = await open(chinese.token, { language: 'en' });
    const byDefault = await open(undecided.token);
    const user = await registerUser(t.app);

    const notices = [byHandshake, byAccount, byDefault].map((s) =>
      nextEvent<Notice>(s, 'admin_notification'),
    );
    await deposit(user.token);
    const [first, second, third] = await Promise.all(notices);
    expect(first?.title).toBe('New deposit request');
    expect(second?.title).toBe('新的充值申请');
    expect(third?.title).toBe('新的充值申请');
  });

  it("follows a language chosen later, on the admin's sockets already connected, once", async () => {
    const admin = await adminIn(null);
    const socket = await open(admin.token);
    const user = await registerUser(t.app);
    const res = await api(t.app, 'PUT', '/api/admin/me/language', {
      token: admin.token,
      body: { language: 'en' },
    });
    expect(res.status).toBe(200);

    const seen = collectEvents<Notice>(socket, 'admin_notification');
    const next = nextEvent<Notice>(socket, 'admin_notification');
    await deposit(user.token);
    expect((await next).title).toBe('New deposit request');
    await sleep(200);
    expect(seen).toHaveLength(1);
  });

  it("never reaches a user's socket", async () => {
    const user = await registerUser(t.app);
    const socket = await open(user.token, { language: 'en' });
    const heard = collectEvents<Notice>(socket, 'admin_notification');
    const other = await registerUser(t.app);
    const admin = await adminIn('en');
    const adminSocket = await open(admin.token);
    const notice = nextEvent<Notice>(adminSocket, 'admin_notification');
    await deposit(other.token);
    await notice;
    await sleep(200);
    expect(heard).toEqual([]);
  });
});
