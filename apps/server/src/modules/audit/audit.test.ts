import type { AuditLog, AuditLogsData } from '@platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { testEngine } from '../../test/database.ts';
import { type AuditActor, type AuditEntry, recordAudit } from './audit.service.ts';

let t: TestApp;
let root: Awaited<ReturnType<typeof createAdmin>>;
let plain: Awaited<ReturnType<typeof createAdmin>>;
let user: Awaited<ReturnType<typeof registerUser>>;

const actor = (adminId: number, ip = '10.0.0.1'): AuditActor => ({ adminId, ip, userAgent: 'vitest' });

async function record(adminId: number, entry: AuditEntry): Promise<number> {
  await t.database.db.transaction((tx) => recordAudit(tx, actor(adminId), entry));
  const result = (await t.database.db.execute(
    sql`SELECT max(id)::text AS id FROM audit_logs`,
  )) as unknown as {
    rows: Array<{ id: string }>;
  };
  return Number(result.rows[0]?.id);
}

async function list(query = '', token = root.token) {
  return api<AuditLogsData>(t.app, 'GET', `/api/admin/audit-logs${query}`, { token });
}

const ids = (logs: AuditLog[] | undefined) => (logs ?? []).map((log) => log.id);

let approveId: number;
let rejectId: number;
let channelId: number;
let withdrawalId: number;
let oldId: number;

beforeAll(async () => {
  t = await createTestApp();
  root = await createAdmin(t, 'super_admin');
  plain = await createAdmin(t, 'admin');
  user = await registerUser(t.app);

  approveId = await record(root.id, {
    action: 'deposit.approve',
    targetType: 'deposit',
    targetId: 1,
    before: { status: 'pending', amount: '100.00' },
    after: { status: 'approved', amount: '100.00' },
  });
  rejectId = await record(root.id, {
    action: 'deposit.reject',
    targetType: 'deposit',
    targetId: 2,
    before: { status: 'pending' },
    after: { status: 'rejected', admin_note: '金额不符' },
  });
  channelId = await record(plain.id, {
    action: 'channel.create',
    targetType: 'deposit_channel',
    targetId: 5,
    after: { name: 'USDT-TRC20' },
  });
  withdrawalId = await record(plain.id, {
    action: 'withdrawal.status',
    targetType: 'withdrawal',
    targetId: '9',
    before: { status: 'pending' },
    after: { status: 'approved' },
  });
  // 2024-03-01T16:30Z is 2024-03-02 00:30 in Beijing.
  // The log is append-only (migration 0020), so the old row is written with its time.
  await t.database.db.execute(
    sql`INSERT INTO audit_logs (admin_id, action, target_type, target_id, ip, user_agent, created_at)
        VALUES (${root.id}, 'deposit.approve', 'deposit', '3', '10.0.0.1', 'vitest', '2024-03-01T16:30:00Z')`,
  );
  oldId = Number(
    (
      (await t.database.db.execute(sql`SELECT max(id)::text AS id FROM audit_logs`)) as unknown as {
        rows: Array<{ id: string }>;
      }
    ).rows[0]?.id,
  );
});
afterAll(async () => t?.close());

