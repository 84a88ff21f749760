import { randomUUID } from 'node:crypto';
import type { ReconciliationAlert, ReconciliationRun } from '@platform/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Decimal, normaliseDecimalString } from '../../core/money.ts';
import type { Db } from '../../db/client.ts';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { approveKyc, fundUser, insertWithdrawChannel, TRC20_ADDRESS } from '../../test/money.ts';
import { auditLogs } from '../audit/audit.schema.ts';
import { createLease } from '../jobs/lease.ts';
import { type Posting, postTransaction } from '../ledger/ledger.service.ts';
import type { PerLanguage } from '../realtime/realtime.ts';
import { setPrice } from '../trading/perpetual/perpetual.test-helpers.ts';
import { recordTick } from '../trading/testing/trading-fixtures.ts';
import { assertLedgerOk, verifyLedger } from './ledger-check.ts';
import { createReconciliationService, RUN_LEASE } from './reconciliation.service.ts';

/**
 * Reconciliation (issue 17): after ordinary activity of every kind that holds or moves money the
 * verifier is green; funds frozen with no obligation behind them, or a house or fee account that
 * the trading tables do not explain, are reported with the user, the currency and both sides; the
 * job stores the run, tells the admins, and the dashboard alert stays until an admin acknowledges it.
 */

let t: TestApp;
let db: Db;
let admin: { token: string; id: number };
let trader: { token: string; id: number; email: string };

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  admin = await createAdmin(t, 'admin');
  await insertWithdrawChannel(db, { feeRate: '0.015' });
  const u = await registerUser(t.app);
  trader = { token: u.token, id: u.user.id, email: u.email };
  await approveKyc(db, trader.id);
  await fundUser(db, trader.id, '10000');
});
afterAll(async () => {
  await assertLedgerOk(db);
  await t.close();
});

const service = () => createReconciliationService({ db, realtime: t.app.platform.realtime });
/** One run by the job; nothing else runs in these tests, so it is never skipped. */
async function runJob(): Promise<ReconciliationRun> {
  const run = await service().run();
  if (!run) throw new Error('the run was skipped: another run holds the lease');
  return run;
}

let corruption = 0;
/** Posts `postings` straight through the ledger: a movement no business row accounts for. */
async function post(postings: Posting[]) {
  await db.transaction((tx) =>
    postTransaction(tx, {
      idempotencyKey: `test-corrupt:${++corruption}`,
      kind: 'test_corruption',
      postings,
    }),
  );
}
const freezeWithoutObligation = (userId: number, amount: string, sign: 1 | -1 = 1): Posting[] => [
  { account: { userId, bucket: 'available' }, currency: 'USDT', amount: sign === 1 ? `-${amount}` : amount },
  { account: { userId, bucket: 'frozen' }, currency: 'USDT', amount: sign === 1 ? amount : `-${amount}` },
];

