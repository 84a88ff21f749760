import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from './test/app.ts';
import { sleep } from './test/fixtures.ts';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>platform</title><div id="root"></div>',
  );
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'assets', 'app.js.gz'), zlib.gzipSync('console.log(1)'));
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('serves index.html at the root and for client routes (SPA fallback)', async () => {
    for (const url of ['/', '/admin', '/admin/wallet/withdrawals', '/login?redirect=%2Fadmin']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('serves built assets as files', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("sends the build's precompressed copy to a browser that accepts it", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe('console.log(1)');
  });

  it('keeps unknown /api paths as JSON 404s, also for GET', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('does not fall back to the SPA for non-GET requests', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/admin/users' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false });
  });
});

describe('error envelope', () => {
  it('answers malformed JSON with a 400 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
  });
});

describe('error envelope during shutdown', () => {
  it('a request that reaches a closing instance is 503 in the envelope with Retry-After (issue 31)', async () => {
    const closing = await createTestApp();
    const user = await registerUser(closing.app);
    await closing.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = closing.app.server.address() as net.AddressInfo;
    // The first request waits on a lock held here while the close begins; the next one comes on
    // the same keep-alive connection once the first is answered, as a client's next call would.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const locked = new Promise<void>((resolve) => {
      void closing.database.db.transaction(async (tx) => {
        await tx.execute(sql`LOCK TABLE ledger_accounts IN ACCESS EXCLUSIVE MODE`);
        resolve();
        await held;
      });
    });
    await locked;
    const socket = net.connect(port, '127.0.0.1');
    let raw = '';
    socket.setEncoding('utf8');
    const answered = (replies: number) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (raw.split(/(?=HTTP\/1\.1 )/).length >= replies && raw.endsWith('}')) resolve();
          else socket.once('data', check);
        };
        check();
      });
    socket.on('data', (chunk: string) => {
      raw += chunk;
    });
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const request = (url: string) =>
      `GET ${url} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${user.token}\r\nConnection: keep-alive\r\n\r\n`;
    socket.write(request('/api/wallet'));
    await sleep(200);
    const closed = closing.app.close();
    await sleep(100);
    release();
    await answered(1);
    socket.write(request('/api/auth/me'));
    await ended;
    await closed;
    await closing.database.close();

    const replies = raw.split(/(?=HTTP\/1\.1 )/);
    expect(replies).toHaveLength(2);
    expect(replies[0]).toMatch(/^HTTP\/1\.1 200 /);
    const [head, body] = (replies[1] ?? '').split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 503 /);
    expect(head).toMatch(/\r\nretry-after: 5\r\n/i);
    expect(head).toMatch(/\r\nconnection: close\r\n/i);
    // The 5xx names its request's id, as the header does (issue 37).
    const requestId = /\r\nx-request-id: ([^\r]+)\r\n/i.exec(head ?? '')?.[1];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(body ?? '')).toEqual({
      success: false,
      message: '服务正在停止，请稍后重试',
      request_id: requestId,
    });
  });
});

describe('health', () => {
  it('answers 503 when the database is unreachable', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    try {
      const res = await broken.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        success: false,
        message: expect.stringMatching(/^数据库不可用：/),
        data: { status: 'down', database: broken.database.engine, reason: expect.any(String) },
      });
      const english = await broken.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'accept-language': 'en' },
      });
      expect(english.statusCode).toBe(503);
      // The reason too: on PGlite a closed database fails its query (PostgreSQL says the same kind).
      expect(english.json().message).toMatch(/^Database unavailable: query failed \(.+\)$/);
      expect(english.json().data.reason).toMatch(/^query failed \(.+\)$/);
      expect(res.json().data.reason).toMatch(/^数据库不可用（.+）$/);
    } finally {
      await broken.app.close();
    }
  });
});

describe('API documentation switch (API_DOCS)', () => {
  it('serves /api/docs and its JSON by default, and neither with API_DOCS=false', async () => {
    const on = await createTestApp();
    const off = await createTestApp({ API_DOCS: 'false' });
    try {
      expect((await on.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
      expect((await on.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
      for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
        const res = await off.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().success, url).toBe(false);
      }
      // The API itself is unchanged.
      expect((await off.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await on.close();
      await off.close();
    }
  });
});
