import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CHANNEL_ADDRESS_INVALID_MESSAGE,
  QR_ADDRESS_MISMATCH_MESSAGE,
  QR_EXTERNAL_URL_MESSAGE,
  QR_NOT_READABLE_MESSAGE,
} from '@platform/contracts';
import { trc20AddressOf } from '@platform/domain';
import QRCode from 'qrcode';
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
import { multipart } from '../../test/multipart.ts';
import { findDepositChannel, insertDepositChannel } from './channels.repository.ts';

/**
 * Issue 32 item 2: a plain admin redirected deposits by setting the USDT channel's address to their
 * own and its QR code to an external image. A USDT address is now checked like a withdrawal address,
 * the QR code is an uploaded image only, and its decoded content must carry the channel's address.
 */

let t: TestApp;
let dataDir: string;
let plainToken: string;
let approverToken: string;

const newTrc20 = () => trc20AddressOf(randomBytes(20));
const ERC20 = '0x52908400098527886E0F7030069857D2E4169EE7'; // EIP-55 example, mixed case

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'channels-qr-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  plainToken = (await createAdmin(t, 'admin')).token;
  approverToken = (await createApprover(t, 'admin')).token;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A stored QR image of `text`, uploaded as the admin would, returning its URL. */
async function uploadQr(text: string | null): Promise<string> {
  const png =
    text === null
      ? // A picture with no QR code in it: a grey square with a dark bar.
        await sharp({ create: { width: 200, height: 200, channels: 3, background: '#bbbbbb' } })
          .composite([
            {
              input: await sharp({
                create: { width: 120, height: 30, channels: 3, background: '#222222' },
              })
                .png()
                .toBuffer(),
              left: 40,
              top: 80,
            },
          ])
          .png()
          .toBuffer()
      : await QRCode.toBuffer(text, { type: 'png', margin: 4, scale: 6 });
  const file = multipart('qrcode', 'qr.png', 'image/png', png);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/channels/upload-qrcode',
    headers: { authorization: `Bearer ${plainToken}`, ...file.headers },
    payload: file.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { url: string } }).data.url;
}

/** A channel as it was before the attack (inserted directly: its creation is not under test). */
async function existingUsdtChannel(address = newTrc20()) {
  return insertDepositChannel(t.database.db, {
    name: 'USDT-TRC20',
    type: 'crypto',
    currency: 'USDT',
    address,
    qrCodeUrl: null,
    minAmount: '10',
    maxAmount: '50000',
    status: 'active',
  });
}

const form = (over: Record<string, unknown>) => ({
  name: 'USDT-TRC20',
  type: 'crypto',
  currency: 'USDT',
  address: newTrc20(),
  qr_code_url: '',
  min_amount: '10',
  max_amount: '50000',
  ...over,
});

const patch = (id: number, body: Record<string, unknown>) =>
  api(t.app, 'PATCH', `/api/admin/channels/${id}`, { token: plainToken, body });
const create = (body: Record<string, unknown>) =>
  api(t.app, 'POST', '/api/admin/channels', { token: plainToken, body });

async function usersSee(id: number) {
  const { token } = await registerUser(t.app);
  const res = await api<{ channels: { id: number; address: string; qr_code_url: string | null }[] }>(
    t.app,
    'GET',
    '/api/wallet/deposit-channels',
    { token },
  );
  return res.body.data!.channels.find((c) => c.id === id);
}

describe(`deposit channel addresses (${testEngine})`, () => {
  it("refuses a plain admin's invalid USDT address (400) and changes nothing", async () => {
    const channel = await existingUsdtChannel();
    for (const address of ['TXyz123', `${channel.address.slice(0, -1)}x`, '0x1234', 'my-wallet']) {
      const res = await patch(channel.id, form({ address }));
      expect(res.status, address).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: CHANNEL_ADDRESS_INVALID_MESSAGE });
    }
    // The wrong EIP-55 checksum of a mixed-case ERC20 address is refused too.
    const badChecksum = ERC20.replace('E', 'e');
    expect((await patch(channel.id, form({ address: badChecksum }))).status).toBe(400);
    expect((await create(form({ address: 'TXyz123' }))).status).toBe(400);
    // Absent type and currency mean crypto and USDT on create.
    expect(
      (await create({ ...form({ address: 'TXyz123' }), type: undefined, currency: undefined })).status,
    ).toBe(400);

    expect((await findDepositChannel(t.database.db, channel.id))?.address).toBe(channel.address);
    expect((await usersSee(channel.id))?.address).toBe(channel.address);
  });

  it('accepts TRC20 and ERC20 addresses; wechat, alipay and other currencies carry what they carry', async () => {
    expect((await create(form({ address: newTrc20() }))).status).not.toBe(400);
    expect((await create(form({ address: ERC20 }))).status).not.toBe(400);
    expect((await create(form({ type: 'wechat', address: '张三 微信号 zhangsan88' }))).status).not.toBe(400);
    expect((await create(form({ type: 'alipay', address: 'pay@example.com' }))).status).not.toBe(400);
    expect((await create(form({ currency: 'BTC', address: 'bc1qexample' }))).status).not.toBe(400);
  });
});