describe('the verifier reconciles frozen funds, fees and the house with the business tables', () => {
  it('is green after a withdrawal request, spot orders, a flash contract and perpetual positions', async () => {
    const w = await api(t.app, 'POST', '/api/wallet/withdrawals', {
      token: trader.token,
      headers: { 'Idempotency-Key': randomUUID() },
      body: { withdraw_type: 'usdt', amount: '100', address: TRC20_ADDRESS },
    });
    expect(w.status, w.body.message).toBe(200);

    // A resting limit buy far below the market (frozen), and a market buy (fee and house legs).
    const limit = await api(t.app, 'POST', '/api/trading/spot/order', {
      token: trader.token,
      body: { symbol: 'BTCUSDT', side: 'buy', type: 'limit', amount: '0.01', price: '1000' },
    });
    expect(limit.status, limit.body.message).toBe(200);
    expect(limit.body.data).toMatchObject({ order: { status: 'pending' } });
    const market = await api(t.app, 'POST', '/api/trading/spot/order', {
      token: trader.token,
      body: { symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '0.001' },
    });
    expect(market.status, market.body.message).toBe(200);

    await recordTick(db, 'ETHUSDT', '3400', Date.now());
    const flash = await api(t.app, 'POST', '/api/trading/flash/order', {
      token: trader.token,
      body: { symbol: 'ETHUSDT', direction: 'up', amount: '25', duration: 60 },
    });
    expect(flash.status, flash.body.message).toBe(200);

    await setPrice(db, 'BTCUSDT', '50000');
    const held = await api(t.app, 'POST', '/api/trading/perpetual/order', {
      token: trader.token,
      body: { symbol: 'BTCUSDT', side: 'long', margin: '100', leverage: 5 },
    });
    expect(held.status, held.body.message).toBe(200);
    const closing = await api<{ order: { id: number } }>(t.app, 'POST', '/api/trading/perpetual/order', {
      token: trader.token,
      body: { symbol: 'BTCUSDT', side: 'short', margin: '50', leverage: 10 },
    });
    expect(closing.status, closing.body.message).toBe(200);
    await setPrice(db, 'BTCUSDT', '49000');
    const closed = await api(t.app, 'POST', `/api/trading/perpetual/close/${closing.body.data?.order.id}`, {
      token: trader.token,
    });
    expect(closed.status, closed.body.message).toBe(200);

    const result = await verifyLedger(db);
    expect(result.problems).toEqual([]);
    expect(result.breaches).toEqual([]);
    expect(result.ok).toBe(true);

    const toAdmins = vi.spyOn(t.app.platform.realtime, 'toAdmins');
    const run = await runJob();
    expect(run).toMatchObject({ ok: true, breaches: [], acknowledged_at: null, triggered_by: null });
    // What it went through: every account, transaction and entry of the journal at its snapshot.
    expect(run.checked).toEqual(result.checked);
    expect(run.checked?.entries).toBeGreaterThan(0);
    expect(toAdmins).not.toHaveBeenCalledWith('admin_notification', expect.anything());
    toAdmins.mockRestore();
    const alert = await api<{ alert: ReconciliationAlert | null }>(
      t.app,
      'GET',
      '/api/admin/reconciliation/alert',
      { token: admin.token },
    );
    expect(alert.body.data).toEqual({ alert: null });

    // A clean run has nothing to acknowledge: 409, and neither the run nor the audit log changes.
    const ack = await api(t.app, 'POST', `/api/admin/reconciliation/${run.id}/acknowledge`, {
      token: admin.token,
    });
    expect([ack.status, ack.body.message]).toEqual([409, '该次对账没有异常，无需确认']);
    const runs = await api<{ runs: ReconciliationRun[] }>(t.app, 'GET', '/api/admin/reconciliation?limit=1', {
      token: admin.token,
    });
    expect(runs.body.data?.runs[0]).toMatchObject({
      id: run.id,
      acknowledged_by: null,
      acknowledged_at: null,
    });
    const audit = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'reconciliation.acknowledge'), eq(auditLogs.targetId, String(run.id))));
    expect(audit).toEqual([]);
  });

  it('names the user, the currency, the frozen balance and the obligations when funds are frozen for nothing', async () => {
    const frozenBefore = await frozenUsdt(trader.id);
    await post(freezeWithoutObligation(trader.id, '7.5'));
    try {
      const result = await verifyLedger(db);
      expect(result.ok).toBe(false);
      expect(result.breaches).toEqual([
        {
          kind: 'frozen',
          user_id: trader.id,
          currency: 'USDT',
          actual: plus(frozenBefore, '7.5'),
          expected: frozenBefore,
          message: expect.stringMatching(
            new RegExp(
              `^user ${trader.id} USDT: frozen ${plus(frozenBefore, '7.5').replace('.', '\\.')} but open obligations ${frozenBefore.replace('.', '\\.')} \\(withdrawals 101\\.5, spot orders \\d+(\\.\\d+)?, flash/option stakes 25, perpetual margins 100\\)$`,
            ),
          ),
        },
      ]);
      expect(result.problems).toEqual([result.breaches[0]?.message]);
    } finally {
      await post(freezeWithoutObligation(trader.id, '7.5', -1));
    }
    expect((await verifyLedger(db)).ok).toBe(true);
  });

  it('reports a house P&L or fee account that the trades and withdrawals do not explain', async () => {
    await post([
      { account: { system: 'adjustments' }, currency: 'USDT', amount: '-3' },
      { account: { system: 'house_pnl' }, currency: 'USDT', amount: '2' },
      { account: { system: 'fees' }, currency: 'USDT', amount: '1' },
    ]);
    try {
      const result = await verifyLedger(db);
      expect(result.ok).toBe(false);
      expect(result.breaches.map((b) => [b.kind, b.currency])).toEqual([
        ['fees', 'USDT'],
        ['house_pnl', 'USDT'],
      ]);
      for (const b of result.breaches) {
        expect(b.message).toMatch(new RegExp(`^system ${b.kind} USDT: the ledger holds`));
        expect(plus(b.expected ?? '', b.kind === 'fees' ? '1' : '2')).toBe(b.actual);
      }
    } finally {
      await post([
        { account: { system: 'adjustments' }, currency: 'USDT', amount: '3' },
        { account: { system: 'house_pnl' }, currency: 'USDT', amount: '-2' },
        { account: { system: 'fees' }, currency: 'USDT', amount: '-1' },
      ]);
    }
    expect((await verifyLedger(db)).ok).toBe(true);
  });
});

