import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { clientOrderIdFor } from '../../../lib/idempotency.ts';
import { keyOf, mockApi, ok, UUID } from '../../../test/api.ts';
import { makeOrder } from '../../../test/fixtures.ts';
import { useSpotAccount } from './useSpotAccount.ts';

const order = { symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '1' } as const;

function renderAccount() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AntApp>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </AntApp>
  );
  // A guest's hook: no socket and no queries, only the two calls under test.
  return renderHook(() => useSpotAccount('BTCUSDT', false), { wrapper });
}

/** A reply the test sends when it wants. */
function deferred() {
  let send: (response: Response) => void = () => {};
  const reply = new Promise<Response>((resolve) => {
    send = resolve;
  });
  return { reply, send };
}

/** A GTC limit buy of 0.01 BTC at 49,000 that never filled, as its cancel returns it. */
const cancelledLimitBuy = makeOrder({
  id: 5,
  type: 'limit',
  time_in_force: 'GTC',
  price: '49000',
  filled_amount: '0',
  avg_price: null,
  quote_amount: '0',
  fee: '0',
  status: 'cancelled',
  expires_at: '2026-01-31T00:00:00.000Z',
  updated_at: '2026-01-01T00:05:00.000Z',
  closed_at: '2026-01-01T00:05:00.000Z',
});

describe('useSpotAccount', () => {
  it('places one order for two taps in the same instant (issue 18), its id made from its key', async () => {
    const first = deferred();
    const replies = [first.reply];
    const { calls } = mockApi({
      'POST /api/trading/spot/order': () =>
        replies.shift() ?? ok({ order: makeOrder({ id: 10 }) }, '下单成功'),
    });
    const hook = renderAccount();
    let taps: Promise<unknown>[] = [];
    act(() => {
      taps = [hook.result.current.place.mutateAsync(order), hook.result.current.place.mutateAsync(order)];
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => {
      first.send(ok({ order: makeOrder({ id: 9 }) }, '下单成功'));
      await Promise.all(taps);
    });
    expect(calls).toHaveLength(1);
    const key = keyOf(calls[0]);
    expect(key).toMatch(UUID);
    expect(calls[0]?.body).toEqual({ ...order, client_order_id: clientOrderIdFor(key as string) });

    // The same order again once the first has answered is a second order, with its own key.
    await act(() => hook.result.current.place.mutateAsync(order));
    expect(calls).toHaveLength(2);
    expect(keyOf(calls[1])).not.toBe(key);
  });

  it('cancels with a key, once for a double tap', async () => {
    const { calls } = mockApi({
      'DELETE /api/trading/order/5': () => ok({ order: cancelledLimitBuy }, '订单已取消'),
    });
    const hook = renderAccount();
    act(() => {
      hook.result.current.cancel.mutate(5);
      hook.result.current.cancel.mutate(5);
    });
    await waitFor(() => expect(hook.result.current.cancel.isSuccess).toBe(true));
    expect(calls).toHaveLength(1);
    expect(keyOf(calls[0])).toMatch(UUID);
  });
});
