/**
 * A mocked API for the web tests: global fetch routed by `METHOD /path` to handlers, every call recorded.
 */
import * as contracts from '@platform/contracts';
import { type Mock, vi } from 'vitest';
import { jsonResponse } from './fixtures.ts';

/** The contracts' endpoints with a reply schema, those with fewer `:params` first (a literal segment wins). */
const REPLY_ENDPOINTS = (Object.values(contracts) as unknown[])
  .filter((value): value is contracts.Endpoint => contracts.isEndpoint(value) && value.reply !== undefined)
  .map((e) => ({
    endpoint: e,
    pattern: new RegExp(`^${e.path.replace(/:\w+/g, '[^/]+')}$`),
    params: (e.path.match(/:\w+/g) ?? []).length,
  }))
  .sort((a, b) => a.params - b.params);

/** The endpoint a request goes to, matched by its method and path. */
export function endpointFor(method: string, pathname: string): contracts.Endpoint | undefined {
  return REPLY_ENDPOINTS.find((e) => e.endpoint.method === method && e.pattern.test(pathname))?.endpoint;
}

/** The mocked replies that did not match their endpoint's reply contract in the current test. */
const replyDrifts: string[] = [];

/**
 * Checks a mocked success reply against the reply schema (the envelope) of the endpoint it answers,
 * so a fixture cannot drift from what the server sends. A mismatch is recorded and fails the test
 * (failOnReplyDrift, after each test) with the zod issues.
 */
async function checkReply(method: string, pathname: string, response: Response): Promise<void> {
  if (!response.ok) return;
  const schema = endpointFor(method, pathname)?.reply;
  if (!schema) return;
  let body: unknown;
  try {
    body = await response.clone().json();
  } catch {
    return;
  }
  if (typeof body !== 'object' || body === null || (body as { success?: unknown }).success !== true) return;
  const parsed = schema.safeParse(body);
  if (parsed.success) return;
  const issues = parsed.error.issues.map(
    (issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`,
  );
  replyDrifts.push(
    `${method} ${pathname}: the mocked reply does not match its contract\n${issues.join('\n')}`,
  );
}

/** Fails the test when a mocked reply did not match its contract (the web tests' afterEach). */
export function failOnReplyDrift(): void {
  const drifts = replyDrifts.splice(0);
  if (drifts.length > 0) throw new Error(drifts.join('\n'));
}

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

/**
 * A list reply paged the way the server pages: `page` and `limit` from the request (default 1 and
 * 20), the rows of that page under `key`, and the pagination it describes.
 */
export function pagedReply<T>(call: Call, key: string, rows: readonly T[]): Response {
  const page = Number(call.url.searchParams.get('page') ?? 1);
  const limit = Number(call.url.searchParams.get('limit') ?? 20);
  return ok({
    [key]: rows.slice((page - 1) * limit, page * limit),
    pagination: { page, limit, total: rows.length, totalPages: Math.ceil(rows.length / limit) },
  });
}

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
    if (!handler) return jsonResponse({ success: false, message: 'not mocked' }, 404);
    const response = await handler(call);
    await checkReply(method, url.pathname, response);
    return response;
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
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    if (url !== path) return jsonResponse({ success: false, message: 'unexpected' }, 404);
    const response = replies.shift() ?? fallback();
    await checkReply(init.method ?? 'GET', new URL(url, 'http://localhost').pathname, response);
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return { replies, fetchMock };
}
