import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type AdminDashboard,
  type KycStatusUpdateEvent,
  kycStatusUpdateEvent,
  REALTIME_EVENTS,
  type WalletOverview,
} from '@platform/contracts';
import { idCardCheckChar } from '@platform/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isUniqueViolation } from '../../db/errors.ts';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { testEngine } from '../../test/database.ts';
import { sleep } from '../../test/fixtures.ts';
import { expectNoMetadata, pngWithText, sidewaysPhoneJpeg } from '../../test/images.ts';
import { type FormPart, multipartForm, PNG } from '../../test/multipart.ts';
import { collectEvents, nextEvent, testSockets } from '../../test/sockets.ts';
import { auditLogs } from '../audit/audit.schema.ts';
import type { PerLanguage } from '../realtime/realtime.ts';
import { createUrlSigner } from '../uploads/signed-url.ts';
import { users } from '../users/users.schema.ts';
import { ONE_IDENTITY_INDEX } from './kyc.repository.ts';
import { KYC_SUBMIT_RATE_LIMIT_PER_HOUR } from './kyc.routes.ts';

/** ID photos as phones send them: metadata that the upload pipeline removes (test/images.ts). */
const PNG_WITH_TEXT = await pngWithText();
const JPEG_WITH_EXIF = await sidewaysPhoneJpeg();
const WEBP = Buffer.concat([Buffer.from('RIFF\x10\0\0\0WEBPVP8 ', 'latin1'), Buffer.alloc(8)]);
const HTML = Buffer.from('<html><script>alert(1)</script></html>');

const VALID_ID = '11010519491231002X';
const VALID_ID_2 = '110101199003074477';

let idCounter = 0;
/**
 * A valid ID number that no other submission of this file uses (one identity per person: a number
 * another account holds is refused). Birth dates from 1980-01-02 on; `check` picks the check character.
 */
function freshIdNumber(check?: string): string {
  for (;;) {
    const birth = new Date(Date.UTC(1980, 0, 1) + ++idCounter * 86_400_000)
      .toISOString()
      .slice(0, 10)
      .replaceAll('-', '');
    const first17 = `310104${birth}123`;
    const char = idCardCheckChar(first17);
    if (check === undefined || char === check) return `${first17}${char}`;
  }
}

const kycForm = (
  over: { real_name?: string; id_number?: string; front?: Buffer; back?: Buffer | null } = {},
) => {
  const parts: FormPart[] = [
    { name: 'real_name', value: over.real_name ?? '张三' },
    { name: 'id_number', value: over.id_number ?? freshIdNumber() },
    { name: 'id_front', filename: 'front.png', type: 'image/png', bytes: over.front ?? PNG_WITH_TEXT },
  ];
  if (over.back !== null) {
    parts.push({
      name: 'id_back',
      filename: 'back.jpg',
      type: 'image/jpeg',
      bytes: over.back ?? JPEG_WITH_EXIF,
    });
  }
  return multipartForm(parts);
};

let addressCounter = 0;
async function submit(token: string | undefined, form = kycForm(), remoteAddress?: string) {
  const raw = await t.app.inject({
    method: 'POST',
    url: '/api/kyc/submit',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...form.headers },
    payload: form.payload,
    // Each call from its own address so that the per-address rate limit does not interfere.
    remoteAddress: remoteAddress ?? `10.1.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`,
  });
  return { status: raw.statusCode, body: raw.json() as { message: string; data?: { application: App } } };
}

interface App {
  id: number;
  real_name: string;
  id_number: string;
  id_front_url: string;
  id_back_url: string;
  status: string;
  admin_note: string | null;
}

let t: TestApp;
let dataDir: string;
let secret: string;
let adminToken: string;
const kycDir = () => path.join(dataDir, 'uploads', 'kyc');

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kyc-test-'));
  secret = randomBytes(32).toString('hex');
  t = await createTestApp({ DATA_DIR: dataDir, UPLOAD_SIGNING_SECRET: secret });
  adminToken = (await createAdmin(t, 'admin')).token;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function kycStatusOf(userId: number) {
  const [row] = await t.database.db.select({ s: users.kycStatus }).from(users).where(eq(users.id, userId));
  return row?.s;
}

async function lastAudit(targetId: number) {
  const [row] = await t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.targetType, 'kyc_application'), eq(auditLogs.targetId, String(targetId))))
    .orderBy(desc(auditLogs.id))
    .limit(1);
  return row;
}

const getRaw = (url: string) => t.app.inject({ method: 'GET', url });

