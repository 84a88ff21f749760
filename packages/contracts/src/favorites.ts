import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { envelope } from './envelope.ts';

/**
 * 自选 (issue 33, docs/market-watch.md): the caller's favourite pairs, kept on the server so that they
 * follow the user from device to device. The whole list is replaced at once (its order is the
 * user's); only pairs users can see are accepted, at most FAVORITES_MAX of them.
 */
export const FAVORITES_MAX = 50;

export const FAVORITES_MESSAGES = {
  loaded: '获取自选成功',
  saved: '自选已更新',
  symbolsRequired: 'symbols 必须是交易对数组',
  badSymbol: '交易对格式不正确',
  tooMany: `自选最多 ${FAVORITES_MAX} 个交易对`,
  notListed: (symbols: readonly string[]) => `交易对不存在或未上架：${symbols.join('、')}`,
} as const;

const symbol = z
  .string({ error: FAVORITES_MESSAGES.badSymbol })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,20}$/, FAVORITES_MESSAGES.badSymbol);

export const favoritesBody = z.object({
  symbols: z
    .array(symbol, { error: FAVORITES_MESSAGES.symbolsRequired })
    .max(FAVORITES_MAX, FAVORITES_MESSAGES.tooMany)
    // A pair named twice is kept once, where it first appears.
    .transform((list) => [...new Set(list)]),
});
export type FavoritesBody = z.infer<typeof favoritesBody>;

export const favoritesReply = envelope(z.object({ symbols: z.array(z.string()) }));
export type FavoritesData = NonNullable<z.infer<typeof favoritesReply>['data']>;

export const getFavorites = endpoint({
  method: 'GET',
  path: '/api/user/favorites',
  operationId: 'getFavorites',
  summary: '自选交易对',
  description: "The caller's favourite trading pairs.",
  reply: favoritesReply,
});
export const putFavorites = endpoint({
  method: 'PUT',
  path: '/api/user/favorites',
  operationId: 'putFavorites',
  summary: '保存自选交易对',
  description: "Saves the caller's favourite trading pairs.",
  body: favoritesBody,
  reply: favoritesReply,
});
