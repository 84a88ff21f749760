import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { QR_MAX_BYTES, QR_NOT_READABLE_MESSAGE, QR_TOO_LARGE_MESSAGE } from '@platform/contracts';
import { trc20AddressOf } from '@platform/domain';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createAdmin,
  createApprover,
  createTestApp,
  registerUser,
  type TestApp,
} from '../../test/app.ts';
import { testEngine } from '../../test/database.ts';
import { multipart, PNG } from '../../test/multipart.ts';
import { auditLogs } from '../audit/audit.schema.ts';
import { deposits } from '../deposits/deposits.schema.ts';
import { findActiveDepositChannel, findActiveWithdrawChannel } from './channels.repository.ts';
import { QR_UPLOAD_RATE_LIMIT_PER_MINUTE } from './channels.routes.ts';

let t: TestApp;
let dataDir: string;
let adminToken: string;
let userToken: string;
let approverToken: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'channels-test-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  adminToken = (await createAdmin(t, 'admin')).token;
  approverToken = (await createApprover(t, 'admin')).token;
  userToken = (await registerUser(t.app)).token;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function lastAudit(targetType: string, targetId: number) {
  const [row] = await t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.targetType, targetType), eq(auditLogs.targetId, String(targetId))))
    .orderBy(desc(auditLogs.id))
    .limit(1);
  return row;
}

/** A valid TRC20 address: a USDT channel's address is checked like a withdrawal address. */
const ADDRESS = trc20AddressOf(new Uint8Array(20).fill(7));

const depositForm = {
  name: 'USDT-TRC20',
  type: 'crypto',
  currency: 'usdt',
  address: ADDRESS,
  qr_code_url: '',
  min_amount: '10',
  max_amount: '50000',
  status: 'active',
  description: '波场网络',
};

type Channel = Record<string, unknown> & { id: number };

/**
 * A channel call as an admin, through dual control (docs/pending-changes.md): a change answers 202
 * with the proposal, which another admin approves here; the reply is then the approval's, with the
 * channel as it is afterwards (null once deleted). Refusals (400, 404, ...) are returned as they are.
 */
async function send<T = { channel: Channel }>(
  _app: unknown,
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  opts: { token?: string; body?: unknown },
) {
  const res = await api<{ change: { id: number; target_id: string | null } }>(t.app, method, url, opts);
  if (res.status !== 202) return res as unknown as Awaited<ReturnType<typeof api<T>>>;
  expect(res.body.message).toBe('已提交，待另一位管理员批准后生效');
  const change = res.body.data!.change;
  const approved = await api<{ change: { target_id: string | null } }>(
    t.app,
    'POST',
    `/api/admin/changes/${change.id}/approve`,
    { token: approverToken, body: {} },
  );
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  const listUrl = url.startsWith('/api/admin/withdraw-channels')
    ? '/api/admin/withdraw-channels'
    : '/api/admin/channels';
  const channels = (await api<{ channels: Channel[] }>(t.app, 'GET', listUrl, { token: approverToken })).body
    .data!.channels;
  const id = change.target_id === null ? Math.max(...channels.map((c) => c.id)) : Number(change.target_id);
  const channel = method === 'DELETE' ? null : (channels.find((c) => c.id === id) ?? null);
  return {
    status: approved.status,
    body: { ...approved.body, data: { channel } },
  } as unknown as Awaited<ReturnType<typeof api<T>>>;
}

async function createDeposit(body: Record<string, unknown> = depositForm) {
  const res = await send(t.app, 'POST', '/api/admin/channels', {
    token: adminToken,
    body,
  });
  expect(res.status).toBe(200);
  return res.body.data!.channel;
}

async function upload(file: { payload: Buffer; headers: Record<string, string> }, token = adminToken) {
  const raw = await t.app.inject({
    method: 'POST',
    url: '/api/admin/channels/upload-qrcode',
    headers: { authorization: `Bearer ${token}`, ...file.headers },
    payload: file.payload,
  });
  return {
    status: raw.statusCode,
    body: raw.json() as { success: boolean; message: string; data?: { url: string } },
  };
}

