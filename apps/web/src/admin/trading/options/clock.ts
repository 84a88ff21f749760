import { useEffect, useState } from 'react';

/** Spec 001 §9: the option page's clock ticks every second. */
export const CLOCK_TICK_MS = 1000;
const MINUTE_MS = 60_000;

/** The current instant, renewed every `tickMs`. */
export function useNow(tickMs = CLOCK_TICK_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now;
}

/**
 * The start of the current minute, checked every second. Windows begin and end on whole minutes, so
 * whatever depends only on them re-renders once a minute instead of every tick (React skips a state
 * update to the same value).
 */
export function useCurrentMinute(): number {
  const [minute, setMinute] = useState(() => Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS);
  useEffect(() => {
    const timer = setInterval(() => setMinute(Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return minute;
}
