/**
 * Whether `err` says that the connection went away while a statement was on it (ARCHITECTURE.md,
 * "Idempotency keys"): what was sent last, a COMMIT perhaps, may or may not have been done. Not a
 * connection that could not be made (ECONNREFUSED, a connect timeout: nothing was sent) nor a
 * statement the server refused (lock or statement timeout: it rolled the transaction back).
 */
export function isConnectionLost(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && LOST_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && LOST_MESSAGES.test(e.message)) return true;
    current = e.cause;
  }
  return false;
}

/**
 * Node's socket errors on an open connection; PostgreSQL's connection failure (08006), transaction
 * resolution unknown (08007), and its backend terminated (57P01 pg_terminate_backend or shutdown,
 * 57P02 crash of another backend).
 */
const LOST_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', '08006', '08007', '57P01', '57P02']);
/**
 * node-postgres says these in words only (the last one is its client-side query timeout); a connect
 * that timed out ("Connection terminated due to connection timeout") sent nothing.
 */
const LOST_MESSAGES =
  /Connection terminated(?! due to connection timeout)|Client has encountered a connection error|Query read timeout/i;
