import { IDEMPOTENCY_TEXTS } from '@platform/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseDecimalString } from '../../core/money.ts';
import {
  type ApiReply,
  api,
  createAdmin,
  createTestApp,
  registerUser,
  type TestApp,
} from '../../test/app.ts';
import { testEngine } from '../../test/database.ts';
import { fundedUser } from '../../test/fixtures.ts';
import { fundUser, insertDepositChannel, insertWithdrawChannel, TRC20_ADDRESS } from '../../test/money.ts';
import { timeStep, totpAt } from '../auth/two-factor/totp.ts';
import { deposits } from '../deposits/deposits.schema.ts';
import { getUserWallets } from '../ledger/ledger.service.ts';
import { assertLedgerOk } from '../reconciliation/ledger-check.ts';
import { idempotencyKeys } from './idempotency.schema.ts';
import { createIdempotencyService } from './idempotency.service.ts';
import { createKeyOwner } from './key-owner.ts';

/**
 * Idempotency keys over HTTP on a real server and database (issue 18): a retry with the key gets
 * the first reply and moves money once; another request with the key is 422, a retry while the
 * first runs 409; keys are the caller's; a bad key is 400; a 503 keeps nothing; expired keys go.
 * Lost COMMIT replies and keys left in progress: idempotency.outcome.test.ts.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let channelId: number;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, 'admin');
  channelId = (await insertDepositChannel(db())).id;
  await insertWithdrawChannel(db(), { feeRate: '0.01' });
});
afterAll(async () => {
  await assertLedgerOk(db());
  await t?.close();
});

let keyCounter = 0;
const newKey = () => `key-${Date.now().toString(36)}-${++keyCounter}`;
const withKey = (key: string) => ({ 'Idempotency-Key': key });

type DepositReply = { deposit: { id: number; status: string; amount: string } };
const requestDeposit = (token: string, key: string | undefined, body: Record<string, unknown> = {}) =>
  api<DepositReply>(t.app, 'POST', '/api/wallet/deposits', {
    token,
    body: { channel_id: channelId, amount: '20', ...body },
    ...(key === undefined ? {} : { headers: withKey(key) }),
  });

type WithdrawalReply = { withdrawal: { id: number; status: string; total: string } };
const requestWithdrawal = (token: string, key: string, body: Record<string, unknown> = {}) =>
  api<WithdrawalReply>(t.app, 'POST', '/api/wallet/withdrawals', {
    token,
    body: { withdraw_type: 'usdt', amount: '100', address: TRC20_ADDRESS, ...body },
    headers: withKey(key),
  });

async function usdt(userId: number) {
  const wallet = (await getUserWallets(db(), userId)).find((w) => w.currency === 'USDT');
  return {
    available: normaliseDecimalString(wallet?.balance ?? '0'),
    frozen: normaliseDecimalString(wallet?.frozen_balance ?? '0'),
  };
}

async function journalSize(): Promise<number> {
  const result = await db().execute(sql`SELECT count(*)::int AS n FROM ledger_transactions`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

const depositsOf = (userId: number) => db().select().from(deposits).where(eq(deposits.userId, userId));
const keyRows = (userId: number) =>
  db().select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
const replayed = (res: ApiReply<unknown>) => res.raw.headers['idempotent-replayed'];

describe(`Idempotency-Key on money-moving calls (${testEngine})`, () => {
  it('a retried deposit request gets the first reply, marked replayed, and makes one deposit', async () => {
    const user = await registerUser(t.app);
    const key = newKey();
    const first = await requestDeposit(user.token, key);
    expect(first.status).toBe(200);
    expect(replayed(first)).toBeUndefined();
    const again = await requestDeposit(user.token, key);
    expect(again.status).toBe(200);
    expect(replayed(again)).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(again.raw.headers['content-type']).toMatch(/^application\/json/);
    expect(await depositsOf(user.user.id)).toHaveLength(1);
    // Without a key nothing changes: each call is a new request.
    expect((await requestDeposit(user.token, undefined)).status).toBe(200);
    expect(await depositsOf(user.user.id)).toHaveLength(2);
  });

  it('a retried withdrawal moves money once', async () => {
    const user = await fundedUser(t, '1000');
    const key = newKey();
    const journal = await journalSize();
    const first = await requestWithdrawal(user.token, key);
    expect(first.status, first.body.message).toBe(200);
    const retries = [await requestWithdrawal(user.token, key), await requestWithdrawal(user.token, key)];
    for (const retry of retries) {
      expect(retry.status).toBe(200);
      expect(replayed(retry)).toBe('true');
      expect(retry.body).toEqual(first.body);
    }
    expect(await usdt(user.user.id)).toEqual({ available: '899', frozen: '101' });
    expect(await journalSize()).toBe(journal + 1);
    await assertLedgerOk(db());
  });

  it('a withdrawal with 2FA retried with a new code is the same request: replayed, one withdrawal', async () => {
    const user = await fundedUser(t, '1000');
    const setup = await api<{ secret: string }>(t.app, 'POST', '/api/auth/2fa/setup', {
      token: user.token,
      body: { password: user.password },
    });
    const secret = setup.body.data?.secret as string;
    const step = timeStep(Date.now());
    const enabled = await api(t.app, 'POST', '/api/auth/2fa/enable', {
      token: user.token,
      body: { code: totpAt(secret, step), password: user.password },
    });
    expect(enabled.status, enabled.body.message).toBe(200);
    // Turning 2FA on holds withdrawals for 24 h (auth/security-changes.test.ts): moved back here.
    await db().execute(sql`UPDATE users SET withdrawals_held_until = NULL WHERE id = ${user.user.id}`);
    const key = newKey();
    const first = await requestWithdrawal(user.token, key, { totp: totpAt(secret, step + 1) });
    expect(first.status, first.body.message).toBe(200);
    // The reply was lost; the user types the code their authenticator shows now.
    const retry = await requestWithdrawal(user.token, key, { totp: totpAt(secret, step + 2) });
    expect(retry.status, retry.body.message).toBe(200);
    expect(replayed(retry)).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await usdt(user.user.id)).toEqual({ available: '899', frozen: '101' });
  });

  it('the same key with another request is 422 and moves nothing', async () => {
    const user = await fundedUser(t, '1000');
    const key = newKey();
    expect((await requestWithdrawal(user.token, key)).status).toBe(200);
    const journal = await journalSize();
    const other = await requestWithdrawal(user.token, key, { amount: '200' });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({
      success: false,
      message: IDEMPOTENCY_TEXTS.mismatch,
      data: { idempotency: 'mismatch' },
    });
    // Another route with the key is another request too.
    const elsewhere = await requestDeposit(user.token, key);
    expect(elsewhere.status).toBe(422);
    expect(await usdt(user.user.id)).toEqual({ available: '899', frozen: '101' });
    expect(await journalSize()).toBe(journal);
    expect(await depositsOf(user.user.id)).toHaveLength(0);
    // The key still answers its own request.
    const own = await requestWithdrawal(user.token, key);
    expect([own.status, replayed(own)]).toEqual([200, 'true']);
  });

  it('the same body with its keys in another order is the same request', async () => {
    const user = await registerUser(t.app);
    const key = newKey();
    const first = await api(t.app, 'POST', '/api/wallet/deposits', {
      token: user.token,
      body: { amount: '30', channel_id: channelId },
      headers: withKey(key),
    });
    const again = await api(t.app, 'POST', '/api/wallet/deposits', {
      token: user.token,
      body: { channel_id: channelId, amount: '30' },
      headers: withKey(key),
    });
    expect([first.status, again.status, replayed(again)]).toEqual([200, 200, 'true']);
  });

  it('concurrent requests with one key: one runs, the others get 409 or its reply; never two deposits', async () => {
    const user = await registerUser(t.app);
    const key = newKey();
    const results = await Promise.all(Array.from({ length: 6 }, () => requestDeposit(user.token, key)));
    const ran = results.filter((r) => r.status === 200 && replayed(r) === undefined);
    expect(ran).toHaveLength(1);
    for (const r of results) {
      if (r === ran[0]) continue;
      if (r.status === 409) {
        expect(r.body).toMatchObject({
          message: IDEMPOTENCY_TEXTS.inProgress,
          data: { idempotency: 'in_progress' },
        });
      } else {
        expect([r.status, replayed(r)]).toEqual([200, 'true']);
        expect(r.body).toEqual(ran[0]?.body);
      }
    }
    expect(await depositsOf(user.user.id)).toHaveLength(1);

    // With money: six withdrawals at once freeze once.
    const rich = await fundedUser(t, '1000');
    const wkey = newKey();
    const withdrawals = await Promise.all(
      Array.from({ length: 6 }, () => requestWithdrawal(rich.token, wkey)),
    );
    expect(withdrawals.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(await usdt(rich.user.id)).toEqual({ available: '899', frozen: '101' });
  });

  it('two callers may use the same key, each for their own request', async () => {
    const [a, b] = [await registerUser(t.app), await registerUser(t.app)];
    const key = newKey();
    const ofA = await requestDeposit(a.token, key);
    const ofB = await requestDeposit(b.token, key, { amount: '50' });
    expect([ofA.status, replayed(ofA), ofB.status, replayed(ofB)]).toEqual([200, undefined, 200, undefined]);
    expect(ofB.body.data?.deposit.id).not.toBe(ofA.body.data?.deposit.id);
    expect(await depositsOf(a.user.id)).toHaveLength(1);
    expect(await depositsOf(b.user.id)).toHaveLength(1);
  });

  it('an empty, too long or non-printable key is 400 参数错误 naming the header, and nothing is kept', async () => {
    const user = await registerUser(t.app);
    const bad = ['', 'x'.repeat(256), '键', 'a\tb', ' leading', 'trailing ', 'bell\u0007'];
    for (const key of bad) {
      const res = await requestDeposit(user.token, key);
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect(res.body.message).toMatch(/^参数错误：idempotency-key: 幂等键/);
      expect(res.body.data).toEqual({ errors: [{ field: 'idempotency-key', message: expect.any(String) }] });
    }
    // 255 printable characters, spaces inside, are a key.
    const longest = `a ${'~'.repeat(252)}z`;
    expect(longest).toHaveLength(255);
    expect((await requestDeposit(user.token, longest)).status).toBe(200);
    expect(await depositsOf(user.user.id)).toHaveLength(1);
    expect((await keyRows(user.user.id)).map((r) => r.key)).toEqual([longest]);
  });

  it('a withdrawal request or a balance adjustment without a key is 400 naming the header, and does nothing', async () => {
    const user = await fundedUser(t, '1000');
    const before = { journal: await journalSize(), keys: await db().$count(idempotencyKeys) };
    const refusal = {
      success: false,
      message: `参数错误：idempotency-key: ${IDEMPOTENCY_TEXTS.required}`,
      data: { errors: [{ field: 'idempotency-key', message: IDEMPOTENCY_TEXTS.required }] },
    };
    const withdrawal = await api(t.app, 'POST', '/api/wallet/withdrawals', {
      token: user.token,
      body: { withdraw_type: 'usdt', amount: '100', address: TRC20_ADDRESS },
    });
    expect([withdrawal.status, withdrawal.body]).toEqual([400, refusal]);
    const proposal = await api(t.app, 'POST', '/api/admin/adjustments', {
      token: admin.token,
      body: { user_id: user.user.id, currency: 'USDT', amount: '5', reason: 'no key' },
    });
    expect([proposal.status, proposal.body]).toEqual([400, refusal]);
    for (const action of ['approve', 'reject']) {
      const review = await api(t.app, 'POST', `/api/admin/adjustments/1/${action}`, { token: admin.token });
      expect([review.status, review.body], action).toEqual([400, refusal]);
    }
    expect(await usdt(user.user.id)).toEqual({ available: '1000', frozen: '0' });
    expect({ journal: await journalSize(), keys: await db().$count(idempotencyKeys) }).toEqual(before);
  });

  it('a request refused before it runs (401, validation) keeps nothing; the key then serves the right request', async () => {
    const user = await registerUser(t.app);
    const key = newKey();
    expect((await requestDeposit('not-a-token', key)).status).toBe(401);
    const invalid = await requestDeposit(user.token, key, { amount: 'abc' });
    expect(invalid.status).toBe(400);
    expect(await keyRows(user.user.id)).toEqual([]);
    const ok = await requestDeposit(user.token, key);
    expect([ok.status, replayed(ok)]).toEqual([200, undefined]);
  });

  it('a business refusal (422 余额不足) is kept and replayed, as at Stripe: the retry does not run after funding', async () => {
    const user = await fundedUser(t, '0');
    const key = newKey();
    const refused = await requestWithdrawal(user.token, key);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/余额不足/);
    await fundUser(db(), user.user.id, '1000');
    const again = await requestWithdrawal(user.token, key);
    expect([again.status, replayed(again)]).toEqual([422, 'true']);
    expect(again.body).toEqual(refused.body);
    expect(await usdt(user.user.id)).toEqual({ available: '1000', frozen: '0' });
    // A new key is a new attempt.
    expect((await requestWithdrawal(user.token, newKey())).status).toBe(200);
  });

  it('a 503 (database unavailable) keeps nothing: a retry with the key runs', async () => {
    const user = await registerUser(t.app);
    const key = newKey();
    // The database refuses the deposit's insert as a lock timeout would (55P03: 503, Retry-After).
    await db().execute(sql`
      CREATE FUNCTION test_refuse_deposit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'lock timeout (test)' USING ERRCODE = '55P03'; END $$`);
    await db().execute(sql`
      CREATE TRIGGER test_refuse_deposit BEFORE INSERT ON deposits
      FOR EACH ROW EXECUTE FUNCTION test_refuse_deposit()`);
    let unavailable: ApiReply<DepositReply>;
    try {
      unavailable = await requestDeposit(user.token, key);
    } finally {
      await db().execute(sql`DROP TRIGGER test_refuse_deposit ON deposits`);
      await db().execute(sql`DROP FUNCTION test_refuse_deposit()`);
    }
    expect(unavailable.status).toBe(503);
    expect(unavailable.raw.headers['retry-after']).toBe('5');
    expect(await keyRows(user.user.id)).toEqual([]);
    const retry = await requestDeposit(user.token, key);
    expect([retry.status, replayed(retry)]).toEqual([200, undefined]);
    expect(await depositsOf(user.user.id)).toHaveLength(1);
  });

  it('an admin approval retried with the same key is the same 200, replayed, not 409', async () => {
    const user = await registerUser(t.app);
    const requested = await requestDeposit(user.token, undefined, { amount: '60.6' });
    const id = requested.body.data?.deposit.id as number;
    const key = newKey();
    const review = () =>
      api(t.app, 'PATCH', `/api/admin/deposits/${id}/review`, {
        token: admin.token,
        body: { status: 'approved' },
        headers: withKey(key),
      });
    const first = await review();
    expect(first.status, first.body.message).toBe(200);
    const again = await review();
    expect([again.status, replayed(again)]).toEqual([200, 'true']);
    expect(again.body).toEqual(first.body);
    expect(await usdt(user.user.id)).toEqual({ available: '60.6', frozen: '0' });
    // The same approval without the key is what the client saw before: the deposit is no longer pending.
    const bare = await api(t.app, 'PATCH', `/api/admin/deposits/${id}/review`, {
      token: admin.token,
      body: { status: 'approved' },
    });
    expect(bare.status).toBe(409);
    // The key is the admin's: the user may hold the same one for a request of theirs.
    expect((await requestDeposit(user.token, key)).status).toBe(200);
  });

  it('expired keys are pruned; an expired key not pruned yet is a new key', async () => {
    const user = await registerUser(t.app);
    const [old, fresh] = [newKey(), newKey()];
    expect((await requestDeposit(user.token, old)).status).toBe(200);
    expect((await requestDeposit(user.token, fresh)).status).toBe(200);
    await db()
      .update(idempotencyKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(idempotencyKeys.userId, user.user.id), eq(idempotencyKeys.key, old)));

    // Past its 24 hours the key is free again (Stripe's rule): the same call is a new deposit.
    const reused = await requestDeposit(user.token, old);
    expect([reused.status, replayed(reused)]).toEqual([200, undefined]);
    expect(await depositsOf(user.user.id)).toHaveLength(3);

    await db()
      .update(idempotencyKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(idempotencyKeys.userId, user.user.id), eq(idempotencyKeys.key, old)));
    const service = createIdempotencyService({
      db: db(),
      log: t.app.log,
      owner: createKeyOwner(t.database, t.app.log),
    });
    expect(await service.pruneExpired()).toBeGreaterThanOrEqual(1);
    expect((await keyRows(user.user.id)).map((r) => r.key)).toEqual([fresh]);
    // Idempotent: a second run finds nothing of this user's.
    await service.pruneExpired();
    expect((await keyRows(user.user.id)).map((r) => r.key)).toEqual([fresh]);
  });
});

/**
 * The money-moving routes (issue 18), and the KYC review. A new one belongs here and gets
 * `config: { idempotent: true }`.
 */
