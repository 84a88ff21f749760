import {
  type AdminChange,
  type ApprovalThresholds,
  DEFAULT_FLASH_CONFIG,
  DEFAULT_OPTION_CONFIG,
  type OptionConfig,
  type OptionConfigData,
} from '@platform/contracts';
import { contractSettlement, Decimal, percentToRate } from '@platform/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  api,
  createAdmin,
  createApprover,
  createTestApp,
  registerUser,
  type TestApp,
} from '../../test/app.ts';
import { auditLogs } from '../audit/audit.schema.ts';
import type { PerLanguage } from '../realtime/realtime.ts';
import { changesOf } from './changes.module.ts';
import { adminChanges } from './changes.schema.ts';

/** Issue 32, attacks 1 and 4: payout rates and thresholds are proposals a second admin approves. */
const OPTION_URL = '/api/admin/trading/options/config';
const THRESHOLDS = '/api/admin/settings/approval-thresholds';
const change = (id: number, verb: 'approve' | 'reject' | 'cancel') => `/api/admin/changes/${id}/${verb}`;

const withLevel = (percentage: number): OptionConfig => ({
  ...DEFAULT_OPTION_CONFIG,
  investmentLevels: [{ ...DEFAULT_OPTION_CONFIG.investmentLevels[0]!, percentage }],
});

