import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { testEngine } from '../../test/database.ts';

/**
 * Issue 38: the language kept in a user's or admin's profile (PUT /api/me/language, PUT
 * /api/admin/me/language; docs/i18n.md). Only the caller's own; a bad value is refused and changes
 * nothing; /api/auth/me shows it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const me = async (token: string) =>
  (await api<{ user: { id: number; language: string | null } }>(t.app, 'GET', '/api/auth/me', { token })).body
    .data?.user;

describe(`profile language (${testEngine})`, () => {
  it('a new user has none; setting it is their own and /me shows it', async () => {
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    expect((await me(alice.token))?.language).toBeNull();

    const res = await api(t.app, 'PUT', '/api/me/language', { token: alice.token, body: { language: 'en' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ language: 'en' });
    expect((await me(alice.token))?.language).toBe('en');
    expect((await me(bob.token))?.language).toBeNull();

    const back = await api(t.app, 'PUT', '/api/me/language', {
      token: alice.token,
      body: { language: 'zh-CN' },
    });
    expect(back.body.data).toEqual({ language: 'zh-CN' });
    expect((await me(alice.token))?.language).toBe('zh-CN');
  });

  it('a bad value is a clear 400 and changes nothing; without a session 401', async () => {
    const user = await registerUser(t.app);
    await api(t.app, 'PUT', '/api/me/language', { token: user.token, body: { language: 'en' } });
    for (const body of [{ language: 'fr' }, { language: 'EN' }, {}, { language: null }]) {
      const res = await api(t.app, 'PUT', '/api/me/language', { token: user.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toMatch(
        /^(参数错误：language: |Invalid parameters: language: )/,
      );
    }
    expect((await me(user.token))?.language).toBe('en');
    const anonymous = await api(t.app, 'PUT', '/api/me/language', { body: { language: 'en' } });
    expect(anonymous.status).toBe(401);
  });

  it('an admin sets their own through the admin call; a user may not call it', async () => {
    const admin = await createAdmin(t, 'admin');
    const user = await registerUser(t.app);
    const res = await api(t.app, 'PUT', '/api/admin/me/language', {
      token: admin.token,
      body: { language: 'en' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ language: 'en' });
    expect((await me(admin.token))?.language).toBe('en');

    const refused = await api(t.app, 'PUT', '/api/admin/me/language', {
      token: user.token,
      body: { language: 'en' },
    });
    expect(refused.status).toBe(403);
    expect((await me(user.token))?.language).toBeNull();

    const bad = await api(t.app, 'PUT', '/api/admin/me/language', {
      token: admin.token,
      body: { language: 'de' },
    });
    expect(bad.status).toBe(400);
    expect((await me(admin.token))?.language).toBe('en');
  });

  it('the OpenAPI document keeps the Chinese summary and adds an English description', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const put = doc.json().paths['/api/me/language'].put;
    expect(put.summary).toBe('设置界面语言');
    expect(put.description).toMatch(/^Sets the caller's own language/);
    expect(doc.json().paths['/api/auth/login'].post.description).toMatch(/^Logs in/);
  });
});