const IDEMPOTENT_ROUTES = [
  'DELETE /api/trading/order/{id}',
  'PATCH /api/admin/deposits/{id}/review',
  'PATCH /api/admin/kyc/{id}',
  'PATCH /api/admin/withdrawals/{id}/status',
  'POST /api/admin/adjustments',
  'POST /api/admin/adjustments/{id}/approve',
  'POST /api/admin/adjustments/{id}/reject',
  // A pending change applied by its approval moves money (payout rates, channels, thresholds).
  'POST /api/admin/changes/{id}/approve',
  'POST /api/admin/changes/{id}/cancel',
  'POST /api/admin/changes/{id}/reject',
  'POST /api/admin/deposits/batch-review',
  'POST /api/admin/orders/{id}/cancel',
  'POST /api/admin/payout-approvals/{id}/reject',
  'POST /api/admin/team-salary-management/batch-pay',
  'POST /api/admin/team-salary-management/pay/{id}',
  'POST /api/admin/team/rewards/distribute',
  'POST /api/admin/withdrawals/bulk-status',
  'POST /api/trading/flash/order',
  'POST /api/trading/option/order',
  'POST /api/trading/perpetual/close/{id}',
  'POST /api/trading/perpetual/limit-orders/{id}/cancel',
  'POST /api/trading/perpetual/margin/{id}',
  'POST /api/trading/perpetual/order',
  'POST /api/trading/perpetual/reduce/{id}',
  // Moves no money, but is a trading action of the app, which takes a key for each (a retry sets it once).
  'POST /api/trading/perpetual/tpsl/{id}',
  'POST /api/trading/spot/order',
  'POST /api/wallet/deposits',
  'POST /api/wallet/withdrawals',
];

