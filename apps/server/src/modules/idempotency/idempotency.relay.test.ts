import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_TEXTS } from '@platform/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../db/client.ts';
import { createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { createTestDatabase, type TestDatabase, testEngine } from '../../test/database.ts';
import { sleep } from '../../test/fixtures.ts';
import { approveKyc, fundUser, insertWithdrawChannel, TRC20_ADDRESS } from '../../test/money.ts';
import { startTcpRelay, type TcpRelay } from '../../test/tcp-relay.ts';
import { ledgerTransactions } from '../ledger/ledger.schema.ts';
import { assertLedgerOk } from '../reconciliation/ledger-check.ts';
import { tradeOrders } from '../trading/trading.schema.ts';
import { withdrawals } from '../withdrawals/withdrawals.schema.ts';

/**
 * Unknown commits resolved, through a real network fault (issue 31, item 2): two instances reach
 * PostgreSQL through a TCP relay that forwards COMMITs and then swallows their replies and drops
 * the connection (the commit happened, the server never learns it). Clients place spot orders,
 * flash orders and withdrawal requests, each with a key of its own, and retry with that key until
 * they get a definite answer, on either instance. Every key must have run exactly once: one row
 * and one journal transaction per key, and the ledger verifier green.
 */

const OPERATIONS = 12;
const KINDS = ['spot', 'flash', 'withdrawal'] as const;
type Kind = (typeof KINDS)[number];
const CLIENTS: Kind[] = ['spot', 'spot', 'flash', 'flash', 'withdrawal', 'withdrawal'];

const REQUEST: Record<Kind, { url: string; body: (n: number) => unknown }> = {
  spot: {
    url: '/api/trading/spot/order',
    body: (n) => ({ symbol: 'BTCUSDT', side: n % 2 ? 'sell' : 'buy', type: 'market', amount: '0.0001' }),
  },
  flash: {
    url: '/api/trading/flash/order',
    body: (n) => ({ symbol: 'ETHUSDT', direction: n % 2 ? 'up' : 'down', amount: '10', duration: 300 }),
  },
  withdrawal: {
    url: '/api/wallet/withdrawals',
    body: () => ({ withdraw_type: 'usdt', amount: '1', address: TRC20_ADDRESS }),
  },
};

interface Call {
  status: number;
  message: string;
  replayed: boolean;
  data?: { order?: { id: number }; withdrawal?: { id: number } };
}

describe.skipIf(testEngine !== 'postgres')('lost COMMIT replies through a relay, two instances', () => {
  let target: TestDatabase;
  let relay: TcpRelay;
  /** Two instances (apps with their own pool and key owner) on the one database, through the relay. */
  const instances: TestApp[] = [];
  const users: { id: number; token: string; kind: Kind }[] = [];

  beforeAll(async () => {
    target = await createTestDatabase();
    relay = await startTcpRelay(target.url as string);
    await insertWithdrawChannel(target.db, { minAmount: '1' });
    for (let i = 0; i < 2; i++) {
      instances.push(
        await createTestApp({}, async () => ({
          ...(await openPostgres(relay.url(target.url as string), 8)),
          url: target.url,
        })),
      );
    }
    for (const kind of CLIENTS) {
      const user = await registerUser((instances[0] as TestApp).app);
      await approveKyc(target.db, user.user.id);
      await fundUser(target.db, user.user.id, '100000');
      await fundUser(target.db, user.user.id, '1', 'BTC');
      users.push({ id: user.user.id, token: user.token, kind });
    }
  });
  afterAll(async () => {
    for (const instance of instances) await instance.app.close();
    await relay?.close();
    await target?.close();
  });

  /** One attempt on an instance. */
  async function attempt(
    instance: TestApp,
    token: string,
    kind: Kind,
    n: number,
    key: string,
  ): Promise<Call> {
    const res = await instance.app.inject({
      method: 'POST',
      url: REQUEST[kind].url,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      payload: REQUEST[kind].body(n) as Record<string, unknown>,
    });
    const json = res.json() as Omit<Call, 'status' | 'replayed'>;
    return { ...json, status: res.statusCode, replayed: res.headers['idempotent-replayed'] === 'true' };
  }

  /** What the client does: the same key, on either instance, until a definite answer (not 503 or 409 in progress). */
  async function operate(user: (typeof users)[number], n: number, attempts: Call[]): Promise<Call> {
    const key = `relay-${user.id}-${n}-${randomUUID()}`;
    for (let round = 0; round < 200; round++) {
      const call = await attempt(instances[(n + round) % 2] as TestApp, user.token, user.kind, n, key);
      attempts.push(call);
      const pending = call.status === 503 || (call.status === 409 && /处理中/.test(call.message));
      if (!pending) return call;
      await sleep(20);
    }
    throw new Error(`key ${key}: no definite answer in 200 attempts`);
  }

  it('every key runs exactly once while COMMIT replies are dropped', async () => {
    let loading = true;
    // A COMMIT reply lost every 60 ms or so, on whichever connection commits next.
    const dropper = (async () => {
      while (loading) {
        relay.dropCommitReplies(1);
        await sleep(60);
      }
    })();
    const attempts: Call[] = [];
    const answers = await Promise.all(
      users.map(async (user) => {
        const mine: Call[] = [];
        for (let n = 0; n < OPERATIONS; n++) mine.push(await operate(user, n, attempts));
        return mine;
      }),
    );
    loading = false;
    await dropper;

    const lost = attempts.filter((a) => a.status === 503 && a.message === IDEMPOTENCY_TEXTS.confirming);
    const counts = {
      dropped: relay.stats().commitRepliesDropped,
      confirming: lost.length,
      replayed: attempts.filter((a) => a.replayed).length,
      attempts: attempts.length,
    };
    // The fault happened and was answered as an unknown outcome, then resolved by retries.
    expect(counts.dropped, JSON.stringify(counts)).toBeGreaterThan(5);
    expect(counts.confirming, JSON.stringify(counts)).toBeGreaterThan(0);
    expect(counts.replayed, JSON.stringify(counts)).toBeGreaterThan(0);

    for (const [i, user] of users.entries()) {
      const mine = answers[i] as Call[];
      expect(
        mine.map((a) => a.status),
        `${user.kind} user ${user.id}: ${mine.map((a) => a.message).join(' | ')}`,
      ).toEqual(Array(OPERATIONS).fill(200));
      if (user.kind === 'withdrawal') {
        const ids = mine.map((a) => a.data?.withdrawal?.id as number);
        const rows = await target.db.select().from(withdrawals).where(eq(withdrawals.userId, user.id));
        expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
        expect(await journal(ids.map((id) => `withdrawal:${id}:freeze`))).toBe(OPERATIONS);
      } else {
        const ids = mine.map((a) => a.data?.order?.id as number);
        const rows = await target.db
          .select({ id: tradeOrders.id })
          .from(tradeOrders)
          .where(and(eq(tradeOrders.userId, user.id), eq(tradeOrders.product, user.kind)));
        expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
        const keys = ids.map((id) => (user.kind === 'spot' ? `spot:${id}:fill:1` : `flash:${id}:open`));
        expect(await journal(keys)).toBe(OPERATIONS);
      }
    }
    await assertLedgerOk(target.db);
    console.info(`lost COMMIT replies through the relay: ${JSON.stringify(counts)}`);
  }, 120_000);

  async function journal(keys: string[]): Promise<number> {
    const [row] = await target.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerTransactions)
      .where(inArray(ledgerTransactions.idempotencyKey, keys));
    return row?.n ?? 0;
  }
});
