/**
 * A mocked API for the web tests: global fetch routed by `METHOD /path` to handlers, every call recorded.
 */
import { type Mock, vi } from 'vitest';
import { jsonResponse } from './fixtures.ts';

/** One recorded request: JSON bodies are parsed, FormData is kept as it is. */
export type Call = { method: string; url: URL; body: unknown; headers: Headers };
export type Handler = (call: Call) => Response | Promise<Response>;

/** A random UUID, as the web app's Idempotency-Keys are. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The Idempotency-Key a recorded request carried (null without one). */
export const keyOf = (call: Call | undefined): string | null => call?.headers.get('Idempotency-Key') ?? null;

/** The server's success envelope. */
export const ok = (data: unknown, message = 'ok'): Response => jsonResponse({ success: true, message, data });

/** A pagination block as the list calls reply it (limit 20). */
export const pagination = (total: number, page = 1) => ({
  page,
  limit: 20,
  total,
  totalPages: Math.ceil(total / 20),
});

export type MockApi = { calls: Call[]; handlers: Record<string, Handler>; fetchMock: Mock };

/**
 * Stubs the global fetch. A request goes to `handlers['<METHOD> <pathname>']` (which tests may change later);
 * one without a handler gets a 404 `not mocked`.
 */
export function mockApi(handlers: Record<string, Handler> = {}): MockApi {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const body =
      init.body instanceof FormData ? init.body : init.body ? JSON.parse(String(init.body)) : undefined;
    const call = { method, url, body, headers: new Headers(init.headers) };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    return handler ? handler(call) : jsonResponse({ success: false, message: 'not mocked' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, handlers, fetchMock };
}

/**
 * Stubs the global fetch for a page that calls one path: each call takes the next queued reply
 * (tests push onto `replies`), then `fallback()`; any other path gets a 404 `unexpected`.
 */
export function mockOnePath(path: string, fallback: () => Response) {
  const replies: Response[] = [];
  const fetchMock = vi.fn(async (url: string) => {
    if (url !== path) return jsonResponse({ success: false, message: 'unexpected' }, 404);
    return replies.shift() ?? fallback();
  });
  vi.stubGlobal('fetch', fetchMock);
  return { replies, fetchMock };
}
