import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, registerUser, TEST_USER_PASSWORD, type TestApp } from '../test/app.ts';
import { testEngine } from '../test/database.ts';

/**
 * Issue 38: every answer in the request's language — the logged-in caller's `language`, else
 * Accept-Language, else Chinese (docs/i18n.md). The envelope stays as it is.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const EN = { 'accept-language': 'en-US,en;q=0.9' };

describe(`answers in the request's language (${testEngine})`, () => {
  it('Accept-Language: en gets English errors, validation errors included; no header: Chinese as before', async () => {
    const body = { account: 'nobody@example.com', password: 'Wrong-pass-1' };
    const english = await api(t.app, 'POST', '/api/auth/login', { body, headers: EN });
    expect(english.status).toBe(401);
    expect(english.body).toEqual({ success: false, message: 'Wrong account or password' });
    const chinese = await api(t.app, 'POST', '/api/auth/login', { body });
    expect(chinese.body).toEqual({ success: false, message: '账号或密码错误' });
    const otherLanguage = await api(t.app, 'POST', '/api/auth/login', {
      body,
      headers: { 'accept-language': 'fr' },
    });
    expect(otherLanguage.body.message).toBe('账号或密码错误');

    const invalid = await api(t.app, 'POST', '/api/auth/register', {
      body: { email: 'not-an-email', password: 'short' },
      headers: EN,
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe(
      'Invalid parameters: email: Invalid email address; password: The password needs at least 8 characters',
    );
    expect(invalid.body.data).toEqual({
      errors: [
        { field: 'email', message: 'Invalid email address' },
        { field: 'password', message: 'The password needs at least 8 characters' },
      ],
    });
    const zh = await api(t.app, 'POST', '/api/auth/register', {
      body: { email: 'not-an-email', password: 'short' },
    });
    expect(zh.body.message).toBe('参数错误：email: 邮箱格式不正确；password: 密码至少8位');

    const zodOwn = await api(t.app, 'GET', '/api/notifications?limit=1000', { headers: EN });
    expect(zodOwn.status).toBe(401);
    expect(zodOwn.body.message).toBe('No authentication token; log in first');

    const route = await api(t.app, 'GET', '/api/nothing-here', { headers: EN });
    expect(route.body).toEqual({ success: false, message: 'No such endpoint: GET /api/nothing-here' });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...EN, 'content-type': 'application/json' },
      payload: '{"account":',
    });
    expect(json.json()).toEqual({ success: false, message: 'The request body is not valid JSON' });
  });

  it('a logged-in user who chose English gets English without the header; their Chinese choice wins over it', async () => {
    const user = await registerUser(t.app);
    const tooBig = (headers?: Record<string, string>) =>
      api(t.app, 'GET', '/api/notifications?limit=1000', { token: user.token, headers });
    expect((await tooBig()).body.message).toBe('参数错误：limit: 不能大于 100');

    await api(t.app, 'PUT', '/api/me/language', { token: user.token, body: { language: 'en' } });
    const english = await tooBig();
    expect(english.status).toBe(400);
    expect(english.body.message).toBe('Invalid parameters: limit: Too big: expected number to be <=100');
    const wrong = await api(t.app, 'PATCH', '/api/auth/password', {
      token: user.token,
      body: { oldPassword: 'Not-the-pass-1', newPassword: 'Another-pass-2026' },
    });
    expect(wrong.body.message).toBe('Wrong current password');
    const me = await api(t.app, 'GET', '/api/auth/me', { token: user.token });
    expect(me.body.message).toBe('Profile loaded');

    await api(t.app, 'PUT', '/api/me/language', { token: user.token, body: { language: 'zh-CN' } });
    const chinese = await api(t.app, 'PATCH', '/api/auth/password', {
      token: user.token,
      body: { oldPassword: 'Not-the-pass-1', newPassword: 'Another-pass-2026' },
      headers: EN,
    });
    expect(chinese.body.message).toBe('原密码错误');
    const login = await api(t.app, 'POST', '/api/auth/login', {
      body: { account: user.email, password: TEST_USER_PASSWORD },
      headers: EN,
    });
    expect(login.body.message).toBe('Logged in');
  });

  it('success messages: a route’s own, ok()’s default and the contracts’ constants', async () => {
    const user = await registerUser(t.app);
    const saved = await api(t.app, 'PUT', '/api/user/favorites', {
      token: user.token,
      body: { symbols: [] },
      headers: EN,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Favorites updated');
    const zh = await api(t.app, 'PUT', '/api/user/favorites', { token: user.token, body: { symbols: [] } });
    expect(zh.body.message).toBe('自选已更新');
  });

  it('wallet, deposits, withdrawals and identity verification speak English to an English caller', async () => {
    const user = await registerUser(t.app);
    const deposit = await api(t.app, 'POST', '/api/wallet/deposits', {
      token: user.token,
      body: { channel_id: 999999, amount: '50' },
      headers: EN,
    });
    expect(deposit.body).toEqual({
      success: false,
      message: 'The deposit channel does not exist or is disabled',
    });
    const missing = await api(t.app, 'GET', '/api/wallet/withdrawals/999999', {
      token: user.token,
      headers: EN,
    });
    expect(missing.body.message).toBe('Withdrawal not found');
    const kyc = await api(t.app, 'GET', '/api/kyc/status', { token: user.token, headers: EN });
    expect(kyc.body.message).toBe('Identity verification status loaded');
    const wallet = await api(t.app, 'GET', '/api/wallet', { token: user.token, headers: EN });
    expect(wallet.body.message).toBe('Assets loaded');
    const chinese = await api(t.app, 'GET', '/api/wallet', { token: user.token });
    expect(chinese.body.message).toBe('获取钱包成功');
  });

  it('trading answers from the contracts’ texts in English', async () => {
    const user = await registerUser(t.app);
    const config = await api(t.app, 'GET', '/api/trading/perpetual/config', {
      token: user.token,
      headers: EN,
    });
    expect(config.body.message).toBe('Perpetual settings loaded');
    const close = await api(t.app, 'POST', '/api/trading/perpetual/close/999999', {
      token: user.token,
      headers: { ...EN, 'idempotency-key': randomUUID() },
    });
    expect(close.status).toBe(404);
    expect(close.body.message).toBe('Position not found');
    const chinese = await api(t.app, 'POST', '/api/trading/perpetual/close/999999', {
      token: user.token,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(chinese.body.message).toBe('仓位不存在');
  });
});