describe(`deposit channel QR codes (${testEngine})`, () => {
  it('refuses an external QR image URL (400)', async () => {
    const channel = await existingUsdtChannel();
    for (const url of [
      'https://evil.example/qr.png',
      'http://evil.example/qr.png',
      '//evil.example/qr.png',
    ]) {
      const res = await patch(channel.id, form({ address: channel.address, qr_code_url: url }));
      expect(res.status, url).toBe(400);
      expect(res.body.message).toContain(QR_EXTERNAL_URL_MESSAGE);
      expect((await create(form({ qr_code_url: url }))).status).toBe(400);
    }
    expect((await usersSee(channel.id))?.qr_code_url).toBeNull();
  });

  it("refuses a QR code of another address (400), accepts the channel's own", async () => {
    const channel = await existingUsdtChannel();
    const attacker = newTrc20();
    const theirs = await uploadQr(attacker);
    const res = await patch(channel.id, form({ address: channel.address, qr_code_url: theirs }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(QR_ADDRESS_MISMATCH_MESSAGE);
    expect((await create(form({ qr_code_url: theirs }))).status).toBe(400);
    // The address somewhere in a URI that pays someone else is not the channel's QR code.
    const disguised = await uploadQr(`tron:${attacker}?memo=${channel.address}`);
    const hidden = await patch(channel.id, form({ address: channel.address, qr_code_url: disguised }));
    expect(hidden.status).toBe(400);
    expect(hidden.body.message).toBe(QR_ADDRESS_MISMATCH_MESSAGE);
    expect((await usersSee(channel.id))?.qr_code_url).toBeNull();

    // Changing the address while keeping a QR code of the old one is refused as well.
    const own = await uploadQr(`tron:${channel.address}?token=USDT`);
    const fresh = await insertDepositChannel(t.database.db, {
      name: 'with-qr',
      type: 'crypto',
      currency: 'USDT',
      address: channel.address,
      qrCodeUrl: own,
      minAmount: '1',
      maxAmount: '100',
      status: 'active',
    });
    const { qr_code_url: _keep, ...withoutQr } = form({ address: attacker });
    const moved = await patch(fresh.id, withoutQr);
    expect(moved.status).toBe(400);
    expect(moved.body.message).toBe(QR_ADDRESS_MISMATCH_MESSAGE);

    // A QR code carrying the channel's address (a payment URI around it is fine) is accepted.
    const ok = await create(form({ address: channel.address, qr_code_url: own }));
    expect(ok.status).not.toBe(400);
    // An ERC20 address in a wallet's lower-case QR is the same address.
    const erc = await uploadQr(`ethereum:${ERC20.toLowerCase()}`);
    expect((await create(form({ address: ERC20, qr_code_url: erc }))).status).not.toBe(400);
  });

  it('refuses an image that is not a QR code, for every channel type', async () => {
    const picture = await uploadQr(null);
    const usdt = await create(form({ qr_code_url: picture }));
    expect(usdt.status).toBe(400);
    expect(usdt.body.message).toBe(QR_NOT_READABLE_MESSAGE);
    const wechat = await create(form({ type: 'wechat', address: '张三', qr_code_url: picture }));
    expect(wechat.status).toBe(400);
    expect(wechat.body.message).toBe(QR_NOT_READABLE_MESSAGE);
    // wechat / alipay: any QR code (the payee's collection link) is accepted.
    const payLink = await uploadQr('wxp://f2f0example');
    expect((await create(form({ type: 'wechat', address: '张三', qr_code_url: payLink }))).status).not.toBe(
      400,
    );
    // An uploaded-looking URL whose file does not exist is refused, not a 500.
    const missing = await create(
      form({
        type: 'alipay',
        address: '李四',
        qr_code_url: '/api/files/qrcodes/0123456789abcdef0123456789abcdef.png',
      }),
    );
    expect(missing.status).toBe(400);
  });
});

type Change = { id: number; kind: string; status: string; before: unknown; after: unknown };

const approve = (id: number, token = approverToken) =>
  api<{ change: Change }>(t.app, 'POST', `/api/admin/changes/${id}/approve`, { token, body: {} });

describe(`channel changes are proposals a second admin approves (${testEngine})`, () => {
  it("a plain admin's valid address change is 202 and users see the old address until another admin approves", async () => {
    const channel = await existingUsdtChannel();
    const theirs = newTrc20();
    const res = await api<{ change: Change }>(t.app, 'PATCH', `/api/admin/channels/${channel.id}`, {
      token: plainToken,
      body: form({ address: theirs }),
    });
    expect(res.status).toBe(202);
    expect(res.body.message).toBe('已提交，待另一位管理员批准后生效');
    const change = res.body.data!.change;
    expect(change).toMatchObject({
      kind: 'channel.update',
      status: 'pending',
      before: { address: channel.address },
      after: { address: theirs },
    });
    expect((await usersSee(channel.id))?.address).toBe(channel.address);
    expect((await findDepositChannel(t.database.db, channel.id))?.address).toBe(channel.address);

    // The proposer cannot approve their own change; another admin can.
    expect((await approve(change.id, plainToken)).status).toBe(403);
    const approved = await approve(change.id);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data!.change.status).toBe('applied');
    expect((await usersSee(channel.id))?.address).toBe(theirs);
  });

  it('create, QR, limits, status and delete of deposit and withdrawal channels wait for approval too', async () => {
    const address = newTrc20();
    const qr = await uploadQr(address);
    const created = await create(form({ name: 'proposed', address, qr_code_url: qr }));
    expect(created.status).toBe(202);
    const createChange = (created.body.data as { change: Change }).change;
    expect(createChange).toMatchObject({ kind: 'channel.create', status: 'pending', before: null });
    const all = async () =>
      (
        await api<{ channels: { id: number; name: string; status: string; max_amount: string }[] }>(
          t.app,
          'GET',
          '/api/admin/channels',
          { token: plainToken },
        )
      ).body.data!.channels;
    expect((await all()).some((c) => c.name === 'proposed')).toBe(false);
    expect((await approve(createChange.id)).status).toBe(200);
    const row = (await all()).find((c) => c.name === 'proposed')!;
    expect(row).toBeDefined();
    expect((await usersSee(row.id))?.qr_code_url).toBe(qr);

    // Limits, then the status toggle, then delete: each a proposal, applied on approval.
    const limits = await patch(
      row.id,
      form({ name: 'proposed', address, qr_code_url: qr, max_amount: '99' }),
    );
    expect(limits.status).toBe(202);
    expect((await all()).find((c) => c.id === row.id)?.max_amount).toBe('50000');
    expect((await approve((limits.body.data as { change: Change }).change.id)).status).toBe(200);
    expect((await all()).find((c) => c.id === row.id)?.max_amount).toBe('99');

    const off = await patch(row.id, { status: 'inactive' });
    expect(off.status).toBe(202);
    expect((await usersSee(row.id))?.address).toBe(address);
    expect((await approve((off.body.data as { change: Change }).change.id)).status).toBe(200);
    expect(await usersSee(row.id)).toBeUndefined();

    const removed = await api<{ change: Change }>(t.app, 'DELETE', `/api/admin/channels/${row.id}`, {
      token: plainToken,
    });
    expect(removed.status).toBe(202);
    expect((await all()).some((c) => c.id === row.id)).toBe(true);
    expect((await approve(removed.body.data!.change.id)).status).toBe(200);
    expect((await all()).some((c) => c.id === row.id)).toBe(false);

    // Withdrawal channels: the same.
    const w = await api<{ change: Change }>(t.app, 'POST', '/api/admin/withdraw-channels', {
      token: plainToken,
      body: { name: '提现提案', type: 'usdt', min_amount: '1', max_amount: '100', fee_rate: '0.01' },
    });
    expect(w.status).toBe(202);
    expect(w.body.data!.change.kind).toBe('withdraw_channel.create');
    const wList = async () =>
      (
        await api<{ channels: { id: number; name: string; fee_rate: string }[] }>(
          t.app,
          'GET',
          '/api/admin/withdraw-channels',
          { token: plainToken },
        )
      ).body.data!.channels.filter((c) => c.name === '提现提案');
    expect(await wList()).toHaveLength(0);
    expect((await approve(w.body.data!.change.id)).status).toBe(200);
    const [wRow] = await wList();
    const fee = await api<{ change: Change }>(t.app, 'PATCH', `/api/admin/withdraw-channels/${wRow!.id}`, {
      token: plainToken,
      body: { name: '提现提案', type: 'usdt', min_amount: '1', max_amount: '100', fee_rate: '0.5' },
    });
    expect(fee.status).toBe(202);
    expect((await wList())[0]?.fee_rate).toBe('0.01');
    expect((await approve(fee.body.data!.change.id)).status).toBe(200);
    expect((await wList())[0]?.fee_rate).toBe('0.5');
    const wDelete = await api<{ change: Change }>(
      t.app,
      'DELETE',
      `/api/admin/withdraw-channels/${wRow!.id}`,
      {
        token: plainToken,
      },
    );
    expect(wDelete.status).toBe(202);
    expect((await approve(wDelete.body.data!.change.id)).status).toBe(200);
    expect(await wList()).toHaveLength(0);
  });

  it('an unknown channel is 404 and nothing is proposed', async () => {
    expect((await patch(987654, form({}))).status).toBe(404);
    expect((await patch(987654, { status: 'inactive' })).status).toBe(404);
    const del = await api(t.app, 'DELETE', '/api/admin/channels/987654', { token: plainToken });
    expect(del.status).toBe(404);
  });
});
