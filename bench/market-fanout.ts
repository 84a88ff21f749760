/**
 * Fan-out of the live ticker to many sockets: `npm run bench:fanout -- --clients 1000,5000`.
 *
 * The real server runs as a child process (`node --import tsx apps/server/src/main.ts`, PGlite in a
 * temporary DATA_DIR), so that its CPU is measured apart from the clients'. The clients run in
 * `--workers` forked processes of this same script (one websocket connection per client). Each
 * client has a session of its own (`--sessions per-client`, the default): before the server starts,
 * this script opens the data directory (PGlite serves one process), inserts one user per client of
 * every round and one session per user into `sessions`, as a login does (a random token, its
 * SHA-256 stored), and closes it; every round uses sessions no earlier round used, so each
 * handshake is that user's first connect, a session cache miss answered by the database's lookup.
 * One login over HTTP checks that the seeded user can sign in like any other, and its token is the
 * baseline's. `--sessions shared` gives every client that one login's token instead (every
 * handshake after the first a cache hit: the measurement before issue 19's third steps).
 * `--client` chooses what each client is: `ws` (the
 * default) speaks socket.io's wire protocol over a bare websocket and stamps a message's receive
 * time as its frame arrives, decoding it after the window; `socket.io` is socket.io-client, which
 * decodes every message before the handler stamps it. Thousands of clients share one or two
 * processes here, so a client's per-message work, which each user's own device would do, queues up
 * behind the others' and is measured as fan-out spread: with socket.io-client at 5,000 clients the
 * client process spent about as long reading one push as the server spent writing it.
 *
 * Rounds: a baseline of 1 client, then each count of `--clients`. Each client subscribes to the
 * BTCUSDT ticker, every `--extra-every`th also to ETHUSDT. After `--settle` seconds, for `--window`
 * seconds every `market:ticker` is recorded with its receive time. Reported per round:
 * - delivered messages per second, and the delivery ratio against what the baseline client got per
 *   subscription; coverage, the share of subscribers that got each ticker pushed in the window;
 * - delay, receive time minus the ticker's `updated_at` (the tick), p50/p95/p99, and p95 against the
 *   baseline's p95; tick to first receive, the part of the delay that is the push's coalescing wait;
 * - fan-out spread, receive time minus the earliest receive of the same ticker by any client;
 * - the server process's CPU (utime+stime from /proc over the window) and RSS, and the clients' CPU.
 *
 * `--tick-ms` (MARKET_TICK_MS, default 300 here, 1000 in the server) is below the push's 500 ms
 * flush so that every room gets the cap of 2 pushes per second and the phase between the feed's and
 * the push's timers sweeps through within seconds; at 1000 ms that phase holds for many seconds and
 * the tick-to-client delay of a 15 s window is mostly wherever it happened to be.
 */
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MARKET_EVENTS } from '@platform/contracts';
import { io } from 'socket.io-client';
import WebSocket from 'ws';
import { openPglite } from '../apps/server/src/db/client.ts';
import { sessions } from '../apps/server/src/modules/auth/auth.schema.ts';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';
import { hashToken, newToken } from '../apps/server/src/modules/auth/tokens.ts';
import { users } from '../apps/server/src/modules/users/users.schema.ts';
import {
  api,
  percentile,
  processCpuSeconds,
  processRssMb,
  type ServerProcess,
  sleep,
  startServer,
  stopServer,
} from './server-process.ts';

const BENCH_ADMIN = { email: 'fanout-admin@bench.local', password: 'fanout-admin-password-1' };
const SYMBOLS = ['BTCUSDT', 'ETHUSDT'] as const;

// --- the protocol between the coordinator and its client workers ---------------------------------

type ClientKind = 'ws' | 'socket.io';

type ToWorker =
  | {
      type: 'connect';
      client: ClientKind;
      origin: string;
      /** One token per client, in slot order. */
      tokens: string[];
      from: number;
      count: number;
      batch: number;
      extraEvery: number;
    }
  | { type: 'start' }
  | { type: 'stop' }
  | { type: 'disconnect' };

interface Recorded {
  /** Index into SYMBOLS, the ticker's updated_at and the receive time (ms since the epoch), per message. */
  symbol: number[];
  updatedAt: number[];
  receivedAt: number[];
  /** Messages each of the worker's clients got in the window. */
  perClient: number[];
  /** How long the worker recorded: the window plus the coordinator's messages' latency. */
  recordedMs: number;
  /** When it started and stopped recording, ms since the epoch. */
  startedEpoch: number;
  stoppedEpoch: number;
  /** User + system CPU of the worker process over the window, µs. */
  cpuMicros: number;
  /** Sockets that disconnected during the window. */
  dropped: number;
}

