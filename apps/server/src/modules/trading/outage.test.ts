import { FLASH_CONFIG_SETTING_KEY, type TimedContract } from '@platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../db/client.ts';
import { api, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { createTestDatabase, type TestDatabase, testEngine } from '../../test/database.ts';
import { sleep } from '../../test/fixtures.ts';
import { fundUser } from '../../test/money.ts';
import { startTcpRelay, type TcpRelay } from '../../test/tcp-relay.ts';
import { writeSetting } from '../jobs/settings.ts';
import { assertLedgerOk } from '../reconciliation/ledger-check.ts';
import { SETTLEMENT_TICK_TOLERANCE_MS } from './reference-prices.ts';

/**
 * Issue 31: an 8-second database outage must not void the contracts that expire inside it. The
 * app's own jobs run (price recorder, settlement) with the database behind a relay that is cut
 * (every connection reset, new ones refused) for 8 s; the ticks observed meanwhile are written when
 * it returns, and each contract settles on the price of its own expiry.
 */

describe.skipIf(testEngine !== 'postgres')('an 8 s database outage', () => {
  let target: TestDatabase;
  let relay: TcpRelay;
  let t: TestApp;

  beforeAll(async () => {
    target = await createTestDatabase();
    relay = await startTcpRelay(target.url as string);
    t = await createTestApp({ TRADING_JOBS_AUTOSTART: 'true' }, () =>
      openPostgres(relay.url(target.url as string), 6, {
        statementTimeoutMs: 10_000,
        lockTimeoutMs: 1000,
        connectTimeoutMs: 1000,
      }),
    );
    await writeSetting(
      target.db,
      FLASH_CONFIG_SETTING_KEY,
      { durations: [{ seconds: 5, payout_rate: '0.5' }], min_stake: '1', max_stake: '1000' },
      null,
    );
  }, 60_000);
  afterAll(async () => {
    relay?.partition(false);
    await t?.close();
    await relay?.close();
    await target?.close();
  });

  it('voids no contract that expired inside it: each settles on its expiry price', async () => {
    const user = await registerUser(t.app);
    await fundUser(target.db, user.user.id, '1000');
    // Wait for the flash config to reach the instance's copy, then place six 5 s contracts 0.5 s apart.
    await sleep(1200);
    const placed: TimedContract[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await api<{ contract: TimedContract }>(t.app, 'POST', '/api/trading/flash/order', {
        token: user.token,
        body: { symbol: 'BTCUSDT', direction: i % 2 ? 'up' : 'down', amount: '10', duration: 5 },
      });
      expect(res.status, res.body.message).toBe(200);
      placed.push(res.body.data!.contract);
      await sleep(500);
    }
    // Every expiry falls inside the outage.
    const cutAt = Date.now();
    relay.partition(true, { newConnections: 'refuse' });
    relay.resetAll();
    expect(Date.parse(placed[0]!.expires_at)).toBeGreaterThan(cutAt);
    await sleep(8000);
    relay.partition(false);
    expect(Date.parse(placed.at(-1)!.expires_at)).toBeLessThan(Date.now());

    const deadline = Date.now() + 20_000;
    let contracts: TimedContract[] = [];
    for (;;) {
      const res = await api<{ contracts: TimedContract[] }>(t.app, 'GET', '/api/trading/flash/history', {
        token: user.token,
      });
      contracts = res.status === 200 ? res.body.data!.contracts : [];
      if (contracts.length === 6 && contracts.every((c) => c.status === 'settled')) break;
      if (Date.now() > deadline) {
        const open = contracts.filter((c) => c.status === 'open');
        const ticks = await target.db.execute(
          sql`SELECT at, price FROM price_ticks WHERE symbol = 'BTCUSDT' AND at > ${new Date(cutAt - 10_000).toISOString()}::timestamptz ORDER BY at`,
        );
        throw new Error(
          `not settled: ${JSON.stringify({ cutAt: new Date(cutAt).toISOString(), open: open.map((c) => [c.opened_at, c.expires_at]), ticks: (ticks as unknown as { rows: unknown[] }).rows })}`,
        );
      }
      await sleep(250);
    }
    for (const c of contracts) {
      expect(c.outcome).not.toBe('void');
      const priceAt = Date.parse(c.settlement!.at);
      expect(priceAt).toBeLessThanOrEqual(Date.parse(c.expires_at));
      expect(priceAt).toBeGreaterThan(Date.parse(c.expires_at) - SETTLEMENT_TICK_TOLERANCE_MS);
    }
    await assertLedgerOk(target.db);
  }, 60_000);
});
