import type { Realtime } from '../realtime/realtime.ts';

/**
 * Throttled fan-out of market updates. Producers offer the latest value of a room as often as they
 * like; every `flushMs` each room that changed is sent once, with its latest value. So a busy market
 * costs a client at most 1000/flushMs messages per second per subscription, and a client that
 * cannot keep up (a backlog on its connection) skips updates instead of queueing them.
 */
export interface MarketPush {
  offer(room: string, event: string, payload: unknown): void;
  stop(): void;
}

export function createMarketPush(realtime: Pick<Realtime, 'toRoom'>, flushMs: number): MarketPush {
  const dirty = new Map<string, { event: string; payload: unknown }>();
  const timer = setInterval(() => {
    if (dirty.size === 0) return;
    const batch = [...dirty];
    dirty.clear();
    for (const [room, { event, payload }] of batch) realtime.toRoom(room, event, payload, { skipSlow: true });
  }, flushMs);
  timer.unref();
  return {
    offer(room, event, payload) {
      dirty.set(room, { event, payload });
    },
    stop() {
      clearInterval(timer);
      dirty.clear();
    },
  };
}

/** Room names of the market channels; the kline room carries its interval. */
export const marketRooms = {
  ticker: (symbol: string) => `market:ticker:${symbol}`,
  depth: (symbol: string) => `market:depth:${symbol}`,
  kline: (symbol: string, interval: string) => `market:kline:${symbol}:${interval}`,
  trades: (symbol: string) => `market:trades:${symbol}`,
};
