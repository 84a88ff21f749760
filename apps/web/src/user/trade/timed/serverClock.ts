import { useEffect, useState } from 'react';

/**
 * The server's clock as seen from here. Countdowns run to the server's expiry time, so a phone whose
 * clock is off by a minute must not show a contract as settled (or still open) a minute early. Each
 * reply that carries the server's "now" (an order's opened_at, the option config's server_time) is a
 * sample: the server read its clock between our send and our receipt, so the offset is taken at the
 * midpoint, and the sample with the shortest round trip wins (the tightest bound). Without any
 * sample the local clock is used.
 */
let offsetMs = 0;
let bestRoundTripMs = Number.POSITIVE_INFINITY;
/** A sample this much slower than the best still replaces it: clocks drift, and old bounds go stale. */
const ROUND_TRIP_SLACK_MS = 250;

export function noteServerTime(serverIso: string, sentAtMs: number, receivedAtMs: number): void {
  const server = Date.parse(serverIso);
  if (Number.isNaN(server) || receivedAtMs < sentAtMs) return;
  const roundTrip = receivedAtMs - sentAtMs;
  if (roundTrip > bestRoundTripMs + ROUND_TRIP_SLACK_MS) return;
  bestRoundTripMs = Math.min(bestRoundTripMs, roundTrip);
  offsetMs = server - (sentAtMs + receivedAtMs) / 2;
}

/** Milliseconds since the epoch on the server's clock (estimated). */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

/** Test seam: forget every sample. */
export function resetServerClock(): void {
  offsetMs = 0;
  bestRoundTripMs = Number.POSITIVE_INFINITY;
}

/** Calls `call`, noting the server time that `serverTimeOf` finds in its result. */
export async function sampled<T>(call: () => Promise<T>, serverTimeOf: (result: T) => string): Promise<T> {
  const sentAt = Date.now();
  const result = await call();
  noteServerTime(serverTimeOf(result), sentAt, Date.now());
  return result;
}

/** The server's now, re-read every `everyMs` while `active` (a countdown's tick). */
export function useServerNow(everyMs = 250, active = true): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    if (!active) return;
    setNow(serverNow());
    const timer = setInterval(() => setNow(serverNow()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs, active]);
  return now;
}
