import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/**
 * PostgreSQL's text cannot hold a null byte (U+0000): a query given one fails inside the database
 * (22021), after the request has passed validation, and the caller got a 500. Refused up front.
 */
export const NULL_BYTE_MESSAGE = '参数错误：不能包含空字符（\\u0000）';

/** Whether any string or key in `value` holds a null byte; walks without recursion (any depth). */
export function containsNullByte(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (next && typeof next === 'object') {
      for (const [key, inner] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/**
 * Every route: a null byte in the body, the query or the path is 400 参数错误. Runs at
 * preValidation, after the guards (onRequest), so an anonymous caller still gets 401 first.
 * Multipart fields are read by their handlers, which check them (uploads/image-upload.ts).
 */
export function refuseNullBytes(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (containsNullByte(request.params) || containsNullByte(request.query) || containsNullByte(request.body))
      throw badRequest(NULL_BYTE_MESSAGE);
  });
}

/** PostgreSQL's codes for characters a text value cannot hold: the caller's input, never a bug of ours. */
export const UNSTORABLE_CHARACTER_CODES = new Set(['22021', '22P05']);
export const UNSTORABLE_CHARACTER_MESSAGE = '参数错误：包含无法保存的字符';

/**
 * What an unexpected error may put in the log: a failed query's SQL without its parameters, and of
 * the database's error only its code and the names it points at. Parameters, PostgreSQL's message
 * and its detail quote the values (e-mails, names, addresses: "invalid input syntax for type
 * integer: "a@b.c"", "Key (email)=(a@b.c) already exists").
 */
export function loggableError(error: Error & { params?: unknown; cause?: unknown }) {
  if (error.params === undefined) return error;
  const cause = error.cause as
    | { code?: string; constraint?: string; table?: string; column?: string; routine?: string }
    | undefined;
  return {
    type: error.name,
    message: error.message.split('\nparams:')[0],
    code: cause?.code,
    constraint: cause?.constraint,
    table: cause?.table,
    column: cause?.column,
    routine: cause?.routine,
    stack: error.stack
      ?.split('\n')
      .filter((line) => line.startsWith('    at '))
      .join('\n'),
  };
}
