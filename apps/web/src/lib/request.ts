import {
  type Endpoint,
  type EndpointBody,
  type EndpointData,
  type EndpointParams,
  type EndpointQuery,
  endpointUrl,
  IDEMPOTENCY_KEY_HEADER,
  REQUEST_TIMEOUT_MS,
} from '@platform/contracts';
import type { z } from 'zod';
import { currentLanguage, i18n } from '../i18n/index.ts';
import { isAuthPage, loginUrl, navigateTo } from './navigation.ts';
import { clearSessionStorage, readToken } from './storage.ts';

export const API_BASE = '/api';

/**
 * Why a call failed: the server answered with a failure, the network failed, it took over 10 s, or
 * (offline) it was never sent because the app knew it was disconnected (lib/connectivity.ts).
 */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'offline';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly kind: ApiErrorKind,
    /** The reply body when the server sent one. */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export interface ApiReply<T> {
  success: boolean;
  message: string;
  data: T;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-encoded unless it is FormData (multipart: the browser sets the content type and boundary). */
  body?: unknown;
  /** Appended as a query string; undefined, null and '' are left out. */
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  /** A caller's signal (TanStack Query cancels with it). */
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * Sent as the Idempotency-Key header: one key per user action, the same for its retries (see
   * idempotency.ts). Every money-moving call has one.
   */
  idempotencyKey?: string;
}

/** The server's wording for a bad, expired or missing session (token, authentication, login, 登录). */
const SESSION_ENDED = /token|authentication|login|登录/i;

export function isSessionEnded(status: number, message: string): boolean {
  return status === 401 && SESSION_ENDED.test(message);
}

/** The 401 rule: clear the session and go to the login page with a redirect back here. */
function endSession(): void {
  clearSessionStorage();
  const { pathname, search } = window.location;
  if (!isAuthPage(pathname)) navigateTo(loginUrl(pathname + search), { replace: true });
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const normalised = path.startsWith(`${API_BASE}/`)
    ? path
    : `${API_BASE}${path.startsWith('/') ? '' : '/'}${path}`;
  if (!query) return normalised;
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values) {
      if (value === undefined || value === null || value === '') continue;
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `${normalised}${normalised.includes('?') ? '&' : '?'}${text}` : normalised;
}

const twofaSetupListeners = new Set<() => void>();

/**
 * Called when an admin call answers 403 with data.twofa_setup_required: the admin's 2FA was reset
 * (or never set up) while the cached profile says otherwise, and the back office must show enrolment.
 */
export function onTwofaSetupRequired(listener: () => void): () => void {
  twofaSetupListeners.add(listener);
  return () => twofaSetupListeners.delete(listener);
}

function asksForTwofaSetup(status: number, body: unknown): boolean {
  if (status !== 403 || !hasEnvelope(body)) return false;
  const data = body.data as { twofa_setup_required?: unknown } | null | undefined;
  return data?.twofa_setup_required === true;
}

function hasEnvelope(body: unknown): body is { success: unknown; message?: unknown; data?: unknown } {
  return typeof body === 'object' && body !== null && 'success' in body;
}

/**
 * One call to the API: base /api, bearer token from local storage, JSON (or multipart) body, 10 s
 * timeout. It fails (ApiError) when the HTTP status is not ok or the body's success is not true.
 */
export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<ApiReply<T>> {
  const { method = 'GET', body, query, signal, timeoutMs = REQUEST_TIMEOUT_MS, idempotencyKey } = options;
  // The server answers in this language when no profile says otherwise (docs/i18n.md).
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': currentLanguage() });
  const token = readToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (idempotencyKey !== undefined) headers.set(IDEMPOTENCY_KEY_HEADER, idempotencyKey);

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) forwardAbort();
  else signal?.addEventListener('abort', forwardAbort, { once: true });

  let response: Response;
  let parsed: unknown;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: payload,
      signal: controller.signal,
    });
    const text = await response.text();
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
  } catch (error) {
    if (timedOut) throw new ApiError(i18n.t('common:network.timeout'), 0, 'timeout');
    // The caller cancelled: pass its abort on unchanged.
    if (signal?.aborted) throw error;
    throw new ApiError(i18n.t('common:network.failed'), 0, 'network');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }

  const envelope = hasEnvelope(parsed) ? parsed : undefined;
  const message = typeof envelope?.message === 'string' ? envelope.message : '';
  if (!response.ok || envelope?.success !== true) {
    if (isSessionEnded(response.status, message)) endSession();
    if (asksForTwofaSetup(response.status, parsed))
      for (const listener of [...twofaSetupListeners]) listener();
    throw new ApiError(
      message || i18n.t('common:components.requestFailed', { status: response.status }),
      response.status,
      'http',
      parsed,
    );
  }
  return { success: true, message, data: envelope.data as T };
}

/**
 * What a call to an endpoint sends: its path parameters and body when it has them (the compiler
 * asks for them), its query string, and the request options. An upload endpoint (no body contract)
 * takes its FormData as the body.
 */
export type CallInput<E extends Endpoint> = (E['params'] extends z.ZodType
  ? { params: EndpointParams<E> }
  : { params?: never }) &
  (E['query'] extends z.ZodType ? { query?: EndpointQuery<E> } : { query?: never }) &
  (E['body'] extends z.ZodType ? { body: EndpointBody<E> } : { body?: FormData }) &
  Pick<RequestOptions, 'signal' | 'idempotencyKey' | 'timeoutMs'>;

type CallArgs<E extends Endpoint> = E['params'] extends z.ZodType
  ? [input: CallInput<E>]
  : E['body'] extends z.ZodType
    ? [input: CallInput<E>]
    : [input?: CallInput<E>];

/** One call to an endpoint of packages/contracts: its method and path, its reply's data typed from its contract. */
export function call<E extends Endpoint>(
  endpoint: E,
  ...[input]: CallArgs<E>
): Promise<ApiReply<EndpointData<E>>> {
  const { params, query, body, ...options } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: RequestOptions['query'];
    body?: unknown;
  } & Pick<RequestOptions, 'signal' | 'idempotencyKey' | 'timeoutMs'>;
  return request<EndpointData<E>>(endpointUrl(endpoint, params), {
    ...options,
    method: endpoint.method,
    query,
    body,
  });
}

/** The message to show for a failed call: the server's (or the network) message, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}