describe('the reconciliation job and its admin calls', () => {
  it('stores a failed run, notifies the admins, alerts the dashboard until an admin acknowledges it (audited)', async () => {
    await post(freezeWithoutObligation(trader.id, '3'));
    const toAdmins = vi.spyOn(t.app.platform.realtime, 'toAdmins');
    let run: ReconciliationRun;
    try {
      run = await runJob();
    } finally {
      await post(freezeWithoutObligation(trader.id, '3', -1));
    }
    expect(run.ok).toBe(false);
    expect(run.breaches).toEqual([
      // Named by id and, for the screen, by the user's e-mail.
      expect.objectContaining({
        kind: 'frozen',
        user_id: trader.id,
        user_email: trader.email,
        currency: 'USDT',
      }),
    ]);
    expect(Date.parse(run.finished_at)).toBeGreaterThanOrEqual(Date.parse(run.started_at));
    expect(toAdmins).toHaveBeenCalledWith('admin_notification', { perLanguage: expect.any(Function) });
    const notice = toAdmins.mock.calls.find(([event]) => event === 'admin_notification')?.[1] as PerLanguage;
    expect(notice.perLanguage('zh-CN')).toEqual({
      type: 'reconciliation',
      sound: true,
      title: '对账异常',
      message: '冻结余额与未完成业务不符 1 项',
      id: run.id,
    });
    // In English: each admin hears it in their own language.
    expect(notice.perLanguage('en')).toEqual({
      type: 'reconciliation',
      sound: true,
      title: 'Reconciliation breach',
      message: 'Frozen balance does not match open business: 1',
      id: run.id,
    });
    toAdmins.mockRestore();

    const alert = await api<{ alert: ReconciliationAlert | null }>(
      t.app,
      'GET',
      '/api/admin/reconciliation/alert',
      { token: admin.token },
    );
    expect(alert.status).toBe(200);
    expect(alert.body.data?.alert).toEqual({
      run_id: run.id,
      finished_at: run.finished_at,
      breach_count: 1,
      summary: '冻结余额与未完成业务不符 1 项',
      unacknowledged: 1,
    });

    const list = await api<{
      runs: ReconciliationRun[];
      pagination: { total: number };
      unacknowledged: number;
    }>(t.app, 'GET', '/api/admin/reconciliation?page=1&limit=1', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.data?.runs).toEqual([run]);
    expect(list.body.data?.pagination).toMatchObject({ page: 1, limit: 1, total: 2 });
    expect(list.body.data?.unacknowledged).toBe(1);

    // Users cannot read or acknowledge; an unknown run is 404; a bad id is 400.
    expect((await api(t.app, 'GET', '/api/admin/reconciliation', { token: trader.token })).status).toBe(403);
    const byUser = await api(t.app, 'POST', `/api/admin/reconciliation/${run.id}/acknowledge`, {
      token: trader.token,
    });
    expect(byUser.status).toBe(403);
    const unknown = await api(t.app, 'POST', '/api/admin/reconciliation/999999/acknowledge', {
      token: admin.token,
    });
    expect([unknown.status, unknown.body.message]).toEqual([404, '对账记录不存在']);
    expect(
      (await api(t.app, 'POST', '/api/admin/reconciliation/abc/acknowledge', { token: admin.token })).status,
    ).toBe(400);

    const ack = await api<{ run: ReconciliationRun }>(
      t.app,
      'POST',
      `/api/admin/reconciliation/${run.id}/acknowledge`,
      { token: admin.token },
    );
    expect(ack.status, ack.body.message).toBe(200);
    expect(ack.body.data?.run).toMatchObject({ id: run.id, acknowledged_by: admin.id });
    expect(ack.body.data?.run.acknowledged_at).not.toBeNull();
    const again = await api(t.app, 'POST', `/api/admin/reconciliation/${run.id}/acknowledge`, {
      token: admin.token,
    });
    expect([again.status, again.body.message]).toEqual([409, '该对账异常已被确认']);

    const audit = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'reconciliation.acknowledge'), eq(auditLogs.targetId, String(run.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.adminId).toBe(admin.id);

    const cleared = await api<{ alert: ReconciliationAlert | null }>(
      t.app,
      'GET',
      '/api/admin/reconciliation/alert',
      { token: admin.token },
    );
    expect(cleared.body.data).toEqual({ alert: null });

    // The ledger is whole again: the next run is clean.
    expect((await runJob()).ok).toBe(true);
  });
});

