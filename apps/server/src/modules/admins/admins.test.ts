import {
  ADMIN_ACTIVATION_TEXTS,
  ADMIN_CHANGE_TEXTS,
  type AdminChange,
  CHANGE_TEXTS,
} from '@platform/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type ActivationLink,
  activate,
  createActivatedAdmin,
  createAdminApproved,
  removeAdminApproved,
} from '../../test/activation.ts';
import { auditRows, createAdminTestApp, type TestAdmin } from '../../test/admin.ts';
import {
  api,
  countAsApproverNow,
  createAdmin,
  createApprover,
  createTestApp,
  registerUser,
  saveApproved,
  secondApprover,
  type TestApp,
  uniqueEmail,
} from '../../test/app.ts';
import { testEngine } from '../../test/database.ts';
import { hashToken } from '../auth/tokens.ts';
import { changesOf } from '../changes/changes.module.ts';
import { adminChanges } from '../changes/changes.schema.ts';
import type { PerLanguage } from '../realtime/realtime.ts';
import { users } from '../users/users.schema.ts';
import { adminActivations } from './admins.schema.ts';

/**
 * Admin management (spec 000 §5) with the issue-32 controls: creating an admin, a level change, a
 * new activation link (the password / 2FA reset), deleting and enabling are proposals a second
 * super admin approves; a lone super admin's wait 24 h (attack 4: puppet and takeover).
 */

let t: TestApp;
let root: TestAdmin;
let plain: TestAdmin;
/** A second super admin who counts as an approver (the test app's, as the helpers use). */
let second: { token: string; id: number };

beforeAll(async () => {
  ({ t, superAdmin: root, admin: plain } = await createAdminTestApp());
  await countAsApproverNow(t, root.id);
  second = await secondApprover(t);
});
afterAll(async () => t?.close());

interface Admin {
  id: number;
  email: string;
  phone: string | null;
  admin_level: 'admin' | 'super_admin';
  is_active: boolean;
  activation_pending: boolean;
  twofa_enabled: boolean;
}

type Proposal = { change: AdminChange; activation: ActivationLink };

const create = (body: Record<string, unknown>, token = root.token) =>
  api<Proposal>(t.app, 'POST', '/api/admin/admins', { token, body });
const decide = (id: number, verb: 'approve' | 'reject' | 'cancel', token = second.token) =>
  api<{ change: AdminChange }>(t.app, 'POST', `/api/admin/changes/${id}/${verb}`, { token, body: {} });
const newAdmin = (level: 'admin' | 'super_admin' = 'admin') =>
  createActivatedAdmin(t, root.token, { admin_level: level });
const me = (token: string) => api(t.app, 'GET', '/api/auth/me', { token });
const usersWithEmail = (db: TestApp['database']['db'], email: string) =>
  db.select().from(users).where(eq(users.email, email));
async function adminInList(id: number): Promise<Admin | undefined> {
  const list = await api<{ admins: Admin[] }>(t.app, 'GET', '/api/admin/admins?limit=100', {
    token: root.token,
  });
  return list.body.data!.admins.find((a) => a.id === id);
}
const changeRow = async (id: number) =>
  (await t.database.db.select().from(adminChanges).where(eq(adminChanges.id, id)))[0];

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

