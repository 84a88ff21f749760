import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { fundedUser, walletOf } from '../../test/fixtures.ts';
import { insertWithdrawChannel } from '../../test/money.ts';

/**
 * A withdrawal's refusals in the request's language (issue 38): the standing conditions (the 422's
 * message and data.reasons), the amount's places and the channel's limits. zh-CN is the spec's
 * wording, unchanged (withdrawals.test.ts holds the rest of it).
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await insertWithdrawChannel(t.database.db, { feeRate: '0.015' });
});
afterAll(() => t.close());

const requestWithdrawal = (token: string, language: string, body: Record<string, unknown> = {}) =>
  api<{ reasons: string[] }>(t.app, 'POST', '/api/wallet/withdrawals', {
    token,
    headers: { 'Idempotency-Key': randomUUID(), 'Accept-Language': language },
    body: { withdraw_type: 'usdt', amount: '100', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', ...body },
  });

describe('withdrawal refusals in the request’s language', () => {
  it('says why the user cannot withdraw at all, in the message and data.reasons', async () => {
    const noKyc = await registerUser(t.app);
    const english = await requestWithdrawal(noKyc.token, 'en');
    expect(english.status).toBe(422);
    expect(english.body.message).toBe('You cannot withdraw yet: Complete identity verification (KYC) first');
    expect(english.body.data).toEqual({ reasons: ['Complete identity verification (KYC) first'] });

    const chinese = await requestWithdrawal(noKyc.token, 'zh-CN');
    expect(chinese.body.message).toBe('暂不能提现：请先完成实名认证（KYC）');
    expect(chinese.body.data).toEqual({ reasons: ['请先完成实名认证（KYC）'] });
  });

  it('names the amount’s places and the channel’s limits, and freezes nothing', async () => {
    const user = await fundedUser(t, '100000');
    const places = await requestWithdrawal(user.token, 'en', { amount: '12.123' });
    expect(places.status).toBe(400);
    expect(places.body.message).toBe('Withdrawal amount can have at most 2 decimal places');
    expect((await requestWithdrawal(user.token, 'zh-CN', { amount: '12.123' })).body.message).toBe(
      '提现金额最多保留 2 位小数',
    );

    const tooLittle = await requestWithdrawal(user.token, 'en', { amount: '5' });
    expect(tooLittle.status).toBe(422);
    expect(tooLittle.body.message).toBe('Withdrawal amount must be at least 10 USDT');
    expect(tooLittle.body.data).toEqual({ reasons: ['Withdrawal amount must be at least 10 USDT'] });
    const tooMuch = await requestWithdrawal(user.token, 'zh-CN', { amount: '60000' });
    expect(tooMuch.body.message).toBe('提现金额不能高于 50000 USDT');
    expect(tooMuch.body.data).toEqual({ reasons: ['提现金额不能高于 50000 USDT'] });

    expect((await walletOf(t, user.token)).wallets[0]).toMatchObject({
      frozen_balance: '0.000000000000000000',
    });
  });

  it('says the balance it lacks and a hold after a security change', async () => {
    const poor = await fundedUser(t, '50');
    /** One refusal (422) with its single reason, in English and in Chinese. */
    async function refusedIn(amount: string, english: string, chinese: string) {
      for (const [language, text] of [
        ['en', english],
        ['zh-CN', chinese],
      ] as const) {
        const res = await requestWithdrawal(poor.token, language, { amount });
        expect(res.status).toBe(422);
        expect(res.body.message).toBe(text);
        expect(res.body.data).toEqual({ reasons: [text] });
      }
    }
    await refusedIn(
      '60',
      'Insufficient available balance: 60.90 USDT needed (fee 0.90 included), 50.00 available',
      '可用余额不足：需要 60.90 USDT（含手续费 0.90），可用 50.00',
    );
    await t.database.db.execute(
      sql`UPDATE users SET withdrawals_held_until = TIMESTAMPTZ '2099-01-01 00:00:00+08' WHERE id = ${poor.user.id}`,
    );
    await refusedIn(
      '10',
      'To keep your funds safe, you cannot withdraw for 24 hours after a security change (until 2099-01-01 00:00)',
      '为保护资金安全，安全设置变更后 24 小时内不能提现（至 2099-01-01 00:00）',
    );
  });
});
