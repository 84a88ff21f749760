import { randomUUID } from 'node:crypto';
import type { AdminWithdrawal, UserWithdrawal } from '@platform/contracts';
import { PAYOUT_TX_HASH_ONLY_ON_COMPLETION } from '@platform/contracts';
import { PAYOUT_TX_HASH_TEXTS } from '@platform/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../i18n/i18n.ts';
import { auditRows } from '../../test/admin.ts';
import {
  api,
  type createAdmin,
  createApprover,
  createTestApp,
  registerUser,
  saveApproved,
  type TestApp,
} from '../../test/app.ts';
import {
  approveKyc,
  ERC20_ADDRESS,
  fundUser,
  insertWithdrawChannel,
  payoutTxHash,
  TRC20_ADDRESS,
} from '../../test/money.ts';
import { ledgerTransactions } from '../ledger/ledger.schema.ts';
import { getUserWallets } from '../ledger/ledger.service.ts';
import { assertLedgerOk } from '../reconciliation/ledger-check.ts';
import { PAYOUT_TX_HASH_REFUSALS, withdrawalKey } from './withdrawals.service.ts';

/**
 * 已出款 of a USDT withdrawal names its payout (issue 20): the admin enters the transaction hash,
 * checked against the address's network, stored, audited and shown to the admin and the owner.
 */

type Admin = Awaited<ReturnType<typeof createAdmin>>;
let t: TestApp;
let alice: Admin;
let bob: Admin;

beforeAll(async () => {
  t = await createTestApp();
  // Approvers: dual control counts their approvals at once (createAdmin's only after 24 h).
  alice = await createApprover(t, 'admin');
  bob = await createApprover(t, 'admin');
  await insertWithdrawChannel(t.database.db, { feeRate: '0.01', maxAmount: '1000000' });
  await insertWithdrawChannel(t.database.db, {
    name: '支付宝提现',
    type: 'alipay',
    feeRate: '0',
    minAmount: '1',
  });
});
afterAll(() => t.close());

const db = () => t.database.db;

async function owner() {
  const user = await registerUser(t.app);
  await approveKyc(db(), user.user.id);
  await fundUser(db(), user.user.id, '100000');
  return user;
}

async function withdrawalOf(token: string, body: Record<string, unknown> = {}) {
  const res = await api<{ withdrawal: UserWithdrawal }>(t.app, 'POST', '/api/wallet/withdrawals', {
    token,
    headers: { 'Idempotency-Key': randomUUID() },
    body: { withdraw_type: 'usdt', amount: '100', address: TRC20_ADDRESS, ...body },
  });
  if (res.status !== 200) throw new Error(res.body.message);
  return res.body.data?.withdrawal.id as number;
}

const move = (id: number, body: Record<string, unknown>, admin: Admin = alice, key?: string) =>
  api<{ withdrawal: AdminWithdrawal }>(t.app, 'PATCH', `/api/admin/withdrawals/${id}/status`, {
    token: admin.token,
    body,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

/** A withdrawal moved on to 出款中, ready to be completed. */
async function processing(token: string, body: Record<string, unknown> = {}) {
  const id = await withdrawalOf(token, body);
  for (const status of ['approved', 'processing']) expect((await move(id, { status })).status).toBe(200);
  return id;
}

/** An Alipay withdrawal moved on to 出款中 (no payout hash to give). */
const alipayProcessing = (token: string) =>
  processing(token, {
    withdraw_type: 'alipay',
    address: undefined,
    account_info: { account: 'alice@alipay', name: '张三' },
  });

const completions = async (id: number) =>
  (
    await db()
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, withdrawalKey(id, 'complete')))
  ).length;

const ownView = (token: string, id: number) =>
  api<{ withdrawal: UserWithdrawal }>(t.app, 'GET', `/api/wallet/withdrawals/${id}`, { token });

