/** PostgreSQL error helpers that work for both node-postgres and PGlite errors. */
interface PgLikeError {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

function pgError(err: unknown): PgLikeError | undefined {
  // Drizzle wraps driver errors; the driver's error is the cause.
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const e = current as PgLikeError;
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
    current = e.cause;
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
/** node-postgres says these in words only. */
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused/i;

/**
 * The database could not serve the request for now, through nobody's fault in the request: it is
 * unreachable or restarting (class 08, 57P01-57P03, too many connections 53300), or the request
 * waited past lock_timeout (55P03) or statement_timeout (57014). The caller may retry (503).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const code = pgErrorCode(err);
  if (code) {
    return code.startsWith('08') || ['57P01', '57P02', '57P03', '53300', '55P03', '57014'].includes(code);
  }
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && CONNECTION_ERRNOS.has(e.code)) return true;
    if (typeof e.message === 'string' && CONNECTION_MESSAGES.test(e.message)) return true;
    current = e.cause;
  }
  return false;
}
