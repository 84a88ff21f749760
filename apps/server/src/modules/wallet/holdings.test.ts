import type { Holding, TradeOrder } from '@platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../core/money.ts';
import { api, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { sleep } from '../../test/fixtures.ts';
import { fundUser } from '../../test/money.ts';
import { assertLedgerOk } from '../reconciliation/ledger-check.ts';
import { recordTick } from '../trading/testing/trading-fixtures.ts';
import { movingAverageCost } from './holdings.ts';

/** GET /api/wallet/holdings (issue 33): cost and unrealised P&L of each held coin, from the user's own spot fills. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await assertLedgerOk(t.database.db);
  await t.close();
});

const holdingsOf = async (token: string) =>
  (await api<{ holdings: Holding[] }>(t.app, 'GET', '/api/wallet/holdings', { token })).body.data
    ?.holdings as Holding[];

async function market(token: string, side: 'buy' | 'sell', amount: string): Promise<TradeOrder> {
  const res = await api<{ order: TradeOrder }>(t.app, 'POST', '/api/trading/spot/order', {
    token,
    body: { symbol: 'BTCUSDT', side, type: 'market', amount },
  });
  const order = res.body.data?.order;
  if (order?.status === 'filled') return order;
  throw new Error(`order not filled: ${res.body.message}`);
}

describe('movingAverageCost', () => {
  it('averages buys by quantity and takes a sell out at the average', () => {
    const fills = [
      { side: 'buy' as const, quantity: '1', price: '100' },
      { side: 'buy' as const, quantity: '3', price: '200' },
      { side: 'sell' as const, quantity: '2', price: '500' },
    ];
    // (1 × 100 + 3 × 200) / 4 = 175; selling 2 leaves 2 at 175 (the sell price does not move it).
    const cost = movingAverageCost(fills);
    expect(cost.quantity.toFixed()).toBe('2');
    expect(cost.average?.toFixed()).toBe('175');
    // A new buy after the sell: (2 × 175 + 2 × 125) / 4 = 150.
    const more = movingAverageCost([...fills, { side: 'buy', quantity: '2', price: '125' }]);
    expect(more.average?.toFixed()).toBe('150');
  });

  it('never goes below zero when more is sold than was bought', () => {
    const cost = movingAverageCost([
      { side: 'buy', quantity: '1', price: '100' },
      { side: 'sell', quantity: '3', price: '100' },
    ]);
    expect(cost.quantity.toFixed()).toBe('0');
    expect(cost.average).toBeNull();
  });
});

describe('GET /api/wallet/holdings', () => {
  it('gives the moving-average cost of spot buys, a part sold, deposited coins as 成本未知, and the P&L at the index', async () => {
    const user = await registerUser(t.app);
    await fundUser(t.database.db, user.user.id, '100000');
    await fundUser(t.database.db, user.user.id, '0.004', 'BTC'); // no buy price: unknown cost
    const first = await market(user.token, 'buy', '0.01');
    await sleep(1600); // a fresh book: usually another price
    const second = await market(user.token, 'buy', '0.02');
    await market(user.token, 'sell', '0.015');

    // By hand: cost = the quote paid (Σ quantity × fill price), average over 0.03; the sale of 0.015
    // leaves 0.015 bought coins at that average; the 0.004 deposited keep no cost.
    const avg = new Decimal(first.quote_amount).plus(second.quote_amount).div('0.03');
    await recordTick(t.database.db, 'BTCUSDT', '70000', Date.now());
    const [btc] = await holdingsOf(user.token);
    expect(btc).toMatchObject({
      currency: 'BTC',
      quantity: '0.019000000000000000',
      known_quantity: '0.015000000000000000',
      unknown_quantity: '0.004000000000000000',
      avg_cost: avg.toDecimalPlaces(8).toFixed(),
      price_usdt: '70000',
      unrealised_pnl: new Decimal('70000').minus(avg).times('0.015').toFixed(8, Decimal.ROUND_HALF_UP),
      unrealised_pnl_percent: new Decimal('70000').minus(avg).div(avg).times(100).toFixed(2),
    });
    // USDT is the unit, not a holding.
    expect((await holdingsOf(user.token)).map((h) => h.currency)).toEqual(['BTC']);
  });

  it('shows only deposited coins as cost unknown, and a sale beyond the bought coins leaves no cost', async () => {
    const user = await registerUser(t.app);
    await fundUser(t.database.db, user.user.id, '1000');
    await fundUser(t.database.db, user.user.id, '0.004', 'BTC');
    await market(user.token, 'buy', '0.001');
    await market(user.token, 'sell', '0.003');
    const [btc] = await holdingsOf(user.token);
    expect(btc).toMatchObject({
      quantity: '0.002000000000000000',
      known_quantity: '0.000000000000000000',
      unknown_quantity: '0.002000000000000000',
      avg_cost: null,
      unrealised_pnl: null,
      unrealised_pnl_percent: null,
    });
  });

  it('is the caller’s own: another user’s fills never count, and a guest is refused', async () => {
    const buyer = await registerUser(t.app);
    await fundUser(t.database.db, buyer.user.id, '1000');
    await market(buyer.token, 'buy', '0.001');
    const other = await registerUser(t.app);
    await fundUser(t.database.db, other.user.id, '0.5', 'BTC');
    const [btc] = await holdingsOf(other.token);
    expect(btc).toMatchObject({ known_quantity: '0.000000000000000000', avg_cost: null });
    expect((await api(t.app, 'GET', '/api/wallet/holdings')).status).toBe(401);
  });
});
