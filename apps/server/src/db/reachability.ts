import type pg from 'pg';
import { type Message, msg } from '../i18n/i18n.ts';

/**
 * Whether PostgreSQL answers (issue 31; ARCHITECTURE.md, "Database"). A connection of its own,
 * outside the pool, asks `SELECT 1` every second. A socket that is reset or refused says so at
 * once and the requests on it fail by themselves; a partition says nothing, and a request on a
 * pooled connection would wait out query_timeout (statement_timeout and a margin: a minute). So
 * when a round trip gets no answer within `silenceMs` (DATABASE_CONNECT_TIMEOUT_MS), or a
 * connection cannot be made within it, the database counts as silent: `onSilence` destroys every
 * pool connection (what waits on them fails at once: 503) and `silent()` tells the pool to refuse
 * new requests at once until a round trip is answered again. The watch tries again every 250 ms.
 * A refusal or a reset makes `problem()` say so (health) but is not silence: the pool keeps trying
 * by itself.
 */
export interface Reachability {
  /** Why the database is unreachable (a message: health says it in the reader's language), or undefined while it answers. */
  problem(): Message | undefined;
  /** The problem while it is silence (no answer, no connection in time): nothing should wait on it. */
  silent(): Message | undefined;
  /** A round trip sent now: undefined when answered within `withinMs`, else why not. */
  ask(withinMs: number): Promise<Message | undefined>;
  close(): Promise<void>;
}

const EVERY_MS = 1000;
const RECONNECT_MS = 250;

export function watchReachability(opts: {
  /** A new connection outside the pool (the pool's settings). */
  connect: () => pg.Client;
  silenceMs: number;
  onSilence: (problem: Message) => void;
}): Reachability {
  let conn: pg.Client | undefined;
  let problem: Message | undefined;
  let silent = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  /** Callers of ask() while no connection is open: told by the next connection attempt. */
  const waiting = new Set<(problem: Message | undefined) => void>();
  const settle = (outcome: Message | undefined) => {
    for (const tell of waiting) tell(outcome);
    waiting.clear();
  };

  const later = (ms: number) => {
    clearTimeout(timer);
    if (!closed) timer = setTimeout(() => void turn(), ms);
  };

  const drop = (c: pg.Client) => {
    if (conn === c) conn = undefined;
    c.end().catch(() => {});
  };

  /** The round trip on `c`, or why it failed; silence past `silenceMs` counts as failure. */
  const roundTrip = (c: pg.Client, withinMs: number) =>
    new Promise<Message | undefined>((resolve) => {
      const late = setTimeout(() => resolve(noAnswerWithin(withinMs)), withinMs);
      c.query('SELECT 1').then(
        () => {
          clearTimeout(late);
          resolve(undefined);
        },
        (err: Error) => {
          clearTimeout(late);
          resolve(msg('operations.database.cut', { error: errorName(err) }));
        },
      );
    });

  async function turn() {
    if (closed) return;
    let c = conn;
    if (!c) {
      c = opts.connect();
      c.on('error', () => {}); // a lost connection also fails its query, which says what happened
      const connecting = c;
      const made = await connecting.connect().then(
        () => undefined,
        (err: Error) => err,
      );
      if (closed) return void drop(connecting);
      if (made) {
        drop(connecting);
        problem = msg('operations.database.unreachable', { error: errorName(made) });
        silent = /timeout/i.test(made.message);
        settle(problem);
        if (silent) opts.onSilence(problem);
        return later(RECONNECT_MS);
      }
      conn = c;
    }
    const failed = await roundTrip(c, opts.silenceMs);
    if (closed) return;
    if (failed) {
      drop(c);
      // A reset or terminated connection is told to its requests by their own sockets: the watch
      // only connects again. Silence is told to nobody: the pool's connections are cut.
      if (failed.key === 'operations.database.silent') {
        problem = failed;
        silent = true;
        settle(problem);
        opts.onSilence(failed);
        return later(RECONNECT_MS);
      }
      return later(0);
    }
    problem = undefined;
    silent = false;
    settle(undefined);
    later(EVERY_MS);
  }

  void turn();
  return {
    problem: () => problem,
    silent: () => (silent ? problem : undefined),
    ask: async (withinMs) => {
      if (problem) return problem;
      if (conn) return roundTrip(conn, withinMs);
      return new Promise<Message | undefined>((resolve) => {
        const late = setTimeout(() => {
          waiting.delete(tell);
          resolve(noAnswerWithin(withinMs));
        }, withinMs);
        const tell = (outcome: Message | undefined) => {
          clearTimeout(late);
          resolve(outcome);
        };
        waiting.add(tell);
      });
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      settle(msg('operations.database.closed'));
      const c = conn;
      conn = undefined;
      await c?.end().catch(() => {});
    },
  };
}

/** Silence: no answer within `ms`. */
export const noAnswerWithin = (ms: number): Message => msg('operations.database.silent', { ms });

/** An error's code, or its message (node-postgres says some only in words). */
export function errorName(err: Error): string {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? code : err.message;
}