describe(`deposit channels (${testEngine})`, () => {
  it('creates, lists, edits, toggles and deletes, with an audit row for each change', async () => {
    const res = await send(t.app, 'POST', '/api/admin/channels', {
      token: adminToken,
      body: depositForm,
    });
    expect(res.status).toBe(200);
    const created = res.body.data!.channel;
    expect(created).toMatchObject({
      name: 'USDT-TRC20',
      type: 'crypto',
      currency: 'USDT',
      address: ADDRESS,
      qr_code_url: null,
      min_amount: '10',
      max_amount: '50000',
      status: 'active',
      description: '波场网络',
    });
    expect(await lastAudit('deposit_channel', created.id)).toMatchObject({
      action: 'channel.create',
      before: null,
      after: { name: 'USDT-TRC20' },
    });

    const list = await api<{ channels: Channel[] }>(t.app, 'GET', '/api/admin/channels', {
      token: adminToken,
    });
    expect(list.status).toBe(200);
    expect(list.body.data!.channels.map((c) => c.id)).toContain(created.id);

    const edit = await send(t.app, 'PATCH', `/api/admin/channels/${created.id}`, {
      token: adminToken,
      body: {
        ...depositForm,
        name: '支付宝收款',
        type: 'alipay',
        currency: 'USDT',
        min_amount: '0',
        max_amount: '100.5',
      },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.data!.channel).toMatchObject({
      name: '支付宝收款',
      type: 'alipay',
      max_amount: '100.5',
    });
    expect(await lastAudit('deposit_channel', created.id)).toMatchObject({
      action: 'channel.update',
      before: { name: 'USDT-TRC20' },
      after: { name: '支付宝收款' },
    });

    const toggle = await send(t.app, 'PATCH', `/api/admin/channels/${created.id}`, {
      token: adminToken,
      body: { status: 'inactive' },
    });
    expect(toggle.status).toBe(200);
    expect(toggle.body.data!.channel).toMatchObject({ status: 'inactive', name: '支付宝收款' });
    expect(await lastAudit('deposit_channel', created.id)).toMatchObject({
      action: 'channel.status',
      before: { status: 'active' },
      after: { status: 'inactive' },
    });

    const del = await send(t.app, 'DELETE', `/api/admin/channels/${created.id}`, { token: adminToken });
    expect(del.status).toBe(200);
    expect(await lastAudit('deposit_channel', created.id)).toMatchObject({
      action: 'channel.delete',
      before: { name: '支付宝收款' },
      after: null,
    });
    const again = await send(t.app, 'DELETE', `/api/admin/channels/${created.id}`, { token: adminToken });
    expect(again.status).toBe(404);
  });

  it('refuses incomplete or inconsistent forms with their texts', async () => {
    const post = (body: Record<string, unknown>) =>
      send(t.app, 'POST', '/api/admin/channels', { token: adminToken, body });
    const missing = await post({ name: '', address: '', min_amount: '', max_amount: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('请填写所有必填字段');
    const negative = await post({ ...depositForm, min_amount: '-1' });
    expect(negative.status).toBe(400);
    expect(negative.body.message).toContain('金额不能小于0');
    const inverted = await post({ ...depositForm, min_amount: '100', max_amount: '10' });
    expect(inverted.status).toBe(400);
    expect(inverted.body.message).toContain('最大金额不能小于最小金额');
    const badType = await post({ ...depositForm, type: 'paypal' });
    expect(badType.status).toBe(400);
    expect(badType.body.message).toContain('渠道类型不正确');
    const badCurrency = await post({ ...depositForm, currency: 'us dollars' });
    expect(badCurrency.status).toBe(400);
    expect(badCurrency.body.message).toContain('币种格式不正确');
    const badAmount = await post({ ...depositForm, max_amount: '1e9' });
    expect(badAmount.status).toBe(400);
    expect(badAmount.body.message).toContain('金额格式不正确');
    const badQr = await post({ ...depositForm, qr_code_url: '/api/files/qrcodes/../../secret' });
    expect(badQr.status).toBe(400);

    const channel = await createDeposit();
    const badStatus = await send(t.app, 'PATCH', `/api/admin/channels/${channel.id}`, {
      token: adminToken,
      body: { status: 'paused' },
    });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.message).toContain('渠道状态不正确');
    const partial = await send(t.app, 'PATCH', `/api/admin/channels/${channel.id}`, {
      token: adminToken,
      body: { status: 'active', name: 'only name' },
    });
    expect(partial.status).toBe(400);
    expect(partial.body.message).toContain('请填写所有必填字段');
  });

  it('answers an unknown channel in English for an English reader', async () => {
    const headers = { 'accept-language': 'en' };
    const deposit = await api(t.app, 'PATCH', '/api/admin/channels/999999', {
      token: adminToken,
      body: { status: 'inactive' },
      headers,
    });
    expect(deposit.status).toBe(404);
    expect(deposit.body.message).toBe('Deposit channel not found');
    const withdraw = await api(t.app, 'DELETE', '/api/admin/withdraw-channels/999999', {
      token: adminToken,
      headers,
    });
    expect(withdraw.status).toBe(404);
    expect(withdraw.body.message).toBe('Withdrawal channel not found');
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    const patch = await send(t.app, 'PATCH', '/api/admin/channels/999999', {
      token: adminToken,
      body: { status: 'inactive' },
    });
    expect(patch.status).toBe(404);
    expect(patch.body.message).toBe('充值渠道不存在');
    const full = await send(t.app, 'PATCH', '/api/admin/channels/999999', {
      token: adminToken,
      body: depositForm,
    });
    expect(full.status).toBe(404);
    const del = await send(t.app, 'DELETE', '/api/admin/channels/999999', { token: adminToken });
    expect(del.status).toBe(404);
    const bad = await api(t.app, 'DELETE', '/api/admin/channels/abc', { token: adminToken });
    expect(bad.status).toBe(400);
  });

  it('is for admins only', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/channels'],
      ['POST', '/api/admin/channels'],
      ['PATCH', '/api/admin/channels/1'],
      ['DELETE', '/api/admin/channels/1'],
      ['GET', '/api/admin/withdraw-channels'],
      ['POST', '/api/admin/withdraw-channels'],
      ['PATCH', '/api/admin/withdraw-channels/1'],
      ['DELETE', '/api/admin/withdraw-channels/1'],
    ] as const) {
      const body = method === 'POST' || method === 'PATCH' ? { status: 'active' } : undefined;
      // Who may call is decided before the body is validated (issue 16): never a 400 here.
      const anonymous = await api(t.app, method, url, { body });
      expect(anonymous.status, `${method} ${url}`).toBe(401);
      const user = await api(t.app, method, url, { token: userToken, body });
      expect(user.status, `${method} ${url}`).toBe(403);
      if (method === 'POST') {
        const valid = url.includes('withdraw') ? { name: 'x', type: 'usdt' } : depositForm;
        expect((await api(t.app, method, url, { body: valid })).status).toBe(401);
        expect((await api(t.app, method, url, { token: userToken, body: valid })).status).toBe(403);
      }
    }
    const upload401 = await upload(multipart('qrcode', 'a.png', 'image/png', PNG), 'not-a-token');
    expect(upload401.status).toBe(401);
    const upload403 = await upload(multipart('qrcode', 'a.png', 'image/png', PNG), userToken);
    expect(upload403.status).toBe(403);
  });

  it('lists only active channels to users, without admin fields', async () => {
    const active = await createDeposit({ ...depositForm, name: 'visible' });
    const inactive = await createDeposit({ ...depositForm, name: 'hidden', status: 'inactive' });
    const res = await api<{ channels: Channel[] }>(t.app, 'GET', '/api/wallet/deposit-channels', {
      token: userToken,
    });
    expect(res.status).toBe(200);
    const ids = res.body.data!.channels.map((c) => c.id);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(inactive.id);
    expect(res.body.data!.channels.find((c) => c.id === active.id)).not.toHaveProperty('status');
    expect((await api(t.app, 'GET', '/api/wallet/deposit-channels')).status).toBe(401);

    expect(await findActiveDepositChannel(t.database.db, active.id)).toMatchObject({ name: 'visible' });
    expect(await findActiveDepositChannel(t.database.db, inactive.id)).toBeUndefined();
  });

  it('deletes a channel that deposits reference; the deposit keeps its name snapshot', async () => {
    const channel = await createDeposit({ ...depositForm, name: 'referenced' });
    const { user } = await registerUser(t.app);
    const [deposit] = await t.database.db
      .insert(deposits)
      .values({
        userId: user.id,
        channelId: channel.id,
        channelName: 'referenced',
        currency: 'USDT',
        amount: '100',
      })
      .returning();
    const del = await send(t.app, 'DELETE', `/api/admin/channels/${channel.id}`, { token: adminToken });
    expect(del.status).toBe(200);
    const [after] = await t.database.db.select().from(deposits).where(eq(deposits.id, deposit!.id));
    expect(after).toMatchObject({ channelId: null, channelName: 'referenced' });
  });
});

