import { randomUUID } from 'node:crypto';
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

/**
 * Amounts and prices travel as decimal strings (ARCHITECTURE.md, "API conventions"). A client that
 * sent a JSON number was told 请输入金额 or 请填写所有必填字段, as if the field were missing
 * (docs/spec-deviations.md): the refusal says that the value has to be a string, and a missing
 * field keeps its own message.
 */
type Case = {
  who: 'user' | 'admin';
  method: 'POST' | 'PUT';
  url: string;
  body: Record<string, unknown>;
  field: string;
};

const CASES: Case[] = [
  {
    who: 'user',
    method: 'POST',
    url: '/api/wallet/deposits',
    body: { channel_id: 1, amount: 100 },
    field: 'amount',
  },
  {
    who: 'user',
    method: 'POST',
    url: '/api/wallet/withdrawals',
    body: { withdraw_type: 'alipay', amount: 100, account_info: { account: 'a', name: 'b' } },
    field: 'amount',
  },
  {
    who: 'user',
    method: 'POST',
    url: '/api/trading/spot/order',
    body: { symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: 0.5 },
    field: 'amount',
  },
  {
    who: 'user',
    method: 'POST',
    url: '/api/trading/perpetual/order',
    body: { symbol: 'BTCUSDT', side: 'long', margin: 100, leverage: 10 },
    field: 'margin',
  },
  {
    who: 'user',
    method: 'POST',
    url: '/api/user/price-alerts',
    body: { symbol: 'BTCUSDT', direction: 'above', price: 70000 },
    field: 'price',
  },
  {
    who: 'admin',
    method: 'POST',
    url: '/api/admin/channels',
    body: { name: '支付宝', type: 'alipay', address: 'pay@example.com', min_amount: 10, max_amount: '100' },
    field: 'min_amount',
  },
  {
    who: 'admin',
    method: 'POST',
    url: '/api/admin/withdraw-channels',
    body: { name: 'USDT', type: 'usdt', fee_rate: 0.01 },
    field: 'fee_rate',
  },
  {
    who: 'admin',
    method: 'POST',
    url: '/api/admin/adjustments',
    body: { user_id: 1, currency: 'USDT', amount: 5, reason: '补偿' },
    field: 'amount',
  },
  {
    who: 'admin',
    method: 'PUT',
    url: '/api/admin/risk/thresholds',
    body: { symbol: 'BTCUSDT', net_notional: 1000, worst_case_loss: null },
    field: 'net_notional',
  },
];

describe(`a JSON number where an amount string belongs (${testEngine})`, () => {
  it.each(CASES)('$method $url with $field as a number: told to send a string', async (c) => {
    const res = await api(t.app, c.method, c.url, {
      token: c.who === 'user' ? user.token : admin.token,
      body: c.body,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.status, res.body.message).toBe(400);
    expect(res.body.message).toMatch(new RegExp(`^参数错误：${c.field}: .*必须是字符串`));
    expect(res.body.message).not.toMatch(/请输入|请填写|必须是数字/);
  });

  it('a missing amount is still asked for', async () => {
    const res = await api(t.app, 'POST', '/api/wallet/deposits', {
      token: user.token,
      body: { channel_id: 1 },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('参数错误：amount: 请输入金额');
  });
});
