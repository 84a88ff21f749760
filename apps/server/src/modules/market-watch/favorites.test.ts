import { FAVORITES_MAX, FAVORITES_MESSAGES } from '@platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, registerUser, type TestApp } from '../../test/app.ts';

/**
 * 自选 (issue 33): a user's favourite pairs on the server, replaced whole, only listed pairs, at
 * most FAVORITES_MAX; each user sees only their own; a delisted pair drops out of the answer.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const get = (token: string) => api<{ symbols: string[] }>(t.app, 'GET', '/api/user/favorites', { token });
const put = (token: string, body: unknown) =>
  api<{ symbols: string[] }>(t.app, 'PUT', '/api/user/favorites', { token, body });

describe('GET / PUT /api/user/favorites', () => {
  it('starts empty, keeps the order given, drops repeats and follows its owner only', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    expect((await get(a.token)).body.data).toEqual({ symbols: [] });

    const saved = await put(a.token, { symbols: ['ETHUSDT', 'btcusdt', 'ETHUSDT'] });
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.message).toBe(FAVORITES_MESSAGES.saved);
    expect(saved.body.data).toEqual({ symbols: ['ETHUSDT', 'BTCUSDT'] });
    expect((await get(a.token)).body.data).toEqual({ symbols: ['ETHUSDT', 'BTCUSDT'] });
    expect((await get(b.token)).body.data).toEqual({ symbols: [] });

    expect((await put(a.token, { symbols: [] })).body.data).toEqual({ symbols: [] });
    expect((await get(a.token)).body.data).toEqual({ symbols: [] });
  });

  it('refuses unknown pairs, bad input and too many with a Chinese 400, changing nothing', async () => {
    const { token } = await registerUser(t.app);
    await put(token, { symbols: ['BTCUSDT'] });
    const cases: [unknown, string | RegExp][] = [
      [{ symbols: ['BTCUSDT', 'NOPEUSDT'] }, FAVORITES_MESSAGES.notListed(['NOPEUSDT'])],
      [{ symbols: ['BTC/USDT'] }, new RegExp(FAVORITES_MESSAGES.badSymbol)],
      [{ symbols: 'BTCUSDT' }, new RegExp(FAVORITES_MESSAGES.symbolsRequired)],
      [{}, new RegExp(FAVORITES_MESSAGES.symbolsRequired)],
      [
        { symbols: Array.from({ length: FAVORITES_MAX + 1 }, () => 'BTCUSDT') },
        new RegExp(FAVORITES_MESSAGES.tooMany),
      ],
      [{ symbols: [42] }, new RegExp(FAVORITES_MESSAGES.badSymbol)],
    ];
    for (const [body, message] of cases) {
      const res = await put(token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await get(token)).body.data).toEqual({ symbols: ['BTCUSDT'] });
  });

  it('needs a signed-in user', async () => {
    expect((await api(t.app, 'GET', '/api/user/favorites')).status).toBe(401);
    expect((await api(t.app, 'PUT', '/api/user/favorites', { body: { symbols: [] } })).status).toBe(401);
  });

  it('leaves a delisted pair out of the answer and refuses it in a save', async () => {
    const { token } = await registerUser(t.app);
    await put(token, { symbols: ['BTCUSDT', 'ETHUSDT'] });
    await t.database.db.execute(sql`UPDATE trading_pairs SET enabled = false WHERE symbol = 'ETHUSDT'`);
    try {
      expect((await get(token)).body.data).toEqual({ symbols: ['BTCUSDT'] });
      const res = await put(token, { symbols: ['ETHUSDT'] });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(FAVORITES_MESSAGES.notListed(['ETHUSDT']));
    } finally {
      await t.database.db.execute(sql`UPDATE trading_pairs SET enabled = true WHERE symbol = 'ETHUSDT'`);
    }
    expect((await get(token)).body.data).toEqual({ symbols: ['BTCUSDT', 'ETHUSDT'] });
  });
});
