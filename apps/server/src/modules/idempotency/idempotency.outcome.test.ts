import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_TEXTS } from '@platform/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { normaliseDecimalString } from '../../core/money.ts';
import type { Db } from '../../db/client.ts';
import {
  type ApiReply,
  api,
  type createAdmin,
  createApprover,
  registerUser,
  type TestApp,
} from '../../test/app.ts';
import { type CommitFaults, createFaultyTestApp } from '../../test/commit-faults.ts';
import { testEngine } from '../../test/database.ts';
import {
  approveKyc,
  fundUser,
  insertDepositChannel,
  insertWithdrawChannel,
  TRC20_ADDRESS,
} from '../../test/money.ts';
import { balanceAdjustments } from '../adjustments/adjustments.schema.ts';
import { deposits } from '../deposits/deposits.schema.ts';
import { getUserWallets } from '../ledger/ledger.service.ts';
import { assertLedgerOk } from '../reconciliation/ledger-check.ts';
import { withdrawals } from '../withdrawals/withdrawals.schema.ts';
import { KeyTakenOver, type Seal, sealEffect } from './effect-seal.ts';
import { claimKey, type HeldKey, takeOverKey } from './idempotency.repository.ts';
import { idempotencyKeys } from './idempotency.schema.ts';
import { createKeyOwner } from './key-owner.ts';

/**
 * Unknown commits are resolved, not guessed (issue 31): the effect's transaction completes its key
 * with the reply, so when the COMMIT's acknowledgement is lost the server answers 503 结果确认中 and
 * the retry with the key replays the first reply (or, when nothing committed, runs once). A key
 * left in progress by a gone instance is settled at once. The lost reply is played by
 * test/commit-faults.ts; idempotency.relay.test.ts plays it through a TCP relay on PostgreSQL.
 */

let t: TestApp;
let faults: CommitFaults;
let base: Db;
let channelId: number;
const db = () => base;

beforeAll(async () => {
  ({ t, faults, db: base } = await createFaultyTestApp());
  channelId = (await insertDepositChannel(db())).id;
  await insertWithdrawChannel(db(), { feeRate: '0.01' });
});
afterEach(() => {
  // A fault a test armed and its call never reached stays out of the next test.
  faults.loseCommitReplies(0);
  faults.loseConnections(0);
  faults.loseInsertReplies(idempotencyKeys, 0);
});
afterAll(async () => {
  await assertLedgerOk(db());
  await t?.close();
});

const newKey = () => `outcome-${randomUUID()}`;
const replayed = (res: ApiReply<unknown>) => res.raw.headers['idempotent-replayed'];

type DepositReply = { deposit: { id: number; status: string; amount: string } };
const requestDeposit = (token: string, key: string) =>
  api<DepositReply>(t.app, 'POST', '/api/wallet/deposits', {
    token,
    body: { channel_id: channelId, amount: '20' },
    headers: { 'Idempotency-Key': key },
  });

type WithdrawalReply = { withdrawal: { id: number; status: string; total: string } };
const requestWithdrawal = (token: string, key: string) =>
  api<WithdrawalReply>(t.app, 'POST', '/api/wallet/withdrawals', {
    token,
    body: { withdraw_type: 'usdt', amount: '100', address: TRC20_ADDRESS },
    headers: { 'Idempotency-Key': key },
  });

const depositsOf = (userId: number) => db().select().from(deposits).where(eq(deposits.userId, userId));
const keyRow = async (userId: number, key: string) =>
  (
    await db()
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
  )[0];

async function usdt(userId: number) {
  const wallet = (await getUserWallets(db(), userId)).find((w) => w.currency === 'USDT');
  return {
    available: normaliseDecimalString(wallet?.balance ?? '0'),
    frozen: normaliseDecimalString(wallet?.frozen_balance ?? '0'),
  };
}

function expectConfirming(res: ApiReply<unknown>) {
  expect(res.status).toBe(503);
  expect(res.body).toEqual({
    success: false,
    message: IDEMPOTENCY_TEXTS.confirming,
    data: { idempotency: 'confirming' },
    // Every 5xx names its request for the operator (core/request-id.ts).
    request_id: res.raw.headers['x-request-id'],
  });
  expect(res.raw.headers['x-request-id']).toEqual(expect.any(String));
  expect(res.raw.headers['retry-after']).toBe('1');
}