describe(`KYC submission (${testEngine})`, () => {
  it('refuses without a token', async () => {
    expect((await submit(undefined)).status).toBe(401);
    expect((await api(t.app, 'GET', '/api/kyc/status')).status).toBe(401);
    expect((await api(t.app, 'GET', '/api/kyc/details/1')).status).toBe(401);
  });

  it('validates the name, the ID number and the images, storing nothing', async () => {
    const user = await registerUser(t.app);
    const cases: [Parameters<typeof kycForm>[0], string][] = [
      [{ real_name: ' 张 ' }, '真实姓名长度应为2-50个字符'],
      [{ real_name: '张'.repeat(51) }, '真实姓名长度应为2-50个字符'],
      [{ real_name: '<b>x</b>' }, '姓名只能包含中文、字母、间隔号和空格'],
      [{ real_name: '张三1' }, '姓名只能包含中文、字母、间隔号和空格'],
      [{ real_name: '<script>alert(1)</script>' }, '姓名只能包含中文、字母、间隔号和空格'],
      [{ real_name: '··' }, '姓名只能包含中文、字母、间隔号和空格'],
      [{ id_number: '' }, '请输入身份证号码'],
      [{ id_number: '11010519491231002' }, '身份证号码格式不正确'],
      [{ id_number: '1101051949123100211' }, '身份证号码格式不正确'],
      [{ id_number: '11010519491231002Y' }, '身份证号码格式不正确'],
      [{ id_number: '110105194902300021' }, '身份证号码中的出生日期不正确'],
      [{ id_number: '110105299901010021' }, '身份证号码中的出生日期不正确'],
      [{ id_number: '110101199003074478' }, '身份证号码校验位不正确'],
      [{ front: HTML }, '请选择图片文件'],
      [{ back: WEBP }, '请选择图片文件'],
      [{ back: Buffer.alloc(5 * 1024 * 1024 + 1, 0xff) }, '图片大小不能超过5MB'],
      [{ back: null }, '请上传身份证背面照片'],
    ];
    for (const [over, message] of cases) {
      const res = await submit(user.token, kycForm(over));
      expect({ over: Object.keys(over ?? {}), status: res.status, message: res.body.message }).toEqual({
        over: Object.keys(over ?? {}),
        status: 400,
        message,
      });
    }
    // An HTML file sent with a .png name and image/png type: judged by its bytes.
    const html = await submit(
      user.token,
      multipartForm([
        { name: 'real_name', value: '张三' },
        { name: 'id_number', value: VALID_ID },
        { name: 'id_front', filename: 'id.png', type: 'image/png', bytes: HTML },
        { name: 'id_back', filename: 'id2.png', type: 'image/png', bytes: PNG },
      ]),
    );
    expect(html.status).toBe(400);
    expect(html.body.message).toBe('请选择图片文件');
    expect(await kycStatusOf(user.user.id)).toBe('none');
    expect(fs.existsSync(kycDir()) ? fs.readdirSync(kycDir()) : []).toEqual([]);
  });

  it('names a missing photo in English (Accept-Language: en)', async () => {
    const user = await registerUser(t.app);
    for (const [over, message] of [
      [{ back: null }, 'Upload the photo of the back of your ID card'],
      [{ front: HTML }, 'Please select an image file'],
      [{ back: Buffer.alloc(5 * 1024 * 1024 + 1, 0xff) }, 'The image cannot be larger than 5 MB'],
    ] as const) {
      const form = kycForm(over);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/kyc/submit',
        headers: { authorization: `Bearer ${user.token}`, 'accept-language': 'en', ...form.headers },
        payload: form.payload,
        remoteAddress: '10.1.250.1',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('stores the application, strips metadata, serves signed documents and refuses a second one', async () => {
    const user = await registerUser(t.app);
    const toAdmins = vi.spyOn(t.app.platform.realtime, 'toAdmins');
    const res = await submit(user.token, kycForm({ real_name: '  李四  ', id_number: '11010519491231002x' }));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('实名认证申请已提交，请等待审核');
    const app = res.body.data!.application;
    expect(app).toMatchObject({
      real_name: '李四',
      id_number: VALID_ID,
      status: 'pending',
      admin_note: null,
    });
    expect(app.id_front_url).toMatch(
      /^\/api\/kyc\/documents\/[0-9a-f]{32}\.png\?expires=\d+&signature=[0-9a-f]{64}$/,
    );
    expect(app.id_back_url).toMatch(/^\/api\/kyc\/documents\/[0-9a-f]{32}\.jpg\?/);
    expect(await kycStatusOf(user.user.id)).toBe('pending');
    // Each admin hears it in their own language (realtime/admin-notices.test.ts).
    expect(toAdmins).toHaveBeenCalledWith('admin_notification', { perLanguage: expect.any(Function) });
    const notice = toAdmins.mock.calls[0]?.[1] as PerLanguage;
    expect(notice.perLanguage('zh-CN')).toEqual({
      type: 'kyc',
      sound: true,
      title: '新的实名认证申请',
      message: `${user.email} 提交了实名认证申请（李四）`,
      id: app.id,
    });
    expect(notice.perLanguage('en')).toEqual({
      type: 'kyc',
      sound: true,
      title: 'New identity verification request',
      message: `${user.email} submitted an identity verification request (李四)`,
      id: app.id,
    });
    toAdmins.mockRestore();

    const front = await getRaw(app.id_front_url);
    expect(front.statusCode).toBe(200);
    expect(front.headers['content-type']).toBe('image/png');
    expect(front.headers['x-content-type-options']).toBe('nosniff');
    expect(front.headers['cache-control']).toBe('private, max-age=300');
    await expectNoMetadata(front.rawPayload); // the tEXt and eXIf chunks are gone
    const back = await getRaw(app.id_back_url);
    expect(back.headers['content-type']).toBe('image/jpeg');
    await expectNoMetadata(back.rawPayload); // EXIF with GPS, XMP and the comment are gone

    // Private storage: directory 700, files 600.
    expect(fs.statSync(kycDir()).mode & 0o777).toBe(0o700);
    for (const name of fs.readdirSync(kycDir()))
      expect(fs.statSync(path.join(kycDir(), name)).mode & 0o777).toBe(0o600);

    const status = await api<{ kyc_status: string; application: App }>(t.app, 'GET', '/api/kyc/status', {
      token: user.token,
    });
    expect(status.status).toBe(200);
    expect(status.body.data).toMatchObject({
      kyc_status: 'pending',
      application: { id: app.id, status: 'pending' },
    });
    const details = await api<{ application: App }>(t.app, 'GET', `/api/kyc/details/${app.id}`, {
      token: user.token,
    });
    expect(details.status).toBe(200);
    expect(details.body.data!.application.id).toBe(app.id);

    const again = await submit(user.token, kycForm({ id_number: VALID_ID_2 }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('您已有一份实名认证申请正在审核中，请勿重复提交');
  });

  it('lets exactly one of two concurrent submissions through', async () => {
    const user = await registerUser(t.app);
    const filesBefore = fs.existsSync(kycDir()) ? fs.readdirSync(kycDir()).length : 0;
    const results = await Promise.all([submit(user.token), submit(user.token), submit(user.token)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const status = await api<{ kyc_status: string }>(t.app, 'GET', '/api/kyc/status', { token: user.token });
    expect(status.body.data!.kyc_status).toBe('pending');
    // The losers' images are removed again.
    expect(fs.readdirSync(kycDir()).length).toBe(filesBefore + 2);
  });

  it('gives no access to another user’s application or documents', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const appB = (await submit(b.token, kycForm({ id_number: VALID_ID_2 }))).body.data!.application;
    const foreign = await api(t.app, 'GET', `/api/kyc/details/${appB.id}`, { token: a.token });
    expect(foreign.status).toBe(404);
    expect((await api(t.app, 'GET', '/api/kyc/details/999999', { token: a.token })).status).toBe(404);
    expect((await api(t.app, 'GET', '/api/kyc/details/abc', { token: a.token })).status).toBe(400);
    const none = await api<{ kyc_status: string; application: null }>(t.app, 'GET', '/api/kyc/status', {
      token: a.token,
    });
    expect(none.body.data).toEqual({ kyc_status: 'none', application: null });

    const [docPath, query] = appB.id_front_url.split('?') as [string, string];
    const params = new URLSearchParams(query);
    // Without a signature, even with a bearer token.
    const unsigned = await t.app.inject({
      method: 'GET',
      url: docPath,
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(unsigned.statusCode).toBe(403);
    expect((await getRaw(`${docPath}?expires=${params.get('expires')}`)).statusCode).toBe(403);
    // Altered signature, altered expiry, signature of another document.
    const sig = params.get('signature')!;
    const flipped = `${sig[0] === 'a' ? 'b' : 'a'}${sig.slice(1)}`;
    expect(
      (await getRaw(`${docPath}?expires=${params.get('expires')}&signature=${flipped}`)).statusCode,
    ).toBe(403);
    const later = Number(params.get('expires')) + 3600;
    expect((await getRaw(`${docPath}?expires=${later}&signature=${sig}`)).statusCode).toBe(403);
    const backPath = appB.id_back_url.split('?')[0];
    expect((await getRaw(`${backPath}?${query}`)).statusCode).toBe(403);
    // Expired: a correct signature whose time has passed.
    const expired = createUrlSigner(secret).sign(docPath, -1);
    expect((await getRaw(expired)).statusCode).toBe(403);
    // A signature made with another secret.
    expect((await getRaw(createUrlSigner(randomBytes(32)).sign(docPath))).statusCode).toBe(403);
    // Path traversal never reaches the disk.
    const traversal = createUrlSigner(secret).sign('/api/kyc/documents/..%2F..%2Fupload-signing-secret');
    expect([403, 404]).toContain((await getRaw(traversal)).statusCode);
    expect((await getRaw(createUrlSigner(secret).sign(docPath))).statusCode).toBe(200);
  });

  it('rate-limits submissions per client address', async () => {
    const user = await registerUser(t.app);
    const address = '10.99.0.1';
    const statuses: number[] = [];
    for (let i = 0; i <= KYC_SUBMIT_RATE_LIMIT_PER_HOUR; i++) {
      statuses.push((await submit(user.token, kycForm({ real_name: 'x' }), address)).status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe(`KYC review (${testEngine})`, () => {
  it('refuses users and bad queries', async () => {
    const user = await registerUser(t.app);
    expect((await api(t.app, 'GET', '/api/admin/kyc')).status).toBe(401);
    expect((await api(t.app, 'GET', '/api/admin/kyc', { token: user.token })).status).toBe(403);
    expect(
      (await api(t.app, 'PATCH', '/api/admin/kyc/1', { token: user.token, body: { status: 'approved' } }))
        .status,
    ).toBe(403);
    expect((await api(t.app, 'GET', '/api/admin/kyc?status=bogus', { token: adminToken })).status).toBe(400);
    expect(
      (
        await api(t.app, 'PATCH', '/api/admin/kyc/999999', {
          token: adminToken,
          body: { status: 'approved' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await api(t.app, 'PATCH', '/api/admin/kyc/1', { token: adminToken, body: { status: 'pending' } }))
        .status,
    ).toBe(400);
  });

  it('lists, approves with an audit row, refuses a second decision, and unlocks withdrawals', async () => {
    const user = await registerUser(t.app);
    const app = (await submit(user.token)).body.data!.application;
    const list = await api<{
      requests: (App & { user: { id: number; email: string } })[];
      pagination: { total: number; limit: number };
    }>(t.app, 'GET', '/api/admin/kyc?status=pending', { token: adminToken });
    expect(list.status).toBe(200);
    expect(list.body.data!.pagination.limit).toBe(20);
    const item = list.body.data!.requests.find((r) => r.id === app.id)!;
    expect(item).toMatchObject({
      user: { id: user.user.id, email: user.email, phone: null },
      status: 'pending',
    });
    expect(list.body.data!.requests.every((r) => r.status === 'pending')).toBe(true);
    // Admins get signed URLs too.
    expect((await getRaw(item.id_front_url)).statusCode).toBe(200);

    const approved = await api<{ request: App & { reviewed_at: string } }>(
      t.app,
      'PATCH',
      `/api/admin/kyc/${app.id}`,
      {
        token: adminToken,
        body: { status: 'approved', adminNote: '  ' },
      },
    );
    expect(approved.status).toBe(200);
    expect(approved.body.message).toBe('已通过实名认证申请');
    expect(approved.body.data!.request).toMatchObject({ status: 'approved', admin_note: null });
    expect(approved.body.data!.request.reviewed_at).toBeTruthy();
    expect(await kycStatusOf(user.user.id)).toBe('approved');
    const audit = await lastAudit(app.id);
    expect(audit).toMatchObject({
      action: 'kyc.approve',
      before: { status: 'pending' },
      after: { status: 'approved' },
    });

    const twice = await api(t.app, 'PATCH', `/api/admin/kyc/${app.id}`, {
      token: adminToken,
      body: { status: 'rejected', adminNote: '照片模糊' },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('该申请已审核，不能重复操作');
    expect(await kycStatusOf(user.user.id)).toBe('approved');

    const wallet = await api<{ withdrawRequirement: { canWithdraw: boolean } }>(t.app, 'GET', '/api/wallet', {
      token: user.token,
    });
    expect(wallet.body.data!.withdrawRequirement).toEqual({ canWithdraw: true, reasons: [] });
    // Approved: a new submission is refused.
    const again = await submit(user.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('您已通过实名认证，无需重复提交');
  });

  it('rejects only with a reason, audited, after which the user may apply again', async () => {
    const user = await registerUser(t.app);
    const app = (await submit(user.token)).body.data!.application;
    for (const adminNote of [undefined, '', '   ']) {
      const res = await api(t.app, 'PATCH', `/api/admin/kyc/${app.id}`, {
        token: adminToken,
        body: { status: 'rejected', ...(adminNote === undefined ? {} : { adminNote }) },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('拒绝时必须填写原因');
    }
    expect(await lastAudit(app.id)).toBeUndefined();
    const rejected = await api<{ request: App }>(t.app, 'PATCH', `/api/admin/kyc/${app.id}`, {
      token: adminToken,
      body: { status: 'rejected', adminNote: '  照片模糊  ' },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.message).toBe('已拒绝实名认证申请');
    expect(rejected.body.data!.request).toMatchObject({ status: 'rejected', admin_note: '照片模糊' });
    expect(await kycStatusOf(user.user.id)).toBe('rejected');
    expect(await lastAudit(app.id)).toMatchObject({
      action: 'kyc.reject',
      after: { status: 'rejected', admin_note: '照片模糊' },
    });
    expect(
      (
        await api(t.app, 'PATCH', `/api/admin/kyc/${app.id}`, {
          token: adminToken,
          body: { status: 'approved' },
        })
      ).status,
    ).toBe(409);

    const own = await api<{ application: App }>(t.app, 'GET', `/api/kyc/details/${app.id}`, {
      token: user.token,
    });
    expect(own.body.data!.application).toMatchObject({ status: 'rejected', admin_note: '照片模糊' });
    const second = await submit(user.token, kycForm());
    expect(second.status).toBe(200);
    const status = await api<{ kyc_status: string; application: App }>(t.app, 'GET', '/api/kyc/status', {
      token: user.token,
    });
    expect(status.body.data).toMatchObject({
      kyc_status: 'pending',
      application: { id: second.body.data!.application.id },
    });
    const rejectedTab = await api<{ requests: App[] }>(t.app, 'GET', '/api/admin/kyc?status=rejected', {
      token: adminToken,
    });
    expect(rejectedTab.body.data!.requests.some((r) => r.id === app.id)).toBe(true);
  });
});

describe(`kyc_status_update to the applicant (${testEngine})`, () => {
  const sockets = testSockets(() => t.app);
  afterAll(() => sockets.close());
  const withoutUrls = ({ id_front_url, id_back_url, ...rest }: App) => rest;

  it('tells the applicant once the review has committed, and nobody else', async () => {
    const user = await registerUser(t.app);
    const other = await registerUser(t.app);
    const [userSocket, otherSocket, adminSocket] = await Promise.all([
      sockets.open(user.token),
      sockets.open(other.token),
      sockets.open(adminToken),
    ]);
    const leaked = [otherSocket, adminSocket].map((s) => collectEvents(s, REALTIME_EVENTS.kycStatusUpdate));
    const app = (await submit(user.token)).body.data!.application;

    // The applicant's screen refetches on the event: it must already see the decision.
    const refetched = new Promise<string>((resolve) =>
      userSocket.once(REALTIME_EVENTS.kycStatusUpdate, async () => {
        const res = await api<{ kyc_status: string }>(t.app, 'GET', '/api/kyc/status', { token: user.token });
        resolve(res.body.data!.kyc_status);
      }),
    );
    const event = nextEvent<KycStatusUpdateEvent>(userSocket, REALTIME_EVENTS.kycStatusUpdate);
    const res = await api(t.app, 'PATCH', `/api/admin/kyc/${app.id}`, {
      token: adminToken,
      body: { status: 'rejected', adminNote: '照片模糊' },
    });
    expect(res.status).toBe(200);
    const { application } = kycStatusUpdateEvent.parse(await event);
    expect(application).toMatchObject({ id: app.id, status: 'rejected', admin_note: '照片模糊' });
    expect(application.reviewed_at).toBeTruthy();
    expect(await refetched).toBe('rejected');
    const own = await api<{ application: App }>(t.app, 'GET', `/api/kyc/details/${app.id}`, {
      token: user.token,
    });
    expect(withoutUrls(application)).toEqual(withoutUrls(own.body.data!.application));
    // The owner's view with its own signed document links.
    expect((await getRaw(application.id_front_url)).statusCode).toBe(200);

    // A refused second decision says nothing.
    const userEvents = collectEvents(userSocket, REALTIME_EVENTS.kycStatusUpdate);
    const twice = await api(t.app, 'PATCH', `/api/admin/kyc/${app.id}`, {
      token: adminToken,
      body: { status: 'approved' },
    });
    expect(twice.status).toBe(409);
    await sleep(200);
    expect(userEvents).toEqual([]);
    expect(leaked.flat()).toEqual([]);
  });
});

const KYC_ID_TAKEN = '该证件号码已被其他账户使用';

interface AdminRow extends App {
  user: { id: number; email: string };
  duplicate_id_count: number;
  duplicate_id_applications: { id: number; user_id: number; user_email: string; status: string }[];
}

const reviewAs = (id: number, body: { status: 'approved' | 'rejected'; adminNote?: string }) =>
  api<{ request: AdminRow }>(t.app, 'PATCH', `/api/admin/kyc/${id}`, { token: adminToken, body });

async function adminList(query = 'status=pending&limit=100') {
  const res = await api<{ requests: AdminRow[]; pagination: { total: number } }>(
    t.app,
    'GET',
    `/api/admin/kyc?${query}`,
    { token: adminToken },
  );
  expect(res.status).toBe(200);
  return res.body.data!;
}

async function applicationsWith(idNumber: string) {
  return (await t.database.db.execute(
    sql`SELECT user_id::int AS user_id, status FROM kyc_applications WHERE id_number = ${idNumber} ORDER BY id`,
  )) as unknown as { rows: { user_id: number; status: string }[] };
}

const storedFiles = () => (fs.existsSync(kycDir()) ? fs.readdirSync(kycDir()).length : 0);

describe(`real names (${testEngine})`, () => {
  it('accepts Chinese names, Latin letters with spaces and the middle dot', async () => {
    for (const name of ['张三', 'Li Lei', '阿卜杜·热合曼']) {
      const user = await registerUser(t.app);
      const res = await submit(user.token, kycForm({ real_name: name }));
      expect({ name, status: res.status }).toEqual({ name, status: 200 });
      expect(res.body.data!.application.real_name).toBe(name);
    }
  });
});

describe(`one identity per person (${testEngine})`, () => {
  it('refuses a number another account holds while pending, in any spelling, storing nothing', async () => {
    const holder = await registerUser(t.app);
    const other = await registerUser(t.app);
    const id = freshIdNumber('X');
    expect((await submit(holder.token, kycForm({ id_number: id }))).status).toBe(200);

    const files = storedFiles();
    for (const spelling of [id, ` ${id.toLowerCase()} `]) {
      const res = await submit(other.token, kycForm({ id_number: spelling }));
      expect({ status: res.status, message: res.body.message }).toEqual({
        status: 409,
        message: KYC_ID_TAKEN,
      });
    }
    expect(await kycStatusOf(other.user.id)).toBe('none');
    expect(storedFiles()).toBe(files);
    expect((await applicationsWith(id)).rows).toEqual([{ user_id: holder.user.id, status: 'pending' }]);
  });

  it('refuses a number another account has had approved', async () => {
    const holder = await registerUser(t.app);
    const other = await registerUser(t.app);
    const id = freshIdNumber();
    const app = (await submit(holder.token, kycForm({ id_number: id }))).body.data!.application;
    expect((await reviewAs(app.id, { status: 'approved' })).status).toBe(200);
    const res = await submit(other.token, kycForm({ id_number: id }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(KYC_ID_TAKEN);
    expect(await kycStatusOf(other.user.id)).toBe('none');
  });

  it('lets exactly one of two accounts submitting the same number at once through', async () => {
    const users = await Promise.all([registerUser(t.app), registerUser(t.app), registerUser(t.app)]);
    const id = freshIdNumber();
    const files = storedFiles();
    const results = await Promise.all(users.map((u) => submit(u.token, kycForm({ id_number: id }))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    for (const r of results.filter((r) => r.status === 409)) expect(r.body.message).toBe(KYC_ID_TAKEN);
    const rows = (await applicationsWith(id)).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('pending');
    const statuses = await Promise.all(users.map((u) => kycStatusOf(u.user.id)));
    expect(statuses.sort()).toEqual(['none', 'none', 'pending']);
    // The losers' images are removed again.
    expect(storedFiles()).toBe(files + 2);
  });

  it('is kept by the database: a second live application with the number cannot be written at all', async () => {
    // So an application whose number another account has had approved can never be open, and
    // approving it (pending or reviewing to approved) cannot happen.
    const holder = await registerUser(t.app);
    const other = await registerUser(t.app);
    const id = freshIdNumber('X');
    const app = (await submit(holder.token, kycForm({ id_number: id }))).body.data!.application;
    expect((await reviewAs(app.id, { status: 'approved' })).status).toBe(200);
    for (const status of ['pending', 'reviewing', 'approved'] as const) {
      const error = await t.database.db
        .execute(
          sql`INSERT INTO kyc_applications (user_id, real_name, id_number, id_front_file, id_back_file, status)
              VALUES (${other.user.id}, '王五', ${` ${id.toLowerCase()}`}, 'a.png', 'b.png', ${status})`,
        )
        .then(
          () => undefined,
          (err: unknown) => err,
        );
      expect({ status, refused: isUniqueViolation(error, ONE_IDENTITY_INDEX) }).toEqual({
        status,
        refused: true,
      });
    }
    // A rejected one is history, not a holder.
    await t.database.db.execute(
      sql`INSERT INTO kyc_applications (user_id, real_name, id_number, id_front_file, id_back_file, status)
          VALUES (${other.user.id}, '王五', ${id}, 'a.png', 'b.png', 'rejected')`,
    );
  });

  it('frees the number when the holder is rejected, and the same person may submit it again', async () => {
    const first = await registerUser(t.app);
    const second = await registerUser(t.app);
    const id = freshIdNumber();
    const app = (await submit(first.token, kycForm({ id_number: id }))).body.data!.application;
    expect((await reviewAs(app.id, { status: 'rejected', adminNote: '照片模糊' })).status).toBe(200);
    // The same person, the same number, after the rejection.
    const again = await submit(first.token, kycForm({ id_number: id }));
    expect(again.status).toBe(200);
    expect(
      (await reviewAs(again.body.data!.application.id, { status: 'rejected', adminNote: '仍然模糊' })).status,
    ).toBe(200);
    // Rejected twice: the number holds nothing now, so another account may use it.
    expect((await submit(second.token, kycForm({ id_number: id }))).status).toBe(200);
    expect((await submit(first.token, kycForm({ id_number: id }))).body.message).toBe(KYC_ID_TAKEN);
  });

  it('shows the reviewer every other account’s application with the same number', async () => {
    const earlier = await registerUser(t.app);
    const applicant = await registerUser(t.app);
    const plain = await registerUser(t.app);
    const id = freshIdNumber();
    const old = (await submit(earlier.token, kycForm({ id_number: id }))).body.data!.application;
    await reviewAs(old.id, { status: 'rejected', adminNote: '证件信息不符' });
    // The applicant's own earlier application with the number is not a warning.
    const own = (await submit(applicant.token, kycForm({ id_number: id }))).body.data!.application;
    await reviewAs(own.id, { status: 'rejected', adminNote: '照片模糊' });
    const current = (await submit(applicant.token, kycForm({ id_number: id.toLowerCase() }))).body.data!
      .application;
    const unrelated = (await submit(plain.token)).body.data!.application;

    const { requests } = await adminList();
    const row = requests.find((r) => r.id === current.id)!;
    expect(row.duplicate_id_count).toBe(1);
    expect(row.duplicate_id_applications).toEqual([
      expect.objectContaining({
        id: old.id,
        user_id: earlier.user.id,
        user_email: earlier.email,
        status: 'rejected',
      }),
    ]);
    const clean = requests.find((r) => r.id === unrelated.id)!;
    expect(clean.duplicate_id_count).toBe(0);
    expect(clean.duplicate_id_applications).toEqual([]);

    // The rejected tab shows the other side: the earlier application sees the live one.
    const rejected = await adminList('status=rejected&limit=100');
    const oldRow = rejected.requests.find((r) => r.id === old.id)!;
    expect(oldRow.duplicate_id_count).toBe(2);
    expect(oldRow.duplicate_id_applications.map((d) => [d.id, d.user_email, d.status])).toEqual([
      [current.id, applicant.email, 'pending'],
      [own.id, applicant.email, 'rejected'],
    ]);

    // The review reply carries it too.
    const approved = await reviewAs(current.id, { status: 'approved' });
    expect(approved.status).toBe(200);
    expect(approved.body.data!.request.duplicate_id_count).toBe(1);
  });
});

describe(`pending KYC counts follow the review queue (${testEngine})`, () => {
  it('the dashboard, the wallet overview and the user list count exactly the 待审核 tab', async () => {
    const counts = async () => {
      const [dashboard, overview, userList, queue] = await Promise.all([
        api<AdminDashboard>(t.app, 'GET', '/api/admin/dashboard', { token: adminToken }),
        api<WalletOverview>(t.app, 'GET', '/api/admin/wallet/overview', { token: adminToken }),
        api<{ stats: { kycPending: number } }>(t.app, 'GET', '/api/admin/users', { token: adminToken }),
        adminList('status=pending&limit=1'),
      ]);
      return {
        dashboard: dashboard.body.data!.pendingTasks.pendingKyc,
        overview: overview.body.data!.pendingKyc,
        users: userList.body.data!.stats.kycPending,
        queue: queue.pagination.total,
      };
    };
    const all = (n: number) => ({ dashboard: n, overview: n, users: n, queue: n });
    const start = await counts();
    expect(start).toEqual(all(start.queue));

    // A status set without an application (as the old demo data did) is no work in the queue.
    const orphan = await registerUser(t.app);
    await t.database.db.update(users).set({ kycStatus: 'pending' }).where(eq(users.id, orphan.user.id));
    expect(await counts()).toEqual(all(start.queue));

    const waiting = await registerUser(t.app);
    const app = (await submit(waiting.token)).body.data!.application;
    expect(await counts()).toEqual(all(start.queue + 1));
    // Deciding it takes it out of every count.
    await reviewAs(app.id, { status: 'approved' });
    expect(await counts()).toEqual(all(start.queue));
  });
});

describe(`the admin list's search and tab counts (issue 33, ${testEngine})`, () => {
  type Listed = { requests: AdminRow[]; counts: Record<string, number>; pagination: { total: number } };
  const list = async (query: string) => {
    const res = await api<Listed>(t.app, 'GET', `/api/admin/kyc?${query}`, { token: adminToken });
    expect(res.status, res.body.message).toBe(200);
    return res.body.data!;
  };

  it('finds by e-mail, phone, user id, real name or ID number, and counts each status of what matches', async () => {
    const tag = `kycsearch${Date.now().toString(36)}`;
    const password = 'Kq7vTz2wLmR9';
    const alice = await registerUser(t.app, { email: `${tag}a@example.com`, password });
    const bob = await registerUser(t.app, { email: `${tag}b@example.com`, password });
    const aliceId = freshIdNumber('X');
    const first = await submit(alice.token, kycForm({ real_name: '欧阳锋', id_number: aliceId }));
    expect(first.status).toBe(200);
    const second = await submit(bob.token, kycForm({ real_name: '黄药师' }));
    expect(second.status).toBe(200);
    const rejected = await reviewAs(second.body.data!.application.id, {
      status: 'rejected',
      adminNote: '照片模糊',
    });
    expect(rejected.status).toBe(200);

    const byTag = await list(`search=${tag}&status=pending`);
    expect(byTag.requests.map((r) => r.user.id)).toEqual([alice.user.id]);
    expect(byTag.counts).toEqual({ pending: 1, reviewing: 0, approved: 0, rejected: 1 });
    expect(byTag.pagination.total).toBe(1);

    for (const term of [aliceId.toLowerCase(), '欧阳锋', String(alice.user.id), `${tag}a@`]) {
      const found = await list(`search=${encodeURIComponent(term)}&status=pending`);
      expect(
        found.requests.map((r) => r.user.id),
        term,
      ).toEqual([alice.user.id]);
      expect(found.counts.pending, term).toBe(1);
    }
    const bobs = await list(`search=${encodeURIComponent('黄药师')}&status=rejected`);
    expect(bobs.requests.map((r) => r.user.id)).toEqual([bob.user.id]);
    expect(bobs.counts).toEqual({ pending: 0, reviewing: 0, approved: 0, rejected: 1 });

    const none = await list(`search=${tag}zzz`);
    expect(none.requests).toEqual([]);
    expect(none.counts).toEqual({ pending: 0, reviewing: 0, approved: 0, rejected: 0 });

    // Without a search the counts are every application's, whatever the tab.
    const all = await list('status=approved&limit=1');
    const totals = await t.database.db.execute(
      sql`SELECT status, count(*)::int AS n FROM kyc_applications GROUP BY status`,
    );
    const expected = { pending: 0, reviewing: 0, approved: 0, rejected: 0 } as Record<string, number>;
    for (const row of (totals as unknown as { rows: { status: string; n: number }[] }).rows)
      expected[row.status] = Number(row.n);
    expect(all.counts).toEqual(expected);
  });

  it('refuses a search over 100 characters with a Chinese 400', async () => {
    const res = await api(t.app, 'GET', `/api/admin/kyc?search=${'a'.repeat(101)}`, { token: adminToken });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('搜索内容不能超过100个字符');
  });
});