type FromWorker =
  | {
      type: 'connected';
      subscriptions: number;
      /** Connected clients subscribed to each of SYMBOLS. */
      subscribers: number[];
      failed: number;
      firstError: string | null;
    }
  | { type: 'started' }
  | ({ type: 'recorded' } & Recorded)
  | { type: 'disconnected' };

// --- client worker ------------------------------------------------------------------------------

/** One connected client, whichever kind. */
interface BenchClient {
  close(): Promise<void>;
}

function runWorker() {
  let sockets: BenchClient[] = [];
  let perClient: number[] = [];
  let recording = false;
  let dropped = 0;
  let cpuAtStart = process.cpuUsage();
  let startedAt = performance.now();
  let startedEpoch = Date.now();
  const rec = { symbol: [] as number[], updatedAt: [] as number[], receivedAt: [] as number[] };
  /** The `ws` clients' tickers as they arrived, decoded into `rec` when the window ends. */
  let raw: { text: string[]; receivedAt: number[] } = { text: [], receivedAt: [] };
  const record = (ticker: { symbol: string; updated_at: string }, receivedAt: number) => {
    rec.symbol.push(SYMBOLS.indexOf(ticker.symbol as (typeof SYMBOLS)[number]));
    rec.updatedAt.push(Date.parse(ticker.updated_at));
    rec.receivedAt.push(receivedAt);
  };
  const send = (message: FromWorker) => process.send?.(message);
  // A coordinator that died must not leave sockets open.
  process.on('disconnect', () => process.exit(0));

  function openClient(
    kind: ClientKind,
    origin: string,
    token: string,
    slot: number,
    symbols: readonly string[],
  ): Promise<BenchClient> {
    return kind === 'ws'
      ? openWsClient(origin, token, slot, symbols)
      : openSocketIoClient(origin, token, slot, symbols);
  }

  /**
   * socket.io's protocol (engine.io 4, socket.io 5) by hand, as much as a subscriber needs: answer
   * the ping, connect with the token, subscribe with an ack, record each ticker's frame.
   */
  function openWsClient(
    origin: string,
    token: string,
    slot: number,
    symbols: readonly string[],
  ): Promise<BenchClient> {
    const TICKER_PREFIX = `42["${MARKET_EVENTS.ticker}",`;
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, {
        perMessageDeflate: false,
      });
      const acks = new Map<number, (reply: { success: boolean; message: string }) => void>();
      let nextAck = 0;
      const client: BenchClient = {
        close: () =>
          new Promise<void>((done) => {
            if (ws.readyState === WebSocket.CLOSED) return done();
            ws.once('close', () => done());
            if (ws.readyState === WebSocket.OPEN) ws.send('41');
            ws.close();
          }),
      };
      const fail = (err: Error) => {
        clearTimeout(timer);
        ws.terminate();
        reject(err);
      };
      const timer = setTimeout(() => fail(new Error('no connection within 60 s')), 60_000);
      const subscribe = (symbol: string) =>
        new Promise<{ success: boolean; message: string }>((answer) => {
          const id = nextAck++;
          acks.set(id, answer);
          ws.send(`42${id}${JSON.stringify([MARKET_EVENTS.subscribe, { symbol, channels: ['ticker'] }])}`);
        });
      ws.on('error', (err) => fail(err));
      ws.on('close', () => {
        if (recording) dropped += 1;
      });
      ws.on('message', (data: Buffer) => {
        const receivedAt = Date.now();
        const text = data.toString();
        if (text.startsWith(TICKER_PREFIX)) {
          if (!recording) return;
          raw.text.push(text);
          raw.receivedAt.push(receivedAt);
          perClient[slot] = (perClient[slot] ?? 0) + 1;
        } else if (text === '2') ws.send('3');
        else if (text.startsWith('0')) ws.send(`40${JSON.stringify({ token })}`);
        else if (text.startsWith('44'))
          fail(new Error((JSON.parse(text.slice(2)) as { message: string }).message));
        else if (text.startsWith('43')) {
          const bracket = text.indexOf('[');
          const [reply] = JSON.parse(text.slice(bracket)) as [{ success: boolean; message: string }];
          acks.get(Number(text.slice(2, bracket)))?.(reply);
        } else if (text.startsWith('40')) {
          clearTimeout(timer);
          void (async () => {
            for (const symbol of symbols) {
              const reply = await subscribe(symbol);
              if (!reply.success) throw new Error(`subscribe ${symbol}: ${reply.message}`);
            }
            resolve(client);
          })().catch((err: Error) => fail(err));
        }
      });
    });
  }

  function openSocketIoClient(
    origin: string,
    token: string,
    slot: number,
    symbols: readonly string[],
  ): Promise<BenchClient> {
    return new Promise((resolve, reject) => {
      const socket = io(origin, {
        auth: { token },
        transports: ['websocket'],
        // Without forceNew every io() to one origin would share a single connection.
        forceNew: true,
        reconnection: false,
        timeout: 60_000,
      });
      socket.on(MARKET_EVENTS.ticker, (ticker: { symbol: string; updated_at: string }) => {
        if (!recording) return;
        record(ticker, Date.now());
        perClient[slot] = (perClient[slot] ?? 0) + 1;
      });
      socket.on('disconnect', () => {
        if (recording) dropped += 1;
      });
      socket.once('connect_error', (err) => reject(err));
      socket.once('connect', () => {
        void (async () => {
          for (const symbol of symbols) {
            const reply = (await socket
              .timeout(60_000)
              .emitWithAck(MARKET_EVENTS.subscribe, { symbol, channels: ['ticker'] })) as {
              success: boolean;
              message: string;
            };
            if (!reply.success) throw new Error(`subscribe ${symbol}: ${reply.message}`);
          }
          resolve({
            close: () =>
              new Promise<void>((done) => {
                if (!socket.connected) return done();
                socket.once('disconnect', () => done());
                socket.disconnect();
              }),
          });
        })().catch((err: unknown) => {
          socket.disconnect();
          reject(err);
        });
      });
    });
  }

  process.on('message', (message: ToWorker) => {
    void (async () => {
      if (message.type === 'connect') {
        sockets = [];
        perClient = new Array(message.count).fill(0);
        let subscriptions = 0;
        const subscribers = SYMBOLS.map(() => 0);
        let failed = 0;
        let firstError: string | null = null;
        for (let start = 0; start < message.count; start += message.batch) {
          const slots = Array.from(
            { length: Math.min(message.batch, message.count - start) },
            (_, i) => start + i,
          );
          const settled = await Promise.allSettled(
            slots.map((slot) => {
              const global = message.from + slot;
              const symbols = global % message.extraEvery === 0 ? SYMBOLS : SYMBOLS.slice(0, 1);
              const token = message.tokens[slot] as string;
              return openClient(message.client, message.origin, token, slot, symbols).then((socket) => {
                subscriptions += symbols.length;
                symbols.forEach((_, i) => {
                  subscribers[i] = (subscribers[i] ?? 0) + 1;
                });
                return socket;
              });
            }),
          );
          for (const result of settled) {
            if (result.status === 'fulfilled') sockets.push(result.value);
            else {
              failed += 1;
              firstError ??= result.reason instanceof Error ? result.reason.message : String(result.reason);
            }
          }
        }
        send({ type: 'connected', subscriptions, subscribers, failed, firstError });
      } else if (message.type === 'start') {
        rec.symbol = [];
        rec.updatedAt = [];
        rec.receivedAt = [];
        raw = { text: [], receivedAt: [] };
        perClient.fill(0);
        dropped = 0;
        cpuAtStart = process.cpuUsage();
        startedAt = performance.now();
        startedEpoch = Date.now();
        recording = true;
        send({ type: 'started' });
      } else if (message.type === 'stop') {
        recording = false;
        const cpu = process.cpuUsage(cpuAtStart);
        const recordedMs = performance.now() - startedAt;
        raw.text.forEach((text, i) => {
          const [, ticker] = JSON.parse(text.slice(2)) as [string, { symbol: string; updated_at: string }];
          record(ticker, raw.receivedAt[i] as number);
        });
        send({
          type: 'recorded',
          ...rec,
          perClient,
          cpuMicros: cpu.user + cpu.system,
          recordedMs,
          startedEpoch,
          stoppedEpoch: Date.now(),
          dropped,
        });
      } else if (message.type === 'disconnect') {
        await Promise.all(sockets.map((socket) => socket.close()));
        sockets = [];
        send({ type: 'disconnected' });
      }
    })().catch((err: unknown) => {
      console.error('worker failed:', err);
      process.exit(1);
    });
  });
}

