import type { Language } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { msg, requestLanguage, t } from '../i18n/i18n.ts';
import { badRequest } from './errors.ts';

/*
 * PostgreSQL's text cannot hold a null byte (U+0000): a query given one fails inside the database
 * (22021), after the request has passed validation, and the caller got a 500. Refused up front.
 */

/**
 * Where the first null byte in `value` is, as a dotted path under `name` (a key holding one is
 * named itself), or null when there is none. Walks without recursion, so any depth is safe.
 */
export function nullBytePath(name: string, value: unknown): string | null {
  const pending: [string, unknown][] = [[name, value]];
  while (pending.length) {
    const [at, next] = pending.pop() as [string, unknown];
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return at;
    } else if (next && typeof next === 'object') {
      for (const [key, inner] of Object.entries(next)) {
        const path = at ? `${at}.${key}` : key;
        if (key.includes('\u0000')) return path;
        pending.push([path, inner]);
      }
    }
  }
  return null;
}

/**
 * The 400 for a null byte at `field`: shaped as a validation error (data.errors names the field),
 * its data's message in `language`, the request's (the error handler says the message in it).
 */
export const nullByteRefusal = (field: string, language: Language) =>
  badRequest(msg('http.validation', { fields: msg('userFacing.hygiene.nullByteAt', { field }) }), {
    errors: [{ field, message: t(language, 'userFacing.hygiene.nullByte') }],
  });

/**
 * Every route: a null byte in the body, the query or the path is 400 参数错误. Runs at
 * preValidation, after the guards (onRequest), so an anonymous caller still gets 401 first.
 * Multipart fields are read by their handlers, which check them (uploads/image-upload.ts).
 */
export function refuseNullBytes(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field =
      nullBytePath('', request.body) ??
      nullBytePath('query', request.query) ??
      nullBytePath('params', request.params);
    if (field !== null) throw nullByteRefusal(field || 'body', requestLanguage(request));
  });
}
