import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../test/app.ts';
import { testEngine } from '../test/database.ts';

/**
 * Issue 16: every validation message is Chinese. zod's own English texts ("Too big: expected
 * number to be <=100", "Invalid option: ...") reached users and operators; the app installs a
 * Chinese error map before any route is built, so every route's contract speaks Chinese, and the
 * envelope's message names the field.
 */

let t: TestApp;
let admin: { token: string };
let user: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, 'super_admin');
  user = await registerUser(t.app);
});
afterAll(async () => t?.close());

/** No word of English left: field names are the only latin text allowed. */
function expectChinese(message: string, fields: string[]) {
  let rest = message;
  for (const field of fields) rest = rest.replaceAll(field, '');
  expect(rest, message).not.toMatch(/[A-Za-z]{3,}/);
  expect(message).toMatch(/[\u4e00-\u9fff]/);
}

describe(`validation messages are Chinese and name the field (${testEngine})`, () => {
  it('a page size over the maximum', async () => {
    const res = await api(t.app, 'GET', '/api/admin/users?limit=1000', { token: admin.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('参数错误：limit: 不能大于 100');
    expect(res.body.data).toEqual({ errors: [{ field: 'limit', message: '不能大于 100' }] });
  });

  it('a value outside an enum, a number that is not one, a missing field', async () => {
    const cases: [string, string, string, unknown, string[]][] = [
      [
        'GET',
        '/api/admin/deposits?status=bogus',
        'status',
        undefined,
        ['status', 'pending', 'processing', 'approved', 'rejected'],
      ],
      ['GET', '/api/admin/withdrawals?type=bogus', 'type', undefined, ['type', 'wechat', 'alipay', 'usdt']],
      ['GET', '/api/admin/users?page=abc', 'page', undefined, ['page']],
      ['GET', '/api/admin/users?page=0', 'page', undefined, ['page']],
      ['PATCH', '/api/admin/users/abc/status', 'id', { is_active: true }, ['id']],
    ];
    for (const [method, url, field, body, latin] of cases) {
      const res = await api(t.app, method as 'GET', url, { token: admin.token, body });
      expect(res.status, url).toBe(400);
      expect(res.body.message, url).toMatch(new RegExp(`^参数错误：${field}: `));
      expectChinese(res.body.message, latin);
    }
    const enumReply = await api(t.app, 'GET', '/api/admin/deposits?status=bogus', { token: admin.token });
    expect(enumReply.body.message).toBe(
      '参数错误：status: 应为以下之一：pending、processing、approved、rejected',
    );
  });

  it('a body with a missing field and a wrong type, for a user route too', async () => {
    const missing = await api(t.app, 'PATCH', '/api/auth/password', {
      token: user.token,
      body: { newPassword: 'kestrel7walnut' },
    });
    expect(missing.status).toBe(400);
    expectChinese(missing.body.message, ['oldPassword']);
    expect(missing.body.message).toContain('oldPassword');
    const wrongType = await api(t.app, 'PATCH', '/api/auth/profile', {
      token: user.token,
      body: { nickname: 42 },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toBe('参数错误：nickname: 应为字符串');
  });

  it('a body that is not JSON, or empty, gets a Chinese message too', async () => {
    const notJson = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      payload: '{"nickname": ',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ success: false, message: '请求体不是有效的 JSON' });
    const empty = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ success: false, message: '请求体不能为空' });
  });
});