describe(`a lost COMMIT reply (${testEngine})`, () => {
  it('a deposit committed but unacknowledged: 503 结果确认中, the retry replays the first reply, one deposit', async () => {
    const user = await registerUser(t.app);
    const key = newKey();
    faults.loseCommitReplies(1);
    const lost = await requestDeposit(user.token, key);
    expectConfirming(lost);
    expect(faults.committedUnseen).toBeGreaterThan(0);
    // The key was completed in the deposit's own transaction, with the reply it was to get.
    const [made] = await depositsOf(user.user.id);
    expect(await keyRow(user.user.id, key)).toMatchObject({ state: 'completed', responseStatus: 200 });

    const retry = await requestDeposit(user.token, key);
    expect([retry.status, replayed(retry)]).toEqual([200, 'true']);
    expect(retry.body.message).toBe('充值申请已提交，请等待审核');
    // The reply as the route makes it: the deposit as the user's own call shows it.
    const shown = await api<DepositReply>(t.app, 'GET', `/api/wallet/deposits/${made?.id}`, {
      token: user.token,
    });
    expect(retry.body.data?.deposit).toEqual(shown.body.data?.deposit);
    expect(await depositsOf(user.user.id)).toHaveLength(1);
  });

  it('a connection lost before the COMMIT: 503 结果确认中, nothing kept, the retry runs once', async () => {
    const user = await registerUser(t.app);
    const key = newKey();
    faults.loseConnections(1);
    expectConfirming(await requestDeposit(user.token, key));
    expect(await depositsOf(user.user.id)).toEqual([]);
    expect(await keyRow(user.user.id, key)).toBeUndefined();
    const retry = await requestDeposit(user.token, key);
    expect([retry.status, replayed(retry)]).toEqual([200, undefined]);
    expect(await depositsOf(user.user.id)).toHaveLength(1);
    const again = await requestDeposit(user.token, key);
    expect([again.status, replayed(again)]).toEqual([200, 'true']);
    expect(again.body).toEqual(retry.body);
  });

  it('a withdrawal committed but unacknowledged freezes once; every retry gets its reply', async () => {
    const user = await registerUser(t.app);
    await approveKyc(db(), user.user.id);
    await fundUser(db(), user.user.id, '1000');
    const key = newKey();
    faults.loseCommitReplies(1);
    expectConfirming(await requestWithdrawal(user.token, key));
    const [first, second] = [
      await requestWithdrawal(user.token, key),
      await requestWithdrawal(user.token, key),
    ];
    expect([first.status, replayed(first), second.status, replayed(second)]).toEqual([
      200,
      'true',
      200,
      'true',
    ]);
    expect(second.body).toEqual(first.body);
    const rows = await db().select().from(withdrawals).where(eq(withdrawals.userId, user.user.id));
    expect(rows.map((r) => r.id)).toEqual([first.body.data?.withdrawal.id]);
    expect(await usdt(user.user.id)).toEqual({ available: '899', frozen: '101' });
  });
});

describe(`a lost reply to the key's claim (${testEngine})`, () => {
  it('is a 503; the claim, if it landed, is given back, so a retry on any instance runs once', async () => {
    const user = await registerUser(t.app);
    const key = newKey();
    faults.loseInsertReplies(idempotencyKeys, 1);
    const lost = await requestDeposit(user.token, key);
    expect(lost.status).toBe(503);
    // Given back at once (in the background): nothing is left in progress under a live instance.
    await expect.poll(() => keyRow(user.user.id, key)).toBeUndefined();
    expect(await depositsOf(user.user.id)).toEqual([]);
    const retry = await requestDeposit(user.token, key);
    expect([retry.status, replayed(retry)]).toEqual([200, undefined]);
    expect(await depositsOf(user.user.id)).toHaveLength(1);
  });
});