describe(`GET /api/admin/audit-logs (${testEngine})`, () => {
  it('needs a token, an admin and a super admin', async () => {
    const none = await api(t.app, 'GET', '/api/admin/audit-logs');
    expect(none.status).toBe(401);
    expect(none.body.success).toBe(false);

    const normal = await list('', user.token);
    expect(normal.status).toBe(403);
    expect(normal.body.message).toBe('权限不足，需要管理员权限');

    const admin = await list('', plain.token);
    expect(admin.status).toBe(403);
    expect(admin.body.message).toBe('只有超级管理员可以访问管理员管理功能');
  });

  it('lists every row newest first with the admin, target, before/after, IP and user agent', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('获取审计日志成功');
    const data = res.body.data!;
    expect(ids(data.logs)).toEqual([withdrawalId, channelId, rejectId, approveId, oldId]);
    expect(data.pagination).toEqual({ page: 1, limit: 20, total: 5, totalPages: 1 });
    expect(data.actions).toEqual([
      'channel.create',
      'deposit.approve',
      'deposit.reject',
      'withdrawal.status',
    ]);
    const approve = data.logs.find((log) => log.id === approveId);
    expect(approve).toMatchObject({
      admin: { id: root.id, email: root.email },
      action: 'deposit.approve',
      target_type: 'deposit',
      target_id: '1',
      before: { status: 'pending', amount: '100.00' },
      after: { status: 'approved', amount: '100.00' },
      ip: '10.0.0.1',
      user_agent: 'vitest',
    });
    expect(new Date(approve!.created_at).toISOString()).toBe(approve!.created_at);
    const channel = data.logs.find((log) => log.id === channelId);
    expect(channel?.before).toBeNull();
  });

  it('filters by admin id and by part of the admin e-mail', async () => {
    expect(ids((await list(`?adminId=${plain.id}`)).body.data?.logs)).toEqual([withdrawalId, channelId]);
    const part = plain.email.slice(0, plain.email.indexOf('@')).toUpperCase();
    expect(ids((await list(`?search=${encodeURIComponent(part)}`)).body.data?.logs)).toEqual([
      withdrawalId,
      channelId,
    ]);
    const both = await list(`?adminId=${root.id}&search=${encodeURIComponent(plain.email)}`);
    expect(both.body.data?.logs).toEqual([]);
    expect(both.body.data?.pagination.total).toBe(0);
    const nobody = await list('?search=nobody-here');
    expect(nobody.status).toBe(200);
    expect(nobody.body.data?.logs).toEqual([]);
    // A LIKE wildcard is taken literally.
    expect((await list('?search=%25')).body.data?.logs).toEqual([]);
  });

  it('filters by exact action or a prefix', async () => {
    expect(ids((await list('?action=deposit.approve')).body.data?.logs)).toEqual([approveId, oldId]);
    expect(ids((await list('?action=deposit.')).body.data?.logs)).toEqual([rejectId, approveId, oldId]);
    expect(ids((await list('?action=deposit*')).body.data?.logs)).toEqual([rejectId, approveId, oldId]);
    expect(ids((await list('?action=deposit')).body.data?.logs)).toEqual([]);
  });

  it('filters by target type and id', async () => {
    expect(ids((await list('?targetType=deposit')).body.data?.logs)).toEqual([rejectId, approveId, oldId]);
    expect(ids((await list('?targetType=deposit&targetId=2')).body.data?.logs)).toEqual([rejectId]);
    expect(ids((await list('?targetType=withdrawal&targetId=9')).body.data?.logs)).toEqual([withdrawalId]);
  });

  it('filters by Beijing days', async () => {
    expect(ids((await list('?dateFrom=2024-03-02&dateTo=2024-03-02')).body.data?.logs)).toEqual([oldId]);
    expect((await list('?dateFrom=2024-03-01&dateTo=2024-03-01')).body.data?.logs).toEqual([]);
    expect(ids((await list('?dateTo=2024-03-02')).body.data?.logs)).toEqual([oldId]);
    expect(ids((await list('?dateFrom=2024-03-03')).body.data?.logs)).not.toContain(oldId);
    expect((await list('?dateFrom=2024-03-03')).body.data?.logs).toHaveLength(4);
  });

  it('pages', async () => {
    const second = await list('?page=2&limit=2');
    expect(ids(second.body.data?.logs)).toEqual([rejectId, approveId]);
    expect(second.body.data?.pagination).toEqual({ page: 2, limit: 2, total: 5, totalPages: 3 });
    const beyond = await list('?page=9&limit=2');
    expect(beyond.body.data?.logs).toEqual([]);
  });

  it('refuses bad filter values with 400 naming the problem', async () => {
    const cases: Array<[string, string]> = [
      ['?action=bad%20action!', '操作类型格式不正确'],
      ['?dateFrom=2024-13-01', '日期不存在'],
      ['?dateFrom=20240101', '日期格式应为 YYYY-MM-DD'],
      ['?dateFrom=2024-03-05&dateTo=2024-03-01', '开始日期不能晚于结束日期'],
      ['?adminId=abc', 'adminId'],
      ['?adminId=-1', '管理员ID必须是正整数'],
      ['?targetType=a%20b', '目标类型格式不正确'],
      ['?limit=101', 'limit'],
      ['?page=0', 'page'],
    ];
    for (const [query, text] of cases) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message, query).toContain(text);
    }
  });
});

describe('the audit log in English (Accept-Language: en, issue 38)', () => {
  it('answers the list and the chain check in English', async () => {
    const headers = { 'accept-language': 'en' };
    const list = await api(t.app, 'GET', '/api/admin/audit-logs', { token: root.token, headers });
    expect(list.body.message).toBe('Audit log loaded');
    const chain = await api(t.app, 'GET', '/api/admin/audit/chain', { token: root.token, headers });
    expect(chain.body.message).toBe('Audit log hash chain checked');
  });
});
