import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Countdown } from './Countdown.tsx';
import { noteServerTime, resetServerClock, serverNow } from './serverClock.ts';

const LOCAL_NOW = Date.parse('2025-01-01T00:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
  vi.setSystemTime(LOCAL_NOW);
  resetServerClock();
});
afterEach(() => {
  vi.useRealTimers();
  resetServerClock();
});

describe('server clock', () => {
  it('takes the offset at the midpoint of the round trip and keeps the tightest sample', () => {
    // The server said 00:01:00.100 while the request was out between local 0 ms and 200 ms.
    noteServerTime('2025-01-01T00:01:00.100Z', LOCAL_NOW, LOCAL_NOW + 200);
    expect(serverNow() - LOCAL_NOW).toBe(60_000);
    // A much slower sample is ignored.
    noteServerTime('2025-01-01T00:05:00.000Z', LOCAL_NOW, LOCAL_NOW + 5_000);
    expect(serverNow() - LOCAL_NOW).toBe(60_000);
  });
});

describe('Countdown', () => {
  it('counts down to the server expiry, not the local clock', () => {
    // The phone is 60 s behind the server.
    noteServerTime('2025-01-01T00:01:00.000Z', LOCAL_NOW, LOCAL_NOW);
    const contract = { opened_at: '2025-01-01T00:01:00.000Z', expires_at: '2025-01-01T00:01:30.000Z' };
    render(<Countdown contract={contract} />);
    expect(screen.getByTestId('countdown').textContent).toBe('00:30');
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByTestId('countdown').textContent).toBe('00:20');
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.queryByTestId('countdown')).toBeNull();
    expect(screen.getByTestId('countdown-settling').textContent).toContain('结算中');
  });

  it('shows the ring with the time left in the large size', () => {
    const contract = { opened_at: '2025-01-01T00:00:00.000Z', expires_at: '2025-01-01T00:01:00.000Z' };
    render(<Countdown contract={contract} size="large" />);
    expect(screen.getByTestId('countdown').textContent).toBe('01:00');
    expect(screen.getByText('距离结算')).toBeTruthy();
  });
});
