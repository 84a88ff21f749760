import { CHANGE_TEXTS } from '@platform/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { badRequest, conflict } from '../../core/errors.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createUser } from '../accounts/create-user.ts';
import { auditLogs } from '../audit/audit.schema.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { appSettings } from '../jobs/jobs.schema.ts';
import type { PerLanguage } from '../realtime/realtime.ts';
import { users } from '../users/users.schema.ts';
import { adminChanges } from './changes.schema.ts';
import { type ChangeKindDefinition, type ChangesService, createChangesService } from './changes.service.ts';

/** The framework alone, with a test kind over one app_settings key (the features' tests: changes.test.ts). */
let t: TestApp;
let database: TestApp['database'];
let counter = 0;
const KEY = 'test.limit';

// An app, for what it installs (the audit chain); the test kinds run on their own services.
beforeAll(async () => {
  t = await createTestApp();
  database = t.database;
});
afterAll(async () => {
  await t?.close();
});

async function admin(level: 'admin' | 'super_admin', opts: { counts?: boolean } = {}): Promise<AuditActor> {
  const row = await database.db.transaction((tx) =>
    createUser(tx, {
      email: `fw${++counter}${Date.now().toString(36)}@example.com`,
      passwordHash: 'x',
      role: 'admin',
      adminLevel: level,
    }),
  );
  if (opts.counts !== false)
    await database.db.update(users).set({ approverSince: sql`now()` }).where(eq(users.id, row.id));
  return { adminId: row.id, ip: null, userAgent: 'test' };
}

const readLimit = async () => {
  const [row] = await database.db.select().from(appSettings).where(eq(appSettings.key, KEY));
  return (row?.value as { limit: number } | undefined) ?? null;
};

function service(kind: string, level: 'admin' | 'super_admin'): ChangesService {
  const toAdmins = vi.fn();
  const changes = createChangesService({ db: database.db, realtime: { toAdmins } });
  changes.registerKind<{ limit: number }>({
    kind,
    requiredLevel: level,
    targetType: 'setting',
    validate: (payload) => {
      const limit = (payload as { limit?: unknown })?.limit;
      if (typeof limit !== 'number' || limit <= 0 || limit > 100) throw badRequest('limit 不能超过 100');
      return { limit };
    },
    readCurrent: async (exec) => {
      const [row] = await exec.select().from(appSettings).where(eq(appSettings.key, KEY)).for('update');
      return row?.value ?? null;
    },
    apply: async (tx, after, { actor }) => {
      await tx
        .insert(appSettings)
        .values({ key: KEY, value: after, updatedBy: actor.adminId })
        .onConflictDoUpdate({ target: appSettings.key, set: { value: after, updatedBy: actor.adminId } });
    },
  });
  return changes;
}

