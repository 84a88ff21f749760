import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { testEngine } from '../../test/database.ts';
import {
  approveKyc,
  fundUser,
  insertDepositChannel,
  insertWithdrawChannel,
  TRC20_ADDRESS,
  txHashOf,
} from '../../test/money.ts';
import { multipart, PNG } from '../../test/multipart.ts';
import { verifyAuditChain } from './audit.chain.ts';
import { auditLogs } from './audit.schema.ts';

/** Issue 17: deposit and withdrawal audit rows name the user, amount, currency and address. */

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let channelId: number;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-context-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  admin = await createAdmin(t, 'admin');
  channelId = (await insertDepositChannel(t.database.db)).id;
  await insertWithdrawChannel(t.database.db, { feeRate: '0.015' });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function auditOf(targetType: string, id: number) {
  return t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.targetType, targetType), eq(auditLogs.targetId, String(id))))
    .orderBy(desc(auditLogs.seq));
}

describe(`audit rows of money reviews (${testEngine})`, () => {
  it('a deposit review names the user, amount, currency and address', async () => {
    const user = await registerUser(t.app);
    const made = await api<{ deposit: { id: number } }>(t.app, 'POST', '/api/wallet/deposits', {
      token: user.token,
      body: { channel_id: channelId, amount: '123.45', tx_hash: txHashOf('audit-ctx-hash-1') },
    });
    expect(made.status).toBe(200);
    const id = made.body.data?.deposit.id as number;
    const res = await api(t.app, 'PATCH', `/api/admin/deposits/${id}/review`, {
      token: admin.token,
      body: { status: 'approved' },
    });
    expect(res.status).toBe(200);
    const [row] = await auditOf('deposit', id);
    expect(row?.after).toMatchObject({
      status: 'approved',
      user_id: user.user.id,
      user_email: user.email,
      amount: expect.stringMatching(/^123\.45/),
      currency: 'USDT',
      to_address: expect.any(String),
      tx_hash: txHashOf('audit-ctx-hash-1'),
    });
  });

  it('a withdrawal status change names the user, amount, fee, currency, address and network', async () => {
    const user = await registerUser(t.app);
    await approveKyc(t.database.db, user.user.id);
    await fundUser(t.database.db, user.user.id, '500');
    const made = await api<{ withdrawal: { id: number } }>(t.app, 'POST', '/api/wallet/withdrawals', {
      token: user.token,
      headers: { 'Idempotency-Key': randomUUID() },
      body: { withdraw_type: 'usdt', amount: '100', address: TRC20_ADDRESS },
    });
    expect(made.status).toBe(200);
    const id = made.body.data?.withdrawal.id as number;
    const res = await api(t.app, 'PATCH', `/api/admin/withdrawals/${id}/status`, {
      token: admin.token,
      body: { status: 'rejected', adminNote: '地址存疑' },
    });
    expect(res.status).toBe(200);
    const [row] = await auditOf('withdrawal', id);
    expect(row?.before).toMatchObject({ status: 'pending' });
    expect(row?.after).toMatchObject({
      status: 'rejected',
      admin_remark: '地址存疑',
      user_id: user.user.id,
      user_email: user.email,
      amount: expect.stringMatching(/^100(\.0+)?$/),
      fee: expect.stringMatching(/^1\.5/),
      currency: 'USDT',
      address: TRC20_ADDRESS,
      network: 'TRC20',
    });
    expect((await verifyAuditChain(t.database.db)).ok).toBe(true);
  });
});

describe(`audit rows of uploads (${testEngine})`, () => {
  async function upload(url: string, field: string) {
    const file = multipart(field, 'a.png', 'image/png', PNG);
    const raw = await t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${admin.token}`, 'user-agent': 'vitest-upload', ...file.headers },
      payload: file.payload,
    });
    expect(raw.statusCode).toBe(200);
    return raw.json().data as Record<string, string>;
  }

  it('a QR code upload is audited with the stored file, its type, size and SHA-256', async () => {
    const data = await upload('/api/admin/channels/upload-qrcode', 'qrcode');
    const name = data.url?.split('/').at(-1) as string;
    const [row] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'channel.qrcode_upload'), eq(auditLogs.targetId, name)));
    expect(row).toMatchObject({ adminId: admin.id, targetType: 'upload', userAgent: 'vitest-upload' });
    // Size and hash of the stored file (as the upload pipeline re-encoded it), not of the upload.
    const stored = fs.readFileSync(path.join(dataDir, 'uploads', 'qrcodes', name));
    expect(row?.after).toMatchObject({
      url: data.url,
      type: 'png',
      bytes: stored.length,
      sha256: createHash('sha256').update(stored).digest('hex'),
    });
  });

  it('a carousel image upload is audited with the stored file', async () => {
    const data = await upload('/api/admin/home/carousel/upload-image', 'image');
    const [row] = await t.database.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.action, 'carousel.image_upload'), eq(auditLogs.targetId, data.image_file as string)),
      );
    expect(row).toMatchObject({ adminId: admin.id, targetType: 'upload' });
    expect(row?.after).toMatchObject({ image_file: data.image_file, type: 'png' });
    expect((await verifyAuditChain(t.database.db)).ok).toBe(true);
  });
});
