import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerOk } from '../modules/reconciliation/ledger-check.ts';
import { createTestDatabase, type TestDatabase, terminateBackends, testEngine } from './database.ts';
import { registerOn, sleep } from './fixtures.ts';
import { approveKyc, fundUser, insertWithdrawChannel, TRC20_ADDRESS } from './money.ts';
import { callServer, logRecords, type ServerProcess, startServer, stopServer } from './server-process.ts';
import { startTcpRelay, type TcpRelay } from './tcp-relay.ts';

/**
 * The faults a real database and network produce, under load (issue 31): two instances reach
 * PostgreSQL through a TCP relay while clients place spot and flash orders and request
 * withdrawals. Backends terminated, connections reset, the database refusing and then back, and a
 * silent partition: no instance exits or logs an uncaught error, requests fail as 503 (never 500,
 * never a wait past the bound), health answers within a second, both instances serve again within
 * 2 s of the database's return, and the ledger verifier is green after each fault.
 */

const CONNECT_TIMEOUT_MS = 1_000;
/** What a request may wait on a silent database: the connect timeout and a few seconds. */
const WAIT_BOUND_MS = CONNECT_TIMEOUT_MS + 3_000;
const CLIENTS = 6;
const SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'];

interface Outcome {
  status: number | 'cut';
  ms: number;
  message: string;
}

