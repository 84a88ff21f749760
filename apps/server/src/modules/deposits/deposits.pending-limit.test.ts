import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { testEngine } from '../../test/database.ts';
import { insertDepositChannel } from '../../test/money.ts';
import { MAX_PENDING_DEPOSITS_PER_USER } from './deposits.service.ts';

/**
 * On PostgreSQL the requests run in parallel transactions (a pool of 20 connections), so without a
 * per-user lock each counts the same pending deposits before any inserts and all of them pass; on
 * PGlite one transaction runs at a time and the test only checks the limit itself.
 */

let t: TestApp;
let channelId: number;

beforeAll(async () => {
  t = await createTestApp();
  channelId = (await insertDepositChannel(t.database.db)).id;
});
afterAll(() => t.close());

describe(`the pending-deposit limit under concurrent requests (${testEngine})`, () => {
  it(`lets exactly ${MAX_PENDING_DEPOSITS_PER_USER} of 20 simultaneous requests through`, async () => {
    const user = await registerUser(t.app);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        api(t.app, 'POST', '/api/wallet/deposits', {
          token: user.token,
          body: { channel_id: channelId, amount: '100' },
        }),
      ),
    );
    const accepted = replies.filter((r) => r.status === 200);
    const refused = replies.filter((r) => r.status !== 200);
    expect(accepted).toHaveLength(MAX_PENDING_DEPOSITS_PER_USER);
    for (const r of refused)
      expect(r.body.message).toBe(`待审核的充值申请不能超过${MAX_PENDING_DEPOSITS_PER_USER}笔，请等待审核`);

    const own = await api<{ pagination: { total: number } }>(t.app, 'GET', '/api/wallet/deposits', {
      token: user.token,
    });
    expect(own.body.data?.pagination.total).toBe(MAX_PENDING_DEPOSITS_PER_USER);
  });
});
