import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.ts';

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