describe.skipIf(testEngine !== 'postgres')(
  'database faults under load, two instances through a relay',
  () => {
    let target: TestDatabase;
    let relay: TcpRelay;
    const servers: ServerProcess[] = [];
    const tokens: string[] = [];

    beforeAll(async () => {
      target = await createTestDatabase();
      relay = await startTcpRelay(target.url as string);
      await insertWithdrawChannel(target.db, { minAmount: '1' });
      for (let i = 0; i < 2; i++) {
        servers.push(
          await startServer({
            DATABASE_URL: relay.url(target.url as string),
            DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
            DATABASE_POOL_SIZE: '6',
            LOG_LEVEL: 'warn',
          }),
        );
      }
      for (let i = 0; i < CLIENTS; i++) {
        const reg = await registerOn(servers[i % 2]?.origin as string, `faults-${i}`);
        await approveKyc(target.db, reg.user.id);
        await fundUser(target.db, reg.user.id, '1000000');
        tokens.push(reg.token);
      }
    }, 120_000);
    afterAll(async () => {
      relay?.partition(false);
      await Promise.all(servers.map((s) => stopServer(s)));
      await relay?.close();
      await target?.close();
    });

    /** One client's next call: an order or a withdrawal, each with a key of its own. */
    async function act(n: number, turn: number, outcomes: Outcome[]) {
      const server = servers[(n + turn) % 2] as ServerProcess;
      const token = tokens[n] as string;
      const kind = turn % 3;
      const [url, body] =
        kind === 0
          ? ['/api/trading/spot/order', { symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '0.0001' }]
          : kind === 1
            ? [
                '/api/trading/flash/order',
                {
                  symbol: SYMBOLS[turn % SYMBOLS.length],
                  direction: turn % 2 ? 'up' : 'down',
                  amount: '10',
                  duration: 30,
                },
              ]
            : ['/api/wallet/withdrawals', { withdraw_type: 'usdt', amount: '1', address: TRC20_ADDRESS }];
      const started = Date.now();
      try {
        const res = await fetch(server.origin + url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${token}`,
            'idempotency-key': `faults-${n}-${turn}-${started}`,
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        const json = (await res.json()) as { message: string };
        outcomes.push({ status: res.status, ms: Date.now() - started, message: `${url} ${json.message}` });
      } catch (err) {
        outcomes.push({ status: 'cut', ms: Date.now() - started, message: `${url} ${String(err)}` });
      }
    }

    /** Every client acts in a loop until `stop` resolves; resolves with what each call got. */
    async function load(stop: Promise<unknown>, outcomes: Outcome[] = []): Promise<Outcome[]> {
      let stopped = false;
      void stop.then(() => {
        stopped = true;
      });
      await Promise.all(
        tokens.map(async (_, n) => {
          for (let turn = 0; !stopped; turn++) await act(n, turn, outcomes);
        }),
      );
      return outcomes;
    }

    /** Milliseconds from now until the last instance answers the wallet with 200 (each polled on its own). */
    async function recovery(limitMs = 10_000): Promise<number> {
      const started = Date.now();
      const each = await Promise.all(
        servers.map(async (server) => {
          for (;;) {
            const res = await callServer(server.origin, 'GET', '/api/wallet', {
              token: tokens[0],
              timeoutMs: 10_000,
            });
            if (res.status === 200) return Date.now() - started;
            if (Date.now() - started > limitMs) throw new Error(`not served again within ${limitMs} ms`);
            await sleep(25);
          }
        }),
      );
      return Math.max(...each);
    }

    const summary = (outcomes: Outcome[]) => {
      const counts = new Map<string, number>();
      for (const o of outcomes) counts.set(String(o.status), (counts.get(String(o.status)) ?? 0) + 1);
      return Object.fromEntries(counts);
    };
    const measured: string[] = [];

    function expectNoFailureButUnavailable(phase: string, outcomes: Outcome[]) {
      const bad = outcomes.filter((o) => o.status !== 200 && o.status !== 503);
      expect(
        bad.map((o) => `${o.status} ${o.message}`),
        phase,
      ).toEqual([]);
    }

    it('backends terminated and connections reset under load: 503s at most, served again at once, nothing exits', async () => {
      // At least 1.5 s, and until a dozen calls have succeeded (a loaded machine is slow).
      const warmUp: Outcome[] = [];
      const warmed = (async () => {
        await sleep(1_500);
        while (warmUp.filter((o) => o.status === 200).length < 12) await sleep(100);
      })();
      await load(warmed, warmUp);
      expectNoFailureButUnavailable('warm-up', warmUp);

      for (const fault of ['terminate', 'reset'] as const) {
        let faultAt = 0;
        const hit = (async () => {
          await sleep(700);
          faultAt = Date.now();
          if (fault === 'terminate') expect(await terminateBackends(target.url as string)).toBeGreaterThan(2);
          else relay.resetAll();
          const ms = await recovery(2_000);
          measured.push(`${fault}: served again ${ms} ms after`);
          await sleep(700);
        })();
        const outcomes = await load(hit);
        expect(faultAt).toBeGreaterThan(0);
        expectNoFailureButUnavailable(fault, outcomes);
        measured.push(`${fault}: ${JSON.stringify(summary(outcomes))}`);
        await assertLedgerOk(target.db);
      }
      for (const server of servers) expect(server.child.exitCode, 'no instance exited').toBeNull();
    }, 60_000);

    it('the database refusing, then back: 503s, every instance served again within 2 s of its return', async () => {
      const outage = (async () => {
        await sleep(500);
        relay.partition(true, { newConnections: 'refuse' });
        relay.resetAll();
        await sleep(2_000);
        relay.partition(false);
        const ms = await recovery(2_000);
        measured.push(`refused 2 s: served again ${ms} ms after the database's return`);
        expect(ms).toBeLessThan(2_000);
        await sleep(500);
      })();
      const outcomes = await load(outage);
      expectNoFailureButUnavailable('refused', outcomes);
      expect(outcomes.some((o) => o.status === 503)).toBe(true);
      measured.push(`refused: ${JSON.stringify(summary(outcomes))}`);
      await assertLedgerOk(target.db);
    }, 60_000);

    it('a silent partition: 503 within the bound, health within 1 s, served again within 2 s of healing', async () => {
      let partitionedAt = 0;
      let healedAt = 0;
      const health: { status: number; ms: number; message: string }[] = [];
      const partition = (async () => {
        await sleep(500);
        relay.partition(true);
        partitionedAt = Date.now();
        await sleep(1_500);
        for (const server of servers) {
          const asked = Date.now();
          const res = await callServer(server.origin, 'GET', '/api/health', { timeoutMs: 5_000 });
          health.push({ status: res.status, ms: Date.now() - asked, message: res.message });
        }
        await sleep(WAIT_BOUND_MS);
        relay.partition(false);
        healedAt = Date.now();
        const ms = await recovery(2_000);
        measured.push(`partition: served again ${ms} ms after healing`);
        expect(ms).toBeLessThan(2_000);
        await sleep(500);
      })();
      const outcomes = await load(partition);
      expectNoFailureButUnavailable('partition', outcomes);
      for (const h of health) {
        expect(h.status, h.message).toBe(503);
        expect(h.message).toMatch(/^数据库不可用：/);
        expect(h.ms).toBeLessThan(1_000);
      }
      // Every call that met the partition ended within the bound (those still waiting at the heal
      // may have been answered by the database instead).
      const met = outcomes.filter((o) => o.status === 503);
      expect(met.length).toBeGreaterThan(0);
      const longest = Math.max(...met.map((o) => o.ms));
      expect(longest).toBeLessThan(WAIT_BOUND_MS);
      expect(healedAt - partitionedAt).toBeGreaterThan(WAIT_BOUND_MS);
      measured.push(
        `partition: ${JSON.stringify(summary(outcomes))}, longest 503 ${longest} ms (bound ${WAIT_BOUND_MS}), health ${health.map((h) => `${h.status} in ${h.ms} ms`).join(', ')}`,
      );
      await assertLedgerOk(target.db);
    }, 60_000);

    it('no instance exited or logged an uncaught error, and both stop cleanly', async () => {
      console.info(`database faults: ${measured.join('; ')}`);
      for (const server of servers) {
        expect(server.child.exitCode).toBeNull();
        const uncaught = logRecords(server).filter((r) => /uncaught|unhandled/.test(String(r.msg)));
        expect(uncaught.map((r) => r.msg)).toEqual([]);
      }
      for (const server of servers.splice(0)) expect(await stopServer(server)).toBe(0);
    }, 60_000);
  },
);
