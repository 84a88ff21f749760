import { useEffect, useRef, useState } from 'react';

/** Market lists redraw at most this often, however many prices the socket pushes. */
export const TICKER_REFRESH_MS = 400;

/**
 * `value`, passed on at most once every `ms`: the latest one wins, none is lost for longer than `ms`.
 * A socket pushes every pair's ticker each second, one message at a time; a screen listing all of
 * them redraws a few times a second instead of once per message.
 */
export function useThrottledValue<T>(value: T, ms: number): T {
  const [shown, setShown] = useState(value);
  const last = useRef(0);
  useEffect(() => {
    const wait = last.current + ms - Date.now();
    const show = () => {
      last.current = Date.now();
      setShown(value);
    };
    if (wait <= 0) {
      show();
      return;
    }
    const timer = setTimeout(show, wait);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return shown;
}