describe('option and flash payout rates (dual control and the MAX_PAYOUT_RATE bound)', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof createAdmin>>;
  let bob: Awaited<ReturnType<typeof createAdmin>>;
  let userToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await createApprover(t, 'admin');
    bob = await createApprover(t, 'admin');
    userToken = (await registerUser(t.app)).token;
  });
  afterAll(() => t?.close());

  /** Every payout rate the user-facing option config shows. */
  const userLevels = async () =>
    JSON.stringify(
      (await api(t.app, 'GET', '/api/trading/option/config', { token: userToken })).body.data,
    ).match(/"payout_rate":"[^"]*"/g);
  const adminConfig = async () =>
    (await api<OptionConfigData>(t.app, 'GET', OPTION_URL, { token: alice.token })).body.data;

  it('a plain admin saving a 1000 % level gets 400 naming the bound; nothing is stored', async () => {
    const before = await adminConfig();
    const res = await api(t.app, 'POST', OPTION_URL, { token: alice.token, body: withLevel(1000) });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('收益率不能超过 95%');
    const over = await api(t.app, 'POST', OPTION_URL, { token: alice.token, body: withLevel(96) });
    expect(over.status).toBe(400);
    expect(await adminConfig()).toEqual(before);
    expect(await t.database.db.select().from(adminChanges)).toHaveLength(0);
  });

  it('in English: the settings’ reply and the payout-rate bound in the admin’s language', async () => {
    const headers = { 'accept-language': 'en' };
    const loaded = await api(t.app, 'GET', OPTION_URL, { token: alice.token, headers });
    expect(loaded.body.message).toBe('Options settings loaded');
    const option = await api(t.app, 'POST', OPTION_URL, { token: alice.token, body: withLevel(96), headers });
    expect(option.status).toBe(400);
    expect(option.body.message).toBe(
      `The payout rate cannot exceed 95% (investment level ${DEFAULT_OPTION_CONFIG.investmentLevels[0]!.level} is 96%)`,
    );
    const flash = await api(t.app, 'PUT', '/api/admin/trading/flash/config', {
      token: alice.token,
      body: { ...DEFAULT_FLASH_CONFIG, durations: [{ seconds: 30, payout_rate: '9' }] },
      headers,
    });
    expect(flash.status).toBe(400);
    expect(flash.body.message).toBe('The payout rate cannot exceed 95% (the 30-second duration is 900%)');
    const chinese = await api(t.app, 'POST', OPTION_URL, { token: alice.token, body: withLevel(96) });
    expect(chinese.body.message).toBe(
      `收益率不能超过 95%（投资等级 ${DEFAULT_OPTION_CONFIG.investmentLevels[0]!.level} 为 96%）`,
    );
  });

  it('a valid config is a proposal (202): users see the old rates until another admin approves', async () => {
    const before = await userLevels();
    const res = await api<{ change: AdminChange }>(t.app, 'POST', OPTION_URL, {
      token: alice.token,
      body: withLevel(90),
    });
    expect(res.status).toBe(202);
    expect(res.body.message).toBe('已提交，待另一位管理员批准后生效');
    const proposed = res.body.data!.change;
    expect(proposed).toMatchObject({ kind: 'option_config', status: 'pending', required_level: 'admin' });
    expect(proposed.proposer.id).toBe(alice.id);
    expect(await userLevels()).toEqual(before);

    const own = await api(t.app, 'POST', change(proposed.id, 'approve'), { token: alice.token });
    expect(own.status).toBe(403);
    const newcomer = await createAdmin(t, 'admin');
    const tooNew = await api(t.app, 'POST', change(proposed.id, 'approve'), { token: newcomer.token });
    expect(tooNew.status).toBe(403);
    expect(tooNew.body.message).toContain('24 小时');
    expect(await userLevels()).toEqual(before);

    const approved = await api<{ change: AdminChange }>(t.app, 'POST', change(proposed.id, 'approve'), {
      token: bob.token,
    });
    expect(approved.status, approved.body.message).toBe(200);
    expect(approved.body.data!.change).toMatchObject({ status: 'applied', approver: { id: bob.id } });
    expect((await adminConfig())!.investmentLevels).toEqual(withLevel(90).investmentLevels);
    const audits = await t.database.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(sql`${auditLogs.action} IN ('change.propose', 'change.approve', 'option_config.update')`);
    expect(audits.map((a) => a.action).sort()).toEqual([
      'change.approve',
      'change.propose',
      'option_config.update',
    ]);
  });

  it('a proposal made stale by another approved change is refused (409) and marked stale', async () => {
    const first = await api<{ change: AdminChange }>(t.app, 'POST', OPTION_URL, {
      token: alice.token,
      body: withLevel(91),
    });
    const second = await api<{ change: AdminChange }>(t.app, 'POST', OPTION_URL, {
      token: alice.token,
      body: withLevel(92),
    });
    expect(
      (await api(t.app, 'POST', change(first.body.data!.change.id, 'approve'), { token: bob.token })).status,
    ).toBe(200);
    const stale = await api(t.app, 'POST', change(second.body.data!.change.id, 'approve'), {
      token: bob.token,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('配置已被修改，请重新提交变更');
    const listed = await api<{ changes: AdminChange[] }>(t.app, 'GET', '/api/admin/changes?status=stale', {
      token: bob.token,
    });
    expect(listed.body.data!.changes.map((c) => c.id)).toContain(second.body.data!.change.id);
    expect((await adminConfig())!.investmentLevels[0]!.percentage).toBe(91);
  });

  it('5 parallel approvals apply once', async () => {
    const approvers = await Promise.all([1, 2, 3, 4, 5].map(() => createApprover(t, 'admin')));
    const res = await api<{ change: AdminChange }>(t.app, 'POST', OPTION_URL, {
      token: alice.token,
      body: withLevel(89),
    });
    const id = res.body.data!.change.id;
    const replies = await Promise.all(
      approvers.map((a, i) =>
        api(t.app, 'POST', change(id, 'approve'), {
          token: a.token,
          headers: { 'idempotency-key': `k-${id}-${i}` },
        }),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(4);
    const applied = await t.database.db
      .select()
      .from(auditLogs)
      .where(sql`${auditLogs.action} = 'change.approve' AND ${auditLogs.targetId} = ${String(id)}`);
    expect(applied).toHaveLength(1);
  });

  it('a flash rate above the bound is 400; a valid flash config waits for a second admin', async () => {
    const over = {
      ...DEFAULT_FLASH_CONFIG,
      durations: [{ seconds: 30, payout_rate: '9' }],
    };
    const refused = await api(t.app, 'PUT', '/api/admin/trading/flash/config', {
      token: alice.token,
      body: over,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('收益率不能超过 95%');
    const next = { ...DEFAULT_FLASH_CONFIG, durations: [{ seconds: 45, payout_rate: '0.5' }] };
    const res = await api<{ change: AdminChange }>(t.app, 'PUT', '/api/admin/trading/flash/config', {
      token: alice.token,
      body: next,
    });
    expect(res.status).toBe(202);
    const seconds = async () =>
      (
        await api<{ durations: { seconds: number }[] }>(t.app, 'GET', '/api/trading/flash/config')
      ).body.data!.durations.map((d) => d.seconds);
    expect(await seconds()).not.toContain(45);
    expect(
      (await api(t.app, 'POST', change(res.body.data!.change.id, 'approve'), { token: bob.token })).status,
    ).toBe(200);
    await vi.waitFor(async () => expect(await seconds()).toEqual([45]), { timeout: 3000 });
  });

  it('a call and a put of the same stake at the highest allowed rate lose money together', () => {
    const stake = new Decimal('1000');
    const rate = percentToRate(95);
    const call = contractSettlement(stake, rate, 'win');
    const put = contractSettlement(stake, rate, 'loss');
    const back = call.returned.plus(put.returned);
    expect(back.lt(stake.times(2))).toBe(true);
    expect(stake.times(2).minus(back).toString()).toBe('50');
  });
});

describe('approval thresholds (super admin level, delayed when alone)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const thresholds = async (token: string) =>
    (await api<ApprovalThresholds>(t.app, 'GET', THRESHOLDS, { token })).body.data!;

  it('a lone super admin’s change is delayed 24 h, every admin told, another admin can cancel; the job applies it when due', async () => {
    const root = await createApprover(t, 'super_admin');
    const plain = await createApprover(t, 'admin');
    const toAdmins = vi.spyOn(t.app.platform.realtime, 'toAdmins');

    const res = await api<{ change: AdminChange }>(t.app, 'PUT', THRESHOLDS, {
      token: root.token,
      body: { deposit: '1e20', withdrawal: '1', payout: '1' },
    });
    expect(res.status).toBe(400);

    const huge = { deposit: '10000000000000000000', withdrawal: '100000', payout: '100000' };
    const first = await api<{ change: AdminChange }>(t.app, 'PUT', THRESHOLDS, {
      token: root.token,
      body: huge,
    });
    expect(first.status).toBe(202);
    expect(first.body.message).toBe('已提交，24 小时后生效，其他管理员可撤销');
    const delayed = first.body.data!.change;
    expect(delayed).toMatchObject({ status: 'delayed', required_level: 'super_admin' });
    const hours = (Date.parse(delayed.effective_at!) - Date.parse(delayed.proposed_at)) / 3_600_000;
    expect(hours).toBeCloseTo(24, 3);
    expect(toAdmins).toHaveBeenCalledWith('admin_notification', { perLanguage: expect.any(Function) });
    const notice = toAdmins.mock.calls.find(([event]) => event === 'admin_notification')?.[1] as PerLanguage;
    expect(notice.perLanguage('zh-CN')).toMatchObject({
      type: 'change',
      id: delayed.id,
      status: 'delayed',
      title: '有一项变更将在 24 小时后生效',
      message: '复核阈值',
    });
    expect(notice.perLanguage('en')).toMatchObject({
      type: 'change',
      id: delayed.id,
      title: 'A change takes effect in 24 hours',
      message: 'Review thresholds',
    });
    toAdmins.mockRestore();

    // A plain admin cannot approve a super-admin change, nor can the proposer; another admin cancels.
    expect((await api(t.app, 'POST', change(delayed.id, 'approve'), { token: plain.token })).status).toBe(
      403,
    );
    expect((await api(t.app, 'POST', change(delayed.id, 'approve'), { token: root.token })).status).toBe(403);
    const cancelled = await api<{ change: AdminChange }>(t.app, 'POST', change(delayed.id, 'cancel'), {
      token: plain.token,
      body: { reason: '未经讨论' },
    });
    expect(cancelled.status, cancelled.body.message).toBe(200);
    expect(cancelled.body.data!.change).toMatchObject({ status: 'cancelled', reason: '未经讨论' });

    const second = await api<{ change: AdminChange }>(t.app, 'PUT', THRESHOLDS, {
      token: root.token,
      body: huge,
    });
    const id = second.body.data!.change.id;
    const jobs = changesOf(t.app);
    expect(await jobs.applyDue(new Date())).toBe(0);
    expect((await thresholds(root.token)).deposit).toBe('10000');
    await t.database.db
      .update(adminChanges)
      .set({ effectiveAt: sql`now() - interval '1 second'` })
      .where(eq(adminChanges.id, id));
    expect(await jobs.applyDue(new Date())).toBe(1);
    expect(await thresholds(root.token)).toMatchObject({ deposit: huge.deposit, withdrawal: '100000' });
    const [row] = await t.database.db.select().from(adminChanges).where(eq(adminChanges.id, id));
    expect(row?.status).toBe('applied');
  });

  it('with a second super admin who counts, the change waits for their approval', async () => {
    const a = await createApprover(t, 'super_admin');
    const b = await createApprover(t, 'super_admin');
    const res = await api<{ change: AdminChange }>(t.app, 'PUT', THRESHOLDS, {
      token: a.token,
      body: { deposit: '20000', withdrawal: '20000', payout: '6000' },
    });
    expect(res.status).toBe(202);
    expect(res.body.data!.change.status).toBe('pending');
    const listed = await api<{ changes: AdminChange[] }>(t.app, 'GET', '/api/admin/changes?status=pending', {
      token: b.token,
    });
    expect(listed.body.data!.changes.find((c) => c.id === res.body.data!.change.id)).toMatchObject({
      can_approve: true,
      can_cancel: false,
    });
    expect(
      (await api(t.app, 'POST', change(res.body.data!.change.id, 'approve'), { token: b.token })).status,
    ).toBe(200);
    expect(await thresholds(a.token)).toMatchObject({ deposit: '20000', payout: '6000' });
  });
});
