import type { OwnOrder, UserDeposit, UserTransaction } from '@platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { fundUser, insertDepositChannel } from '../../test/money.ts';
import { recordTick } from '../trading/testing/trading-fixtures.ts';

/**
 * What a statement row links to (issue 20): the user's own deposit, withdrawal (withdrawals.payout-
 * hash.test.ts) or order, each readable by its owner alone; anyone else's is a 404.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/wallet/deposits/{id}', () => {
  it('answers the owner and nobody else', async () => {
    const channel = await insertDepositChannel(t.database.db);
    const user = await registerUser(t.app);
    const made = await api<{ deposit: UserDeposit }>(t.app, 'POST', '/api/wallet/deposits', {
      token: user.token,
      body: { channel_id: channel.id, amount: '25', tx_hash: 'b'.repeat(64) },
    });
    const id = made.body.data?.deposit.id as number;
    const own = await api<{ deposit: UserDeposit }>(t.app, 'GET', `/api/wallet/deposits/${id}`, {
      token: user.token,
    });
    expect(own.status).toBe(200);
    expect(own.body.data?.deposit).toEqual(made.body.data?.deposit);

    const stranger = await registerUser(t.app);
    const admin = await createAdmin(t, 'admin');
    for (const token of [stranger.token, admin.token]) {
      const res = await api(t.app, 'GET', `/api/wallet/deposits/${id}`, { token });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('充值记录不存在');
    }
    const bad = await api(t.app, 'GET', '/api/wallet/deposits/abc', { token: user.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('id');
    expect((await api(t.app, 'GET', `/api/wallet/deposits/${id}`)).status).toBe(401);
  });
});

describe('GET /api/trading/orders/{id}', () => {
  it('answers the owner with the flash contract, which the statement rows of the stake name', async () => {
    const user = await registerUser(t.app);
    await fundUser(t.database.db, user.user.id, '100');
    await recordTick(t.database.db, 'ETHUSDT', '3000.5', Date.now());
    const placed = await api<OwnOrder>(t.app, 'POST', '/api/trading/flash/order', {
      token: user.token,
      body: { symbol: 'ETHUSDT', direction: 'up', amount: '10', duration: 30 },
    });
    expect(placed.status).toBe(200);
    const orderId = placed.body.data?.order.id as number;

    const own = await api<OwnOrder>(t.app, 'GET', `/api/trading/orders/${orderId}`, { token: user.token });
    expect(own.status).toBe(200);
    expect(own.body.data?.order).toMatchObject({ id: orderId, product: 'flash', symbol: 'ETHUSDT' });
    expect(own.body.data?.contract).toMatchObject({
      order_id: orderId,
      stake: '10',
      entry: { price: '3000.5' },
      status: 'open',
    });

    const statement = await api<{ transactions: UserTransaction[] }>(
      t.app,
      'GET',
      '/api/wallet/transactions',
      {
        token: user.token,
      },
    );
    const stake = statement.body.data?.transactions[0];
    expect(stake).toMatchObject({
      kind: 'flash_open',
      movement: 'freeze',
      amount: '0.000000000000000000',
      reference: { kind: 'order', id: orderId },
    });

    const stranger = await registerUser(t.app);
    const foreign = await api(t.app, 'GET', `/api/trading/orders/${orderId}`, { token: stranger.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('订单不存在');
    expect((await api(t.app, 'GET', '/api/trading/orders/99999999', { token: user.token })).status).toBe(404);
    expect((await api(t.app, 'GET', '/api/trading/orders/-1', { token: user.token })).status).toBe(400);
  });
});
