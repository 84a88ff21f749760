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
