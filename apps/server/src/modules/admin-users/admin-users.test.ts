import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, createAdminTestApp, type TestAdmin } from '../../test/admin.ts';
import { api, createAdmin, registerUser, type TestApp, uniqueEmail } from '../../test/app.ts';
import { testEngine } from '../../test/database.ts';
import { kycApplications } from '../kyc/kyc.schema.ts';
import { postTransaction } from '../ledger/ledger.service.ts';
import { users } from '../users/users.schema.ts';

let t: TestApp;
let superAdmin: TestAdmin;
let admin: TestAdmin;

beforeAll(async () => {
  ({ t, superAdmin, admin } = await createAdminTestApp());
});
afterAll(async () => t?.close());

interface Row {
  id: number;
  email: string;
  phone: string | null;
  role: string;
  is_active: boolean;
  kyc_status: string;
  balance: string;
  frozen_balance: string;
  created_at: string;
}
interface ListData {
  users: Row[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
  stats: { total: number; active: number; inactive: number; kycPending: number; kycApproved: number };
}

const list = (query = '', token = admin.token) =>
  api<ListData>(t.app, 'GET', `/api/admin/users${query}`, { token });

async function credit(userId: number, amount: string) {
  await t.database.db.transaction((tx) =>
    postTransaction(tx, {
      idempotencyKey: `test:credit:${userId}:${amount}`,
      kind: 'adjustment',
      postings: [
        { account: { userId, bucket: 'available' }, currency: 'USDT', amount },
        { account: { system: 'adjustments' }, currency: 'USDT', amount: `-${amount}` },
      ],
    }),
  );
}

describe(`GET /api/admin/users (${testEngine})`, () => {
  it('lists users newest first with their USDT balance, pagination and stats', async () => {
    const a = await registerUser(t.app, { phone: '13911112222' });
    const b = await registerUser(t.app);
    await credit(a.user.id, '12.5');
    await t.database.db.update(users).set({ kycStatus: 'pending' }).where(eq(users.id, b.user.id));
    // KYC待审核 counts the review queue: b's application waits there.
    await t.database.db.insert(kycApplications).values({
      userId: b.user.id,
      realName: '张三',
      idNumber: '11010519491231002X',
      idFrontFile: 'front.png',
      idBackFile: 'back.png',
    });

    const res = await list();
    expect(res.status).toBe(200);
    const data = res.body.data!;
    expect(data.users[0]!.id).toBe(b.user.id);
    expect(data.users[1]!.id).toBe(a.user.id);
    expect(data.users[1]).toMatchObject({
      email: a.email,
      phone: '13911112222',
      role: 'user',
      is_active: true,
      kyc_status: 'none',
      balance: '12.500000000000000000',
      frozen_balance: '0.000000000000000000',
    });
    expect(data.users[0]!.kyc_status).toBe('pending');
    expect(data.pagination).toMatchObject({ page: 1, limit: 20 });
    expect(data.pagination.total).toBe(data.stats.total);
    expect(data.stats.total).toBeGreaterThanOrEqual(4);
    expect(data.stats.active + data.stats.inactive).toBe(data.stats.total);
    expect(data.stats.kycPending).toBeGreaterThanOrEqual(1);
  });

  it('filters by search (e-mail or phone prefix, any case), status, admin and KYC', async () => {
    const email = uniqueEmail('findme');
    const u = await registerUser(t.app, { email, phone: '13700009999' });
    const byEmail = await list(`?search=${encodeURIComponent(email.slice(0, 10).toUpperCase())}`);
    expect(byEmail.body.data!.users.map((r) => r.id)).toContain(u.user.id);
    const byPhone = await list('?search=137000099');
    expect(byPhone.body.data!.users.map((r) => r.id)).toEqual([u.user.id]);
    expect(byPhone.body.data!.pagination.total).toBe(1);
    const wildcard = await list('?search=%25');
    expect(wildcard.body.data!.users).toEqual([]);

    const admins = await list('?status=admin');
    expect(admins.body.data!.users.every((r) => r.role === 'admin')).toBe(true);
    expect(admins.body.data!.users.map((r) => r.id)).toEqual(
      expect.arrayContaining([admin.id, superAdmin.id]),
    );

    await t.database.db
      .update(users)
      .set({ kycStatus: 'approved', isActive: false })
      .where(eq(users.id, u.user.id));
    const inactiveApproved = await list('?status=inactive&kyc=approved');
    expect(inactiveApproved.body.data!.users.map((r) => r.id)).toEqual([u.user.id]);
    const active = await list('?status=active&limit=100');
    expect(active.body.data!.users.every((r) => r.is_active)).toBe(true);
  });

  it('pages 20 at a time by default and refuses values outside their sets', async () => {
    for (let i = 0; i < 21; i++) await registerUser(t.app);
    const first = await list();
    expect(first.body.data!.users).toHaveLength(20);
    const second = await list('?page=2');
    expect(second.body.data!.users.length).toBeGreaterThan(0);
    expect(second.body.data!.users[0]!.id).not.toBe(first.body.data!.users[0]!.id);
    expect(first.body.data!.pagination.totalPages).toBe(Math.ceil(first.body.data!.pagination.total / 20));

    const badStatus = await list('?status=deleted');
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.message).toContain('状态筛选不正确');
    const badKyc = await list('?kyc=maybe');
    expect(badKyc.status).toBe(400);
    expect(badKyc.body.message).toContain('KYC筛选不正确');
    expect((await list('?limit=101')).status).toBe(400);
  });

  it('needs a token and role admin', async () => {
    expect((await api(t.app, 'GET', '/api/admin/users')).status).toBe(401);
    const u = await registerUser(t.app);
    const res = await list('', u.token);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('权限不足，需要管理员权限');
  });
});

