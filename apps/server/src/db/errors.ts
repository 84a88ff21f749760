/** PostgreSQL error helpers that work for both node-postgres and PGlite errors. */
interface PgLikeError {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

/** The error and its causes, outermost first (Drizzle wraps the driver's error as its cause). */
function* causeChain(err: unknown): Generator<Record<string, unknown>> {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    yield current as Record<string, unknown>;
    current = (current as { cause?: unknown }).cause;
  }
}

function pgError(err: unknown): PgLikeError | undefined {
  for (const e of causeChain(err)) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e as PgLikeError;
  }
  return undefined;
}

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = pgError(err);
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

export function isCheckViolation(err: unknown, constraint?: string): boolean {
  const e = pgError(err);
  return e?.code === '23514' && (constraint === undefined || e.constraint === constraint);
}

export const pgErrorCode = (err: unknown) => pgError(err)?.code;

/** Node's codes for a connection that could not be made or was lost. */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * node-postgres says these in words only: a lost or closed connection (the pool closes one lost
 * while checked out, so the transaction's ROLLBACK says so), no connection in time, and its
 * client-side query timeout.
 */
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Connection refused|Query read timeout/i;

/**
 * The database could not serve the request for now, through nobody's fault in the request: it is
 * unreachable, silent or restarting (class 08, 57P01-57P03, no answer within query_timeout), short
 * of a resource (class 53: disk full 53100, out of memory 53200, too many connections 53300), or
 * the request waited past lock_timeout (55P03) or statement_timeout (57014). The caller may retry
 * (503).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const code = pgErrorCode(err);
  if (code) {
    return (
      code.startsWith('08') ||
      code.startsWith('53') ||
      ['57P01', '57P02', '57P03', '55P03', '57014'].includes(code)
    );
  }
  for (const e of causeChain(err)) {
    if (typeof e.code === 'string' && CONNECTION_ERRNOS.has(e.code)) return true;
    if (typeof e.message === 'string' && CONNECTION_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** A character a text value cannot hold (22021, 22P05) that no check caught: the caller's input. */
export function isUnstorableCharacter(err: unknown): boolean {
  const code = pgErrorCode(err);
  return code === '22021' || code === '22P05';
}

/**
 * The logger's `err` serializer (app.ts), for every error any part of the server logs. Of an error
 * from the database it keeps the failed query's SQL without its parameters, and of PostgreSQL's
 * error only the code and the names it points at: the parameters, PostgreSQL's message and its
 * detail quote the values (e-mails, names, addresses: "invalid input syntax for type integer:
 * "a@b.c"", "Key (email)=(a@b.c) already exists").
 */
export function loggableError(err: unknown): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  const db = pgError(err);
  if (!db && 'params' in err) {
    // A query that did not reach PostgreSQL (a lost or refused connection, a closed pool): Drizzle's
    // message quotes the parameters too; the driver's error under it says what happened.
    const cause = err.cause instanceof Error ? err.cause : undefined;
    return {
      type: err.name,
      message: err.message.split('\nparams:')[0] ?? '',
      cause: cause && { type: cause.name, message: cause.message, code: (cause as { code?: unknown }).code },
      stack: framesOf(err),
    };
  }
  if (!db) {
    return {
      type: err.name,
      message: err.message,
      code: (err as { code?: unknown }).code,
      stack: err.stack ?? '',
    };
  }
  const fields = db as PgLikeError & { table?: string; column?: string; routine?: string };
  return {
    type: err.name,
    // Drizzle's message is "Failed query: <sql>\nparams: <values>"; a driver's own is PostgreSQL's.
    message: 'params' in err ? (err.message.split('\nparams:')[0] ?? '') : 'database error',
    code: db.code,
    constraint: fields.constraint,
    table: fields.table,
    column: fields.column,
    routine: fields.routine,
    stack: framesOf(err),
  };
}

/** The frames only: the stack's first lines repeat the message, parameters and all. */
const framesOf = (err: Error) =>
  (err.stack ?? '')
    .split('\n')
    .filter((line) => line.startsWith('    at '))
    .join('\n');

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}
