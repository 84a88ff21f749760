import {
  type Language,
  MARKET_EVENTS,
  MAX_MARKET_SUBSCRIPTIONS_PER_SOCKET,
  PAIR_NOT_TRADABLE,
} from '@platform/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientEventHandler, SocketHandle } from '../realtime/realtime.ts';
import type { MarketCache } from './market-cache.ts';
import { registerMarketSubscriptions } from './market-subscriptions.ts';

interface Ack {
  success: boolean;
  message: string;
  data?: { rooms: string[] };
}

/** The market socket's handlers on a stand-in realtime, with sockets of a chosen language. */
function setUp(opts: { failing?: boolean } = {}) {
  const handlers = new Map<string, ClientEventHandler>();
  const subscriptions = registerMarketSubscriptions({
    realtime: {
      onClientEvent: (event, handler) => void handlers.set(event, handler),
      onDisconnect: () => undefined,
    },
    cache: {
      want: async () => undefined,
      ticker: async () => {
        if (opts.failing) throw new Error('cache down');
        return null;
      },
      orderBook: async () => null,
    } as unknown as MarketCache,
    isTradable: async (symbol) => symbol !== 'NOPEUSDT',
    recentTrades: async () => {
      throw new Error('unused');
    },
  });
  const socket = (language: Language): SocketHandle => {
    const joined = new Set<string>();
    return {
      id: `socket-${language}`,
      userId: 1,
      isAdmin: false,
      language: () => language,
      join: (room) => void joined.add(room),
      leave: (room) => void joined.delete(room),
      rooms: () => joined,
      emit: () => undefined,
    };
  };
  const send = (event: string, handle: SocketHandle, payload: unknown) =>
    new Promise<Ack>((resolve) => handlers.get(event)!(handle, payload, (reply) => resolve(reply as Ack)));
  return {
    socket,
    subscribe: (handle: SocketHandle, payload: unknown) => send(MARKET_EVENTS.subscribe, handle, payload),
    unsubscribe: (handle: SocketHandle, payload: unknown) => send(MARKET_EVENTS.unsubscribe, handle, payload),
    close: subscriptions.close,
  };
}

let close: (() => void) | undefined;
afterEach(() => close?.());

describe('the market socket’s acks in the socket’s language (issue 38)', () => {
  /** What each language says; the scenario is the same. */
  const cases = [
    {
      language: 'zh-CN' as const,
      subscribed: '订阅成功',
      unsubscribed: '已取消订阅',
      notTradable: `${PAIR_NOT_TRADABLE}：NOPEUSDT`,
      malformed: /^参数错误：/,
      invalid: '参数错误',
      tooMany: `订阅数量已达上限（${MAX_MARKET_SUBSCRIPTIONS_PER_SOCKET}）`,
    },
    {
      language: 'en' as const,
      subscribed: 'Subscribed',
      unsubscribed: 'Unsubscribed',
      notTradable: 'The trading pair does not exist or is disabled: NOPEUSDT',
      malformed: /^Invalid parameters: [^\u4e00-\u9fff]+$/,
      invalid: 'Invalid parameters',
      tooMany: `Subscription limit reached (${MAX_MARKET_SUBSCRIPTIONS_PER_SOCKET})`,
    },
  ];

  it.each(cases)('in $language', async (said) => {
    const market = setUp();
    close = market.close;
    const socket = market.socket(said.language);
    expect(await market.subscribe(socket, { symbol: 'BTCUSDT' })).toEqual({
      success: true,
      message: said.subscribed,
      data: { rooms: ['market:ticker:BTCUSDT'] },
    });
    expect((await market.unsubscribe(socket, { symbol: 'BTCUSDT' })).message).toBe(said.unsubscribed);
    expect(await market.subscribe(socket, { symbol: 'NOPEUSDT' })).toEqual({
      success: false,
      message: said.notTradable,
    });
    const malformed = await market.subscribe(socket, { symbol: 'BTCUSDT', channels: ['orders'] });
    expect(malformed.success).toBe(false);
    expect(malformed.message).toMatch(said.malformed);
    expect(await market.unsubscribe(socket, { channels: ['orders'] })).toEqual({
      success: false,
      message: said.invalid,
    });
    for (const room of Array.from({ length: MAX_MARKET_SUBSCRIPTIONS_PER_SOCKET }, (_, i) => `market:x:${i}`))
      socket.join(room);
    expect((await market.subscribe(socket, { symbol: 'ETHUSDT' })).message).toBe(said.tooMany);
  });

  it('a failure on the way, in either language', async () => {
    const market = setUp({ failing: true });
    close = market.close;
    expect(await market.subscribe(market.socket('zh-CN'), { symbol: 'BTCUSDT' })).toEqual({
      success: false,
      message: '订阅失败，请稍后再试',
    });
    expect(await market.subscribe(market.socket('en'), { symbol: 'BTCUSDT' })).toEqual({
      success: false,
      message: 'Subscription failed; try again later',
    });
  });
});
