import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './request.ts';

/** Retries only what may pass on a second try: network failures, timeouts and 5xx, at most twice. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (error instanceof ApiError)
    return error.kind === 'http' ? error.status >= 500 : error.kind !== 'offline';
  return false;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      // A write runs when the user asks, or fails then: never retried, and never held while the
      // browser is offline to be sent on reconnecting (networkMode 'online', TanStack's default,
      // did that: an order tapped offline was filled 10 s after the connection came back).
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export const queryClient = createQueryClient();