describe(`back-office calls with a lost COMMIT reply (${testEngine})`, () => {
  type Admin = Awaited<ReturnType<typeof createAdmin>>;
  let alice: Admin;
  let bob: Admin;
  beforeAll(async () => {
    // Approvers: dual control counts their approvals at once (createAdmin's only after 24 h).
    alice = await createApprover(t, 'admin');
    bob = await createApprover(t, 'admin');
  });

  const asAdmin = <T>(admin: Admin, method: 'POST' | 'PATCH', url: string, body: unknown, key: string) =>
    api<T>(t.app, method, url, { token: admin.token, body, headers: { 'Idempotency-Key': key } });

  it('a deposit approval: the retry replays it, the deposit is credited once', async () => {
    const user = await registerUser(t.app);
    const made = await requestDeposit(user.token, newKey());
    const id = made.body.data?.deposit.id as number;
    const key = newKey();
    const review = () =>
      asAdmin<DepositReply>(alice, 'PATCH', `/api/admin/deposits/${id}/review`, { status: 'approved' }, key);
    faults.loseCommitReplies(1);
    expectConfirming(await review());
    const retry = await review();
    expect([retry.status, replayed(retry), retry.body.data?.deposit.status]).toEqual([
      200,
      'true',
      'approved',
    ]);
    expect(retry.body.message).toBe('充值审核通过成功');
    expect(await usdt(user.user.id)).toEqual({ available: '20', frozen: '0' });
  });

  it('a withdrawal rejected: the retry replays it, not 409, and unfreezes once', async () => {
    const user = await registerUser(t.app);
    await approveKyc(db(), user.user.id);
    await fundUser(db(), user.user.id, '1000');
    const made = await requestWithdrawal(user.token, newKey());
    const id = made.body.data?.withdrawal.id as number;
    const key = newKey();
    const change = () =>
      asAdmin<WithdrawalReply>(
        alice,
        'PATCH',
        `/api/admin/withdrawals/${id}/status`,
        { status: 'rejected', adminNote: '地址有误' },
        key,
      );
    faults.loseCommitReplies(1);
    expectConfirming(await change());
    const retry = await change();
    expect([retry.status, replayed(retry), retry.body.data?.withdrawal.status]).toEqual([
      200,
      'true',
      'rejected',
    ]);
    expect(await usdt(user.user.id)).toEqual({ available: '1000', frozen: '0' });
  });

  it('an adjustment proposed and approved: each retry replays it, one adjustment credited once', async () => {
    const user = await registerUser(t.app);
    type AdjustmentReply = { adjustment: { id: number; status: string } };
    const body = { user_id: user.user.id, currency: 'USDT', amount: '30', reason: 'lost reply test' };
    const proposeKey = newKey();
    faults.loseCommitReplies(1);
    expectConfirming(await asAdmin(alice, 'POST', '/api/admin/adjustments', body, proposeKey));
    const proposed = await asAdmin<AdjustmentReply>(
      alice,
      'POST',
      '/api/admin/adjustments',
      body,
      proposeKey,
    );
    expect([proposed.status, replayed(proposed)]).toEqual([200, 'true']);
    const id = proposed.body.data?.adjustment.id as number;
    const rows = await db()
      .select()
      .from(balanceAdjustments)
      .where(eq(balanceAdjustments.userId, user.user.id));
    expect(rows.map((r) => r.id)).toEqual([id]);

    const approveKey = newKey();
    faults.loseCommitReplies(1);
    expectConfirming(await asAdmin(bob, 'POST', `/api/admin/adjustments/${id}/approve`, {}, approveKey));
    const approved = await asAdmin<AdjustmentReply>(
      bob,
      'POST',
      `/api/admin/adjustments/${id}/approve`,
      {},
      approveKey,
    );
    expect([approved.status, replayed(approved), approved.body.data?.adjustment.status]).toEqual([
      200,
      'true',
      'approved',
    ]);
    expect(await usdt(user.user.id)).toEqual({ available: '30', frozen: '0' });
  });

  it('a batch review cut after its first deposit: the retry reviews the rest, each deposit once', async () => {
    const user = await registerUser(t.app);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await requestDeposit(user.token, newKey())).body.data?.deposit.id as number);
    const key = newKey();
    const batch = () =>
      asAdmin<{ processedIds: number[] }>(
        alice,
        'POST',
        '/api/admin/deposits/batch-review',
        { depositIds: ids, action: 'approve' },
        key,
      );
    // Each deposit is its own transaction: the first commits, its reply is lost, the batch stops.
    faults.loseCommitReplies(1);
    expectConfirming(await batch());
    const retry = await batch();
    expect([retry.status, replayed(retry)]).toEqual([200, undefined]);
    expect(retry.body.data?.processedIds).toEqual(ids.slice(1));
    const again = await batch();
    expect([again.status, replayed(again)]).toEqual([200, 'true']);
    expect(await usdt(user.user.id)).toEqual({ available: '60', frozen: '0' });
  });
});

