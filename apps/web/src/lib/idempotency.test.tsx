import { IDEMPOTENCY_TEXTS } from '@platform/contracts';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type Call, keyOf, mockApi, ok, UUID } from '../test/api.ts';
import { jsonResponse, makeOrder, sleep } from '../test/fixtures.ts';
import { ActionKeys, clientOrderIdFor, newIdempotencyKey, useIdempotentMutation } from './idempotency.ts';
import { createQueryClient } from './queryClient.ts';
import { ApiError, request } from './request.ts';

const PATH = 'POST /api/trading/spot/order';
/** The spot order endpoint's success: the order it placed. */
const placed = () => ok({ order: makeOrder() });

/** A reply the test sends when it wants (a call still in flight until then). */
function deferred() {
  let send: (response: Response) => void = () => {};
  const reply = new Promise<Response>((resolve) => {
    send = resolve;
  });
  return { reply, send };
}

function renderMutation(options: { client?: QueryClient; requiresConnection?: boolean } = {}) {
  const client = options.client ?? new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const onSuccess = vi.fn();
  const hook = renderHook(
    () =>
      useIdempotentMutation({
        mutationFn: (body: { amount: string }, idempotencyKey) =>
          request('/trading/spot/order', { method: 'POST', body, idempotencyKey }),
        onSuccess,
        requiresConnection: options.requiresConnection,
      }),
    { wrapper },
  );
  return { hook, onSuccess };
}

/** Runs one action to its end (success or failure). */
async function settle(hook: ReturnType<typeof renderMutation>['hook'], body: { amount: string }) {
  await act(() => hook.result.current.mutateAsync(body).catch(() => undefined));
}

const sent = (calls: Call[]) => calls.filter((c) => `${c.method} ${c.url.pathname}` === PATH);

describe('newIdempotencyKey', () => {
  it('is a fresh UUID each time', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID);
  });

  it('is a UUID too where crypto.randomUUID is missing (a page served over plain http)', () => {
    const own = Object.getOwnPropertyDescriptor(crypto, 'randomUUID');
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const a = newIdempotencyKey();
      expect(a).toMatch(UUID);
      expect(newIdempotencyKey()).not.toBe(a);
    } finally {
      if (own) Object.defineProperty(crypto, 'randomUUID', own);
      else Reflect.deleteProperty(crypto, 'randomUUID');
    }
    expect(typeof crypto.randomUUID).toBe('function');
  });

  it('makes a client_order_id the contract accepts', () => {
    expect(clientOrderIdFor(newIdempotencyKey())).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  });
});

