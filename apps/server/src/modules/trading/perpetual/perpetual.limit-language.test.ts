import { PERPETUAL_CONFIG_KEY, type PerpetualLimitOrder, type TradeOrder } from '@platform/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.ts';
import { api, createTestApp, type TestApp } from '../../../test/app.ts';
import { appSettings } from '../../jobs/jobs.schema.ts';
import { writeSetting } from '../../jobs/settings.ts';
import type { PerLanguage } from '../../realtime/realtime.ts';
import { perpetualClient, setPrice } from './perpetual.test-helpers.ts';

/**
 * A limit order's cancel reason in the reader's language (issue 38): stored in zh-CN, said in
 * English to an English reader in the cancel's reply and in the push of an order the trigger could
 * not open (each socket its own language); zh-CN as before.
 */

let t: TestApp;
let db: Db;
let c: ReturnType<typeof perpetualClient>;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  c = perpetualClient(t);
});
afterAll(() => t.close());

type Placed = { order: TradeOrder; limit_order: PerpetualLimitOrder };
const place = (token: string, body: Record<string, unknown>) =>
  api<Placed>(t.app, 'POST', '/api/trading/perpetual/order', { token, body: { type: 'limit', ...body } });
const cancel = (token: string, id: number, language: string) =>
  api<Placed>(t.app, 'POST', `/api/trading/perpetual/limit-orders/${id}/cancel`, {
    token,
    headers: { 'Accept-Language': language },
  });

describe('a limit order’s cancel reason in the reader’s language', () => {
  it('the user’s cancel answers its reason in the request’s language', async () => {
    const { token } = await c.trader();
    await setPrice(db, 'DOTUSDT', '5');
    const order = { symbol: 'DOTUSDT', side: 'long', margin: '20', leverage: 5, price: '4' };
    const first = await place(token, order);
    expect(first.status, first.body.message).toBe(200);
    const english = await cancel(token, first.body.data!.order.id, 'en');
    expect(english.status, english.body.message).toBe(200);
    expect(english.body.message).toBe('Order cancelled');
    expect(english.body.data?.limit_order.cancel_reason).toBe('Cancelled by the user');

    const second = await place(token, order);
    const chinese = await cancel(token, second.body.data!.order.id, 'zh-CN');
    expect(chinese.body.data?.limit_order.cancel_reason).toBe('用户撤单');
  });

  it('the trigger’s push of an order it could not open carries the reason per language', async () => {
    const { token, id } = await c.trader();
    await setPrice(db, 'ADAUSDT', '1');
    const placed = await place(token, {
      symbol: 'ADAUSDT',
      side: 'short',
      margin: '30',
      leverage: 20,
      price: '1.1',
    });
    expect(placed.status, placed.body.message).toBe(200);
    const events: unknown[][] = [];
    try {
      await writeSetting(db, PERPETUAL_CONFIG_KEY, { leverages: [5, 10] }, null);
      const at = await setPrice(db, 'ADAUSDT', '1.2');
      expect(await c.jobEngine(at, events).triggerLimitOrders(new Date(at))).toEqual({
        opened: 0,
        cancelled: 1,
      });
    } finally {
      await db.delete(appSettings).where(eq(appSettings.key, PERPETUAL_CONFIG_KEY));
    }
    const [pushed] = events.filter(([userId]) => userId === id);
    const payload = pushed?.[2] as PerLanguage;
    const said = (language: 'en' | 'zh-CN') =>
      payload.perLanguage(language) as { order: TradeOrder; limit_order: PerpetualLimitOrder };
    expect(said('en').order).toMatchObject({ id: placed.body.data!.order.id, status: 'cancelled' });
    expect(said('en').limit_order).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Could not open when triggered: This leverage is not offered; choose one of: 5, 10x',
    });
    expect(said('zh-CN').limit_order.cancel_reason).toBe('触发时无法开仓：不支持该杠杆倍数，可选：5、10 倍');
  });
});
