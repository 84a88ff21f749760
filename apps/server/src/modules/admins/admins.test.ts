import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activate, createActivatedAdmin } from '../../test/activation.ts';
import { auditRows, createAdminTestApp, type TestAdmin } from '../../test/admin.ts';
import { api, registerUser, type TestApp, uniqueEmail } from '../../test/app.ts';
import { testEngine } from '../../test/database.ts';
import { users } from '../auth/auth.schema.ts';
import { adminActivations } from './admins.schema.ts';

let t: TestApp;
let root: TestAdmin;
let plain: TestAdmin;

beforeAll(async () => {
  ({ t, superAdmin: root, admin: plain } = await createAdminTestApp());
});
afterAll(async () => t?.close());

interface Admin {
  id: number;
  email: string;
  phone: string | null;
  admin_level: 'admin' | 'super_admin';
  is_active: boolean;
}

async function create(body: Record<string, unknown>, token = root.token) {
  return api<{ admin: Admin }>(t.app, 'POST', '/api/admin/admins', { token, body });
}

const newAdmin = (level: 'admin' | 'super_admin' = 'admin') =>
  createActivatedAdmin(t, root.token, { admin_level: level });

const me = (token: string) => api(t.app, 'GET', '/api/auth/me', { token });

describe(`admin management guards (${testEngine})`, () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/admin/admins'],
    ['POST', '/api/admin/admins', { email: 'x@example.com' }],
    ['POST', '/api/admin/admins/1/activation', { reason: 'lost phone' }],
    ['PATCH', '/api/admin/admins/1', { phone: '' }],
    ['PATCH', '/api/admin/admins/1/status', { is_active: false }],
    ['DELETE', '/api/admin/admins/1'],
  ];
  it('answers 401 without a token, 403 to a user and 403 to a plain admin on every call', async () => {
    const u = await registerUser(t.app);
    for (const [method, url, body] of calls) {
      const m = method as 'GET';
      expect((await api(t.app, m, url, { body })).status).toBe(401);
      const asUser = await api(t.app, m, url, { token: u.token, body });
      expect(asUser.status).toBe(403);
      const asAdmin = await api(t.app, m, url, { token: plain.token, body });
      expect(asAdmin.status).toBe(403);
      expect(asAdmin.body.message).toBe('只有超级管理员可以访问管理员管理功能');
    }
  });
});

