import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { createTestUsers } from '../ledger/ledger.test-helpers.ts';
import { insertOrdersWithDetails, type NewOrder } from './orders.repository.ts';
import { spotFills, tradeOrders } from './trading.schema.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const at = new Date('2026-11-26T10:00:00.000Z');
const order = (userId: number, amount: string, clientOrderId: string | null): NewOrder => ({
  userId,
  product: 'spot',
  symbol: 'BTCUSDT',
  baseCurrency: 'BTC',
  quoteCurrency: 'USDT',
  side: 'buy',
  orderType: 'market',
  amount,
  amountCurrency: 'BTC',
  filledAmount: amount,
  status: 'filled',
  clientOrderId,
  createdAt: at,
  updatedAt: at,
});
const fill = (amount: string) => ({
  seq: 1,
  quantity: amount,
  price: '50000',
  quoteAmount: '1',
  fee: '0.001',
  priceSource: 'sim',
  priceAt: at,
});

describe('insertOrdersWithDetails', () => {
  it('writes orders and their detail rows in one statement, each detail naming its own order, in the order given', async () => {
    const userIds = await createTestUsers(database.db, 3);
    const amounts = ['0.3', '0.1', '0.2'];
    const written = await database.db.transaction((tx) =>
      insertOrdersWithDetails(
        tx,
        amounts.map((a, i) => order(userIds[i] as number, a, i === 1 ? null : `c-${i}`)),
        { table: spotFills, rows: amounts.map(fill) },
      ),
    );
    expect(written.map((w) => [w.order.userId, Number(w.order.amount), w.order.clientOrderId])).toEqual([
      [userIds[0], 0.3, 'c-0'],
      [userIds[1], 0.1, null],
      [userIds[2], 0.2, 'c-2'],
    ]);
    for (const { order: o, detail } of written) {
      expect(detail.orderId).toBe(o.id);
      expect(Number(detail.quantity)).toBe(Number(o.amount));
      expect(o.createdAt).toEqual(at);
      expect(detail.priceAt).toEqual(at);
    }
    const stored = await database.db
      .select()
      .from(spotFills)
      .where(
        inArray(
          spotFills.orderId,
          written.map((w) => w.order.id),
        ),
      );
    expect(stored).toHaveLength(3);
  });

  it('writes nothing when one row is refused (the whole statement fails)', async () => {
    const [userId] = await createTestUsers(database.db, 1);
    const rows = [order(userId as number, '1', 'dup'), order(userId as number, '2', 'dup')];
    await expect(
      database.db.transaction((tx) =>
        insertOrdersWithDetails(tx, rows, { table: spotFills, rows: [fill('1'), fill('2')] }),
      ),
    ).rejects.toThrow();
    expect(
      await database.db
        .select()
        .from(tradeOrders)
        .where(eq(tradeOrders.userId, userId as number)),
    ).toEqual([]);
  });
});