describe(`GET /api/admin/users/:id (${testEngine})`, () => {
  it('shows the user with wallets', async () => {
    const u = await registerUser(t.app);
    await credit(u.user.id, '3');
    const res = await api<{ user: Record<string, unknown> }>(t.app, 'GET', `/api/admin/users/${u.user.id}`, {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data!.user).toMatchObject({
      id: u.user.id,
      email: u.email,
      balance: '3.000000000000000000',
      wallets: [{ currency: 'USDT', balance: '3.000000000000000000' }],
    });
    expect(res.body.data!.user).not.toHaveProperty('password_hash');
    expect(res.body.data!.user).not.toHaveProperty('passwordHash');
  });

  it('answers 404 for a missing user and 400 for a bad id', async () => {
    const missing = await api(t.app, 'GET', '/api/admin/users/99999999', { token: admin.token });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('用户不存在');
    expect((await api(t.app, 'GET', '/api/admin/users/abc', { token: admin.token })).status).toBe(400);
  });
});

describe(`PATCH /api/admin/users/:id/status (${testEngine})`, () => {
  it('disables a user, revokes every session at once and writes an audit row', async () => {
    const u = await registerUser(t.app);
    const second = await api<{ token: string }>(t.app, 'POST', '/api/auth/login', {
      body: { email: u.email, password: u.password },
    });
    const res = await api<{ user: Row }>(t.app, 'PATCH', `/api/admin/users/${u.user.id}/status`, {
      token: admin.token,
      body: { is_active: false },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('用户信息更新成功');
    expect(res.body.data!.user).toMatchObject({ id: u.user.id, is_active: false });

    for (const token of [u.token, second.body.data!.token]) {
      const me = await api(t.app, 'GET', '/api/auth/me', { token });
      expect(me.status).toBe(401);
      expect(me.body.message).toContain('token');
    }
    const [audit] = await auditRows(t, 'user.status', u.user.id);
    expect(audit).toMatchObject({
      adminId: admin.id,
      targetType: 'user',
      before: { is_active: true },
      after: { is_active: false, revoked_sessions: 2 },
    });

    // Enabling again lets the user log in; the old tokens stay dead.
    const enabled = await api<{ user: Row }>(t.app, 'PATCH', `/api/admin/users/${u.user.id}/status`, {
      token: admin.token,
      body: { is_active: true },
    });
    expect(enabled.body.data!.user.is_active).toBe(true);
    expect((await api(t.app, 'GET', '/api/auth/me', { token: u.token })).status).toBe(401);
    const login = await api(t.app, 'POST', '/api/auth/login', {
      body: { email: u.email, password: u.password },
    });
    expect(login.status).toBe(200);
  });

  it('refuses to disable yourself', async () => {
    const res = await api(t.app, 'PATCH', `/api/admin/users/${admin.id}/status`, {
      token: admin.token,
      body: { is_active: false },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('不能禁用自己的账户');
    expect((await api(t.app, 'GET', '/api/auth/me', { token: admin.token })).status).toBe(200);
  });

  it('lets only a super admin change an admin account', async () => {
    const other = await createAdmin(t, 'admin');
    const refused = await api(t.app, 'PATCH', `/api/admin/users/${other.id}/status`, {
      token: admin.token,
      body: { is_active: false },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('只有超级管理员可以启用或禁用管理员账户');
    const allowed = await api(t.app, 'PATCH', `/api/admin/users/${other.id}/status`, {
      token: superAdmin.token,
      body: { is_active: false },
    });
    expect(allowed.status).toBe(200);
    expect((await api(t.app, 'GET', '/api/auth/me', { token: other.token })).status).toBe(401);
  });

  it('validates the body, needs admin and answers 404', async () => {
    const u = await registerUser(t.app);
    const bad = await api(t.app, 'PATCH', `/api/admin/users/${u.user.id}/status`, {
      token: admin.token,
      body: { is_active: 'no' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('is_active 必须是 true 或 false');
    expect(
      (await api(t.app, 'PATCH', `/api/admin/users/${u.user.id}/status`, { body: { is_active: false } }))
        .status,
    ).toBe(401);
    const asUser = await api(t.app, 'PATCH', `/api/admin/users/${u.user.id}/status`, {
      token: u.token,
      body: { is_active: false },
    });
    expect(asUser.status).toBe(403);
    const missing = await api(t.app, 'PATCH', '/api/admin/users/99999999/status', {
      token: admin.token,
      body: { is_active: false },
    });
    expect(missing.status).toBe(404);
  });
});

describe(`POST /api/admin/users/bulk-status (${testEngine})`, () => {
  it('applies to each user, skips the caller and unknown ids, audits each change', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const res = await api<{ processedCount: number; processedIds: number[]; skippedIds: number[] }>(
      t.app,
      'POST',
      '/api/admin/users/bulk-status',
      { token: admin.token, body: { ids: [a.user.id, b.user.id, admin.id, 99999999], is_active: false } },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      processedCount: 2,
      processedIds: [a.user.id, b.user.id],
      skippedIds: [admin.id, 99999999],
    });
    expect(res.body.message).toBe('已禁用2个用户');
    expect((await api(t.app, 'GET', '/api/auth/me', { token: a.token })).status).toBe(401);
    expect((await api(t.app, 'GET', '/api/auth/me', { token: admin.token })).status).toBe(200);
    expect(await auditRows(t, 'user.status', a.user.id)).toHaveLength(1);
    expect(await auditRows(t, 'user.status', b.user.id)).toHaveLength(1);

    // Again: nothing changes, nothing is audited.
    const again = await api<{ processedCount: number }>(t.app, 'POST', '/api/admin/users/bulk-status', {
      token: admin.token,
      body: { ids: [a.user.id, b.user.id], is_active: false },
    });
    expect(again.body.data!.processedCount).toBe(0);
    expect(await auditRows(t, 'user.status', a.user.id)).toHaveLength(1);

    const enable = await api<{ processedCount: number }>(t.app, 'POST', '/api/admin/users/bulk-status', {
      token: admin.token,
      body: { ids: [a.user.id, b.user.id], is_active: true },
    });
    expect(enable.body.data!.processedCount).toBe(2);
    expect(enable.body.message).toBe('已启用2个用户');
  });

  it('validates ids and needs admin', async () => {
    const empty = await api(t.app, 'POST', '/api/admin/users/bulk-status', {
      token: admin.token,
      body: { ids: [], is_active: false },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('请选择用户');
    const tooMany = await api(t.app, 'POST', '/api/admin/users/bulk-status', {
      token: admin.token,
      body: { ids: Array.from({ length: 101 }, (_, i) => i + 1), is_active: false },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('一次最多处理100个用户');
    expect(
      (await api(t.app, 'POST', '/api/admin/users/bulk-status', { body: { ids: [1], is_active: false } }))
        .status,
    ).toBe(401);
    const u = await registerUser(t.app);
    const asUser = await api(t.app, 'POST', '/api/admin/users/bulk-status', {
      token: u.token,
      body: { ids: [1], is_active: false },
    });
    expect(asUser.status).toBe(403);
  });
});

describe(`the users page in English (Accept-Language: en, issue 38, ${testEngine})`, () => {
  const inEnglish = (method: 'GET' | 'PATCH' | 'POST', url: string, token: string, body?: unknown) =>
    api<Record<string, unknown>>(t.app, method, url, { token, body, headers: { 'accept-language': 'en' } });

  it('answers the list, the detail, the saves and the refusals in English', async () => {
    expect((await inEnglish('GET', '/api/admin/users', admin.token)).body.message).toBe('Users loaded');
    const u = await registerUser(t.app);
    expect((await inEnglish('GET', `/api/admin/users/${u.user.id}`, admin.token)).body.message).toBe(
      'User details loaded',
    );
    const missing = await inEnglish('GET', '/api/admin/users/99999999', admin.token);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('User not found');
    const saved = await inEnglish('PATCH', `/api/admin/users/${u.user.id}/status`, admin.token, {
      is_active: false,
    });
    expect(saved.body.message).toBe('User updated');
    const self = await inEnglish('PATCH', `/api/admin/users/${admin.id}/status`, admin.token, {
      is_active: false,
    });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('You cannot disable your own account');
    const other = await createAdmin(t, 'admin');
    const notSuper = await inEnglish('PATCH', `/api/admin/users/${other.id}/status`, admin.token, {
      is_active: false,
    });
    expect(notSuper.body.message).toBe('Only super admins may enable or disable admin accounts');
    const enabled = await inEnglish('POST', '/api/admin/users/bulk-status', admin.token, {
      ids: [u.user.id],
      is_active: true,
    });
    expect(enabled.body.message).toBe('Users enabled: 1');
    const disabled = await inEnglish('POST', '/api/admin/users/bulk-status', admin.token, {
      ids: [u.user.id],
      is_active: false,
    });
    expect(disabled.body.message).toBe('Users disabled: 1');
  });
});