// --- coordinator --------------------------------------------------------------------------------

class Worker {
  private waiting: ((m: FromWorker) => void)[] = [];
  constructor(readonly child: ChildProcess) {
    child.on('message', (m: FromWorker) => this.waiting.shift()?.(m));
    child.on('exit', (code) => {
      if (code !== 0 && code !== null) console.error(`client worker exited with ${code}`);
    });
  }
  ask<T extends FromWorker['type']>(message: ToWorker, reply: T): Promise<Extract<FromWorker, { type: T }>> {
    return new Promise((resolve, reject) => {
      this.waiting.push((m) => {
        if (m.type === reply) resolve(m as Extract<FromWorker, { type: T }>);
        else reject(new Error(`worker answered ${m.type}, expected ${reply}`));
      });
      this.child.send(message);
    });
  }
}

interface Server extends ServerProcess {
  dataDir: string;
}

const USER_PASSWORD = 'fanout-user-password';

/**
 * `count` users with a session each, written before the server starts (PGlite serves one process):
 * the rows a registration and a login leave for a client's purposes (the user, and a session whose
 * token's SHA-256 is stored), in bulk. Returns the users' e-mails and the sessions' tokens.
 */
async function seedSessions(dataDir: string, count: number): Promise<{ emails: string[]; tokens: string[] }> {
  const database = await openPglite(dataDir);
  try {
    const passwordHash = await hashPassword(USER_PASSWORD);
    const tag = Date.now().toString(36);
    const emails: string[] = [];
    const tokens: string[] = [];
    const expiresAt = new Date(Date.now() + 24 * 3_600_000);
    for (let start = 0; start < count; start += 1000) {
      const n = Math.min(1000, count - start);
      const rows = Array.from({ length: n }, (_, i) => ({
        email: `fanout${start + i}-${tag}@bench.local`,
        passwordHash,
        inviteCode: `F${tag}${start + i}`.slice(0, 16),
      }));
      const ids = await database.db.insert(users).values(rows).returning({ id: users.id });
      const batch = ids.map(({ id }) => ({ userId: id, token: newToken() }));
      await database.db
        .insert(sessions)
        .values(batch.map((b) => ({ userId: b.userId, tokenHash: hashToken(b.token), expiresAt })));
      emails.push(...rows.map((r) => r.email));
      tokens.push(...batch.map((b) => b.token));
    }
    return { emails, tokens };
  } finally {
    await database.close();
  }
}

