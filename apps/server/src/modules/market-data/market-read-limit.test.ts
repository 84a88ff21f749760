import { afterAll, beforeAll, expect, it } from 'vitest';
import { api, createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MARKET_READ_RATE_LIMIT_PER_MINUTE: '3' });
});
afterAll(() => t?.close());

it('limits public market reads per client address, with the 429 text', async () => {
  for (let i = 0; i < 3; i++) expect((await api(t.app, 'GET', '/api/trading/pairs')).status).toBe(200);
  const limited = await api(t.app, 'GET', '/api/trading/pairs');
  expect(limited.status).toBe(429);
  expect(limited.body).toMatchObject({ success: false, message: '请求过于频繁，请稍后再试' });
});
