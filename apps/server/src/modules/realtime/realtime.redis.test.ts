import type { AddressInfo } from 'node:net';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { sleep } from '../../test/fixtures.ts';
import { perLanguage } from './realtime.ts';

// Needs a Redis server: CI sets TEST_REDIS_URL; without it this file reports its tests as skipped.
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('realtime across instances through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL: redisUrl! });
    b = await createTestApp({ REDIS_URL: redisUrl! });
    await a.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('an event emitted on one instance reaches a socket connected to another', async () => {
    const u = await registerUser(a.app);
    const origin = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
    const socket = connect(origin, {
      auth: { token: u.token },
      transports: ['websocket'],
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      // Give the adapter a moment to register the room subscription in Redis.
      await sleep(200);
      const received = new Promise((resolve) => socket.once('withdrawal_status_update', resolve));
      b.app.platform.realtime.toUser(u.user.id, 'withdrawal_status_update', { id: 42, status: 'approved' });
      expect(await received).toEqual({ id: 42, status: 'approved' });
    } finally {
      socket.disconnect();
    }
  });

  it("a language chosen on one instance moves an admin's socket on another; per-language notices follow", async () => {
    const admin = await createAdmin(a);
    const origin = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
    const socket = connect(origin, {
      auth: { token: admin.token },
      transports: ['websocket'],
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      await sleep(200);
      const notice = perLanguage((language) => ({ language }));
      const first = new Promise((resolve) => socket.once('admin_notification', resolve));
      b.app.platform.realtime.toAdmins('admin_notification', notice);
      expect(await first).toEqual({ language: 'zh-CN' });

      b.app.platform.realtime.languageChosen({ id: admin.id, role: 'admin' }, 'en');
      await sleep(300);
      const heard: unknown[] = [];
      socket.on('admin_notification', (payload) => heard.push(payload));
      b.app.platform.realtime.toAdmins('admin_notification', notice);
      await sleep(500);
      expect(heard).toEqual([{ language: 'en' }]);
    } finally {
      socket.disconnect();
    }
  });
});
