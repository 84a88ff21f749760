import fs from 'node:fs';
import os from 'node:os';
import { isDatabaseUnavailable, loggableError } from '../db/errors.ts';

/**
 * The process-level net under everything else (issue 18): an error that escaped every handler is
 * logged and counted here instead of killing the instance with all its requests and sockets.
 *
 * - Any unhandled rejection: logged (error level) and counted; the process keeps serving. A
 *   rejected promise that nobody awaited unwound nothing of anyone else's work, so the process's
 *   state is what it was; a Redis client's rejected command is the usual case (Redis is a helper,
 *   never a reason to stop).
 * - An uncaught exception from Redis (ioredis, its parser, the socket.io adapter): logged (warn)
 *   and counted; the process keeps serving, and the client reconnects by itself.
 * - An uncaught exception from the database driver or about a lost connection (node-postgres
 *   emitting `error` on a client nobody listens to: a backend terminated, a reset, a partition's
 *   end; issue 31): logged (error) and counted; the process keeps serving. Every client of the
 *   pool listens (db/client.ts), so this is a connection of some other code; the connection is
 *   dead, its queries have failed, and nothing in memory was left half-done by it.
 * - Any other uncaught exception: logged (fatal), counted, and the process exits with 1, which is
 *   Node's own behaviour: a throw that escaped the event loop may have left a half-done operation
 *   in memory, and a supervisor restarts a clean process. The database never holds half of a
 *   transaction, so nothing is lost but the requests in flight.
 */
export interface ProcessGuard {
  counts(): { unhandledRejections: number; uncaughtExceptions: number };
  uninstall(): void;
}

type LogFn = (obj: Record<string, unknown>, msg: string) => void;
export interface GuardLog {
  warn: LogFn;
  error: LogFn;
  fatal: LogFn;
}

interface GuardTarget {
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
  on(event: 'uncaughtException', listener: (err: Error) => void): unknown;
  off(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
  off(event: 'uncaughtException', listener: (err: Error) => void): unknown;
}

export function installProcessGuard(
  opts: { log?: GuardLog; target?: GuardTarget; exit?: (code: number) => void } = {},
): ProcessGuard {
  const log = opts.log ?? stdoutLog;
  const target = opts.target ?? process;
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  let unhandledRejections = 0;
  let uncaughtExceptions = 0;

  const onRejection = (reason: unknown) => {
    unhandledRejections += 1;
    const redis = isRedisError(reason);
    log.error(
      { err: asError(reason), redis, unhandledRejections },
      redis ? 'unhandled rejection from redis (kept serving)' : 'unhandled rejection (kept serving)',
    );
  };
  const onException = (err: Error) => {
    uncaughtExceptions += 1;
    if (isRedisError(err)) {
      log.warn({ err, uncaughtExceptions }, 'uncaught exception from redis (kept serving)');
      return;
    }
    if (isDatabaseConnectionError(err)) {
      log.error({ err, uncaughtExceptions }, 'uncaught database connection error (kept serving)');
      return;
    }
    log.fatal({ err, uncaughtExceptions }, 'uncaught exception: exiting');
    exit(1);
  };
  target.on('unhandledRejection', onRejection);
  target.on('uncaughtException', onException);
  return {
    counts: () => ({ unhandledRejections, uncaughtExceptions }),
    uninstall() {
      target.off('unhandledRejection', onRejection);
      target.off('uncaughtException', onException);
    },
  };
}

/** The error classes of ioredis and its parser, by name (their constructors are not all exported). */
const REDIS_ERROR_NAMES = new Set([
  'MaxRetriesPerRequestError',
  'ReplyError',
  'ParserError',
  'AbortError',
  'InterruptError',
  'RedisError',
  'ClusterAllFailedError',
]);
/** Errors that ioredis makes as plain Errors. */
const REDIS_MESSAGES = [
  'Connection is closed.',
  "Stream isn't writeable and enableOfflineQueue options is false",
  'Command timed out',
  'None of startup nodes is available',
];
const REDIS_MODULE_IN_STACK =
  /[\\/]node_modules[\\/](ioredis|redis-parser|redis-errors|@ioredis[\\/][^\\/]+|@socket\.io[\\/]redis-adapter)[\\/]/;

/** Whether `err` comes from the Redis client (or the adapter on top of it). */
export function isRedisError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (REDIS_ERROR_NAMES.has(err.name) || REDIS_ERROR_NAMES.has(err.constructor?.name ?? '')) return true;
  if (REDIS_MESSAGES.some((m) => err.message.startsWith(m))) return true;
  return REDIS_MODULE_IN_STACK.test(err.stack ?? '');
}

const PG_MODULE_IN_STACK = /[\\/]node_modules[\\/](pg|pg-pool|pg-protocol)[\\/]/;

/** Whether `err` is a lost or unreachable database connection, or comes from node-postgres. */
export function isDatabaseConnectionError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return isDatabaseUnavailable(err) || PG_MODULE_IN_STACK.test(err.stack ?? '');
}

function asError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(`non-error rejection: ${String(reason)}`);
}

const LEVELS = { warn: 40, error: 50, fatal: 60 } as const;
/**
 * main.ts installs the guard before the app (and its logger) exists: lines in pino's format on
 * stdout, as the app's own logger writes them, written synchronously so that a fatal line is out
 * before the process exits.
 */
const stdoutLog: GuardLog = {
  warn: (obj, msg) => writeLine('warn', obj, msg),
  error: (obj, msg) => writeLine('error', obj, msg),
  fatal: (obj, msg) => writeLine('fatal', obj, msg),
};

function writeLine(level: keyof typeof LEVELS, obj: Record<string, unknown>, msg: string) {
  const { err, ...rest } = obj;
  const line = {
    level: LEVELS[level],
    time: Date.now(),
    pid: process.pid,
    hostname: os.hostname(),
    ...rest,
    ...(err !== undefined ? { err: loggableError(err) } : {}),
    msg,
  };
  try {
    fs.writeSync(1, `${JSON.stringify(line)}\n`);
  } catch {
    // stdout gone (a closed pipe): nothing left to tell.
  }
}
