import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { sleep } from '../../test/fixtures.ts';
import { perLanguage } from './realtime.ts';

let t: TestApp;
let origin: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t?.close();
});

function open(token?: string): Socket {
  const socket = connect(origin, {
    auth: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  return socket;
}
const once = <T>(socket: Socket, event: string, ms = 5000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

describe('realtime socket', () => {
  it('refuses a handshake without a valid token', async () => {
    const err = await once<Error>(open('forged'), 'connect_error');
    expect(err.message).toContain('token');
    const none = await once<Error>(open(), 'connect_error');
    expect(none.message).toContain('token');
  });

  it("answers authenticate only for the token's own user", async () => {
    const u = await registerUser(t.app);
    const socket = open(u.token);
    await once(socket, 'connect');
    socket.emit('authenticate', { userId: u.user.id + 999 });
    expect(await once<{ message: string }>(socket, 'authentication_error')).toHaveProperty('message');
    socket.emit('authenticate', { userId: u.user.id });
    expect(await once<{ userId: number }>(socket, 'authenticated')).toMatchObject({ userId: u.user.id });
  });

  it('delivers to one user, and to admins only what is for admins', async () => {
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    const admin = await createAdmin(t, 'admin');
    const userSocket = open(u.token);
    const otherSocket = open(other.token);
    const adminSocket = open(admin.token);
    await Promise.all([
      once(userSocket, 'connect'),
      once(otherSocket, 'connect'),
      once(adminSocket, 'connect'),
    ]);

    const leaked: string[] = [];
    otherSocket.on('withdrawal_status_update', () => leaked.push('other got user event'));
    userSocket.on('admin_notification', () => leaked.push('user got admin event'));

    const toUser = once<{ id: number }>(userSocket, 'withdrawal_status_update');
    const toAdmin = once<{ title: string }>(adminSocket, 'admin_notification');
    t.app.platform.realtime.toUser(u.user.id, 'withdrawal_status_update', { id: 7 });
    t.app.platform.realtime.toAdmins('admin_notification', {
      sound: true,
      title: '新的提现申请',
      message: 'x',
    });
    expect(await toUser).toEqual({ id: 7 });
    expect(await toAdmin).toMatchObject({ title: '新的提现申请' });
    await sleep(200);
    expect(leaked).toEqual([]);
  });

  it('says a per-language push to a user in each socket’s language (the account’s, else the handshake’s)', async () => {
    const u = await registerUser(t.app);
    const chinese = open(u.token);
    const english = connect(origin, {
      auth: { token: u.token, language: 'en' },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(english);
    await Promise.all([once(chinese, 'connect'), once(english, 'connect')]);
    /** What each socket hears of one per-language push: the language it was said in. */
    const heard = () => {
      const said = [chinese, english].map((socket) => once<{ said: string }>(socket, 'said'));
      t.app.platform.realtime.toUser(
        u.user.id,
        'said',
        perLanguage((language) => ({ said: language })),
      );
      return Promise.all(said);
    };
    expect(await heard()).toEqual([{ said: 'zh-CN' }, { said: 'en' }]);

    // The account's choice wins over the handshake's, on the sockets already open too.
    expect(
      (await api(t.app, 'PUT', '/api/me/language', { token: u.token, body: { language: 'en' } })).status,
    ).toBe(200);
    await sleep(100);
    expect(await heard()).toEqual([{ said: 'en' }, { said: 'en' }]);
  });

  it('disconnects the sockets of a session at logout', async () => {
    const u = await registerUser(t.app);
    const socket = open(u.token);
    await once(socket, 'connect');
    const gone = once<string>(socket, 'disconnect');
    await api(t.app, 'POST', '/api/auth/logout', { token: u.token });
    expect(await gone).toBe('io server disconnect');
  });

  it('skips a socket that does not read for replaceable updates until its backlog drains', async () => {
    const u = await registerUser(t.app);
    const slow = open(u.token);
    await once(slow, 'connect');
    const counts = { slowTicks: 0, briskTicks: 0, blobs: 0 };
    slow.on('tick', () => counts.slowTicks++);
    slow.on('blob', () => counts.blobs++);
    // Stop reading on one client's TCP socket, as a client on a bad link would.
    const tcp = (
      slow.io.engine.transport as unknown as { ws: { _socket: { pause(): void; resume(): void } } }
    ).ws._socket;
    tcp.pause();
    const realtime = t.app.platform.realtime;
    const blob = 'x'.repeat(64 * 1024);
    // Must-deliver events (not skippable) fill the kernel buffers and then the server-side queue.
    for (let i = 0; i < 400; i++) realtime.toUser(u.user.id, 'blob', blob);
    // The user's healthy socket connects after the blobs (which were for the slow one only: on a
    // loaded machine 25 MB could make it fall behind too, and be skipped as well).
    const brisk = open(u.token);
    brisk.on('tick', () => counts.briskTicks++);
    await once(brisk, 'connect');
    // The check runs every 250 ms; leave room for a loaded machine.
    await sleep(1500);
    for (let i = 0; i < 5; i++) realtime.toRoom(`user:${u.user.id}`, 'tick', i, { skipSlow: true });
    await sleep(300);
    tcp.resume();
    // Everything that must arrive arrives; the replaceable ticks sent meanwhile were skipped for it only.
    const deadline = Date.now() + 15_000;
    while (counts.blobs < 400 && Date.now() < deadline) await sleep(50);
    expect(counts.blobs).toBe(400);
    expect(counts.briskTicks).toBe(5);
    expect(counts.slowTicks).toBe(0);
    // Once drained it gets them again.
    await sleep(1500);
    realtime.toRoom(`user:${u.user.id}`, 'tick', 99, { skipSlow: true });
    await sleep(300);
    expect(counts.slowTicks).toBe(1);
  }, 30_000);
});
