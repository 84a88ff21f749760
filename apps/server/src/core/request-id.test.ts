import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

/**
 * Issue 37: every request has an id, returned in X-Request-Id and in every 5xx body as
 * request_id, so an operator can find a user's failed request in the logs. An incoming
 * X-Request-Id is taken only behind a trusted proxy (TRUST_PROXY), and only when it is sane.
 */
describe('request ids', () => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    direct = await createTestApp();
    proxied = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('every reply carries a generated id, a new one per request', async () => {
    const ids = new Set<string>();
    for (const url of [
      '/api/health',
      '/api/nothing-here',
      '/api/market/index/%zz',
      '/api/home/announcements',
    ]) {
      const res = await get(direct, url);
      const id = res.headers['x-request-id'];
      expect(typeof id, url).toBe('string');
      expect(id as string, url).toMatch(/^[A-Za-z0-9._:-]{8,128}$/);
      ids.add(id as string);
    }
    expect(ids.size).toBe(4);
  });

  it('an incoming X-Request-Id is ignored without a trusted proxy', async () => {
    const res = await get(direct, '/api/health', { 'x-request-id': 'from-the-client-1234' });
    expect(res.headers['x-request-id']).not.toBe('from-the-client-1234');
  });

  it("behind a trusted proxy the proxy's sane id is kept, and an insane one replaced", async () => {
    const kept = await get(proxied, '/api/health', { 'x-request-id': 'nginx-4f2a9c0e5b1d' });
    expect(kept.headers['x-request-id']).toBe('nginx-4f2a9c0e5b1d');
    for (const bad of ['', 'a b', 'x'.repeat(200), 'id\u00e9', 'a,b', '<script>']) {
      const res = await get(proxied, '/api/health', { 'x-request-id': bad });
      expect(res.headers['x-request-id'], JSON.stringify(bad)).not.toBe(bad);
      expect(res.headers['x-request-id'] as string).toMatch(/^[A-Za-z0-9._:-]{8,128}$/);
    }
  });

  it("a 500 names the request's id in its body, in the envelope", async () => {
    await direct.database.db.execute(sql`ALTER TABLE announcements RENAME TO announcements_gone`);
    try {
      const res = await get(direct, '/api/home/announcements');
      expect(res.statusCode).toBe(500);
      const body = res.json();
      expect(body).toEqual({
        success: false,
        message: '服务器内部错误',
        request_id: res.headers['x-request-id'],
      });
    } finally {
      await direct.database.db.execute(sql`ALTER TABLE announcements_gone RENAME TO announcements`);
    }
  });

  it("a route's own 503 names the id too; 4xx bodies stay as they were", async () => {
    const skewed = await createTestApp({}, undefined, { localNow: () => Date.now() + 60_000 });
    try {
      const res = await get(skewed, '/api/health');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ success: false, request_id: res.headers['x-request-id'] });
      expect(res.json().data).toMatchObject({ status: 'down' });
    } finally {
      await skewed.close();
    }
    const missing = await get(direct, '/api/nothing-here');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).not.toHaveProperty('request_id');
  });
});
