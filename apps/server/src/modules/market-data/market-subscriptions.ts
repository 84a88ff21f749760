import {
  MARKET_EVENTS,
  MAX_MARKET_SUBSCRIPTIONS_PER_SOCKET,
  type MarketChannel,
  marketSubscription,
  type RecentTrades,
  validationMessageIn,
} from '@platform/contracts';
import { t } from '../../i18n/i18n.ts';
import type { Realtime, SocketHandle } from '../realtime/realtime.ts';
import type { MarketCache } from './market-cache.ts';
import { marketRooms } from './market-push.ts';

/** A wanted room is announced for this long and re-announced well before, while someone listens here. */
const WANT_TTL_MS = 30_000;
const WANT_REFRESH_MS = 10_000;

/**
 * Socket subscriptions to a symbol's ticker, depth, trades and klines. Joining a room is all a
 * ticker needs (the publisher pushes every symbol's ticker); the other rooms are also announced in
 * the cache, so that the publisher, on whichever instance it runs, computes only what someone watches.
 */
export function registerMarketSubscriptions(deps: {
  realtime: Pick<Realtime, 'onClientEvent' | 'onDisconnect'>;
  cache: MarketCache;
  isTradable: (symbol: string) => Promise<boolean>;
  /** The trades snapshot a new subscriber gets at once (cached, or read from the source). */
  recentTrades: (symbol: string) => Promise<RecentTrades>;
}) {
  const listeners = new Map<string, Set<string>>();

  const roomsOf = (symbol: string, channels: MarketChannel[], interval: string) =>
    channels.map((c) => (c === 'kline' ? marketRooms.kline(symbol, interval) : marketRooms[c](symbol)));
  const needsAnnouncing = (room: string) => !room.startsWith('market:ticker:');

  function listen(socket: SocketHandle, room: string) {
    socket.join(room);
    if (!needsAnnouncing(room)) return;
    let set = listeners.get(room);
    if (!set) {
      set = new Set();
      listeners.set(room, set);
    }
    set.add(socket.id);
    void deps.cache.want(room, WANT_TTL_MS).catch(() => undefined);
  }

  function unlisten(socket: SocketHandle, room: string) {
    socket.leave(room);
    const set = listeners.get(room);
    set?.delete(socket.id);
    if (set?.size === 0) listeners.delete(room);
  }

  // Acks in the socket's language (the account's, else the handshake's auth.language: realtime.ts).
  deps.realtime.onClientEvent(MARKET_EVENTS.subscribe, (socket, payload, ack) => {
    const language = socket.language();
    const parsed = marketSubscription.safeParse(payload);
    if (!parsed.success) {
      // As a request's validation error is worded (app.ts).
      const fields = parsed.error.issues.map((issue) => validationMessageIn(language, { ...issue }));
      ack({
        success: false,
        message: t(language, 'http.validation', { fields: fields.join(t(language, 'http.fieldSeparator')) }),
      });
      return;
    }
    const { symbol, channels, interval } = parsed.data;
    void (async () => {
      if (!(await deps.isTradable(symbol))) {
        ack({ success: false, message: t(language, 'marketAdmin.pairNotTradable', { symbol }) });
        return;
      }
      const rooms = roomsOf(symbol, channels, interval);
      const current = [...socket.rooms()].filter((r) => r.startsWith('market:'));
      const added = rooms.filter((r) => !current.includes(r));
      if (current.length + added.length > MAX_MARKET_SUBSCRIPTIONS_PER_SOCKET) {
        ack({
          success: false,
          message: t(language, 'marketData.subscriptions.tooMany', {
            max: MAX_MARKET_SUBSCRIPTIONS_PER_SOCKET,
          }),
        });
        return;
      }
      for (const room of rooms) listen(socket, room);
      // The latest values at once, so a fresh chart does not wait for the next push.
      if (channels.includes('ticker')) {
        const ticker = await deps.cache.ticker(symbol);
        if (ticker) socket.emit(MARKET_EVENTS.ticker, ticker);
      }
      if (channels.includes('depth')) {
        const book = await deps.cache.orderBook(symbol, 5000);
        if (book) socket.emit(MARKET_EVENTS.depth, book);
      }
      if (channels.includes('trades')) {
        // A failing source leaves the tape empty until the next push, not the subscription refused.
        const trades = await deps.recentTrades(symbol).catch(() => null);
        if (trades) socket.emit(MARKET_EVENTS.trades, trades);
      }
      ack({ success: true, message: t(language, 'marketData.subscriptions.subscribed'), data: { rooms } });
    })().catch(() => ack({ success: false, message: t(language, 'marketData.subscriptions.failed') }));
  });

  deps.realtime.onClientEvent(MARKET_EVENTS.unsubscribe, (socket, payload, ack) => {
    const language = socket.language();
    const parsed = marketSubscription.safeParse(payload);
    if (!parsed.success) {
      ack({ success: false, message: t(language, 'marketData.subscriptions.invalid') });
      return;
    }
    const rooms = roomsOf(parsed.data.symbol, parsed.data.channels, parsed.data.interval);
    for (const room of rooms) unlisten(socket, room);
    ack({ success: true, message: t(language, 'marketData.subscriptions.unsubscribed'), data: { rooms } });
  });

  deps.realtime.onDisconnect((socket) => {
    for (const [room, set] of listeners) {
      set.delete(socket.id);
      if (set.size === 0) listeners.delete(room);
    }
  });

  const timer = setInterval(() => {
    for (const room of listeners.keys()) void deps.cache.want(room, WANT_TTL_MS).catch(() => undefined);
  }, WANT_REFRESH_MS);
  timer.unref();

  return {
    /** Rooms that sockets on this instance listen to (status, tests). */
    localRooms: () => [...listeners.keys()],
    close: () => clearInterval(timer),
  };
}
