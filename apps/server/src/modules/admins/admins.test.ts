import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, createAdminTestApp, type TestAdmin } from '../../test/admin.ts';
import { api, registerUser, type TestApp, uniqueEmail } from '../../test/app.ts';
import { testEngine } from '../../test/database.ts';
import { users } from '../auth/auth.schema.ts';

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

async function newAdmin(level: 'admin' | 'super_admin' = 'admin') {
  const email = uniqueEmail('made');
  const res = await create({ email, password: 'secret1', admin_level: level });
  if (!res.body.data) throw new Error(res.body.message);
  const login = await api<{ token: string }>(t.app, 'POST', '/api/auth/login', {
    body: { email, password: 'secret1' },
  });
  return { ...res.body.data.admin, token: login.body.data!.token };
}

const me = (token: string) => api(t.app, 'GET', '/api/auth/me', { token });

describe(`admin management guards (${testEngine})`, () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/admin/admins'],
    ['POST', '/api/admin/admins', { email: 'x@example.com', password: 'secret1' }],
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
  it('creates an admin (level admin by default) with a wallet who can log in, and audits it', async () => {
    const email = uniqueEmail('newadmin');
    const res = await create({ email: email.toUpperCase(), phone: '13612345678', password: 'secret1' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('管理员创建成功');
    const created = res.body.data!.admin;
    expect(created).toMatchObject({ email, phone: '13612345678', admin_level: 'admin', is_active: true });
    const login = await api<{ user: { role: string; admin_level: string; wallets: unknown[] } }>(
      t.app,
      'POST',
      '/api/auth/login',
      { body: { email, password: 'secret1' } },
    );
    expect(login.body.data!.user).toMatchObject({ role: 'admin', admin_level: 'admin' });
    expect(login.body.data!.user.wallets).toHaveLength(1);
    const [audit] = await auditRows(t, 'admin.create', created.id);
    expect(audit).toMatchObject({ adminId: root.id, before: null, after: { email, admin_level: 'admin' } });
    expect(JSON.stringify(audit)).not.toContain('argon2');

    const superOne = await create({
      email: uniqueEmail('super'),
      password: 'secret1',
      admin_level: 'super_admin',
    });
    expect(superOne.body.data!.admin.admin_level).toBe('super_admin');
  });

  it('validates the fields with their texts', async () => {
    const missing = await create({});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('请输入邮箱');
    expect(missing.body.message).toContain('请输入密码');
    const bad = await create({ email: 'nope', password: '12345', admin_level: 'root' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('邮箱格式不正确');
    expect(bad.body.message).toContain('密码至少6位');
    expect(bad.body.message).toContain('管理员级别必须是 admin 或 super_admin');
    const phone = await create({ email: uniqueEmail(), password: 'secret1', phone: 'abc' });
    expect(phone.status).toBe(400);
    expect(phone.body.message).toContain('手机号格式不正确');
    const blankPhone = await create({ email: uniqueEmail(), password: 'secret1', phone: '' });
    expect(blankPhone.status).toBe(200);
    expect(blankPhone.body.data!.admin.phone).toBeNull();
  });

  it('refuses an e-mail or phone already used with 409', async () => {
    const u = await registerUser(t.app, { phone: '13512340000' });
    const email = await create({ email: u.email, password: 'secret1' });
    expect(email.status).toBe(409);
    expect(email.body.message).toBe('该邮箱已被注册');
    const phone = await create({ email: uniqueEmail(), password: 'secret1', phone: '13512340000' });
    expect(phone.status).toBe(409);
    expect(phone.body.message).toBe('该手机号已被注册');
  });
});

describe(`PATCH /api/admin/admins/:id (${testEngine})`, () => {
  it('changes fields; a blank password leaves it and audits without hashes', async () => {
    const a = await newAdmin();
    const email = uniqueEmail('renamed');
    const res = await api<{ admin: Admin }>(t.app, 'PATCH', `/api/admin/admins/${a.id}`, {
      token: root.token,
      body: { email, phone: '13400001111', password: '', admin_level: 'super_admin' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('管理员信息更新成功');
    expect(res.body.data!.admin).toMatchObject({ email, phone: '13400001111', admin_level: 'super_admin' });
    // Same password, session kept.
    expect((await me(a.token)).status).toBe(200);
    const login = await api(t.app, 'POST', '/api/auth/login', { body: { email, password: 'secret1' } });
    expect(login.status).toBe(200);
    const [audit] = await auditRows(t, 'admin.update', a.id);
    expect(audit).toMatchObject({
      before: { email: a.email, admin_level: 'admin' },
      after: { email, admin_level: 'super_admin', password_changed: false },
    });
  });

  it('a new password revokes that admin’s sessions', async () => {
    const a = await newAdmin();
    const res = await api(t.app, 'PATCH', `/api/admin/admins/${a.id}`, {
      token: root.token,
      body: { password: 'another1' },
    });
    expect(res.status).toBe(200);
    expect((await me(a.token)).status).toBe(401);
    const login = await api(t.app, 'POST', '/api/auth/login', {
      body: { email: a.email, password: 'another1' },
    });
    expect(login.status).toBe(200);
    const [audit] = await auditRows(t, 'admin.update', a.id);
    expect(audit?.after).toMatchObject({ password_changed: true, revoked_sessions: 1 });
    expect(JSON.stringify(audit)).not.toContain('argon2');
  });

  it('refuses a short password, a taken e-mail, an own level change; 404 for a non-admin', async () => {
    const a = await newAdmin();
    const short = await api(t.app, 'PATCH', `/api/admin/admins/${a.id}`, {
      token: root.token,
      body: { password: '123' },
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toContain('密码至少6位');
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

  it('changing your own password keeps your session and revokes the others', async () => {
    const s = await newAdmin('super_admin');
    const other = await api<{ token: string }>(t.app, 'POST', '/api/auth/login', {
      body: { email: s.email, password: 'secret1' },
    });
    const res = await api(t.app, 'PATCH', `/api/admin/admins/${s.id}`, {
      token: s.token,
      body: { password: 'changed1' },
    });
    expect(res.status).toBe(200);
    expect((await me(s.token)).status).toBe(200);
    expect((await me(other.body.data!.token)).status).toBe(401);
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
      { is_active: false, revoked_sessions: 1 },
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
  it('removes the admin role, disables the account, revokes sessions and audits', async () => {
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
    expect(row).toMatchObject({ role: 'user', adminLevel: null, isActive: false });
    const login = await api(t.app, 'POST', '/api/auth/login', {
      body: { email: a.email, password: 'secret1' },
    });
    expect(login.status).toBe(403);
    const [audit] = await auditRows(t, 'admin.delete', a.id);
    expect(audit).toMatchObject({
      adminId: root.id,
      before: { email: a.email, admin_level: 'admin', is_active: true },
      after: { role: 'user', admin_level: null, is_active: false },
    });
    // Gone: a second delete is a 404.
    expect((await api(t.app, 'DELETE', `/api/admin/admins/${a.id}`, { token: root.token })).status).toBe(404);
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