describe(`a key left in progress (${testEngine})`, () => {
  /** As a request for a deposit that claimed `key` on instance `owner` and ended without an effect. */
  async function leftInProgress(userId: number, key: string, owner: number) {
    // The same request by someone else, for its fingerprint (which does not depend on the caller).
    const probe = await registerUser(t.app);
    expect((await requestDeposit(probe.token, key)).status).toBe(200);
    const template = await keyRow(probe.user.id, key);
    if (!template) throw new Error('no probe key');
    await db().insert(idempotencyKeys).values({
      userId,
      key,
      fingerprint: template.fingerprint,
      state: 'in_progress',
      owner,
      attempt: randomUUID(),
      expiresAt: sql`now() + interval '1 day'`,
    });
  }

  it('by an instance that is gone: settled at once, the retry runs once', async () => {
    const user = await registerUser(t.app);
    const key = newKey();
    // No instance holds this id (on PGlite any other instance is a process that has exited).
    await leftInProgress(user.user.id, key, 7);
    const retry = await requestDeposit(user.token, key);
    expect([retry.status, replayed(retry)]).toEqual([200, undefined]);
    expect(await depositsOf(user.user.id)).toHaveLength(1);
    expect(await keyRow(user.user.id, key)).toMatchObject({ state: 'completed' });
  });

  it.runIf(testEngine === 'postgres')(
    'by a live instance: 409 while it lives, settled at once when it is gone',
    async () => {
      const user = await registerUser(t.app);
      const key = newKey();
      const other = createKeyOwner(faults.database, t.app.log);
      await other.start();
      try {
        await leftInProgress(user.user.id, key, other.id);
        const running = await requestDeposit(user.token, key);
        expect(running.status).toBe(409);
        expect(running.body).toMatchObject({
          message: IDEMPOTENCY_TEXTS.inProgress,
          data: { idempotency: 'in_progress' },
        });
      } finally {
        await other.stop();
      }
      const retry = await requestDeposit(user.token, key);
      expect([retry.status, replayed(retry)]).toEqual([200, undefined]);
      expect(await depositsOf(user.user.id)).toHaveLength(1);
    },
  );

  it('from before keys named their instance: 409, never run again', async () => {
    const user = await registerUser(t.app);
    const key = newKey();
    expect((await requestDeposit(user.token, key)).status).toBe(200);
    const mine = and(eq(idempotencyKeys.userId, user.user.id), eq(idempotencyKeys.key, key));
    await db()
      .update(idempotencyKeys)
      .set({
        state: 'in_progress',
        owner: null,
        attempt: null,
        responseStatus: null,
        responseBody: null,
        completedAt: null,
      })
      .where(mine);
    const running = await requestDeposit(user.token, key);
    expect(running.body).toMatchObject({ message: IDEMPOTENCY_TEXTS.inProgress });
    await db().update(idempotencyKeys).set({ createdAt: sql`now() - interval '10 minutes'` }).where(mine);
    const stale = await requestDeposit(user.token, key);
    expect([stale.status, stale.body.message]).toEqual([409, IDEMPOTENCY_TEXTS.outcomeUnknown]);
    expect(await depositsOf(user.user.id)).toHaveLength(1);
  });
});

describe(`a key taken over by a retry (${testEngine})`, () => {
  const sealOf = (key: HeldKey): Seal => ({ key, replyText: () => JSON.stringify({ success: true }) });

  it('its first attempt cannot commit an effect: KeyTakenOver, and its transaction rolls back', async () => {
    const user = await registerUser(t.app);
    const first: HeldKey = {
      userId: user.user.id,
      key: newKey(),
      fingerprint: 'f',
      owner: 1,
      attempt: randomUUID(),
    };
    expect(await claimKey(db(), first, 24)).toBe(true);
    const retry: HeldKey = { ...first, owner: 2, attempt: randomUUID() };
    expect(await takeOverKey(db(), retry, first.attempt)).toBe(true);

    const effectKey = newKey();
    const effect = (held: HeldKey) =>
      db().transaction(async (tx) => {
        // The attempt's "effect": a row written in its transaction.
        await tx.insert(idempotencyKeys).values({
          userId: user.user.id,
          key: `${effectKey}-${held.attempt}`,
          fingerprint: 'effect',
          expiresAt: sql`now() + interval '1 day'`,
        });
        await sealEffect(tx, sealOf(held), null);
      });
    await expect(effect(first)).rejects.toBeInstanceOf(KeyTakenOver);
    expect(await keyRow(user.user.id, `${effectKey}-${first.attempt}`)).toBeUndefined();
    expect(await keyRow(user.user.id, first.key)).toMatchObject({
      state: 'in_progress',
      attempt: retry.attempt,
    });

    await effect(retry);
    expect(await keyRow(user.user.id, `${effectKey}-${retry.attempt}`)).toBeDefined();
    expect(await keyRow(user.user.id, first.key)).toMatchObject({
      state: 'completed',
      responseStatus: 200,
      responseBody: { success: true },
    });
    // Completed: neither attempt can take it or complete it again.
    expect(await takeOverKey(db(), first, retry.attempt)).toBe(false);
  });
});
