import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { decimalString, envelope, isoDateTime } from './envelope.ts';
import { idParams, pageQuery, pagination } from './pagination.ts';
import { indexComponent } from './price-index.ts';
import { positiveAmount } from './wallet.ts';

/**
 * What the four trading products share (spec 001 §2–§4, §7; ARCHITECTURE.md, "Trading engines"):
 * products, display statuses, sides and their labels, the order as every call returns it. Each
 * product's own bodies and replies are in trading-spot.ts, trading-flash.ts, trading-perpetual.ts
 * and trading-option.ts.
 */

export const tradeProducts = ['spot', 'flash', 'perpetual', 'option'] as const;
export const tradeProduct = z.enum(tradeProducts, { error: '订单类型不正确' });
export type TradeProduct = z.infer<typeof tradeProduct>;
export const TRADE_PRODUCT_LABELS: Record<TradeProduct, string> = {
  spot: '现货',
  flash: '秒合约',
  perpetual: '永续合约',
  option: '期权',
};

export const orderStatuses = ['pending', 'partial', 'filled', 'cancelled', 'expired'] as const;
export const orderStatus = z.enum(orderStatuses, { error: '订单状态不正确' });
export type OrderStatus = z.infer<typeof orderStatus>;
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: '待成交',
  partial: '部分成交',
  filled: '已成交',
  cancelled: '已取消',
  expired: '已过期',
};
/** Statuses of an order that still waits for something (a fill, an expiry). */
export const OPEN_ORDER_STATUSES = ['pending', 'partial'] as const satisfies readonly OrderStatus[];

export const orderSides = ['buy', 'sell', 'up', 'down', 'long', 'short', 'call', 'put'] as const;
export const orderSide = z.enum(orderSides);
export type OrderSide = z.infer<typeof orderSide>;
export const ORDER_SIDE_LABELS: Record<OrderSide, string> = {
  buy: '买入',
  sell: '卖出',
  up: '看涨',
  down: '看跌',
  long: '做多',
  short: '做空',
  call: '看涨',
  put: '看跌',
};
/** Sides that bet on or buy into a rise: shown green; the others red (spec 001 §2). */
export const BULLISH_SIDES: readonly OrderSide[] = ['buy', 'up', 'long', 'call'];
export const isBullishSide = (side: OrderSide) => BULLISH_SIDES.includes(side);

export const spotOrderTypes = ['market', 'limit'] as const;
export const spotOrderType = z.enum(spotOrderTypes, { error: '订单类型必须是 market 或 limit' });
export type SpotOrderType = z.infer<typeof spotOrderType>;
export const SPOT_ORDER_TYPE_LABELS: Record<SpotOrderType, string> = { market: '市价', limit: '限价' };

/**
 * GTC rests until filled, cancelled or expired (after `GTC_MAX_AGE_DAYS`); IOC fills what crosses
 * now and expires the rest; FOK fills completely now or not at all.
 */
export const timeInForces = ['GTC', 'IOC', 'FOK'] as const;
export const timeInForce = z.enum(timeInForces, { error: '有效期类型必须是 GTC、IOC 或 FOK' });
export type TimeInForce = z.infer<typeof timeInForce>;
export const GTC_MAX_AGE_DAYS = 30;

/** Outcome of a flash contract or option. `void`: no reference price at expiry, the stake was refunded. */
export const contractOutcomes = ['win', 'loss', 'draw', 'void'] as const;
export const contractOutcome = z.enum(contractOutcomes);
export type ContractOutcomeName = z.infer<typeof contractOutcome>;
export const CONTRACT_OUTCOME_LABELS: Record<ContractOutcomeName, string> = {
  win: '盈利',
  loss: '亏损',
  draw: '平局',
  void: '无效退款',
};

/** A symbol in a body: BTCUSDT, btc/usdt or BTC-USDT all mean BTCUSDT. */
export const tradeSymbol = z
  .string({ error: '请选择交易对' })
  .trim()
  .min(1, '请选择交易对')
  .max(40, '交易对不正确')
  .transform((v) => v.replace(/[/\-_]/g, '').toUpperCase());

/** An amount or price in a trading body: positive, at most 8 decimals (reuses the wallet's rule). */
export const tradeAmount = positiveAmount;