describe(`GET /api/admin/admins (${testEngine})`, () => {
  it('lists admins only, with their real levels, search and status filter', async () => {
    const u = await registerUser(t.app);
    const res = await api<{ admins: Admin[]; pagination: { total: number; limit: number } }>(
      t.app,
      'GET',
      '/api/admin/admins',
      { token: root.token },
    );
    expect(res.status).toBe(200);
    const ids = res.body.data!.admins.map((a) => a.id);
    expect(ids).toEqual(expect.arrayContaining([root.id, plain.id]));
    expect(ids).not.toContain(u.user.id);
    expect(res.body.data!.admins.find((a) => a.id === plain.id)?.admin_level).toBe('admin');
    expect(res.body.data!.admins.find((a) => a.id === root.id)?.admin_level).toBe('super_admin');
    expect(res.body.data!.pagination.limit).toBe(20);
    expect(JSON.stringify(res.body)).not.toContain('argon2');

    const search = await api<{ admins: Admin[] }>(
      t.app,
      'GET',
      `/api/admin/admins?search=${encodeURIComponent(plain.email.toUpperCase())}`,
      { token: root.token },
    );
    expect(search.body.data!.admins.map((a) => a.id)).toEqual([plain.id]);
    const inactive = await api<{ admins: Admin[] }>(t.app, 'GET', '/api/admin/admins?status=inactive', {
      token: root.token,
    });
    expect(inactive.body.data!.admins.every((a) => !a.is_active)).toBe(true);
    const bad = await api(t.app, 'GET', '/api/admin/admins?status=admin', { token: root.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('状态筛选不正确');
  });
});

describe(`POST /api/admin/admins (${testEngine})`, () => {
  it('creates an admin with no usable password and a one-time activation link; audits it', async () => {
    const email = uniqueEmail('newadmin');
    const res = await api<{
      admin: Admin & { activation_pending: boolean };
      activation: { token: string; path: string; expires_at: string };
    }>(t.app, 'POST', '/api/admin/admins', {
      token: root.token,
      body: { email: email.toUpperCase(), phone: '13612345678' },
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toContain('链接只显示这一次');
    const { admin: created, activation } = res.body.data!;
    expect(created).toMatchObject({
      email,
      phone: '13612345678',
      admin_level: 'admin',
      is_active: true,
      activation_pending: true,
    });
    expect(activation.path).toBe(`/admin/activate?token=${encodeURIComponent(activation.token)}`);
    const hours = (Date.parse(activation.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24.01);
    // Only the token's hash is stored; the list never shows the link again.
    const stored = await t.database.db
      .select()
      .from(adminActivations)
      .where(eq(adminActivations.userId, created.id));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(activation.token);
    const list = await api(t.app, 'GET', '/api/admin/admins?limit=100', { token: root.token });
    expect(JSON.stringify(list.body)).not.toContain(activation.token);
    // No password logs in before activation.
    for (const password of ['', 'secret1', '!activation-pending']) {
      const login = await api(t.app, 'POST', '/api/auth/login', { body: { email, password } });
      expect([400, 401]).toContain(login.status);
    }
    const [audit] = await auditRows(t, 'admin.create', created.id);
    expect(audit).toMatchObject({ adminId: root.id, before: null, after: { email, admin_level: 'admin' } });
    expect(JSON.stringify(audit)).not.toContain(activation.token);

    const superOne = await create({ email: uniqueEmail('super'), admin_level: 'super_admin' });
    expect(superOne.body.data!.admin.admin_level).toBe('super_admin');
  });

  it('the link sets the admin’s own password and 2FA, once; then they log in with both', async () => {
    const res = await api<{ admin: Admin; activation: { token: string } }>(
      t.app,
      'POST',
      '/api/admin/admins',
      {
        token: root.token,
        body: { email: uniqueEmail('link') },
      },
    );
    const { admin, activation } = res.body.data!;
    // A weak password or a wrong code changes nothing and leaves the link usable.
    const weak = await api(t.app, 'POST', '/api/auth/activation/complete', {
      body: { token: activation.token, password: '123', code: '000000' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toContain('密码至少6位');
    await api(t.app, 'POST', '/api/auth/activation/start', { body: { token: activation.token } });
    const wrongCode = await api(t.app, 'POST', '/api/auth/activation/complete', {
      body: { token: activation.token, password: 'own-secret1', code: '000000' },
    });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.message).toBe('两步验证码错误');
    const { start, complete, secret } = await activate(t, activation.token, 'own-secret1');
    expect(start.body.data!.email).toBe(admin.email);
    expect(complete.status, complete.body.message).toBe(200);
    expect(complete.body.data!.recovery_codes).toHaveLength(10);
    // Used: 400 with a clear text, on both calls.
    const again = await activate(t, activation.token, 'other-secret1');
    expect(again.start.status).toBe(400);
    expect(again.start.body.message).toBe('激活链接已使用，请直接登录');
    expect(again.complete.status).toBe(400);
    // 2FA is on: the password alone is not enough, the password with a code is.
    const noCode = await api(t.app, 'POST', '/api/auth/login', {
      body: { email: admin.email, password: 'own-secret1' },
    });
    expect(noCode.status).toBe(401);
    expect(noCode.body.data).toMatchObject({ twofa_required: true });
    const { totpAt, timeStep } = await import('../auth/two-factor/totp.ts');
    const login = await api(t.app, 'POST', '/api/auth/login', {
      body: { email: admin.email, password: 'own-secret1', totp: totpAt(secret, timeStep(Date.now()) + 1) },
    });
    expect(login.status, login.body.message).toBe(200);
    const [audit] = await auditRows(t, 'admin.activate', admin.id);
    expect(audit).toMatchObject({ adminId: admin.id, after: { activation_pending: false } });
  });

  it('an unknown or expired link is a 400 with a clear text', async () => {
    const unknown = await api(t.app, 'POST', '/api/auth/activation/start', { body: { token: 'nope' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('激活链接无效，请联系超级管理员重新发送');
    expect((await api(t.app, 'POST', '/api/auth/activation/start', { body: {} })).status).toBe(400);
    const res = await api<{ admin: Admin; activation: { token: string } }>(
      t.app,
      'POST',
      '/api/admin/admins',
      {
        token: root.token,
        body: { email: uniqueEmail('late') },
      },
    );
    const { admin, activation } = res.body.data!;
    await t.database.db
      .update(adminActivations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(adminActivations.userId, admin.id));
    const { start, complete } = await activate(t, activation.token);
    expect(start.status).toBe(400);
    expect(start.body.message).toBe('激活链接已过期，请联系超级管理员重新发送');
    expect(complete.status).toBe(400);
    expect(complete.body.message).toBe('激活链接已过期，请联系超级管理员重新发送');
  });

  it('validates the fields with their texts; a password in the body is refused', async () => {
    const missing = await create({});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('请输入邮箱');
    const bad = await create({ email: 'nope', admin_level: 'root' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('邮箱格式不正确');
    expect(bad.body.message).toContain('管理员级别必须是 admin 或 super_admin');
    const withPassword = await create({ email: uniqueEmail(), password: 'secret1' });
    expect(withPassword.status).toBe(400);
    expect(withPassword.body.message).toContain('不能设置其他管理员的密码');
    const phone = await create({ email: uniqueEmail(), phone: 'abc' });
    expect(phone.status).toBe(400);
    expect(phone.body.message).toContain('手机号格式不正确');
    const blankPhone = await create({ email: uniqueEmail(), phone: '' });
    expect(blankPhone.status).toBe(200);
    expect(blankPhone.body.data!.admin.phone).toBeNull();
  });

  it('refuses an e-mail or phone already used with 409', async () => {
    const u = await registerUser(t.app, { phone: '13512340000' });
    const email = await create({ email: u.email });
    expect(email.status).toBe(409);
    expect(email.body.message).toBe('该邮箱已被注册');
    const phone = await create({ email: uniqueEmail(), phone: '13512340000' });
    expect(phone.status).toBe(409);
    expect(phone.body.message).toBe('该手机号已被注册');
  });
});

describe(`PATCH /api/admin/admins/:id (${testEngine})`, () => {
  it('changes fields and audits without hashes', async () => {
    const a = await newAdmin();
    const email = uniqueEmail('renamed');
    const res = await api<{ admin: Admin }>(t.app, 'PATCH', `/api/admin/admins/${a.id}`, {
      token: root.token,
      body: { email, phone: '13400001111', password: '', admin_level: 'super_admin' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('管理员信息更新成功');
    expect(res.body.data!.admin).toMatchObject({ email, phone: '13400001111', admin_level: 'super_admin' });
    expect((await me(a.token)).status).toBe(200);
    const [audit] = await auditRows(t, 'admin.update', a.id);
    expect(audit).toMatchObject({
      before: { email: a.email, admin_level: 'admin' },
      after: { email, admin_level: 'super_admin' },
    });
    expect(JSON.stringify(audit)).not.toContain('argon2');
  });

  it('a super admin cannot set another admin’s password (400, nothing changes) nor log in as them', async () => {
    const a = await newAdmin();
    const res = await api(t.app, 'PATCH', `/api/admin/admins/${a.id}`, {
      token: root.token,
      body: { password: 'another1' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('不能设置其他管理员的密码');
    expect((await me(a.token)).status).toBe(200);
    const login = await api(t.app, 'POST', '/api/auth/login', {
      body: { email: a.email, password: 'another1' },
    });
    expect(login.status).toBe(401);
    // The old 2FA reset route is gone: a new activation link is the only way (below).
    const reset = await api(t.app, 'POST', `/api/admin/admins/${a.id}/2fa/reset`, {
      token: root.token,
      body: { reason: 'x' },
    });
    expect(reset.status).toBe(404);
  });

  it('refuses a taken e-mail, an own level change; 404 for a non-admin', async () => {
    const a = await newAdmin();
    const taken = await api(t.app, 'PATCH', `/api/admin/admins/${a.id}`, {
      token: root.token,
      body: { email: plain.email },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('该邮箱已被注册');
    const own = await api(t.app, 'PATCH', `/api/admin/admins/${root.id}`, {
      token: root.token,
      body: { admin_level: 'admin' },
    });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('不能修改自己的管理员级别');
    // Own other fields are fine, and the same level is no change.
    const ownPhone = await api(t.app, 'PATCH', `/api/admin/admins/${root.id}`, {
      token: root.token,
      body: { phone: '13300002222', admin_level: 'super_admin' },
    });
    expect(ownPhone.status).toBe(200);
    const u = await registerUser(t.app);
    const notAdmin = await api(t.app, 'PATCH', `/api/admin/admins/${u.user.id}`, {
      token: root.token,
      body: { phone: '' },
    });
    expect(notAdmin.status).toBe(404);
    expect(notAdmin.body.message).toBe('管理员不存在');
  });
});

describe(`POST /api/admin/admins/:id/activation (${testEngine})`, () => {
  it('revokes the admin’s password, 2FA and sessions; only the new link sets new ones', async () => {
    const a = await newAdmin();
    const res = await api<{
      admin: Admin & { activation_pending: boolean; twofa_enabled: boolean };
      activation: { token: string };
    }>(t.app, 'POST', `/api/admin/admins/${a.id}/activation`, {
      token: root.token,
      body: { reason: '手机丢失' },
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data!.admin).toMatchObject({ activation_pending: true, twofa_enabled: false });
    expect((await me(a.token)).status).toBe(401);
    const old = await api(t.app, 'POST', '/api/auth/login', {
      body: { email: a.email, password: a.password },
    });
    expect(old.status).toBe(401);
    // The first link is spent already; the new one works once.
    expect((await activate(t, a.activation.token)).start.status).toBe(400);
    const { complete } = await activate(t, res.body.data!.activation.token, 'mine-again1');
    expect(complete.status, complete.body.message).toBe(200);
    const [audit] = await auditRows(t, 'admin.activation_issue', a.id);
    expect(audit).toMatchObject({ adminId: root.id, after: { reason: '手机丢失', revoked_sessions: 1 } });
  });

  it('a second link revokes the first; nobody issues one for themselves', async () => {
    const created = await create({ email: uniqueEmail('twice') });
    const first = (created.body.data as unknown as { activation: { token: string } }).activation.token;
    const id = created.body.data!.admin.id;
    const second = await api(t.app, 'POST', `/api/admin/admins/${id}/activation`, {
      token: root.token,
      body: { reason: '链接丢失' },
    });
    expect(second.status).toBe(200);
    const { start } = await activate(t, first);
    expect(start.status).toBe(400);
    expect(start.body.message).toContain('激活链接已失效');
    const own = await api(t.app, 'POST', `/api/admin/admins/${root.id}/activation`, {
      token: root.token,
      body: { reason: 'x' },
    });
    expect(own.status).toBe(403);
    const noReason = await api(t.app, 'POST', `/api/admin/admins/${id}/activation`, {
      token: root.token,
      body: {},
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toContain('reason');
  });
});

describe(`PATCH /api/admin/admins/:id/status (${testEngine})`, () => {
  it('disables (revoking sessions) and enables an admin, with audit rows', async () => {
    const a = await newAdmin();
    const off = await api<{ admin: Admin }>(t.app, 'PATCH', `/api/admin/admins/${a.id}/status`, {
      token: root.token,
      body: { is_active: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe('管理员已禁用');
    expect(off.body.data!.admin.is_active).toBe(false);
    expect((await me(a.token)).status).toBe(401);
    const on = await api(t.app, 'PATCH', `/api/admin/admins/${a.id}/status`, {
      token: root.token,
      body: { is_active: true },
    });
    expect(on.body.message).toBe('管理员已启用');
    const rows = await auditRows(t, 'admin.status', a.id);
    expect(rows.map((r) => r.after)).toEqual([
      { is_active: true, revoked_sessions: 0 },
      {
        is_active: false,
        revoked_sessions: 1,
        lapsed_approvals: { deposits: 0, withdrawals: 0, payouts: 0 },
      },
    ]);
  });

  it('refuses to disable yourself; 404 and 400', async () => {
    const self = await api(t.app, 'PATCH', `/api/admin/admins/${root.id}/status`, {
      token: root.token,
      body: { is_active: false },
    });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('不能禁用自己的账户');
    const missing = await api(t.app, 'PATCH', '/api/admin/admins/99999999/status', {
      token: root.token,
      body: { is_active: false },
    });
    expect(missing.status).toBe(404);
    const bad = await api(t.app, 'PATCH', `/api/admin/admins/${plain.id}/status`, {
      token: root.token,
      body: {},
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('is_active 必须是 true 或 false');
  });
});

describe(`DELETE /api/admin/admins/:id (${testEngine})`, () => {
  it('tombstones the admin: sessions revoked, never logs in again, never enabled again', async () => {
    const a = await newAdmin();
    const res = await api(t.app, 'DELETE', `/api/admin/admins/${a.id}`, { token: root.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('管理员删除成功');
    expect((await me(a.token)).status).toBe(401);
    const list = await api<{ admins: Admin[] }>(t.app, 'GET', '/api/admin/admins?limit=100', {
      token: root.token,
    });
    expect(list.body.data!.admins.map((x) => x.id)).not.toContain(a.id);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, a.id));
    expect(row).toMatchObject({ email: a.email, isActive: false, twofaEnabledAt: null });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    // The old password (even with a code) fails.
    const { totpAt, timeStep } = await import('../auth/two-factor/totp.ts');
    const login = await api(t.app, 'POST', '/api/auth/login', {
      body: { email: a.email, password: a.password, totp: totpAt(a.secret, timeStep(Date.now()) + 1) },
    });
    expect(login.status).toBe(401);
    // The users page's enable route, the admins' status route and bulk enabling all refuse it.
    const enable = await api(t.app, 'PATCH', `/api/admin/users/${a.id}/status`, {
      token: root.token,
      body: { is_active: true },
    });
    expect(enable.status).toBe(400);
    expect(enable.body.message).toBe('该账户是已删除的管理员，删除不可恢复，不能启用');
    const asPlain = await api(t.app, 'PATCH', `/api/admin/users/${a.id}/status`, {
      token: plain.token,
      body: { is_active: true },
    });
    expect(asPlain.status).toBeGreaterThanOrEqual(400);
    const adminStatus = await api(t.app, 'PATCH', `/api/admin/admins/${a.id}/status`, {
      token: root.token,
      body: { is_active: true },
    });
    expect(adminStatus.status).toBe(404);
    const bulk = await api<{ processedIds: number[] }>(t.app, 'POST', '/api/admin/users/bulk-status', {
      token: root.token,
      body: { ids: [a.id], is_active: true },
    });
    expect(bulk.body.data?.processedIds ?? []).not.toContain(a.id);
    // The database itself refuses to enable a tombstone.
    await expect(
      t.database.db.update(users).set({ isActive: true }).where(eq(users.id, a.id)),
    ).rejects.toThrow();
    const [still] = await t.database.db.select().from(users).where(eq(users.id, a.id));
    expect(still?.isActive).toBe(false);
    // Decided: the e-mail stays with the tombstone and is not reused.
    const reuse = await create({ email: a.email });
    expect(reuse.status).toBe(409);
    expect(reuse.body.message).toBe('该邮箱属于已删除的账户，不能再次使用');
    const [audit] = await auditRows(t, 'admin.delete', a.id);
    expect(audit).toMatchObject({
      adminId: root.id,
      before: { email: a.email, admin_level: 'admin', is_active: true },
      after: { is_active: false, deleted: true, revoked_sessions: 1 },
    });
    // Gone: a second delete is a 404.
    expect((await api(t.app, 'DELETE', `/api/admin/admins/${a.id}`, { token: root.token })).status).toBe(404);
  });

  it('a deleted admin’s unused activation link is dead', async () => {
    const created = await create({ email: uniqueEmail('never') });
    const { admin, activation } = created.body.data as unknown as {
      admin: Admin;
      activation: { token: string };
    };
    expect((await api(t.app, 'DELETE', `/api/admin/admins/${admin.id}`, { token: root.token })).status).toBe(
      200,
    );
    const { start } = await activate(t, activation.token);
    expect(start.status).toBe(400);
  });

  it('refuses to delete yourself', async () => {
    const res = await api(t.app, 'DELETE', `/api/admin/admins/${root.id}`, { token: root.token });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('不能删除自己的账户');
  });
});

describe(`the last active super admin (${testEngine})`, () => {
  async function onlyTwoSuperAdmins() {
    await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, root.id));
    const s1 = await newAdmin('super_admin');
    const s2 = await newAdmin('super_admin');
    const all = await t.database.db.select().from(users).where(eq(users.adminLevel, 'super_admin'));
    for (const o of all) {
      if (o.id !== s1.id && o.id !== s2.id) {
        await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, o.id));
      }
    }
    return { s1, s2 };
  }
  const activeSuperAdmins = async () =>
    (await t.database.db.select().from(users).where(eq(users.adminLevel, 'super_admin'))).filter(
      (u) => u.isActive && u.role === 'admin',
    );

  afterAll(async () => {
    await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, root.id));
  });

  it('survives two super admins disabling each other at once', async () => {
    const { s1, s2 } = await onlyTwoSuperAdmins();
    const results = await Promise.all([
      api(t.app, 'PATCH', `/api/admin/admins/${s2.id}/status`, {
        token: s1.token,
        body: { is_active: false },
      }),
      api(t.app, 'PATCH', `/api/admin/admins/${s1.id}/status`, {
        token: s2.token,
        body: { is_active: false },
      }),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const loser = results.find((r) => r.status !== 200)!;
    expect([401, 422]).toContain(loser.status);
    if (loser.status === 422) expect(loser.body.message).toBe('至少需要保留一个启用的超级管理员');
    expect(await activeSuperAdmins()).toHaveLength(1);
  });

  it('survives two super admins deleting or demoting each other at once', async () => {
    const { s1, s2 } = await onlyTwoSuperAdmins();
    const results = await Promise.all([
      api(t.app, 'DELETE', `/api/admin/admins/${s2.id}`, { token: s1.token }),
      api(t.app, 'PATCH', `/api/admin/admins/${s1.id}`, { token: s2.token, body: { admin_level: 'admin' } }),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await activeSuperAdmins()).toHaveLength(1);
  });
});
