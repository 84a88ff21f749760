import type { ChangesSummary } from '@platform/contracts';
import { DEFAULT_APPROVAL_THRESHOLDS } from '@platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createAdmin,
  createApprover,
  createTestApp,
  registerUser,
  type TestApp,
} from '../../test/app.ts';

/**
 * Issue 32: every admin learns of a pending or delayed change when they next open the back office,
 * not only from a realtime push they may have missed: the menu's count and the delayed-change banner
 * read GET /api/admin/changes/summary.
 */
const SUMMARY = '/api/admin/changes/summary';
const THRESHOLDS = '/api/admin/settings/approval-thresholds';
const OPTION_URL = '/api/admin/trading/options/config';

describe('GET /api/admin/changes/summary', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const summaryOf = async (token: string) => {
    const res = await api<ChangesSummary>(t.app, 'GET', SUMMARY, { token });
    expect(res.status).toBe(200);
    return res.body.data!;
  };

  it('in English: the summary’s and the list’s replies in the admin’s language', async () => {
    const admin = await createAdmin(t, 'admin');
    const headers = { 'accept-language': 'en' };
    const summary = await api(t.app, 'GET', SUMMARY, { token: admin.token, headers });
    expect(summary.body.message).toBe('Pending changes overview loaded');
    const list = await api(t.app, 'GET', '/api/admin/changes', { token: admin.token, headers });
    expect(list.body.message).toBe('Pending changes loaded');
    expect((await api(t.app, 'GET', SUMMARY, { token: admin.token })).body.message).toBe(
      '获取待生效变更概况成功',
    );
  });

  it('counts, per admin, the open changes they may approve, and the delayed ones with their earliest time', async () => {
    const lone = await createApprover(t, 'super_admin');
    const plain = await createApprover(t, 'admin');
    const fresh = await createAdmin(t, 'super_admin'); // its approvals count only after 24 h
    const empty = { awaiting_me: 0, open: 0, delayed: 0, next_effective_at: null };
    expect(await summaryOf(lone.token)).toEqual(empty);

    // The only counting super admin raises a threshold: delayed 24 h, nobody can approve it now.
    const thresholds = { ...DEFAULT_APPROVAL_THRESHOLDS, deposit: '20000' };
    const delayed = await api<{ change: { effective_at: string } }>(t.app, 'PUT', THRESHOLDS, {
      token: lone.token,
      body: thresholds,
    });
    expect(delayed.status).toBe(202);
    const effectiveAt = delayed.body.data!.change.effective_at;
    const afterDelayed = { awaiting_me: 0, open: 1, delayed: 1, next_effective_at: effectiveAt };
    expect(await summaryOf(lone.token)).toEqual(afterDelayed);
    expect(await summaryOf(plain.token)).toEqual(afterDelayed);
    expect(await summaryOf(fresh.token)).toEqual(afterDelayed);

    // A plain admin's payout-rate proposal waits for another admin: the super admin may approve it.
    const option = await api(t.app, 'GET', OPTION_URL, { token: plain.token });
    const { updatedAt: _u, updatedBy: _b, ...config } = option.body.data as Record<string, unknown>;
    expect((await api(t.app, 'POST', OPTION_URL, { token: plain.token, body: config })).status).toBe(202);
    expect(await summaryOf(lone.token)).toMatchObject({ awaiting_me: 1, open: 2, delayed: 1 });
    expect(await summaryOf(plain.token)).toMatchObject({ awaiting_me: 0, open: 2 });
    expect(await summaryOf(fresh.token)).toMatchObject({ awaiting_me: 0, open: 2 });
  });

  it('is for admins only', async () => {
    const user = await registerUser(t.app);
    expect((await api(t.app, 'GET', SUMMARY, { token: user.token })).status).toBe(403);
    expect((await api(t.app, 'GET', SUMMARY)).status).toBe(401);
  });
});