/** Lets a client retry a placement safely: the same id returns the first order instead of a second one. */
export const clientOrderId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'client_order_id 只能包含字母、数字、-、_，最多64位')
  .optional();

/** The order as every trading call returns it (data.order, data.orders). */
export const tradeOrder = z.object({
  id: z.number().int(),
  product: tradeProduct,
  symbol: z.string(),
  base_currency: z.string(),
  quote_currency: z.string(),
  side: orderSide,
  /** market | limit for spot; null for the other products. */
  type: spotOrderType.nullable(),
  time_in_force: timeInForce.nullable(),
  /** In `amount_currency`: base quantity (spot, perpetual) or stake (flash, option). */
  amount: decimalString,
  amount_currency: z.string(),
  /** Limit or entry price; null for a spot market order (市价). */
  price: decimalString.nullable(),
  filled_amount: decimalString,
  avg_price: decimalString.nullable(),
  /** Turnover in the quote currency so far. */
  quote_amount: decimalString,
  fee: decimalString,
  status: orderStatus,
  client_order_id: z.string().nullable(),
  expires_at: isoDateTime.nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  closed_at: isoDateTime.nullable(),
});
export type TradeOrder = z.infer<typeof tradeOrder>;

export const tradeOrderReply = envelope(z.object({ order: tradeOrder }));

/** GET /api/trading/orders: the user's own orders, newest first. */
export const ownOrdersQuery = pageQuery.extend({
  product: tradeProduct.optional(),
  status: orderStatus.optional(),
  symbol: tradeSymbol.optional(),
  /** true: pending and partial only; false: the finished ones (history). */
  open: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export const ownOrdersReply = envelope(z.object({ orders: z.array(tradeOrder), pagination }));

/**
 * Where a settlement's reference price came from: shown in the user's history (ARCHITECTURE.md,
 * "Fair settlement").
 */
export const referencePrice = z.object({
  price: decimalString,
  source: z.string(),
  at: isoDateTime,
  /** The index's components at that instant (null for prices recorded before the index). */
  components: z.array(indexComponent).nullable(),
});
export type ReferencePrice = z.infer<typeof referencePrice>;

export const TRADING_TEXTS = {
  orderPlaced: '下单成功',
  orderCancelled: '订单已取消',
  ordersLoaded: '获取订单成功',
  orderNotFound: '订单不存在',
  orderNotCancellable: '订单已成交或已取消，无法撤销',
  priceUnavailable: '行情暂不可用，请稍后再试',
  /** 503: no reference price observed within a flash or option contract's entry window (1 s). */
  priceUpdating: '行情更新中，请重试',
  insufficientBalance: '余额不足',
  /** 409: a client_order_id retried with another order (symbol, side, type, amount, price, …). */
  clientOrderIdReused: '该 client_order_id 已用于另一笔订单，请使用新的 client_order_id',
} as const;

/** POST /api/admin/orders/{id}/cancel: an operator cancels a user's open order (audited); replies tradeOrderReply. */
export const adminCancelOrderBody = z.object({
  reason: z.string().trim().max(200, '原因不能超过200个字符').optional(),
});
/** The cancel's body may be left out (a cancel without a reason). */
export const adminCancelOrderRequestBody = adminCancelOrderBody.nullish();
export const ADMIN_ORDER_CANCEL_TEXTS = {
  done: '订单已撤销',
  notCancellable: '该订单不支持撤销',
} as const;

export const listMyOrders = endpoint({
  method: 'GET',
  path: '/api/trading/orders',
  operationId: 'listMyOrders',
  summary: '我的订单',
  description: "The caller's orders.",
  query: ownOrdersQuery,
  reply: ownOrdersReply,
});
export const cancelSpotOrder = endpoint({
  method: 'DELETE',
  path: '/api/trading/order/:id',
  operationId: 'cancelSpotOrder',
  summary: '撤销现货订单',
  description: 'Cancels a spot order.',
  params: idParams,
  reply: tradeOrderReply,
});
export const cancelOrderAsAdmin = endpoint({
  method: 'POST',
  path: '/api/admin/orders/:id/cancel',
  operationId: 'cancelOrderAsAdmin',
  summary: '撤销用户的现货订单（管理）',
  description: "Cancels a user's spot order (admin).",
  params: idParams,
  body: adminCancelOrderRequestBody,
  reply: tradeOrderReply,
});
