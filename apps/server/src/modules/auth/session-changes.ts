import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { createFreshRead } from '../../core/fresh-read.ts';
import type { Database } from '../../db/client.ts';

/**
 * What every instance hears about sessions: migration 0028's triggers NOTIFY this channel with the
 * user id whenever a user row changes or a session is revoked, re-dated or deleted (at commit, from
 * whichever instance, job or psql made the change), and '*' when a table is truncated.
 */
export const SESSION_CHANGES_CHANNEL = 'session_changes';
/**
 * The listening connection's round trip (a sync, and the heartbeat while idle); the round-trip test
 * counts it apart from the pool's statements.
 */
export const LISTENER_SYNC_SQL = "SELECT 'session_changes sync'";
/** How the listening connection shows in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'session-change-listener';

/**
 * The user whose sessions changed, or every user: also when the channel is lost and again when it
 * is back, since whatever changed in between went unheard (and a lookup that ran meanwhile may
 * predate it).
 */
export type SessionChange = number | 'all';

export interface SessionChangeFeed {
  /**
   * Whether a change committed now would reach this instance: the listening connection is up and
   * answered a round trip sent at most proofMaxAgeMs ago (see sync), so that a connection that died
   * without a word is given up within that time.
   */
  isListening(): boolean;
  /**
   * Resolves true once every change committed before the call has been handed to onChange, false
   * if that cannot be known (the channel is lost). A commit signals the listening backends before
   * the committer hears it succeed, and a backend sends the notifications it was signalled ahead of
   * its next query's reply: so a query sent on the listening connection after the call brings all
   * of them. Concurrent calls share one such query (at most one in flight, the next one carrying
   * every call that came while it was out), so this costs at most one round trip per request and
   * far fewer under load. What it closes: a change committed through another instance, or through
   * this one a moment ago, whose notification is still on its way when the next request comes.
   */
  sync(): Promise<boolean>;
  close(): Promise<void>;
}

export interface FeedTiming {
  heartbeatMs: number;
  /** A round trip older than this (sent, answered or not) no longer proves the channel. */
  proofMaxAgeMs: number;
  reconnectMs: number;
}

const DEFAULT_TIMING: FeedTiming = { heartbeatMs: 1_000, proofMaxAgeMs: 3_000, reconnectMs: 500 };

function parseChange(payload: string | undefined): SessionChange | undefined {
  if (payload === '*') return 'all';
  const id = Number(payload);
  return Number.isSafeInteger(id) ? id : undefined;
}

/**
 * Listens on whichever database the app runs on. PGlite is this process only and delivers a
 * notification before the committing query returns, so it is always listening; PostgreSQL gets a
 * dedicated connection (not one of the pool's, which would return it after each query and LISTEN
 * is per connection) that reconnects by itself.
 */
export async function openSessionChangeFeed(
  database: Database,
  onChange: (change: SessionChange) => void,
  log: FastifyBaseLogger,
  timing: FeedTiming = DEFAULT_TIMING,
): Promise<SessionChangeFeed> {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.engine === 'pglite') {
    const unlisten = await (client as PGlite).listen(SESSION_CHANGES_CHANNEL, (payload) => {
      const change = parseChange(payload);
      if (change !== undefined) onChange(change);
    });
    // PGlite hands a notification over before the committing query returns: nothing is on its way.
    const pglite = client as PGlite;
    return {
      isListening: () => true,
      sync: async () => true,
      // A database closed first (a shutdown, a test of an unreachable one) has dropped the listener
      // with it; unlistening would fail on the closed handle.
      close: async () => {
        if (!pglite.closed) await unlisten();
      },
    };
  }
  return listenOnPostgres(client as pg.Pool, onChange, log, timing);
}

function listenOnPostgres(
  pool: pg.Pool,
  onChange: (change: SessionChange) => void,
  log: FastifyBaseLogger,
  timing: FeedTiming,
): SessionChangeFeed {
  let current: pg.Client | undefined;
  /** performance.now() at which the last answered heartbeat (or the LISTEN itself) was sent. */
  let provenAt = Number.NEGATIVE_INFINITY;
  let closed = false;
  let lostAt: number | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let heartbeatTimer: NodeJS.Timeout | undefined;

  const drop = (conn: pg.Client, why: string) => {
    if (current !== conn) return;
    current = undefined;
    provenAt = Number.NEGATIVE_INFINITY;
    clearInterval(heartbeatTimer);
    onChange('all');
    if (lostAt === undefined) {
      lostAt = Date.now();
      log.warn(
        { why },
        'session change listener lost: sessions are looked up in the database until it is back',
      );
    }
    conn.end().catch(() => {});
    if (!closed) reconnectTimer = setTimeout(connect, timing.reconnectMs);
  };

  const roundTrip = (conn: pg.Client): Promise<boolean> => {
    const sentAt = performance.now();
    const late = setTimeout(() => drop(conn, 'sync unanswered'), timing.proofMaxAgeMs);
    return conn.query(LISTENER_SYNC_SQL).then(
      () => {
        clearTimeout(late);
        if (current !== conn) return false;
        provenAt = Math.max(provenAt, sentAt);
        return true;
      },
      (err: Error) => {
        clearTimeout(late);
        drop(conn, err.message);
        return false;
      },
    );
  };

  /** A round trip sent after this call (the rule of core/fresh-read.ts: one out at a time, shared). */
  const roundTrips = createFreshRead(async (_: 'sync') => {
    const conn = current;
    return conn ? roundTrip(conn) : false;
  });
  const sync = (): Promise<boolean> => roundTrips('sync');

  async function connect() {
    if (closed) return;
    // The pool's settings (address, credentials, timeouts); keepAlive so that a vanished peer is
    // also noticed by the kernel, the heartbeat being the sure way.
    const conn = new pg.Client({
      ...pool.options,
      keepAlive: true,
      application_name: LISTENER_APPLICATION_NAME,
    });
    current = conn;
    conn.on('error', (err) => drop(conn, err.message));
    conn.on('end', () => drop(conn, 'connection ended'));
    conn.on('notification', (msg) => {
      if (msg.channel !== SESSION_CHANGES_CHANNEL) return;
      const change = parseChange(msg.payload);
      if (change !== undefined) onChange(change);
    });
    try {
      const sentAt = performance.now();
      await conn.connect();
      await conn.query(`LISTEN ${SESSION_CHANGES_CHANNEL}`);
      if (current !== conn) return;
      provenAt = sentAt;
      onChange('all');
    } catch (err) {
      drop(conn, (err as Error).message);
      return;
    }
    if (lostAt !== undefined) {
      log.info({ outageMs: Date.now() - lostAt }, 'session change listener back');
      lostAt = undefined;
    }
    // While no request syncs, the heartbeat notices a connection that died without a word.
    heartbeatTimer = setInterval(() => void sync(), timing.heartbeatMs);
  }

  void connect();
  return {
    isListening: () => current !== undefined && performance.now() - provenAt < timing.proofMaxAgeMs,
    sync,
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      clearInterval(heartbeatTimer);
      const conn = current;
      current = undefined;
      await conn?.end().catch(() => {});
    },
  };
}