/** The routes that refuse a request without a key (400). */
const KEY_REQUIRED = [
  'POST /api/admin/adjustments',
  'POST /api/admin/adjustments/{id}/approve',
  'POST /api/admin/adjustments/{id}/reject',
  'POST /api/wallet/withdrawals',
];

describe('OpenAPI', () => {
  interface Operation {
    security?: unknown[];
    parameters?: { in: string; name: string; required?: boolean; description?: string; schema?: unknown }[];
  }
  it('documents the Idempotency-Key header on every money-moving route and trading action, and only there', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json() as { paths: Record<string, Record<string, Operation>> };
    const withHeader: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const header = operation.parameters?.find((p) => p.in === 'header' && p.name === 'idempotency-key');
        if (!header) continue;
        withHeader.push(`${method.toUpperCase()} ${path}`);
        // Required on withdrawal requests and adjustments, optional elsewhere.
        expect(Boolean(header.required), path).toBe(KEY_REQUIRED.includes(`${method.toUpperCase()} ${path}`));
        expect(header.description).toContain('Idempotent-Replayed');
        expect(header.schema).toMatchObject({ type: 'string', minLength: 1, maxLength: 255 });
        // Keys are the caller's: only routes behind a login take one.
        expect(operation.security?.length).toBeGreaterThan(0);
      }
    }
    expect(withHeader.sort()).toEqual([...IDEMPOTENT_ROUTES].sort());
  });
});