async function startFanoutServer(
  tickMs: number,
  seed: number,
): Promise<Server & { seeded: { emails: string[]; tokens: string[] } }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-fanout-'));
  const seeded = await seedSessions(dataDir, seed);
  const server = await startServer({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    MARKET_DATA_AUTOSTART: 'true',
    MARKET_TICK_MS: String(tickMs),
  });
  return { ...server, dataDir, seeded };
}

async function stopFanoutServer(server: Server) {
  await stopServer(server);
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}

interface Round {
  clients: number;
  connected: number;
  failed: number;
  firstError: string | null;
  connectSeconds: number;
  /** The server process's CPU while the round's clients connected and subscribed. */
  connectServerCpuSeconds: number;
  subscriptions: number;
  delivered: number;
  deliveredPerSecond: number;
  perSubscriptionRate: number;
  /** Of the tickers pushed inside the window, the share of their subscribers that got each. */
  coverage: number;
  pushesReachingAll: number;
  delay: { p50: number; p95: number; p99: number };
  /** Tick to the first receive of each ticker by any client, p50. */
  firstReceiveP50: number;
  spread: { p50: number; p95: number; p99: number };
  spreadMax: number;
  /** Fewest messages one client got, as a share of the baseline per-subscription rate. */
  worstClientShare: number;
  serverCpuPercent: number;
  serverRssMb: number;
  clientCpuPercent: number;
  dropped: number;
}