describe(`POST /api/admin/admins: a proposal a second super admin approves (${testEngine})`, () => {
  it('creates nothing until approved; the link, shown once when proposed, works only after the approval', async () => {
    const email = uniqueEmail('newadmin');
    const res = await create({ email: email.toUpperCase(), phone: '13612345678' });
    expect(res.status, res.body.message).toBe(202);
    expect(res.body.message).toContain(ADMIN_CHANGE_TEXTS.proposed);
    expect(res.body.message).toContain('链接只显示这一次');
    const { change, activation } = res.body.data!;
    expect(change).toMatchObject({
      kind: 'admin.create',
      status: 'pending',
      required_level: 'super_admin',
      target_type: 'user',
      target_id: null,
      proposer: { id: root.id },
      // Shown readably, without the token's hash.
      before: null,
      after: { email, phone: '13612345678', admin_level: '管理员' },
    });
    expect(activation.path).toBe(`/admin/activate?token=${encodeURIComponent(activation.token)}`);
    const tokenHash = hashToken(activation.token);
    // The proposal keeps only the hash; nothing else shows it, and nothing exists yet.
    const stored = await changeRow(change.id);
    expect(stored?.after).toMatchObject({ email, activation_token_hash: tokenHash });
    expect(JSON.stringify(stored)).not.toContain(activation.token);
    const list = await api(t.app, 'GET', '/api/admin/changes?status=pending', { token: second.token });
    expect(JSON.stringify(list.body)).toContain(email);
    expect(JSON.stringify(list.body)).not.toContain(activation.token);
    expect(JSON.stringify(list.body)).not.toContain(tokenHash);
    expect(await usersWithEmail(t.database.db, email)).toHaveLength(0);
    const early = await activate(t, activation.token);
    expect(early.start.status).toBe(400);
    expect(early.start.body.message).toBe(ADMIN_ACTIVATION_TEXTS.awaitingApproval);
    expect(early.complete.body.message).toBe(ADMIN_ACTIVATION_TEXTS.awaitingApproval);

    // Neither the proposer nor a plain admin approves it.
    expect((await decide(change.id, 'approve', root.token)).status).toBe(403);
    expect((await decide(change.id, 'approve', plain.token)).status).toBe(403);
    expect(await usersWithEmail(t.database.db, email)).toHaveLength(0);

    const approved = await decide(change.id, 'approve');
    expect(approved.status, approved.body.message).toBe(200);
    const applied = approved.body.data!.change;
    expect(applied).toMatchObject({ status: 'applied', approver: { id: second.id } });
    const id = Number(applied.target_id);
    expect(await adminInList(id)).toMatchObject({
      email,
      phone: '13612345678',
      admin_level: 'admin',
      is_active: true,
      activation_pending: true,
    });
    const [link] = await t.database.db.select().from(adminActivations).where(eq(adminActivations.userId, id));
    expect(link).toMatchObject({ tokenHash, createdBy: root.id, usedAt: null, revokedAt: null });
    // Valid 24 h from the approval.
    const hours = (link!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24.01);
    for (const password of ['', 'secret1', '!activation-pending']) {
      const login = await api(t.app, 'POST', '/api/auth/login', { body: { email, password } });
      expect([400, 401]).toContain(login.status);
    }
    const [audit] = await auditRows(t, 'admin.create', id);
    expect(audit).toMatchObject({
      adminId: second.id,
      before: null,
      after: {
        email,
        admin_level: 'admin',
        proposed_by: root.id,
        approved_by: second.id,
        change_id: change.id,
      },
    });
    expect(JSON.stringify(audit)).not.toContain(activation.token);
    const { complete } = await activate(t, activation.token, 'own-secret1');
    expect(complete.status, complete.body.message).toBe(200);

    const superOne = await createAdminApproved(t, root.token, { admin_level: 'super_admin' });
    expect((await adminInList(superOne.id))?.admin_level).toBe('super_admin');
  });

  it('the link sets the admin’s own password and 2FA, once; then they log in with both', async () => {
    const { id, email, activation } = await createAdminApproved(t, root.token);
    // A weak password or a wrong code changes nothing and leaves the link usable.
    const weak = await api(t.app, 'POST', '/api/auth/activation/complete', {
      body: { token: activation.token, password: '123', code: '000000' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toContain('密码至少8位');
    await api(t.app, 'POST', '/api/auth/activation/start', { body: { token: activation.token } });
    const wrongCode = await api(t.app, 'POST', '/api/auth/activation/complete', {
      body: { token: activation.token, password: 'own-secret1', code: '000000' },
    });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.message).toBe('两步验证码错误');
    const { start, complete, secret } = await activate(t, activation.token, 'own-secret1');
    expect(start.body.data!.email).toBe(email);
    expect(complete.status, complete.body.message).toBe(200);
    expect(complete.body.data!.recovery_codes).toHaveLength(10);
    // Used: 400 with a clear text, on both calls.
    const again = await activate(t, activation.token, 'other-secret1');
    expect(again.start.status).toBe(400);
    expect(again.start.body.message).toBe('激活链接已使用，请直接登录');
    expect(again.complete.status).toBe(400);
    // 2FA is on: the password alone is not enough, the password with a code is.
    const noCode = await api(t.app, 'POST', '/api/auth/login', {
      body: { email, password: 'own-secret1' },
    });
    expect(noCode.status).toBe(401);
    expect(noCode.body.data).toMatchObject({ twofa_required: true });
    const { totpAt, timeStep } = await import('../auth/two-factor/totp.ts');
    const login = await api(t.app, 'POST', '/api/auth/login', {
      body: { email, password: 'own-secret1', totp: totpAt(secret, timeStep(Date.now()) + 1) },
    });
    expect(login.status, login.body.message).toBe(200);
    const [audit] = await auditRows(t, 'admin.activate', id);
    expect(audit).toMatchObject({ adminId: id, after: { activation_pending: false } });
  });

  it('an unknown or expired link is a 400 with a clear text', async () => {
    const unknown = await api(t.app, 'POST', '/api/auth/activation/start', { body: { token: 'nope' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('激活链接无效，请联系超级管理员重新发送');
    expect((await api(t.app, 'POST', '/api/auth/activation/start', { body: {} })).status).toBe(400);
    const { id, activation } = await createAdminApproved(t, root.token);
    await t.database.db
      .update(adminActivations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(adminActivations.userId, id));
    const { start, complete } = await activate(t, activation.token);
    expect(start.status).toBe(400);
    expect(start.body.message).toBe('激活链接已过期，请联系超级管理员重新发送');
    expect(complete.status).toBe(400);
    expect(complete.body.message).toBe('激活链接已过期，请联系超级管理员重新发送');
  });

  it('validates the fields with their texts, proposing nothing; a password in the body is refused', async () => {
    const proposals = async () => (await t.database.db.select().from(adminChanges)).length;
    const before = await proposals();
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
    expect(await proposals()).toBe(before);
    const blankPhone = await createAdminApproved(t, root.token, { phone: '' });
    expect((await adminInList(blankPhone.id))?.phone).toBeNull();
  });

  it('an e-mail or phone already used is 409 when proposed; one taken before the approval makes the change stale (409), nothing created', async () => {
    const u = await registerUser(t.app, { phone: '13512340000' });
    const email = await create({ email: u.email });
    expect(email.status).toBe(409);
    expect(email.body.message).toBe('该邮箱已被注册');
    const phone = await create({ email: uniqueEmail(), phone: '13512340000' });
    expect(phone.status).toBe(409);
    expect(phone.body.message).toBe('该手机号已被注册');

    const wanted = uniqueEmail('contested');
    const proposed = await create({ email: wanted });
    expect(proposed.status).toBe(202);
    await registerUser(t.app, { email: wanted });
    const late = await decide(proposed.body.data!.change.id, 'approve');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('该邮箱已被注册');
    expect((await changeRow(proposed.body.data!.change.id))?.status).toBe('stale');
    const holders = await usersWithEmail(t.database.db, wanted);
    expect(holders.map((h) => h.role)).toEqual(['user']);
    const { start } = await activate(t, proposed.body.data!.activation.token);
    expect(start.body.message).toBe(ADMIN_ACTIVATION_TEXTS.notApproved);
  });

  it('rejected or cancelled: nothing is created and the link says it was not approved', async () => {
    for (const [verb, token] of [
      ['reject', second.token],
      ['cancel', root.token],
    ] as const) {
      const email = uniqueEmail(verb);
      const proposed = await create({ email });
      const closed = await decide(proposed.body.data!.change.id, verb, token);
      expect(closed.status, closed.body.message).toBe(200);
      expect(await usersWithEmail(t.database.db, email)).toHaveLength(0);
      const { start } = await activate(t, proposed.body.data!.activation.token);
      expect(start.status).toBe(400);
      expect(start.body.message).toBe(ADMIN_ACTIVATION_TEXTS.notApproved);
    }
  });
});

describe(`a lone super admin: puppets and takeovers wait 24 h (attack 4, ${testEngine})`, () => {
  let lone: TestApp;
  let boss: Awaited<ReturnType<typeof createApprover>>;
  let watcher: Awaited<ReturnType<typeof createApprover>>;
  const DAY_LATER = () => new Date(Date.now() + 24 * 3_600_000 + 60_000);
  beforeAll(async () => {
    lone = await createTestApp();
    boss = await createApprover(lone, 'super_admin');
    watcher = await createApprover(lone, 'admin');
  });
  afterAll(() => lone?.close());
  const call = <T>(method: 'POST' | 'DELETE', url: string, token: string, body?: unknown) =>
    api<T>(lone.app, method, url, { token, body });

  it('a puppet admin is delayed 24 h with every admin told; nothing exists until then; the link works only after', async () => {
    const toAdmins = vi.spyOn(lone.app.platform.realtime, 'toAdmins');
    const email = uniqueEmail('puppet');
    const res = await call<Proposal>('POST', '/api/admin/admins', boss.token, {
      email,
      admin_level: 'super_admin',
    });
    expect(res.status, res.body.message).toBe(202);
    expect(res.body.message).toContain(CHANGE_TEXTS.delayed);
    const { change, activation } = res.body.data!;
    expect(change.status).toBe('delayed');
    const hours = (Date.parse(change.effective_at!) - Date.parse(change.proposed_at)) / 3_600_000;
    expect(hours).toBeCloseTo(24, 3);
    const notice = toAdmins.mock.calls.find(([event]) => event === 'admin_notification')?.[1] as PerLanguage;
    expect(notice.perLanguage('zh-CN')).toMatchObject({ type: 'change', id: change.id, status: 'delayed' });
    toAdmins.mockRestore();
    expect((await activate(lone, activation.token)).start.body.message).toBe(
      ADMIN_ACTIVATION_TEXTS.awaitingApproval,
    );

    const jobs = changesOf(lone.app);
    expect(await jobs.applyDue(new Date())).toBe(0);
    expect(await usersWithEmail(lone.database.db, email)).toHaveLength(0);
    expect(await jobs.applyDue(DAY_LATER())).toBe(1);
    const [puppet] = await usersWithEmail(lone.database.db, email);
    expect(puppet).toMatchObject({ role: 'admin', adminLevel: 'super_admin', isActive: true });
    // Applied by the job as the proposer, with nobody's approval.
    const [audit] = await auditRows(lone, 'admin.create', puppet!.id);
    expect(audit).toMatchObject({ adminId: boss.id, after: { proposed_by: boss.id, approved_by: null } });
    const { complete } = await activate(lone, activation.token);
    expect(complete.status, complete.body.message).toBe(200);
  });

  it('a new link for another admin (a takeover) is delayed; the target cancels it and keeps password, 2FA and sessions', async () => {
    const target = await createAdmin(lone, 'admin');
    const [was] = await usersWithEmail(lone.database.db, target.email);
    const res = await call<Proposal>('POST', `/api/admin/admins/${target.id}/activation`, boss.token, {
      reason: '接管',
    });
    expect(res.status, res.body.message).toBe(202);
    const { change, activation } = res.body.data!;
    expect(change).toMatchObject({
      kind: 'admin.activation',
      status: 'delayed',
      target_id: String(target.id),
    });
    expect((await api(lone.app, 'GET', '/api/auth/me', { token: target.token })).status).toBe(200);
    expect((await activate(lone, activation.token)).start.body.message).toBe(
      ADMIN_ACTIVATION_TEXTS.awaitingApproval,
    );
    // The target (a plain admin) may cancel a delayed change.
    const listed = await api<{ changes: AdminChange[] }>(lone.app, 'GET', '/api/admin/changes', {
      token: target.token,
    });
    expect(listed.body.data!.changes.find((c) => c.id === change.id)).toMatchObject({ can_cancel: true });
    const cancelled = await call<{ change: AdminChange }>(
      'POST',
      `/api/admin/changes/${change.id}/cancel`,
      target.token,
      { reason: '不是我要求的' },
    );
    expect(cancelled.status, cancelled.body.message).toBe(200);
    expect(await changesOf(lone.app).applyDue(DAY_LATER())).toBe(0);
    const [still] = await usersWithEmail(lone.database.db, target.email);
    expect(still?.passwordHash).toBe(was?.passwordHash);
    expect((await api(lone.app, 'GET', '/api/auth/me', { token: target.token })).status).toBe(200);
    const login = await api(lone.app, 'POST', '/api/auth/login', {
      body: { email: target.email, password: target.password },
    });
    expect(login.status).toBe(200);
    expect((await activate(lone, activation.token)).start.body.message).toBe(
      ADMIN_ACTIVATION_TEXTS.notApproved,
    );
  });

  it('a deletion is delayed likewise, and applied by the job when due', async () => {
    const target = await createAdmin(lone, 'admin');
    const res = await call<{ change: AdminChange }>('DELETE', `/api/admin/admins/${target.id}`, boss.token);
    expect(res.status).toBe(202);
    expect(res.body.data!.change).toMatchObject({ kind: 'admin.delete', status: 'delayed' });
    expect((await api(lone.app, 'GET', '/api/auth/me', { token: target.token })).status).toBe(200);
    // Any other admin could cancel it meanwhile.
    const seen = await api<{ changes: AdminChange[] }>(lone.app, 'GET', '/api/admin/changes', {
      token: watcher.token,
    });
    expect(seen.body.data!.changes.find((c) => c.id === res.body.data!.change.id)?.can_cancel).toBe(true);
    expect(await changesOf(lone.app).applyDue(DAY_LATER())).toBe(1);
    expect((await api(lone.app, 'GET', '/api/auth/me', { token: target.token })).status).toBe(401);
    const [row] = await usersWithEmail(lone.database.db, target.email);
    expect(row?.deletedAt).toBeInstanceOf(Date);
  });
});

describe(`PATCH /api/admin/admins/:id (${testEngine})`, () => {
  it('e-mail and phone are saved at once, audited without hashes', async () => {
    const a = await newAdmin();
    const email = uniqueEmail('renamed');
    const res = await api<{ admin: Admin }>(t.app, 'PATCH', `/api/admin/admins/${a.id}`, {
      token: root.token,
      body: { email, phone: '13400001111', password: '', admin_level: 'admin' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('管理员信息更新成功');
    expect(res.body.data!.admin).toMatchObject({ email, phone: '13400001111', admin_level: 'admin' });
    expect((await me(a.token)).status).toBe(200);
    const [audit] = await auditRows(t, 'admin.update', a.id);
    expect(audit).toMatchObject({ before: { email: a.email }, after: { email, phone: '13400001111' } });
    expect(JSON.stringify(audit)).not.toContain('argon2');
  });

  it('a level change is a proposal, in force once a second super admin approves; with other changes it is refused', async () => {
    const a = await newAdmin();
    const mixed = await api(t.app, 'PATCH', `/api/admin/admins/${a.id}`, {
      token: root.token,
      body: { email: uniqueEmail('mixed'), admin_level: 'super_admin' },
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toBe(ADMIN_CHANGE_TEXTS.levelAlone);
    expect(await adminInList(a.id)).toMatchObject({ email: a.email, admin_level: 'admin' });

    const res = await api<{ change: AdminChange }>(t.app, 'PATCH', `/api/admin/admins/${a.id}`, {
      token: root.token,
      body: { email: a.email, admin_level: 'super_admin' },
    });
    expect(res.status, res.body.message).toBe(202);
    expect(res.body.message).toBe(ADMIN_CHANGE_TEXTS.proposed);
    expect(res.body.data!.change).toMatchObject({
      kind: 'admin.level',
      status: 'pending',
      target_id: String(a.id),
      before: { [a.email]: '管理员' },
      after: { [a.email]: '超级管理员' },
    });
    expect((await adminInList(a.id))?.admin_level).toBe('admin');
    expect((await api(t.app, 'GET', '/api/admin/admins', { token: a.token })).status).toBe(403);

    expect((await decide(res.body.data!.change.id, 'approve')).status).toBe(200);
    expect((await adminInList(a.id))?.admin_level).toBe('super_admin');
    expect((await api(t.app, 'GET', '/api/admin/admins', { token: a.token })).status).toBe(200);
    const [audit] = await auditRows(t, 'admin.update', a.id);
    expect(audit).toMatchObject({
      adminId: second.id,
      before: { admin_level: 'admin' },
      after: { admin_level: 'super_admin', proposed_by: root.id },
    });
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

  it('refuses a taken e-mail and an own level change (nothing proposed); 404 for a non-admin', async () => {
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
    const proposedAboutRoot = await t.database.db
      .select()
      .from(adminChanges)
      .where(eq(adminChanges.targetId, String(root.id)));
    expect(proposedAboutRoot).toHaveLength(0);
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

describe(`POST /api/admin/admins/:id/activation: the password / 2FA reset (attack 4, ${testEngine})`, () => {
  it('proposed for another super admin, it changes nothing until approved; the target may reject it', async () => {
    const victim = await newAdmin('super_admin');
    const [was] = await usersWithEmail(t.database.db, victim.email);
    const res = await api<Proposal>(t.app, 'POST', `/api/admin/admins/${victim.id}/activation`, {
      token: root.token,
      body: { reason: '手机丢失' },
    });
    expect(res.status, res.body.message).toBe(202);
    expect(res.body.message).toContain('链接只显示这一次');
    const { change, activation } = res.body.data!;
    expect(change).toMatchObject({ kind: 'admin.activation', status: 'pending' });
    expect(JSON.stringify(change)).not.toContain(hashToken(activation.token));
    // Password, 2FA and sessions intact.
    expect((await me(victim.token)).status).toBe(200);
    const [now] = await usersWithEmail(t.database.db, victim.email);
    expect(now).toMatchObject({ passwordHash: was!.passwordHash, twofaEnabledAt: was!.twofaEnabledAt });
    expect((await activate(t, activation.token)).start.body.message).toBe(
      ADMIN_ACTIVATION_TEXTS.awaitingApproval,
    );

    const rejected = await decide(change.id, 'reject', victim.token);
    expect(rejected.status, rejected.body.message).toBe(200);
    expect((await me(victim.token)).status).toBe(200);
    expect((await activate(t, activation.token)).start.body.message).toBe(ADMIN_ACTIVATION_TEXTS.notApproved);
  });

  it('approved by a second super admin: password, 2FA and sessions go; only the new link sets new ones', async () => {
    const a = await newAdmin();
    const res = await api<Proposal>(t.app, 'POST', `/api/admin/admins/${a.id}/activation`, {
      token: root.token,
      body: { reason: '手机丢失' },
    });
    expect(res.status, res.body.message).toBe(202);
    expect((await me(a.token)).status).toBe(200);
    expect((await decide(res.body.data!.change.id, 'approve')).status).toBe(200);
    expect(await adminInList(a.id)).toMatchObject({ activation_pending: true, twofa_enabled: false });
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
    expect(audit).toMatchObject({
      adminId: second.id,
      after: { reason: '手机丢失', revoked_sessions: 1, proposed_by: root.id },
    });
  });

  it('an applied second link revokes the first; nobody proposes one for themselves; a reason is required', async () => {
    const created = await createAdminApproved(t, root.token);
    await saveApproved(t, 'POST', `/api/admin/admins/${created.id}/activation`, {
      token: root.token,
      body: { reason: '链接丢失' },
    });
    const { start } = await activate(t, created.activation.token);
    expect(start.status).toBe(400);
    expect(start.body.message).toContain('激活链接已失效');
    const own = await api(t.app, 'POST', `/api/admin/admins/${root.id}/activation`, {
      token: root.token,
      body: { reason: 'x' },
    });
    expect(own.status).toBe(403);
    const noReason = await api(t.app, 'POST', `/api/admin/admins/${created.id}/activation`, {
      token: root.token,
      body: {},
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toContain('reason');
  });
});

describe(`PATCH /api/admin/admins/:id/status (${testEngine})`, () => {
  it('disabling is at once (sessions revoked); enabling is a proposal a second super admin approves', async () => {
    const a = await newAdmin();
    const off = await api<{ admin: Admin }>(t.app, 'PATCH', `/api/admin/admins/${a.id}/status`, {
      token: root.token,
      body: { is_active: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe('管理员已禁用');
    expect(off.body.data!.admin.is_active).toBe(false);
    expect((await me(a.token)).status).toBe(401);
    const on = await api<{ change: AdminChange }>(t.app, 'PATCH', `/api/admin/admins/${a.id}/status`, {
      token: root.token,
      body: { is_active: true },
    });
    expect(on.status, on.body.message).toBe(202);
    expect(on.body.data!.change).toMatchObject({ kind: 'admin.enable', status: 'pending' });
    expect((await adminInList(a.id))?.is_active).toBe(false);
    expect((await decide(on.body.data!.change.id, 'approve')).status).toBe(200);
    expect((await adminInList(a.id))?.is_active).toBe(true);
    const rows = await auditRows(t, 'admin.status', a.id);
    expect(rows.map((r) => r.after)).toEqual([
      {
        is_active: true,
        revoked_sessions: 0,
        change_id: on.body.data!.change.id,
        proposed_by: root.id,
        approved_by: second.id,
      },
      {
        is_active: false,
        revoked_sessions: 1,
        lapsed_approvals: { deposits: 0, withdrawals: 0, payouts: 0 },
      },
    ]);
    // Enabling an active admin is no change.
    const again = await api<{ admin: Admin }>(t.app, 'PATCH', `/api/admin/admins/${a.id}/status`, {
      token: root.token,
      body: { is_active: true },
    });
    expect(again.status).toBe(200);
    expect(again.body.data!.admin.is_active).toBe(true);
  });

  it('the users page cannot enable an admin directly (403); bulk enabling skips them', async () => {
    const a = await newAdmin();
    await api(t.app, 'PATCH', `/api/admin/admins/${a.id}/status`, {
      token: root.token,
      body: { is_active: false },
    });
    const direct = await api(t.app, 'PATCH', `/api/admin/users/${a.id}/status`, {
      token: root.token,
      body: { is_active: true },
    });
    expect(direct.status).toBe(403);
    expect(direct.body.message).toBe(ADMIN_CHANGE_TEXTS.enableByProposal);
    const bulk = await api<{ processedIds: number[] }>(t.app, 'POST', '/api/admin/users/bulk-status', {
      token: root.token,
      body: { ids: [a.id], is_active: true },
    });
    expect(bulk.body.data?.processedIds).toEqual([]);
    expect((await adminInList(a.id))?.is_active).toBe(false);
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
    expect(
      (
        await api(t.app, 'PATCH', '/api/admin/admins/99999999/status', {
          token: root.token,
          body: { is_active: true },
        })
      ).status,
    ).toBe(404);
    const bad = await api(t.app, 'PATCH', `/api/admin/admins/${plain.id}/status`, {
      token: root.token,
      body: {},
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('is_active 必须是 true 或 false');
  });
});

describe(`DELETE /api/admin/admins/:id (${testEngine})`, () => {
  it('a proposal: the admin works on until approved, then is a tombstone that never logs in or is enabled again', async () => {
    const a = await newAdmin();
    const res = await api<{ change: AdminChange }>(t.app, 'DELETE', `/api/admin/admins/${a.id}`, {
      token: root.token,
    });
    expect(res.status, res.body.message).toBe(202);
    expect(res.body.data!.change).toMatchObject({
      kind: 'admin.delete',
      status: 'pending',
      after: { [a.email]: '已删除（不可恢复）' },
    });
    expect((await me(a.token)).status).toBe(200);
    expect((await decide(res.body.data!.change.id, 'approve')).status).toBe(200);
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
      adminId: second.id,
      before: { email: a.email, admin_level: 'admin', is_active: true },
      after: { is_active: false, deleted: true, revoked_sessions: 1, proposed_by: root.id },
    });
    // Gone: proposing it again is a 404.
    expect((await api(t.app, 'DELETE', `/api/admin/admins/${a.id}`, { token: root.token })).status).toBe(404);
  });

  it('a deleted admin’s unused activation link is dead', async () => {
    const created = await createAdminApproved(t, root.token);
    await removeAdminApproved(t, root.token, created.id);
    const { start } = await activate(t, created.activation.token);
    expect(start.status).toBe(400);
  });

  it('refuses to delete yourself (nothing proposed)', async () => {
    const res = await api(t.app, 'DELETE', `/api/admin/admins/${root.id}`, { token: root.token });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('不能删除自己的账户');
  });
});

describe(`the last active super admin (${testEngine})`, () => {
  async function onlyTwoSuperAdmins() {
    await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, root.id));
    await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, second.id));
    const s1 = await newAdmin('super_admin');
    const s2 = await newAdmin('super_admin');
    await countAsApproverNow(t, s1.id);
    await countAsApproverNow(t, s2.id);
    const all = await t.database.db.select().from(users).where(eq(users.adminLevel, 'super_admin'));
    for (const o of all) {
      if (o.id !== s1.id && o.id !== s2.id && !o.deletedAt) {
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
    for (const id of [root.id, second.id])
      await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, id));
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

  it('survives two super admins approving each other’s deletion and demotion at once: one applies, the other is stale', async () => {
    const { s1, s2 } = await onlyTwoSuperAdmins();
    const removal = await api<{ change: AdminChange }>(t.app, 'DELETE', `/api/admin/admins/${s2.id}`, {
      token: s1.token,
    });
    const demotion = await api<{ change: AdminChange }>(t.app, 'PATCH', `/api/admin/admins/${s1.id}`, {
      token: s2.token,
      body: { admin_level: 'admin' },
    });
    expect([removal.status, demotion.status]).toEqual([202, 202]);
    const results = await Promise.all([
      decide(removal.body.data!.change.id, 'approve', s2.token),
      decide(demotion.body.data!.change.id, 'approve', s1.token),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const loser = results.find((r) => r.status !== 200)!;
    expect(loser.status, loser.body.message).toBe(409);
    // The demotion first: deleting the other would leave no super admin. The deletion first: the
    // demotion's proposer is deleted, and a deleted admin's proposal no longer applies.
    expect(['至少需要保留一个启用的超级管理员', CHANGE_TEXTS.proposerGone]).toContain(loser.body.message);
    expect(await activeSuperAdmins()).toHaveLength(1);
  });
});

describe(`admin management in English (Accept-Language: en, issue 38, ${testEngine})`, () => {
  const inEnglish = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    api(t.app, method, url, { token: root.token, headers: { 'accept-language': 'en' }, body });

  it('answers the list, the saves, the proposals and the refusals in English', async () => {
    expect((await inEnglish('GET', '/api/admin/admins')).body.message).toBe('Admins loaded');
    const a = await newAdmin();
    const url = `/api/admin/admins/${a.id}`;
    const saved = await inEnglish('PATCH', url, { phone: '13400002222' });
    expect(saved.body.message).toBe('Admin details updated');
    const taken = await inEnglish('PATCH', url, { email: plain.email });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('This email is already registered');
    const own = await inEnglish('PATCH', `/api/admin/admins/${root.id}`, { admin_level: 'admin' });
    expect(own.body.message).toBe('You cannot change your own admin level');
    const self = await inEnglish('DELETE', `/api/admin/admins/${root.id}`);
    expect(self.body.message).toBe('You cannot delete your own account');
    const missing = await inEnglish('DELETE', '/api/admin/admins/99999999');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Admin not found');
    const level = await inEnglish('PATCH', url, { admin_level: 'super_admin' });
    expect(level.status).toBe(202);
    expect(level.body.message).toBe('Submitted; waiting for another super admin to approve');
    const created = await inEnglish('POST', '/api/admin/admins', {
      email: uniqueEmail('english'),
      admin_level: 'admin',
    });
    expect(created.status).toBe(202);
    expect(created.body.message).toBe(
      'Submitted; waiting for another super admin to approve. The activation link is shown only this once and is valid for 24 hours after the approval',
    );
  });

  it('shows the pending changes’ before and after in the viewing admin’s language', async () => {
    const a = await newAdmin();
    const shown = (change: AdminChange | undefined) => ({ before: change?.before, after: change?.after });
    const changeOf = (res: { body: { data?: unknown } }) => (res.body.data as { change: AdminChange }).change;
    const level = await inEnglish('PATCH', `/api/admin/admins/${a.id}`, { admin_level: 'super_admin' });
    const change = changeOf(level);
    expect(change).toMatchObject({ before: { [a.email]: 'Admin' }, after: { [a.email]: 'Super admin' } });
    const reset = await inEnglish('POST', `/api/admin/admins/${a.id}/activation`, { reason: 'lost phone' });
    const remove = await inEnglish('DELETE', `/api/admin/admins/${a.id}`);
    const ids = [change.id, changeOf(reset).id, changeOf(remove).id];
    const listed = async (language: 'en' | 'zh-CN') => {
      const res = await api<{ changes: AdminChange[] }>(t.app, 'GET', '/api/admin/changes?limit=100', {
        token: second.token,
        headers: { 'accept-language': language },
      });
      const byId = new Map(res.body.data!.changes.map((c) => [c.id, c]));
      return ids.map((id) => shown(byId.get(id)));
    };
    expect(await listed('en')).toEqual([
      { before: { [a.email]: 'Admin' }, after: { [a.email]: 'Super admin' } },
      {
        before: { [a.email]: 'Admin, enabled: current password, 2FA and login sessions valid' },
        after: {
          [a.email]:
            'Password, 2FA and every login session revoked; must be set up again with the new activation link (reason: lost phone)',
        },
      },
      { before: { [a.email]: 'Admin, enabled' }, after: { [a.email]: 'Deleted (cannot be undone)' } },
    ]);
    expect(await listed('zh-CN')).toEqual([
      { before: { [a.email]: '管理员' }, after: { [a.email]: '超级管理员' } },
      {
        before: { [a.email]: '管理员，已启用：现有密码、两步验证和登录会话有效' },
        after: { [a.email]: '密码、两步验证和登录会话全部失效，须用新激活链接重新设置（原因：lost phone）' },
      },
      { before: { [a.email]: '管理员，已启用' }, after: { [a.email]: '已删除（不可恢复）' } },
    ]);
    for (const id of ids) expect((await decide(id, 'cancel', root.token)).status).toBe(200);
  });
});
