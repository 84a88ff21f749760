import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useThrottledValue } from './useThrottledValue.ts';

describe('useThrottledValue', () => {
  it('passes the first value at once, then at most one per interval, always ending on the latest', () => {
    vi.useFakeTimers();
    vi.setSystemTime(10_000);
    const { result, rerender } = renderHook(({ value }) => useThrottledValue(value, 400), {
      initialProps: { value: 1 },
    });
    expect(result.current).toBe(1);
    // Within the interval: held back, and only the latest of several is shown when it ends.
    rerender({ value: 2 });
    rerender({ value: 3 });
    rerender({ value: 4 });
    expect(result.current).toBe(1);
    act(() => void vi.advanceTimersByTime(399));
    expect(result.current).toBe(1);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toBe(4);
    // After a quiet interval a new value passes at once.
    act(() => void vi.advanceTimersByTime(1000));
    rerender({ value: 5 });
    expect(result.current).toBe(5);
  });
});
