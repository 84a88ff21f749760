import type { IdempotencyRefusal } from '@platform/contracts';
import { requestTerms } from '@platform/domain';
import {
  type DefaultError,
  type UseMutateAsyncFunction,
  type UseMutateFunction,
  type UseMutationOptions,
  type UseMutationResult,
  useMutation,
} from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { disconnectedActionText, isDisconnected } from './connectivity.ts';
import { ApiError } from './request.ts';

/**
 * Idempotency keys for money-moving calls (issue 18): one key per user action, sent as the
 * `Idempotency-Key` header (the request layer's `idempotencyKey` option), so that a double tap or a
 * retry never does a thing twice. The server answers a key it has seen with the first reply.
 */

/**
 * A fresh key: a random UUID (v4). crypto.randomUUID exists only in a secure context (https,
 * localhost); on a plain-http address the same kind of UUID is made from getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * An order's client_order_id made from its action's key: a retry that reuses the key sends the
 * same id, so the body stays the same (another body with the key would be a 422).
 */
export const clientOrderIdFor = (idempotencyKey: string): string => `w${idempotencyKey.replaceAll('-', '')}`;

/**
 * Whether a failed call may have been carried out, or may still be running: no answer (network,
 * timeout), a server or gateway failure (after a 503, 结果确认中 included, the server's key answers
 * the retry with what was done, or does it once; a 500 is replayed), or a 409 saying that the first
 * call with the key still runs. Doing the same thing again is then a retry and must reuse the key.
 * Any other answer is final, including the 409 that says the first call never finished (its outcome
 * is to be checked, and a new action has a new key).
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.kind === 'offline') return false;
  if (error.status === 409) return refusalOf(error.body) === 'in_progress';
  return error.kind !== 'http' || error.status >= 500;
}

/** Why the server refused a key (`data.idempotency`), if that was the reason. */
function refusalOf(body: unknown): IdempotencyRefusal | undefined {
  const refusal = (body as { data?: { idempotency?: unknown } } | undefined)?.data?.idempotency;
  return refusal === 'mismatch' || refusal === 'in_progress' || refusal === 'outcome_unknown'
    ? refusal
    : undefined;
}

/** Two calls with the same input are the same action: the input's terms (requestTerms) compared as JSON. */
function identityOf(input: unknown): string {
  try {
    return JSON.stringify(requestTerms(input)) ?? '';
  } catch {
    // Not JSON (a cycle): never the same as another call.
    return `unique:${newIdempotencyKey()}`;
  }
}

/**
 * The keys of one kind of user action (a form, a button, a row's buttons). An action is known by
 * its input, which must hold everything the call sends:
 * - a call with the input of an action still running is that action: nothing is sent again, the
 *   caller gets the running call's promise;
 * - a call with the input of an action whose outcome is unknown (see outcomeUnknown) is its retry
 *   and reuses its key: the server then answers with the first call's reply, if it had one;
 * - anything else is a new action with a fresh key.
 */
export class ActionKeys {
  readonly #running = new Map<string, { key: string; promise: Promise<unknown> }>();
  readonly #retries = new Map<string, string>();

  /** Whether the action with this input is running. */
  isRunning(input: unknown): boolean {
    return this.#running.has(identityOf(input));
  }

  /** The key of the running action with this input. */
  keyOf(input: unknown): string | undefined {
    return this.#running.get(identityOf(input))?.key;
  }

  /** Runs `call` with the action's key (see the class), or joins the same action already running. */
  run<T>(input: unknown, call: (idempotencyKey: string) => Promise<T>): Promise<T> {
    const id = identityOf(input);
    const running = this.#running.get(id);
    if (running) return running.promise as Promise<T>;
    const key = this.#retries.get(id) ?? newIdempotencyKey();
    this.#retries.delete(id);
    // Registered before the call starts: the call may ask for its key (keyOf) at once.
    const entry = { key, promise: Promise.resolve() as Promise<unknown> };
    this.#running.set(id, entry);
    let promise: Promise<T>;
    try {
      promise = call(key);
    } catch (error) {
      promise = Promise.reject(error);
    }
    entry.promise = promise;
    promise.then(
      () => this.#running.delete(id),
      (error: unknown) => {
        this.#running.delete(id);
        if (outcomeUnknown(error)) this.#retries.set(id, key);
      },
    );
    return promise;
  }
}

/** One ActionKeys for the component's lifetime, for actions written as plain async handlers. */
export function useActionKeys(): ActionKeys {
  return useState(() => new ActionKeys())[0];
}

export type IdempotentMutationOptions<TData, TError, TVariables, TContext> = Omit<
  UseMutationOptions<TData, TError, TVariables, TContext>,
  'mutationFn' | 'retry' | 'retryDelay' | 'networkMode'
> & {
  /** The call; `idempotencyKey` is the action's key, to send as the Idempotency-Key header. */
  mutationFn: (variables: TVariables, idempotencyKey: string) => Promise<TData>;
  /**
   * Refuse while the app is disconnected (lib/connectivity.ts: browser offline or socket down):
   * nothing is sent and the mutation fails with ApiError kind 'offline'. The user app's trades,
   * withdrawals and deposits set it, for a confirmation opened before the connection dropped.
   */
  requiresConnection?: boolean | undefined;
};

/**
 * useMutation for a money-moving call: each action gets one key (ActionKeys, the variables being the
 * action's input, so they must hold everything the call sends). `mutate` with the variables of an
 * action still pending does nothing, and `mutateAsync` returns that action's promise (its own
 * callbacks are not added): a double tap sends one request, even before the button shows that it
 * is loading. A retry by the user after an unknown outcome reuses the key. The client never
 * retries nor holds one by itself (retry off, networkMode 'always', whatever the defaults say):
 * only the user acts.
 */
export function useIdempotentMutation<
  TData = unknown,
  TError = DefaultError,
  TVariables = void,
  TContext = unknown,
>(
  options: IdempotentMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const keys = useActionKeys();
  const { mutationFn, requiresConnection, ...rest } = options;
  const mutation = useMutation<TData, TError, TVariables, TContext>({
    ...rest,
    retry: false,
    networkMode: 'always',
    mutationFn: (variables) => {
      if (requiresConnection && isDisconnected())
        return Promise.reject(new ApiError(disconnectedActionText(), 0, 'offline'));
      // Always there: the mutation runs (retries included) inside keys.run below.
      const key = keys.keyOf(variables);
      if (key === undefined)
        return Promise.reject(new Error('idempotent mutation started outside its action'));
      return mutationFn(variables, key);
    },
  });
  const start = mutation.mutateAsync;
  const mutateAsync: UseMutateAsyncFunction<TData, TError, TVariables, TContext> = useCallback(
    (...args) => keys.run(args[0], () => start(...args)),
    [keys, start],
  );
  const mutate: UseMutateFunction<TData, TError, TVariables, TContext> = useCallback(
    (...args) => {
      // The failure is the mutation's state (and its onError), as with useMutation's mutate.
      mutateAsync(...args).catch(() => undefined);
    },
    [mutateAsync],
  );
  return { ...mutation, mutate, mutateAsync };
}