async function runRound(
  workers: Worker[],
  server: Server,
  tokens: string[],
  clients: number,
  opts: {
    client: ClientKind;
    batch: number;
    extraEvery: number;
    settleMs: number;
    windowMs: number;
    baselineRate?: number;
  },
): Promise<Round> {
  const share = (i: number) => Math.floor(clients / workers.length) + (i < clients % workers.length ? 1 : 0);
  const used = workers.filter((_, i) => share(i) > 0);
  const pid = server.child.pid as number;
  const connectCpuBefore = processCpuSeconds(pid);
  const started = performance.now();
  let from = 0;
  const connects = await Promise.all(
    used.map((worker, i) => {
      const count = share(i);
      const message: ToWorker = {
        type: 'connect',
        client: opts.client,
        origin: server.origin,
        tokens: tokens.slice(from, from + count),
        from,
        count,
        batch: opts.batch,
        extraEvery: opts.extraEvery,
      };
      from += count;
      return worker.ask(message, 'connected');
    }),
  );
  const connectSeconds = (performance.now() - started) / 1000;
  const connectServerCpuSeconds = processCpuSeconds(pid) - connectCpuBefore;
  const failed = connects.reduce((n, c) => n + c.failed, 0);
  const subscriptions = connects.reduce((n, c) => n + c.subscriptions, 0);
  const subscribers = SYMBOLS.map((_, i) => connects.reduce((n, c) => n + (c.subscribers[i] ?? 0), 0));
  const firstError = connects.find((c) => c.firstError)?.firstError ?? null;
  console.log(
    `${clients} clients: ${clients - failed} connected and subscribed in ${connectSeconds.toFixed(1)} s ` +
      `(server CPU ${connectServerCpuSeconds.toFixed(1)} s)` +
      (failed ? `, ${failed} failed (${firstError})` : ''),
  );

  await sleep(opts.settleMs);
  await Promise.all(used.map((w) => w.ask({ type: 'start' }, 'started')));
  const cpuBefore = processCpuSeconds(pid);
  const windowStart = performance.now();
  await sleep(opts.windowMs);
  const records = await Promise.all(used.map((w) => w.ask({ type: 'stop' }, 'recorded')));
  const windowSeconds = (performance.now() - windowStart) / 1000;
  const serverCpuPercent = ((processCpuSeconds(pid) - cpuBefore) / windowSeconds) * 100;
  const serverRssMb = processRssMb(pid);

  const delays: number[] = [];
  const earliest = new Map<number, number>();
  const receivers = new Map<number, number>();
  const key = (symbol: number, updatedAt: number) => updatedAt * SYMBOLS.length + symbol;
  for (const r of records) {
    for (let i = 0; i < r.receivedAt.length; i++) {
      const at = r.receivedAt[i] as number;
      const k = key(r.symbol[i] as number, r.updatedAt[i] as number);
      delays.push(at - (r.updatedAt[i] as number));
      const first = earliest.get(k);
      if (first === undefined || at < first) earliest.set(k, at);
      receivers.set(k, (receivers.get(k) ?? 0) + 1);
    }
  }
  const spreads: number[] = [];
  for (const r of records) {
    for (let i = 0; i < r.receivedAt.length; i++) {
      const k = key(r.symbol[i] as number, r.updatedAt[i] as number);
      spreads.push((r.receivedAt[i] as number) - (earliest.get(k) as number));
    }
  }
  // Per ticker (not per receive): tick to its first receive, the push's coalescing wait plus one hop.
  const waits: number[] = [];
  for (const [k, first] of earliest) waits.push(first - Math.floor(k / SYMBOLS.length));
  // Coverage: of the tickers pushed well inside the window (first seen more than a second after every
  // worker started and before any stopped), the share of their symbol's subscribers that got them.
  // Unlike the delivery ratio it does not depend on how many pushes the server managed.
  const innerFrom = Math.max(...records.map((r) => r.startedEpoch)) + 1000;
  const innerTo = Math.min(...records.map((r) => r.stoppedEpoch)) - 1000;
  let got = 0;
  let wanted = 0;
  let reachedAll = 0;
  let pushes = 0;
  for (const [k, first] of earliest) {
    if (first < innerFrom || first > innerTo) continue;
    const expected = subscribers[k % SYMBOLS.length] ?? 0;
    const count = receivers.get(k) ?? 0;
    got += count;
    wanted += expected;
    pushes += 1;
    if (count >= expected) reachedAll += 1;
  }
  const numeric = (a: number, b: number) => a - b;
  delays.sort(numeric);
  spreads.sort(numeric);
  waits.sort(numeric);
  const delivered = delays.length;
  // Each worker's count over its own recording time, which is a little longer than the window.
  const deliveredPerSecond = records.reduce((n, r) => n + r.receivedAt.length / (r.recordedMs / 1000), 0);
  const perSubscriptionRate = subscriptions ? deliveredPerSecond / subscriptions : 0;
  const baselineRate = opts.baselineRate ?? perSubscriptionRate;
  // Each client's expectation is its own subscriptions × the baseline rate; report the worst share.
  let worstClientShare = Number.POSITIVE_INFINITY;
  from = 0;
  for (const r of records) {
    r.perClient.forEach((count, slot) => {
      const subs = (from + slot) % opts.extraEvery === 0 ? SYMBOLS.length : 1;
      worstClientShare = Math.min(worstClientShare, count / (subs * baselineRate * (r.recordedMs / 1000)));
    });
    from += r.perClient.length;
  }
  const clientCpuPercent = records.reduce((n, r) => n + r.cpuMicros / 10 / r.recordedMs, 0);

  await Promise.all(used.map((w) => w.ask({ type: 'disconnect' }, 'disconnected')));
  return {
    clients,
    connected: clients - failed,
    failed,
    firstError,
    connectSeconds,
    connectServerCpuSeconds,
    subscriptions,
    delivered,
    deliveredPerSecond,
    perSubscriptionRate,
    coverage: wanted ? got / wanted : Number.NaN,
    pushesReachingAll: pushes ? reachedAll / pushes : Number.NaN,
    delay: { p50: percentile(delays, 50), p95: percentile(delays, 95), p99: percentile(delays, 99) },
    firstReceiveP50: percentile(waits, 50),
    spread: { p50: percentile(spreads, 50), p95: percentile(spreads, 95), p99: percentile(spreads, 99) },
    spreadMax: spreads.at(-1) ?? Number.NaN,
    worstClientShare,
    serverCpuPercent,
    serverRssMb,
    clientCpuPercent,
    dropped: records.reduce((n, r) => n + r.dropped, 0),
  };
}