describe(`QR code images (${testEngine})`, () => {
  it('accepts a real PNG, stores it privately and serves it to signed-in users only', async () => {
    const res = await upload(multipart('qrcode', 'whatever.txt', 'text/plain', PNG));
    expect(res.status).toBe(200);
    const url = res.body.data!.url;
    expect(url).toMatch(/^\/api\/files\/qrcodes\/[a-f0-9]{32}\.png$/);
    const name = url.split('/').pop()!;
    expect(fs.existsSync(path.join(dataDir, 'uploads', 'qrcodes', name))).toBe(true);

    const served = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${userToken}` },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    // Re-encoded by the upload pipeline: the same 1×1 PNG, not the same bytes.
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });

    const anonymous = await t.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);

    // The channel form decodes it: a 1×1 image holds no QR code (channels.qr-address.test.ts has real ones).
    const channel = await send(t.app, 'POST', '/api/admin/channels', {
      token: adminToken,
      body: { ...depositForm, qr_code_url: url },
    });
    expect(channel.status).toBe(400);
    expect(channel.body.message).toBe(QR_NOT_READABLE_MESSAGE);
  });

  it('refuses a text file named .png, a wrong field and a non-multipart body', async () => {
    const text = await upload(multipart('qrcode', 'qr.png', 'image/png', Buffer.from('hello, not an image')));
    expect(text.status).toBe(400);
    expect(text.body.message).toBe('请选择图片文件');
    const wrongField = await upload(multipart('file', 'qr.png', 'image/png', PNG));
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.message).toBe('请选择图片文件');
    const json = await api(t.app, 'POST', '/api/admin/channels/upload-qrcode', {
      token: adminToken,
      body: { qrcode: 'x' },
    });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe('请选择图片文件');
  });

  it('refuses an image over 5MB', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(QR_MAX_BYTES + 1 - PNG.length + 10)]);
    const res = await upload(multipart('qrcode', 'big.png', 'image/png', big));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('图片大小不能超过5MB');
    // The text the web shows before uploading (its own size check) is the same.
    expect(QR_TOO_LARGE_MESSAGE).toBe(res.body.message);
    const exactly = Buffer.concat([PNG, Buffer.alloc(QR_MAX_BYTES - PNG.length)]);
    expect((await upload(multipart('qrcode', 'max.png', 'image/png', exactly))).status).toBe(200);
  });

  it('refuses malformed names and path traversal, and 404s unknown files', async () => {
    const headers = { authorization: `Bearer ${userToken}` };
    for (const url of [
      '/api/files/qrcodes/..%2F..%2Fpglite',
      '/api/files/qrcodes/..%2f..%2fetc%2fpasswd',
      '/api/files/qrcodes/abc.png',
      '/api/files/qrcodes/0123456789abcdef0123456789abcdef.svg',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(400);
    }
    // Dot segments are resolved before routing: they never reach the file route.
    for (const url of ['/api/files/qrcodes/../../package.json', '/api/files/qrcodes/%2e%2e']) {
      const dotted = await t.app.inject({ method: 'GET', url, headers });
      expect([400, 404], url).toContain(dotted.statusCode);
      expect(dotted.headers['content-type']).toContain('application/json');
    }
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/files/qrcodes/0123456789abcdef0123456789abcdef.png',
      headers,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe(`withdrawal channels (${testEngine})`, () => {
  it('creates with defaults, edits, toggles and deletes, each audited', async () => {
    const res = await send(t.app, 'POST', '/api/admin/withdraw-channels', {
      token: adminToken,
      body: { name: 'USDT提现', type: 'usdt', min_amount: '', max_amount: '', fee_rate: '0.015' },
    });
    expect(res.status).toBe(200);
    const created = res.body.data!.channel;
    expect(created).toMatchObject({
      name: 'USDT提现',
      type: 'usdt',
      currency: 'USDT',
      min_amount: '0',
      max_amount: '999999999',
      fee_rate: '0.015',
      status: 'active',
      description: null,
    });
    expect(await lastAudit('withdraw_channel', created.id)).toMatchObject({
      action: 'withdraw_channel.create',
      after: { fee_rate: '0.015' },
    });

    const edit = await send(t.app, 'PATCH', `/api/admin/withdraw-channels/${created.id}`, {
      token: adminToken,
      body: {
        name: '微信提现',
        type: 'wechat',
        min_amount: '100',
        max_amount: '5000',
        description: '人工',
      },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.data!.channel).toMatchObject({
      name: '微信提现',
      type: 'wechat',
      fee_rate: '0',
      min_amount: '100',
    });
    expect(await lastAudit('withdraw_channel', created.id)).toMatchObject({
      action: 'withdraw_channel.update',
      before: { name: 'USDT提现' },
      after: { name: '微信提现' },
    });

    const toggle = await send(t.app, 'PATCH', `/api/admin/withdraw-channels/${created.id}`, {
      token: adminToken,
      body: { status: 'inactive' },
    });
    expect(toggle.body.data!.channel.status).toBe('inactive');
    expect((await lastAudit('withdraw_channel', created.id))?.action).toBe('withdraw_channel.status');

    const list = await api<{ channels: Channel[] }>(t.app, 'GET', '/api/admin/withdraw-channels', {
      token: adminToken,
    });
    expect(list.body.data!.channels.find((c) => c.id === created.id)).toMatchObject({ status: 'inactive' });

    const del = await send(t.app, 'DELETE', `/api/admin/withdraw-channels/${created.id}`, {
      token: adminToken,
    });
    expect(del.status).toBe(200);
    expect((await lastAudit('withdraw_channel', created.id))?.action).toBe('withdraw_channel.delete');
    expect(
      (await send(t.app, 'DELETE', `/api/admin/withdraw-channels/${created.id}`, { token: adminToken }))
        .status,
    ).toBe(404);
    expect(
      (
        await send(t.app, 'PATCH', `/api/admin/withdraw-channels/${created.id}`, {
          token: adminToken,
          body: { status: 'active' },
        })
      ).status,
    ).toBe(404);
  });

  it('refuses incomplete forms and out-of-range fee rates with their texts', async () => {
    const post = (body: Record<string, unknown>) =>
      send(t.app, 'POST', '/api/admin/withdraw-channels', { token: adminToken, body });
    const missing = await post({ name: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('请填写所有必填字段');
    const badType = await post({ name: 'x', type: 'paypal' });
    expect(badType.body.message).toContain('提现类型不正确');
    const tooHigh = await post({ name: 'x', type: 'usdt', fee_rate: '1.5' });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.message).toContain('手续费率必须在0到1之间');
    const negative = await post({ name: 'x', type: 'usdt', fee_rate: '-0.1' });
    expect(negative.status).toBe(400);
    const inverted = await post({ name: 'x', type: 'usdt', min_amount: '10', max_amount: '5' });
    expect(inverted.body.message).toContain('最大金额不能小于最小金额');
    const full = await post({ name: 'x', type: 'alipay', fee_rate: '1' });
    expect(full.status).toBe(200);
  });

  it('lists only active channels to users and finds the active one of a type', async () => {
    const post = async (body: Record<string, unknown>) =>
      (
        await send(t.app, 'POST', '/api/admin/withdraw-channels', {
          token: adminToken,
          body,
        })
      ).body.data!.channel;
    const off = await post({ name: 'off', type: 'alipay', status: 'inactive' });
    const on = await post({ name: 'on', type: 'alipay', fee_rate: '0.01' });
    const res = await api<{ channels: Channel[] }>(t.app, 'GET', '/api/wallet/withdraw-channels', {
      token: userToken,
    });
    expect(res.status).toBe(200);
    const ids = res.body.data!.channels.map((c) => c.id);
    expect(ids).toContain(on.id);
    expect(ids).not.toContain(off.id);
    expect(res.body.data!.channels.find((c) => c.id === on.id)).toMatchObject({ fee_rate: '0.01' });
    expect((await api(t.app, 'GET', '/api/wallet/withdraw-channels')).status).toBe(401);

    const db = t.database.db;
    expect((await findActiveWithdrawChannel(db, { type: 'alipay', id: on.id }))?.id).toBe(on.id);
    expect(await findActiveWithdrawChannel(db, { type: 'alipay', id: off.id })).toBeUndefined();
    expect(await findActiveWithdrawChannel(db, { type: 'usdt', id: on.id })).toBeUndefined();
    const first = await findActiveWithdrawChannel(db, { type: 'alipay' });
    expect(first?.status).toBe('active');
    expect(first!.id).toBeLessThanOrEqual(on.id);
  });
});

describe(`QR upload rate limit (${testEngine})`, () => {
  it('answers 429 past the per-minute limit', async () => {
    const own = await createTestApp({ DATA_DIR: dataDir });
    try {
      const token = (await createAdmin(own, 'admin')).token;
      const file = multipart('qrcode', 'x.txt', 'text/plain', Buffer.from('not an image'));
      const statuses: number[] = [];
      for (let i = 0; i <= QR_UPLOAD_RATE_LIMIT_PER_MINUTE; i++) {
        const raw = await own.app.inject({
          method: 'POST',
          url: '/api/admin/channels/upload-qrcode',
          headers: { authorization: `Bearer ${token}`, ...file.headers },
          payload: file.payload,
        });
        statuses.push(raw.statusCode);
      }
      expect(statuses.slice(0, QR_UPLOAD_RATE_LIMIT_PER_MINUTE).every((s) => s === 400)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await own.close();
    }
  });
});
