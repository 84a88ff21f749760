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