describe('every idempotent route', () => {
  it('refuses a bad key with 400 参数错误 and does nothing, whatever its body', async () => {
    const user = await fundedUser(t, '1000');
    const before = { journal: await journalSize(), keys: await db().$count(idempotencyKeys) };
    for (const route of IDEMPOTENT_ROUTES) {
      const [method, path] = route.split(' ') as ['POST' | 'PATCH' | 'DELETE', string];
      const token = path.startsWith('/api/admin') ? admin.token : user.token;
      const res = await api(t.app, method, path.replace('{id}', '1'), {
        token,
        ...(method === 'DELETE' ? {} : { body: {} }),
        headers: withKey('x'.repeat(256)),
      });
      expect(res.status, route).toBe(400);
      // Fastify validates the headers last: a route whose body {} is wrong names the body first.
      expect(res.body.message, route).toMatch(/^参数错误：/);
    }
    // Routes without a body, or whose body may be empty, name the header.
    for (const route of [
      'DELETE /api/trading/order/{id}',
      'POST /api/admin/adjustments/{id}/approve',
      'POST /api/admin/orders/{id}/cancel',
      'POST /api/admin/payout-approvals/{id}/reject',
      'POST /api/trading/perpetual/close/{id}',
    ]) {
      const [method, path] = route.split(' ') as ['POST' | 'DELETE', string];
      const res = await api(t.app, method, path.replace('{id}', '1'), {
        token: path.startsWith('/api/admin') ? admin.token : user.token,
        headers: withKey('x'.repeat(256)),
      });
      expect([res.status, res.body.message], route).toEqual([
        400,
        `参数错误：idempotency-key: ${IDEMPOTENCY_TEXTS.tooLong}`,
      ]);
    }
    expect({ journal: await journalSize(), keys: await db().$count(idempotencyKeys) }).toEqual(before);
  });
});
