import { z } from 'zod';
import { amount } from './amount.ts';
import { endpoint } from './endpoint.ts';
import { clientOrderId, spotOrderType, timeInForce, tradeOrderReply, tradeSymbol } from './trading.ts';

/**
 * Spot trading (spec 001 §7, ARCHITECTURE.md, "Trading engines"): POST /api/trading/spot/order, DELETE
 * /api/trading/order/{id} and the operator's POST /api/admin/orders/{id}/cancel. The house is the
 * counterparty; fills follow the reference order book. Every call replies `tradeOrderReply`.
 */

export const spotSides = ['buy', 'sell'] as const;
export const spotSide = z.enum(spotSides, { error: '买卖方向必须是 buy 或 sell' });
export type SpotSide = z.infer<typeof spotSide>;

/** Limits (put a limit on everything). */
export const SPOT_LIMITS = {
  /** Open (pending or partial) spot orders one user may have at once. */
  maxOpenOrders: 200,
  /** Levels of the reference book a fill may walk. */
  bookDepth: 20,
  /** A reference book older than this is not traded against. */
  bookMaxAgeMs: 3000,
  /** Largest value of one order in the quote currency (quantity × price). */
  maxOrderValue: '1000000000000',
} as const;

/** Quantity or price as typed: positive, at most 12 integer digits and 8 decimals. */
const positiveDecimal = (label: string) =>
  amount({ label, integer: 12, scale: 8, format: `${label}格式不正确（最多12位整数、8位小数）` });

/**
 * The order body. `amount` is the base quantity. A limit order needs `price`; a market order takes
 * neither a price nor a time in force. The pair's own rules (minimum amount, precisions) are
 * checked by the server against the pair.
 */
export const spotOrderBody = z
  .object({
    symbol: tradeSymbol,
    side: spotSide,
    type: spotOrderType,
    amount: positiveDecimal('数量'),
    price: positiveDecimal('价格').optional(),
    time_in_force: timeInForce.optional(),
    client_order_id: clientOrderId,
  })
  .superRefine((body, ctx) => {
    if (body.type === 'limit' && body.price === undefined) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: '限价单必须填写价格' });
    }
    if (body.type === 'market' && body.price !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: '市价单不能指定价格' });
    }
    if (body.type === 'market' && body.time_in_force !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['time_in_force'], message: '市价单不能指定有效期类型' });
    }
  });
export type SpotOrderBody = z.infer<typeof spotOrderBody>;

/**
 * Messages of the spot calls; the shared ones are TRADING_TEXTS and ADMIN_ORDER_CANCEL_TEXTS (a
 * flash, option or perpetual order given to a cancel call: ADMIN_ORDER_CANCEL_TEXTS.notCancellable).
 */
export const SPOT_TEXTS = {
  depthInsufficient: '市场深度不足',
  fokUnfilled: 'FOK 订单无法立即全部成交，未下单',
  tooManyOpenOrders: `未完成的现货订单已达上限（${SPOT_LIMITS.maxOpenOrders} 笔），请先撤销或等待成交`,
  orderValueTooLarge: '订单金额过大',
  amountBelowMin: (min: string, currency: string) => `数量不能小于最小下单量 ${min} ${currency}`,
  amountPrecision: (places: number) => `数量最多 ${places} 位小数`,
  pricePrecision: (places: number) => `价格最多 ${places} 位小数`,
} as const;

export const placeSpotOrder = endpoint({
  method: 'POST',
  path: '/api/trading/spot/order',
  operationId: 'placeSpotOrder',
  summary: '现货下单',
  description: 'Places a spot order.',
  body: spotOrderBody,
  reply: tradeOrderReply,
});