describe('useIdempotentMutation', () => {
  it('sends an Idempotency-Key, a fresh one for each action', async () => {
    const { calls } = mockApi({ [PATH]: placed });
    const { hook, onSuccess } = renderMutation();
    await settle(hook, { amount: '1' });
    await settle(hook, { amount: '1' });
    const [first, second] = sent(calls);
    expect(keyOf(first)).toMatch(UUID);
    expect(keyOf(second)).toMatch(UUID);
    // The same order placed twice on purpose (after the first answered) is two actions.
    expect(keyOf(second)).not.toBe(keyOf(first));
    expect(onSuccess).toHaveBeenCalledTimes(2);
  });

  it('sends one request for a double tap, however fast', async () => {
    const { reply, send } = deferred();
    const { calls } = mockApi({ [PATH]: () => reply });
    const { hook, onSuccess } = renderMutation();
    let a: Promise<unknown> = Promise.resolve();
    let b: Promise<unknown> = Promise.resolve();
    act(() => {
      // Both taps land before any re-render: isPending cannot have stopped the second one.
      hook.result.current.mutate({ amount: '1' });
      a = hook.result.current.mutateAsync({ amount: '1' });
      hook.result.current.mutate({ amount: '1' });
    });
    await waitFor(() => expect(sent(calls)).toHaveLength(1));
    await act(async () => {
      b = hook.result.current.mutateAsync({ amount: '1' });
      send(placed());
      await Promise.all([a, b]);
    });
    // The tap that joined gets the action's own result.
    await expect(b).resolves.toEqual({ success: true, message: 'ok', data: { order: makeOrder() } });
    expect(sent(calls)).toHaveLength(1);
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('gives a different action started meanwhile its own key', async () => {
    const first = deferred();
    const { calls } = mockApi({ [PATH]: () => first.reply });
    const { hook } = renderMutation();
    act(() => {
      hook.result.current.mutate({ amount: '1' });
      hook.result.current.mutate({ amount: '2' });
    });
    await waitFor(() => expect(sent(calls)).toHaveLength(2));
    const [a, b] = sent(calls);
    expect(a?.body).toEqual({ amount: '1' });
    expect(b?.body).toEqual({ amount: '2' });
    expect(keyOf(a)).not.toBe(keyOf(b));
    await act(async () => first.send(placed()));
  });

  it.each([
    ['no answer (network failure)', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['503', () => jsonResponse({ success: false, message: '服务暂时不可用' }, 503)],
    [
      '503 结果确认中 (its database connection was lost: the retry with the key confirms what was done)',
      () =>
        jsonResponse(
          { success: false, message: IDEMPOTENCY_TEXTS.confirming, data: { idempotency: 'confirming' } },
          503,
        ),
    ],
    [
      '409 (the first call still runs)',
      () =>
        jsonResponse(
          {
            success: false,
            message: '相同幂等键的请求正在处理中，请稍后重试',
            data: { idempotency: 'in_progress' },
          },
          409,
        ),
    ],
  ])('reuses the key when the same action is retried after %s', async (_, failure) => {
    const replies: (() => Response | Promise<Response>)[] = [failure, placed];
    const { calls } = mockApi({ [PATH]: () => (replies.shift() ?? placed)() });
    const { hook } = renderMutation();
    await settle(hook, { amount: '1' });
    await waitFor(() => expect(hook.result.current.isError).toBe(true));
    await settle(hook, { amount: '1' });
    await waitFor(() => expect(hook.result.current.isSuccess).toBe(true));
    // Done: the next one is a new action.
    await settle(hook, { amount: '1' });
    const [first, retry, next] = sent(calls).map(keyOf);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
  });

  it('uses a fresh key after a final answer, and for other input after no answer', async () => {
    const replies: (() => Response | Promise<Response>)[] = [
      () => jsonResponse({ success: false, message: '余额不足' }, 422),
      // A state conflict, and a first call that never finished (to be checked, not retried): final.
      () => jsonResponse({ success: false, message: '订单已成交或已取消' }, 409),
      () =>
        jsonResponse(
          {
            success: false,
            message: '结果未知，请核对记录后再操作',
            data: { idempotency: 'outcome_unknown' },
          },
          409,
        ),
      () => Promise.reject(new TypeError('Failed to fetch')),
      placed,
    ];
    const { calls } = mockApi({ [PATH]: () => (replies.shift() ?? placed)() });
    const { hook } = renderMutation();
    for (let i = 0; i < 4; i++) await settle(hook, { amount: '1' });
    await settle(hook, { amount: '2' });
    const keys = sent(calls).map(keyOf);
    expect(keys).toHaveLength(5);
    expect(new Set(keys).size).toBe(5);
  });

  it('never retries by itself: one failure is one request, whatever the client defaults', async () => {
    const { calls } = mockApi({ [PATH]: () => Promise.reject(new TypeError('Failed to fetch')) });
    const client = new QueryClient({ defaultOptions: { mutations: { retry: 3, retryDelay: 0 } } });
    const { hook } = renderMutation({ client });
    await settle(hook, { amount: '1' });
    await sleep(50);
    expect(sent(calls)).toHaveLength(1);
    await waitFor(() => expect(hook.result.current.isError).toBe(true));
  });

  it('sends at once while the browser says offline and fails, instead of holding the order for later', async () => {
    // Issue 20: a market order tapped offline was paused (networkMode 'online') and sent 10 s after
    // reconnecting, at a new price.
    const { calls } = mockApi({ [PATH]: () => Promise.reject(new TypeError('Failed to fetch')) });
    for (const client of [createQueryClient(), new QueryClient()]) {
      calls.length = 0;
      const { hook } = renderMutation({ client });
      onlineManager.setOnline(false);
      try {
        await settle(hook, { amount: '1' });
        expect(sent(calls)).toHaveLength(1);
        await waitFor(() => expect(hook.result.current.isError).toBe(true));
        expect(hook.result.current.isPaused).toBe(false);
      } finally {
        onlineManager.setOnline(true);
      }
      await sleep(50);
      expect(sent(calls)).toHaveLength(1);
      expect(
        client
          .getMutationCache()
          .getAll()
          .some((m) => m.state.isPaused),
      ).toBe(false);
      hook.unmount();
    }
  });

  it('with requiresConnection, sends nothing while disconnected and says so', async () => {
    const { calls } = mockApi({ [PATH]: placed });
    const { hook } = renderMutation({ requiresConnection: true });
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await settle(hook, { amount: '1' });
    } finally {
      online.mockRestore();
    }
    expect(sent(calls)).toHaveLength(0);
    await waitFor(() => expect(hook.result.current.isError).toBe(true));
    const error = hook.result.current.error;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('offline');
    expect((error as Error).message).toBe('网络已断开，请恢复连接后再试');
    // Nothing was sent: the next tap is a new action with a new key, sent normally once back.
    await settle(hook, { amount: '1' });
    expect(sent(calls)).toHaveLength(1);
    expect(keyOf(sent(calls)[0])).toMatch(UUID);
  });
});

describe('ActionKeys', () => {
  it('runs a call once while it is in flight and gives the same action a retry its key', async () => {
    const keys = new ActionKeys();
    const seen: string[] = [];
    let fail: (error: unknown) => void = () => {};
    const call = (key: string) => {
      seen.push(key);
      return new Promise((_, reject) => {
        fail = reject;
      });
    };
    const first = keys.run({ id: 1, status: 'approved' }, call);
    expect(keys.isRunning({ id: 1, status: 'approved' })).toBe(true);
    expect(keys.isRunning({ id: 2, status: 'approved' })).toBe(false);
    expect(keys.run({ id: 1, status: 'approved' }, call)).toBe(first);
    expect(seen).toHaveLength(1);
    fail(new TypeError('not an ApiError'));
    await expect(first).rejects.toThrow();
    // Not an answer from the server nor a lost one (a bug before sending): nothing to retry.
    void keys.run({ id: 1, status: 'approved' }, call).catch(() => undefined);
    expect(seen).toHaveLength(2);
    expect(seen[1]).not.toBe(seen[0]);
  });
});

describe('the query client', () => {
  it('does not retry mutations by default, nor hold them while offline', () => {
    expect(createQueryClient().getDefaultOptions().mutations?.retry).toBe(false);
    expect(createQueryClient().getDefaultOptions().mutations?.networkMode).toBe('always');
  });

  it('keeps the key when only the 2FA code changed: a withdrawal retried after a lost reply is the same action', async () => {
    const keys = new ActionKeys();
    const seen: string[] = [];
    const lost = (key: string) => {
      seen.push(key);
      return Promise.reject(new ApiError('网络错误', 0, 'network'));
    };
    await expect(keys.run({ amount: '100', totp: '111111' }, lost)).rejects.toThrow();
    await expect(keys.run({ amount: '100', totp: '222222' }, lost)).rejects.toThrow();
    await expect(keys.run({ amount: '101', totp: '333333' }, lost)).rejects.toThrow();
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).not.toBe(seen[0]);
  });
});