describe('立即对账 and the runs list', () => {
  type RunsData = { runs: ReconciliationRun[]; pagination: { total: number }; unacknowledged: number };
  const runNow = (token: string) =>
    api<{ run: ReconciliationRun }>(t.app, 'POST', '/api/admin/reconciliation/run', { token });
  const runCount = async () =>
    (await api<RunsData>(t.app, 'GET', '/api/admin/reconciliation?limit=1', { token: admin.token })).body.data
      ?.pagination.total ?? -1;

  it('runs now for any admin, names who started it, is audited and notifies on a breach; users get 403', async () => {
    const other = await createAdmin(t, 'admin');
    expect((await runNow(trader.token)).status).toBe(403);

    const clean = await runNow(other.token);
    expect([clean.status, clean.body.message]).toEqual([200, '对账完成，账实相符']);
    expect(clean.body.data?.run).toMatchObject({
      ok: true,
      breaches: [],
      triggered_by: other.id,
      triggered_by_email: expect.stringContaining('@'),
    });
    expect(clean.body.data?.run.checked?.transactions).toBeGreaterThan(0);

    await post(freezeWithoutObligation(trader.id, '1.25'));
    const toAdmins = vi.spyOn(t.app.platform.realtime, 'toAdmins');
    let broken: Awaited<ReturnType<typeof runNow>>;
    try {
      broken = await runNow(other.token);
    } finally {
      await post(freezeWithoutObligation(trader.id, '1.25', -1));
    }
    expect([broken.status, broken.body.message]).toEqual([200, '对账发现 1 项异常']);
    const run = broken.body.data?.run;
    expect(run).toMatchObject({ ok: false, triggered_by: other.id });
    const notice = toAdmins.mock.calls.find(([event]) => event === 'admin_notification')?.[1] as PerLanguage;
    expect(notice.perLanguage('zh-CN')).toMatchObject({ id: run?.id });
    toAdmins.mockRestore();

    const audit = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'reconciliation.run'), eq(auditLogs.targetId, String(run?.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.adminId).toBe(other.id);
    expect(audit[0]?.after).toMatchObject({ ok: false, breaches: 1, checked: run?.checked });

    // Acknowledged by the other admin: the list shows who and when.
    const ack = await api<{ run: ReconciliationRun }>(
      t.app,
      'POST',
      `/api/admin/reconciliation/${run?.id}/acknowledge`,
      { token: admin.token },
    );
    expect(ack.status, ack.body.message).toBe(200);
    expect(ack.body.data?.run).toMatchObject({
      acknowledged_by: admin.id,
      acknowledged_by_email: expect.stringContaining('@'),
      triggered_by: other.id,
    });
  });

  it('runs one at a time: a second request while one runs is 409 and the job skips its turn', async () => {
    const before = await runCount();
    // Another instance (or an admin's click) is running: it holds the run lease.
    const elsewhere = createLease(db, RUN_LEASE, 60_000, 'another-instance');
    expect(await elsewhere.acquire()).toBe(true);
    try {
      const refused = await runNow(admin.token);
      expect([refused.status, refused.body.message]).toEqual([409, '对账正在进行中，请稍后再试']);
      expect(await service().run()).toBeNull();
      expect(await runCount()).toBe(before);
    } finally {
      await elsewhere.release();
    }

    // Two clicks at once: one run, one 409 (on both engines the second asks while the first verifies).
    const replies = await Promise.all([runNow(admin.token), runNow(admin.token)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await runCount()).toBe(before + 1);

    // The lease is given back: the next click runs.
    expect((await runNow(admin.token)).status).toBe(200);
    expect(await runCount()).toBe(before + 2);
  });

  it('filters the runs by result and refuses an unknown filter with a Chinese message', async () => {
    await post(freezeWithoutObligation(trader.id, '2'));
    let failed: ReconciliationRun;
    try {
      failed = await runJob();
    } finally {
      await post(freezeWithoutObligation(trader.id, '2', -1));
    }
    const list = async (result: string) => {
      const res = await api<RunsData>(t.app, 'GET', `/api/admin/reconciliation?result=${result}&limit=100`, {
        token: admin.token,
      });
      expect(res.status, res.body.message).toBe(200);
      return res.body.data as RunsData;
    };
    const ok = await list('ok');
    expect(ok.runs.length).toBeGreaterThan(0);
    expect(ok.runs.every((r) => r.ok)).toBe(true);
    const breach = await list('breach');
    expect(breach.runs.every((r) => !r.ok)).toBe(true);
    expect(breach.runs.map((r) => r.id)).toContain(failed.id);
    const open = await list('unacknowledged');
    expect(open.runs.map((r) => r.id)).toEqual([failed.id]);
    expect(open.pagination.total).toBe(1);
    expect(open.unacknowledged).toBe(1);
    const all = await api<RunsData>(t.app, 'GET', '/api/admin/reconciliation?limit=100', {
      token: admin.token,
    });
    expect(all.body.data?.pagination.total).toBe(ok.pagination.total + breach.pagination.total);

    const bad = await api(t.app, 'GET', '/api/admin/reconciliation?result=everything', {
      token: admin.token,
    });
    expect([bad.status, bad.body.message]).toEqual([400, '参数错误：result: 对账结果筛选不正确']);

    const ack = await api(t.app, 'POST', `/api/admin/reconciliation/${failed.id}/acknowledge`, {
      token: admin.token,
    });
    expect(ack.status).toBe(200);
    expect((await list('unacknowledged')).runs).toEqual([]);
  });
});

async function frozenUsdt(userId: number): Promise<string> {
  const res = await api<{ wallets: { currency: string; frozen_balance: string }[] }>(
    t.app,
    'GET',
    '/api/wallet',
    {
      token: trader.token,
    },
  );
  const usdt = res.body.data?.wallets.find((w) => w.currency === 'USDT');
  if (!usdt || userId !== trader.id) throw new Error('no USDT wallet');
  return normalise(usdt.frozen_balance);
}

const normalise = (value: string) => normaliseDecimalString(value);
/** Exact decimal-string addition for the expectations. */
const plus = (a: string, b: string) => new Decimal(a).plus(b).toFixed();

describe('reconciliation in English (Accept-Language: en, issue 38)', () => {
  const inEnglish = (method: 'GET' | 'POST', url: string) =>
    api<{ run: ReconciliationRun }>(t.app, method, url, {
      token: admin.token,
      headers: { 'accept-language': 'en' },
    });

  it('answers the runs, the alert, a run now and the acknowledgements in English', async () => {
    expect((await inEnglish('GET', '/api/admin/reconciliation')).body.message).toBe(
      'Reconciliation runs loaded',
    );
    expect((await inEnglish('GET', '/api/admin/reconciliation/alert')).body.message).toBe(
      'Reconciliation alert loaded',
    );
    const clean = await inEnglish('POST', '/api/admin/reconciliation/run');
    expect(clean.body.message).toBe('Reconciliation complete: the books balance');
    const nothing = await inEnglish(
      'POST',
      `/api/admin/reconciliation/${clean.body.data?.run.id}/acknowledge`,
    );
    expect(nothing.body.message).toBe('This run found no breach; nothing to acknowledge');
    await post(freezeWithoutObligation(trader.id, '0.5'));
    let broken: Awaited<ReturnType<typeof inEnglish>>;
    try {
      broken = await inEnglish('POST', '/api/admin/reconciliation/run');
    } finally {
      await post(freezeWithoutObligation(trader.id, '0.5', -1));
    }
    expect(broken.body.message).toBe('Reconciliation found breaches: 1');
    const url = `/api/admin/reconciliation/${broken.body.data?.run.id}/acknowledge`;
    expect((await inEnglish('POST', url)).body.message).toBe('Reconciliation breach acknowledged');
    const again = await inEnglish('POST', url);
    expect([again.status, again.body.message]).toEqual([
      409,
      'This reconciliation breach has already been acknowledged',
    ]);
    const missing = await inEnglish('POST', '/api/admin/reconciliation/99999999/acknowledge');
    expect([missing.status, missing.body.message]).toEqual([404, 'Reconciliation run not found']);
  });
});