async function runCoordinator() {
  const { values: args } = parseArgs({
    options: {
      clients: { type: 'string', default: '1000,5000' },
      window: { type: 'string', default: '15' },
      settle: { type: 'string', default: '3' },
      batch: { type: 'string', default: '100' },
      workers: { type: 'string', default: '1' },
      'extra-every': { type: 'string', default: '10' },
      'tick-ms': { type: 'string', default: '300' },
      client: { type: 'string', default: 'ws' },
      sessions: { type: 'string', default: 'per-client' },
      worker: { type: 'boolean', default: false },
    },
  });
  const counts = args.clients
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  if (args.client !== 'ws' && args.client !== 'socket.io') throw new Error('--client is ws or socket.io');
  if (args.sessions !== 'per-client' && args.sessions !== 'shared')
    throw new Error('--sessions is per-client or shared');
  const ownSessions = args.sessions === 'per-client';
  const opts = {
    client: args.client as ClientKind,
    batch: Number(args.batch),
    extraEvery: Number(args['extra-every']),
    settleMs: Number(args.settle) * 1000,
    windowMs: Number(args.window) * 1000,
  };
  const tickMs = Number(args['tick-ms']);
  const workerCount = Math.max(1, Number(args.workers));

  console.log(
    `machine: ${os.cpus().length} cores, node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  // Per client: a session for every client of every round, none used twice.
  const server = await startFanoutServer(tickMs, ownSessions ? 1 + counts.reduce((n, c) => n + c, 0) : 0);
  const workers: Worker[] = [];
  try {
    console.log(`server pid ${server.child.pid} at ${server.origin}, MARKET_TICK_MS ${tickMs}`);
    for (let deadline = Date.now() + 30_000; ; ) {
      const status = await api<{ state: string }>(server.origin, 'GET', '/api/huobi/status');
      if (status.state === 'running') break;
      if (Date.now() > deadline) throw new Error(`the feed is ${status.state} after 30 s`);
      await sleep(250);
    }
    // The baseline's client logs in over HTTP: a seeded user signs in like any other.
    const { token } = ownSessions
      ? await api<{ token: string }>(server.origin, 'POST', '/api/auth/login', {
          email: server.seeded.emails[0],
          password: USER_PASSWORD,
        })
      : await api<{ token: string }>(server.origin, 'POST', '/api/auth/register', {
          email: `fanout-${Date.now()}@bench.local`,
          password: USER_PASSWORD,
        });
    // Each round's clients take the next unused tokens (the first seeded user's is the login above's user).
    let nextToken = 1;
    const tokensFor = (n: number) => {
      if (!ownSessions) return new Array<string>(n).fill(token);
      const slice = server.seeded.tokens.slice(nextToken, nextToken + n);
      nextToken += n;
      return slice;
    };

    for (let i = 0; i < workerCount; i++) {
      workers.push(new Worker(fork(import.meta.filename, ['--worker'], { stdio: 'inherit' })));
    }

    const rounds: Round[] = [];
    const baseline = await runRound(workers, server, [token], 1, opts);
    rounds.push(baseline);
    report(baseline, baseline);
    for (const clients of counts) {
      await sleep(2000);
      const round = await runRound(workers, server, tokensFor(clients), clients, {
        ...opts,
        baselineRate: baseline.perSubscriptionRate,
      });
      rounds.push(round);
      report(round, baseline);
    }

    console.log(
      `\nTicker fan-out: server child process on PGlite, MARKET_TICK_MS ${tickMs}, ${workerCount} client process(es) of ${opts.client} clients, ` +
        `${ownSessions ? 'a session per client (each handshake its first)' : 'one shared session'}, ` +
        `window ${args.window} s; every ${opts.extraEvery}th client also subscribes to ETHUSDT. Times in ms.\n`,
    );
    console.log(
      '| clients | subscriptions | delivered msg/s | expected msg/s | delivery ratio | coverage | worst client | delay p50 | delay p95 | delay p99 | delay p95 / baseline | tick to first receive p50 | spread p50 | spread p95 | spread p99 | spread max | server CPU % | server RSS MB | clients CPU % | connect s | connect server CPU s |',
    );
    console.log(`|${' --- |'.repeat(21)}`);
    for (const r of rounds) {
      const expected = r.subscriptions * baseline.perSubscriptionRate;
      const cells = [
        `${r.clients === 1 ? '1 (baseline)' : r.clients}${r.failed ? ` (${r.failed} failed)` : ''}`,
        r.subscriptions,
        r.deliveredPerSecond.toFixed(0),
        expected.toFixed(0),
        (r.deliveredPerSecond / expected).toFixed(3),
        r.coverage.toFixed(3),
        r.worstClientShare.toFixed(2),
        r.delay.p50,
        r.delay.p95,
        r.delay.p99,
        (r.delay.p95 / baseline.delay.p95).toFixed(2),
        r.firstReceiveP50,
        r.spread.p50,
        r.spread.p95,
        r.spread.p99,
        r.spreadMax,
        r.serverCpuPercent.toFixed(0),
        r.serverRssMb.toFixed(0),
        r.clientCpuPercent.toFixed(0),
        r.connectSeconds.toFixed(1),
        r.connectServerCpuSeconds.toFixed(1),
      ];
      console.log(`| ${cells.join(' | ')} |`);
    }
    console.log(
      `\nbaseline: ${baseline.perSubscriptionRate.toFixed(2)} messages per second per subscription (the expectation per subscription)`,
    );
  } finally {
    for (const w of workers) w.child.kill('SIGTERM');
    await stopFanoutServer(server);
  }
}

function report(r: Round, baseline: Round) {
  console.log(
    `  ${r.delivered} messages to ${r.subscriptions} subscriptions, ${r.perSubscriptionRate.toFixed(2)}/s each ` +
      `(ratio ${(r.perSubscriptionRate / baseline.perSubscriptionRate).toFixed(3)}; coverage ${r.coverage.toFixed(4)}, ` +
      `${(r.pushesReachingAll * 100).toFixed(1)}% of pushes reached every subscriber), delay p50/p95/p99 ` +
      `${r.delay.p50}/${r.delay.p95}/${r.delay.p99} ms (tick to first receive ${r.firstReceiveP50} ms), ` +
      `spread p50/p95 ${r.spread.p50}/${r.spread.p95} ms, server CPU ${r.serverCpuPercent.toFixed(0)}%, ` +
      `RSS ${r.serverRssMb.toFixed(0)} MB, clients CPU ${r.clientCpuPercent.toFixed(0)}%` +
      (r.dropped ? `, ${r.dropped} sockets dropped` : ''),
  );
}

if (process.argv.includes('--worker')) runWorker();
else
  runCoordinator().catch((err) => {
    console.error(err);
    process.exit(1);
  });
