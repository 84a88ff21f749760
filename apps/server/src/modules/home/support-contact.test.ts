import { type AdminChange, SUPPORT_TEXTS, type SupportContactView } from '@platform/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createAdmin,
  createApprover,
  createTestApp,
  registerUser,
  type TestApp,
} from '../../test/app.ts';
import { auditLogs } from '../audit/audit.schema.ts';

/** The support contact (issue 33): a pending change another admin approves; public read for the user app. */
let t: TestApp;
let proposer: { token: string; id: number };
let approver: { token: string; id: number };
const URL = '/api/admin/support/contact';

beforeAll(async () => {
  t = await createTestApp();
  proposer = await createAdmin(t, 'admin');
  approver = await createApprover(t, 'admin');
});
afterAll(() => t?.close());

const publicContact = async () =>
  (await api<{ contact: SupportContactView | null }>(t.app, 'GET', '/api/support/contact')).body.data
    ?.contact;
const propose = (body: unknown, token = proposer.token) =>
  api<{ change: AdminChange }>(t.app, 'PUT', URL, { token, body });
const approve = (id: number, token = approver.token) =>
  api(t.app, 'POST', `/api/admin/changes/${id}/approve`, { token });

describe('support contact', () => {
  it('is none on a fresh platform, readable without a session', async () => {
    expect(await publicContact()).toBeNull();
  });

  it('a plain admin’s save is only a proposal: nothing changes until a second admin approves', async () => {
    const res = await propose({ label: '在线客服', value: 'https://support.example.com/chat' });
    expect(res.status).toBe(202);
    const change = res.body.data?.change as AdminChange;
    expect(change).toMatchObject({ kind: 'support.contact', status: 'pending', before: null });
    expect(await publicContact()).toBeNull();
    // The editor shows it as pending, to the proposer (who cannot approve) and to the approver.
    const mine = await api<{ contact: null; pending: AdminChange[] }>(t.app, 'GET', URL, {
      token: proposer.token,
    });
    expect(mine.body.data?.pending.map((c) => [c.id, c.can_approve])).toEqual([[change.id, false]]);
    // The proposer cannot approve their own change.
    expect((await approve(change.id, proposer.token)).status).toBe(403);
    expect(await publicContact()).toBeNull();

    expect((await approve(change.id)).status).toBe(200);
    expect(await publicContact()).toEqual({
      label: '在线客服',
      value: 'https://support.example.com/chat',
      kind: 'link',
      href: 'https://support.example.com/chat',
    });
    const admin = await api<{ contact: SupportContactView; pending: AdminChange[] }>(t.app, 'GET', URL, {
      token: approver.token,
    });
    expect(admin.body.data?.pending).toEqual([]);
    const audits = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'support_contact.update'), eq(auditLogs.targetId, 'support.contact')));
    expect(audits).toHaveLength(1);
  });

  it('takes mailto: addresses and plain handles', async () => {
    for (const [value, kind, href] of [
      ['mailto:help@example.com', 'email', 'mailto:help@example.com'],
      ['@platform_help', 'handle', null],
    ] as const) {
      const res = await propose({ label: '客服', value });
      expect(res.status).toBe(202);
      expect((await approve(res.body.data?.change.id as number)).status).toBe(200);
      expect(await publicContact()).toMatchObject({ value, kind, href });
    }
  });

  it('refuses other schemes and bad input with a Chinese message, storing nothing', async () => {
    const cases: [unknown, string][] = [
      [{ label: '客服', value: 'javascript:alert(1)' }, SUPPORT_TEXTS.badScheme],
      [{ label: '客服', value: 'JavaScript:alert(1)' }, SUPPORT_TEXTS.badScheme],
      [{ label: '客服', value: 'http://example.com' }, SUPPORT_TEXTS.badScheme],
      [{ label: '客服', value: 'data:text/html,<b>x</b>' }, SUPPORT_TEXTS.badScheme],
      [{ label: '客服', value: 'https://' }, SUPPORT_TEXTS.badLink],
      [{ label: '客服', value: 'https://user:pw@evil.example' }, SUPPORT_TEXTS.badLink],
      [{ label: '客服', value: 'mailto:not-an-address' }, SUPPORT_TEXTS.badEmail],
      [{ label: '客服', value: '<script>' }, SUPPORT_TEXTS.badHandle],
      [{ label: '', value: '@help' }, SUPPORT_TEXTS.labelRequired],
      [{ label: '客服', value: '   ' }, SUPPORT_TEXTS.valueRequired],
      [{ label: 'x'.repeat(31), value: '@help' }, SUPPORT_TEXTS.labelTooLong],
      [{ label: '客服', value: `https://e.com/${'a'.repeat(200)}` }, SUPPORT_TEXTS.valueTooLong],
      [{ label: '客服' }, SUPPORT_TEXTS.valueRequired],
    ];
    const before = await api<{ pending: AdminChange[] }>(t.app, 'GET', URL, { token: proposer.token });
    for (const [body, message] of cases) {
      const res = await propose(body);
      // The contract's validation names the field: 参数错误：value: <message>.
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
    }
    const after = await api<{ pending: AdminChange[] }>(t.app, 'GET', URL, { token: proposer.token });
    expect(after.body.data?.pending).toEqual(before.body.data?.pending);
  });

  it('is for admins only: a user and a guest cannot propose or read the editor', async () => {
    const user = await registerUser(t.app);
    expect((await propose({ label: '客服', value: '@mine' }, user.token)).status).toBe(403);
    expect((await api(t.app, 'PUT', URL, { body: { label: '客服', value: '@mine' } })).status).toBe(401);
    expect((await api(t.app, 'GET', URL, { token: user.token })).status).toBe(403);
  });
});

describe('the support contact in English (Accept-Language: en, issue 38)', () => {
  it('answers the public and the admin reads in English', async () => {
    const headers = { 'accept-language': 'en' };
    expect((await api(t.app, 'GET', '/api/support/contact', { headers })).body.message).toBe(
      'Support contact loaded',
    );
    expect((await api(t.app, 'GET', URL, { token: proposer.token, headers })).body.message).toBe(
      'Support contact loaded',
    );
  });
});
