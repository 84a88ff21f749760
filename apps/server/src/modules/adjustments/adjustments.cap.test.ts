import { randomUUID } from 'node:crypto';
import type { AdminAdjustment } from '@platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  type createAdmin,
  createApprover,
  createTestApp,
  registerUser,
  type TestApp,
} from '../../test/app.ts';
import { fundUser } from '../../test/money.ts';

/** Issue 32: a manual adjustment is at most ADJUSTMENT_MAX_AMOUNT in USDT value (credit or debit). */
type Admin = Awaited<ReturnType<typeof createAdmin>>;
let t: TestApp;
let alice: Admin;
let userId: number;

beforeAll(async () => {
  t = await createTestApp({ ADJUSTMENT_MAX_AMOUNT: '10000' });
  // Approvers: dual control counts their approvals at once (createAdmin's only after 24 h).
  alice = await createApprover(t, 'admin');
  userId = (await registerUser(t.app)).user.id;
  await fundUser(t.database.db, userId, '50000');
});
afterAll(() => t.close());

const propose = (amount: string, currency = 'USDT') =>
  api<{ adjustment: AdminAdjustment }>(t.app, 'POST', '/api/admin/adjustments', {
    token: alice.token,
    body: { user_id: userId, currency, amount, reason: '补发活动奖励' },
    headers: { 'Idempotency-Key': randomUUID() },
  });

const rowCount = async () => {
  const res = await t.database.db.execute(sql`SELECT count(*)::int AS n FROM balance_adjustments`);
  const rows = (res as unknown as { rows?: { n: number }[] }).rows ?? (res as unknown as { n: number }[]);
  return rows[0]?.n;
};

describe('adjustment cap', () => {
  it('refuses a credit or a debit above the cap with 400 and a clear message; nothing is recorded', async () => {
    for (const amount of ['10000.01', '-10000.01', '1000000']) {
      const res = await propose(amount);
      expect(res.status, amount).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toBe('单笔调整金额不能超过 10000 USDT（按参考价计）');
    }
    expect(await rowCount()).toBe(0);
  });

  it('accepts the cap itself, credit or debit', async () => {
    expect((await propose('10000')).status).toBe(200);
    expect((await propose('-10000')).status).toBe(200);
    expect(await rowCount()).toBe(2);
  });

  it('a malformed cap is refused at start with the variable named', async () => {
    await expect(createTestApp({ ADJUSTMENT_MAX_AMOUNT: 'lots' })).rejects.toThrow(/ADJUSTMENT_MAX_AMOUNT/);
  });
});

describe('adjustments in English (Accept-Language: en, issue 38)', () => {
  const inEnglish = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    api<{ adjustment: AdminAdjustment }>(t.app, method, url, {
      token: alice.token,
      body,
      headers: { 'Idempotency-Key': randomUUID(), 'accept-language': 'en' },
    });
  const proposal = (amount: string, user = userId) => ({
    user_id: user,
    currency: 'USDT',
    amount,
    reason: 'bonus',
  });

  it('answers the proposals, reviews, list and refusals in English', async () => {
    const over = await inEnglish('POST', '/api/admin/adjustments', proposal('10000.01'));
    expect(over.body.message).toBe('A single adjustment cannot exceed 10000 USDT (at the reference price)');
    const nobody = await inEnglish('POST', '/api/admin/adjustments', proposal('1', 99999999));
    expect(nobody.status).toBe(404);
    expect(nobody.body.message).toBe('User not found');
    const made = await inEnglish('POST', '/api/admin/adjustments', proposal('5'));
    expect(made.body.message).toBe('Balance adjustment submitted; waiting for another admin to review');
    const id = made.body.data!.adjustment.id;
    const rejected = await inEnglish('POST', `/api/admin/adjustments/${id}/reject`, {});
    expect(rejected.body.message).toBe('Balance adjustment rejected');
    const again = await inEnglish('POST', `/api/admin/adjustments/${id}/approve`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'This adjustment has been handled; only pending adjustments can be reviewed',
    );
    const missing = await inEnglish('POST', '/api/admin/adjustments/99999999/approve', {});
    expect(missing.body.message).toBe('Adjustment not found');
    expect((await inEnglish('GET', '/api/admin/adjustments')).body.message).toBe(
      'Balance adjustments loaded',
    );
  });
});