describe('pending changes framework', () => {
  it('validates at once, stores before/after, applies only on another eligible admin’s approval', async () => {
    const changes = service('test.a', 'admin');
    const proposer = await admin('admin');
    const other = await admin('admin');
    const newcomer = await admin('admin', { counts: false });
    const before = await readLimit();

    await expect(changes.propose('test.a', null, { limit: 1000 }, proposer)).rejects.toMatchObject({
      statusCode: 400,
    });
    const change = await changes.propose('test.a', null, { limit: 7 }, proposer);
    expect(change).toMatchObject({ status: 'pending', after: { limit: 7 }, before, can_approve: false });
    expect(await readLimit()).toEqual(before);

    await expect(changes.approve(change.id, proposer)).rejects.toMatchObject({ statusCode: 403 });
    await expect(changes.approve(change.id, newcomer)).rejects.toMatchObject({ statusCode: 403 });
    const applied = await changes.approve(change.id, other);
    expect(applied).toMatchObject({ status: 'applied', approver: { id: other.adminId } });
    expect(await readLimit()).toEqual({ limit: 7 });
    await expect(changes.approve(change.id, other)).rejects.toMatchObject({ statusCode: 409 });

    const audits = await database.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.targetId, String(change.id)));
    expect(audits.map((a) => a.action).sort()).toEqual(['change.approve', 'change.propose']);
  });

  it('a proposal whose proposer is since disabled or deleted no longer applies, by approval or when due', async () => {
    const changes = service('test.gone', 'admin');
    const proposer = await admin('admin');
    const other = await admin('admin');
    const before = await readLimit();
    const pending = await changes.propose('test.gone', null, { limit: 21 }, proposer);
    await database.db.update(users).set({ isActive: false }).where(eq(users.id, proposer.adminId));
    await expect(changes.approve(pending.id, other)).rejects.toMatchObject({
      statusCode: 409,
      message: CHANGE_TEXTS.proposerGone,
    });
    const [row] = await database.db.select().from(adminChanges).where(eq(adminChanges.id, pending.id));
    expect(row?.status).toBe('stale');
    expect(await readLimit()).toEqual(before);

    // A lone proposer's delayed change: the job does not apply it once the proposer is gone.
    const lone = await admin('super_admin');
    const superOnly = service('test.gone.super', 'super_admin');
    const delayed = await superOnly.propose('test.gone.super', null, { limit: 22 }, lone);
    expect(delayed.status).toBe('delayed');
    await database.db
      .update(users)
      .set({ isActive: false, deletedAt: new Date() })
      .where(eq(users.id, lone.adminId));
    expect(await superOnly.applyDue(new Date(Date.parse(delayed.effective_at!) + 1000))).toBe(0);
    const [late] = await database.db.select().from(adminChanges).where(eq(adminChanges.id, delayed.id));
    expect(late?.status).toBe('stale');
    expect(await readLimit()).toEqual(before);
  });

  it('a proposal made stale by another change is refused and marked stale', async () => {
    const changes = service('test.b', 'admin');
    const proposer = await admin('admin');
    const other = await admin('admin');
    const first = await changes.propose('test.b', null, { limit: 11 }, proposer);
    const second = await changes.propose('test.b', null, { limit: 12 }, proposer);
    await changes.approve(first.id, other);
    await expect(changes.approve(second.id, other)).rejects.toMatchObject({
      statusCode: 409,
      message: '配置已被修改，请重新提交变更',
    });
    const [row] = await database.db.select().from(adminChanges).where(eq(adminChanges.id, second.id));
    expect(row?.status).toBe('stale');
    expect(await readLimit()).toEqual({ limit: 11 });
    // The stored reason (zh-CN) is shown in the viewer's language.
    const shown = async (language?: 'en') =>
      (await changes.list({ page: 1, limit: 100 }, other.adminId, language)).changes.find(
        (c) => c.id === second.id,
      )?.reason;
    expect(await shown()).toBe('配置已被修改，请重新提交变更');
    expect(await shown('en')).toBe('The setting has changed since; submit the change again');
  });

  it('check runs when proposed (its error) and when applied (stale, 409); present shapes what is shown; a create records its target', async () => {
    const toAdmins = vi.fn();
    const changes = createChangesService({ db: database.db, realtime: { toAdmins } });
    // A "create" whose rule depends on another row: the key must still be free.
    const slot = `test.slot.${++counter}`;
    const taken = async (exec: Parameters<NonNullable<ChangeKindDefinition['check']>>[0]) =>
      (await exec.select().from(appSettings).where(eq(appSettings.key, slot))).length > 0;
    changes.registerKind<{ value: string; secret: string }>({
      kind: 'test.create',
      requiredLevel: 'admin',
      targetType: 'setting',
      validate: (payload) => payload as { value: string; secret: string },
      async check(tx) {
        if (await taken(tx)) throw conflict('已被占用');
      },
      readCurrent: async () => null,
      async apply(tx, after, { actor, recordTarget }) {
        await tx.insert(appSettings).values({ key: slot, value: after.value, updatedBy: actor.adminId });
        recordTarget(slot);
      },
      present: (before, after) => ({ before, after: { value: (after as { value: string }).value } }),
    });
    const proposer = await admin('admin');
    const other = await admin('admin');

    const first = await changes.propose('test.create', null, { value: 'a', secret: 's1' }, proposer);
    expect(first.after).toEqual({ value: 'a' });
    const [stored] = await database.db.select().from(adminChanges).where(eq(adminChanges.id, first.id));
    expect(stored?.after).toEqual({ value: 'a', secret: 's1' });
    const second = await changes.propose('test.create', null, { value: 'b', secret: 's2' }, proposer);
    const listed = await changes.list({ page: 1, limit: 100 }, other.adminId);
    expect(listed.changes.find((c) => c.id === second.id)?.after).toEqual({ value: 'b' });

    expect(await changes.approve(first.id, other)).toMatchObject({ status: 'applied', target_id: slot });
    await expect(changes.approve(second.id, other)).rejects.toMatchObject({
      statusCode: 409,
      message: '已被占用',
    });
    const [row] = await database.db.select().from(adminChanges).where(eq(adminChanges.id, second.id));
    expect(row).toMatchObject({ status: 'stale', reason: '已被占用', targetId: null });
    await expect(
      changes.propose('test.create', null, { value: 'c', secret: 's3' }, proposer),
    ).rejects.toMatchObject({ statusCode: 409, message: '已被占用' });
  });

  it('in English: present and the proposal’s notice speak the viewing admin’s language', async () => {
    const toAdmins = vi.fn();
    const changes = createChangesService({ db: database.db, realtime: { toAdmins } });
    changes.registerKind<{ limit: number }>({
      kind: 'option_config',
      requiredLevel: 'admin',
      targetType: 'setting',
      validate: (payload) => payload as { limit: number },
      readCurrent: async () => null,
      apply: async () => {},
      present: (before, after, language) => ({ before, after: { language, ...(after as object) } }),
    });
    const proposer = await admin('admin');
    const other = await admin('admin');

    const proposed = await changes.propose('option_config', null, { limit: 5 }, proposer, 'en');
    expect(proposed.after).toEqual({ language: 'en', limit: 5 });
    const notice = toAdmins.mock.calls[0]?.[1] as PerLanguage;
    expect(notice.perLanguage('en')).toMatchObject({
      type: 'change',
      id: proposed.id,
      title: 'Submitted; it takes effect once another admin approves it',
      message: 'Option settings',
    });
    expect(notice.perLanguage('zh-CN')).toMatchObject({
      title: CHANGE_TEXTS.proposed,
      message: '期权配置',
    });
    const shown = async (language?: 'en') =>
      (await changes.list({ page: 1, limit: 100 }, other.adminId, language)).changes.find(
        (c) => c.id === proposed.id,
      )?.after;
    expect(await shown('en')).toEqual({ language: 'en', limit: 5 });
    expect(await shown()).toEqual({ language: 'zh-CN', limit: 5 });
    expect((await changes.openOfKind('option_config', other.adminId, 'en'))[0]?.after).toMatchObject({
      language: 'en',
    });
    expect((await changes.reject(proposed.id, other, undefined, 'en')).after).toMatchObject({
      language: 'en',
    });
  });

  it('parallel approvals apply once', async () => {
    const changes = service('test.c', 'admin');
    const proposer = await admin('admin');
    const approvers = await Promise.all([1, 2, 3, 4, 5].map(() => admin('admin')));
    const change = await changes.propose('test.c', null, { limit: 21 }, proposer);
    const results = await Promise.allSettled(approvers.map((a) => changes.approve(change.id, a)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const approvals = await database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.targetId, String(change.id)));
    expect(approvals.filter((a) => a.action === 'change.approve')).toHaveLength(1);
  });
});