describe('completing a USDT withdrawal', () => {
  it('needs the payout hash: without one, a 400 in Chinese and nothing moves', async () => {
    const user = await owner();
    const id = await processing(user.token);
    const before = await getUserWallets(db(), user.user.id);
    for (const body of [{ status: 'completed' }, { status: 'completed', tx_hash: '   ' }]) {
      const res = await move(id, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(PAYOUT_TX_HASH_TEXTS.required);
    }
    expect((await ownView(user.token, id)).body.data?.withdrawal).toMatchObject({
      status: 'processing',
      tx_hash: null,
    });
    expect(await getUserWallets(db(), user.user.id)).toEqual(before);
    expect(await completions(id)).toBe(0);
    expect(
      (await auditRows(t, 'withdrawal.status', id)).map((r) => (r.after as { status: string }).status),
    ).toEqual(['processing', 'approved']);
  });

  it('checks the hash against the address network and refuses other shapes', async () => {
    const user = await owner();
    const trc = await processing(user.token);
    const erc = await processing(user.token, { address: ERC20_ADDRESS });
    const hash = payoutTxHash();
    const refused: [number, string, string][] = [
      [trc, `0x${hash}`, PAYOUT_TX_HASH_TEXTS.TRC20],
      [trc, hash.slice(2), PAYOUT_TX_HASH_TEXTS.TRC20],
      [trc, `${hash.slice(1)}z`, PAYOUT_TX_HASH_TEXTS.TRC20],
      [erc, '0x1234', PAYOUT_TX_HASH_TEXTS.ERC20],
      [erc, 'not a hash', PAYOUT_TX_HASH_TEXTS.ERC20],
    ];
    for (const [id, txHash, message] of refused) {
      const res = await move(id, { status: 'completed', tx_hash: txHash });
      expect(res.status, txHash).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const wrongType = await move(trc, { status: 'completed', tx_hash: 12345 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toContain('交易哈希必须是文本');
    const tooLong = await move(trc, { status: 'completed', tx_hash: 'a'.repeat(201) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toContain('交易哈希不能超过200个字符');
    expect(await completions(trc)).toBe(0);
    expect(await completions(erc)).toBe(0);
  });

  it('stores the hash in its network form, audits it and shows it to the admin and the owner only', async () => {
    const user = await owner();
    const trc = await processing(user.token);
    const erc = await processing(user.token, { address: ERC20_ADDRESS });
    const trcHash = payoutTxHash();
    const ercHash = payoutTxHash();

    const done = await move(trc, { status: 'completed', tx_hash: ` ${trcHash.toUpperCase()}\u200b ` });
    expect(done.status).toBe(200);
    expect(done.body.data?.withdrawal).toMatchObject({ status: 'completed', tx_hash: trcHash });
    const doneErc = await move(erc, { status: 'completed', tx_hash: ercHash });
    expect(doneErc.body.data?.withdrawal.tx_hash).toBe(`0x${ercHash}`);

    const [audit] = await auditRows(t, 'withdrawal.status', trc);
    expect(audit?.before).toMatchObject({ status: 'processing', tx_hash: null });
    expect(audit?.after).toMatchObject({ status: 'completed', tx_hash: trcHash, network: 'TRC20' });

    const listed = await api<{ withdrawals: AdminWithdrawal[] }>(
      t.app,
      'GET',
      `/api/admin/withdrawals?search=${trc}`,
      { token: bob.token },
    );
    expect(listed.body.data?.withdrawals.find((w) => w.id === trc)?.tx_hash).toBe(trcHash);
    const own = await api<{ withdrawals: UserWithdrawal[] }>(t.app, 'GET', '/api/wallet/withdrawals', {
      token: user.token,
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(own.body.data?.withdrawals.find((w) => w.id === erc)?.tx_hash).toBe(`0x${ercHash}`);
    expect((await ownView(user.token, trc)).body.data?.withdrawal).toMatchObject({
      id: trc,
      status: 'completed',
      tx_hash: trcHash,
    });

    // Another user, and an admin through the user call, see no such withdrawal.
    const stranger = await registerUser(t.app);
    for (const token of [stranger.token, alice.token]) {
      const res = await ownView(token, trc);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('提现记录不存在');
    }
    expect((await ownView(user.token, 0)).status).toBe(400);
    expect((await api(t.app, 'GET', `/api/wallet/withdrawals/${trc}`)).status).toBe(401);
    await assertLedgerOk(db());
  });

  it('refuses a hash that already paid another withdrawal (409), however it is written', async () => {
    const user = await owner();
    const first = await processing(user.token);
    const second = await processing(user.token);
    const hash = payoutTxHash();
    expect((await move(first, { status: 'completed', tx_hash: hash })).status).toBe(200);
    const again = await move(second, { status: 'completed', tx_hash: hash.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`该交易哈希已用于提现 #${first}`);
    expect(again.body.message).toBe(render('zh-CN', PAYOUT_TX_HASH_REFUSALS.reused(first)));
    expect(await completions(second)).toBe(0);
    expect((await ownView(user.token, second)).body.data?.withdrawal.status).toBe('processing');
  });

  it('takes a hash only with 已出款, and none for wechat or alipay', async () => {
    const user = await owner();
    const id = await withdrawalOf(user.token);
    const early = await move(id, { status: 'approved', tx_hash: payoutTxHash() });
    expect(early.status).toBe(400);
    expect(early.body.message).toContain(PAYOUT_TX_HASH_ONLY_ON_COMPLETION);
    expect((await ownView(user.token, id)).body.data?.withdrawal.status).toBe('pending');

    const alipay = await alipayProcessing(user.token);
    const withHash = await move(alipay, { status: 'completed', tx_hash: payoutTxHash() });
    expect(withHash.status).toBe(400);
    expect(withHash.body.message).toBe('微信、支付宝提现无需填写交易哈希');
    const paid = await move(alipay, { status: 'completed', adminNote: '已打款' });
    expect(paid.status).toBe(200);
    expect(paid.body.data?.withdrawal).toMatchObject({ status: 'completed', tx_hash: null });
  });

  it('in English: the payout hash’s refusals in the admin’s language', async () => {
    const user = await owner();
    const first = await processing(user.token);
    const second = await processing(user.token);
    const hash = payoutTxHash();
    expect((await move(first, { status: 'completed', tx_hash: hash })).status).toBe(200);
    const inEnglish = (id: number, body: Record<string, unknown>) =>
      api(t.app, 'PATCH', `/api/admin/withdrawals/${id}/status`, {
        token: alice.token,
        body,
        headers: { 'accept-language': 'en' },
      });
    const reused = await inEnglish(second, { status: 'completed', tx_hash: hash });
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe(`This transaction hash is already used by withdrawal #${first}`);
    const alipay = await alipayProcessing(user.token);
    const withHash = await inEnglish(alipay, { status: 'completed', tx_hash: payoutTxHash() });
    expect(withHash.status).toBe(400);
    expect(withHash.body.message).toBe('WeChat and Alipay withdrawals take no transaction hash');
  });

  it('is part of the request: a replay returns the first reply, another hash under the key is 422', async () => {
    const user = await owner();
    const id = await processing(user.token);
    const hash = payoutTxHash();
    const key = `complete-${id}`;
    const first = await move(id, { status: 'completed', tx_hash: hash }, alice, key);
    expect(first.status).toBe(200);
    const replay = await move(id, { status: 'completed', tx_hash: hash }, alice, key);
    expect(replay.raw.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.data?.withdrawal.tx_hash).toBe(hash);
    const other = await move(id, { status: 'completed', tx_hash: payoutTxHash() }, alice, key);
    expect(other.status).toBe(422);
    expect((await ownView(user.token, id)).body.data?.withdrawal.tx_hash).toBe(hash);
    expect(await completions(id)).toBe(1);
  });

  it('cannot be done in bulk for USDT (each needs its hash); payee withdrawals still can', async () => {
    const user = await owner();
    const usdt = await processing(user.token);
    const alipay = await alipayProcessing(user.token);
    const res = await api<{ processedIds: number[]; skipped: { id: number; reason: string }[] }>(
      t.app,
      'POST',
      '/api/admin/withdrawals/bulk-status',
      { token: alice.token, body: { ids: [usdt, alipay], status: 'completed' } },
    );
    expect(res.status).toBe(200);
    expect(res.body.data?.processedIds).toEqual([alipay]);
    expect(res.body.data?.skipped).toEqual([{ id: usdt, reason: 'USDT 提现需逐笔出款并填写交易哈希' }]);
    expect(await completions(usdt)).toBe(0);
    // In English: the skipped reason in the admin's language.
    const english = await api<{ skipped: { id: number; reason: string }[] }>(
      t.app,
      'POST',
      '/api/admin/withdrawals/bulk-status',
      {
        token: alice.token,
        body: { ids: [usdt], status: 'completed' },
        headers: { 'accept-language': 'en' },
      },
    );
    expect(english.body.data?.skipped).toEqual([
      { id: usdt, reason: 'USDT withdrawals are paid out one at a time, each with its transaction hash' },
    ]);
  });

  it('survives dual control: approved by two admins, completed by one of them with its hash', async () => {
    const root = await createApprover(t, 'super_admin');
    const thresholds = await saveApproved(t, 'PUT', '/api/admin/settings/approval-thresholds', {
      token: root.token,
      body: { deposit: '10000', withdrawal: '50', payout: '5000' },
    });
    expect(thresholds.status).toBe(200);
    try {
      const user = await owner();
      const id = await withdrawalOf(user.token, { amount: '500' });
      const first = await move(id, { status: 'approved' }, alice);
      expect(first.body.data?.withdrawal.status).toBe('pending');
      expect((await move(id, { status: 'approved' }, bob)).body.data?.withdrawal.status).toBe('approved');
      expect((await move(id, { status: 'processing' }, alice)).status).toBe(200);
      const hash = payoutTxHash();
      const done = await move(id, { status: 'completed', tx_hash: hash }, alice);
      expect(done.body.data?.withdrawal).toMatchObject({ status: 'completed', tx_hash: hash });
      const [audit] = await auditRows(t, 'withdrawal.status', id);
      expect(audit?.after).toMatchObject({ status: 'completed', tx_hash: hash, first_approved_by: alice.id });
      expect((await ownView(user.token, id)).body.data?.withdrawal.tx_hash).toBe(hash);
      await assertLedgerOk(db());
    } finally {
      await saveApproved(t, 'PUT', '/api/admin/settings/approval-thresholds', {
        token: root.token,
        body: { deposit: '10000', withdrawal: '10000', payout: '5000' },
      });
    }
  });
});
