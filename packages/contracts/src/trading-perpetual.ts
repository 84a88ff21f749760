import { z } from 'zod';
import { amount } from './amount.ts';
import { endpoint } from './endpoint.ts';
import { decimalString, envelope, isoDateTime } from './envelope.ts';
import { idParams, pageQuery, pagination } from './pagination.ts';
import { indexComponent } from './price-index.ts';
import { clientOrderId, TRADING_TEXTS, tradeOrder, tradeSymbol } from './trading.ts';

/**
 * Perpetual contracts (ARCHITECTURE.md, "Trading engines"): isolated margin, linear in USDT, the
 * house on the other side, positions marked to the reference price and closed or liquidated at it.
 * While held, a position pays or receives funding at each funding instant (every
 * FUNDING_INTERVAL_MINUTES; perpetual-funding.ts, docs/perpetual-funding.md), which changes its margin.
 */

/** The only margin currency: positions are linear in USDT and only USDT-quoted pairs are offered. */
export const PERPETUAL_MARGIN_CURRENCY = 'USDT';
export const PERPETUAL_CONFIG_KEY = 'perpetual.config';

export const PERPETUAL_LEVERAGES = [1, 2, 3, 5, 10, 20, 50, 100] as const;
/** Upper bound of any leverage a config may offer. */
export const PERPETUAL_MAX_LEVERAGE = 125;

export const perpetualSides = ['long', 'short'] as const;
export const perpetualSide = z.enum(perpetualSides, { error: '方向必须是 long（做多）或 short（做空）' });
export type PerpetualSide = z.infer<typeof perpetualSide>;

export const positionStatuses = ['open', 'closed', 'liquidated'] as const;
export const positionStatus = z.enum(positionStatuses);
export type PositionStatus = z.infer<typeof positionStatus>;
export const POSITION_STATUS_LABELS: Record<PositionStatus, string> = {
  open: '持仓中',
  closed: '已平仓',
  liquidated: '已强平',
};

/** What ended a position: the user's close, its take-profit or stop-loss, or its liquidation. */
export const positionCloseReasons = ['user', 'take_profit', 'stop_loss', 'liquidation'] as const;
export const positionCloseReason = z.enum(positionCloseReasons);
export type PositionCloseReason = z.infer<typeof positionCloseReason>;
export const POSITION_CLOSE_REASON_LABELS: Record<PositionCloseReason, string> = {
  user: '手动平仓',
  take_profit: '止盈平仓',
  stop_loss: '止损平仓',
  liquidation: '强制平仓',
};

const SCALE = 18;
/** A non-negative plain decimal string as an integer of 10^-18 units: exact comparisons without floats. */
function scaled(value: string): bigint {
  const [integer = '0', fraction = ''] = value.split('.');
  return BigInt(integer + fraction.padEnd(SCALE, '0').slice(0, SCALE));
}
const ONE = scaled('1');

/** A rate as a fraction (0.0005 = 0.05%): at most 8 decimals. */
const rate = (field: string, max: string) =>
  z
    .string({ error: `${field}必须是小数字符串` })
    .regex(/^\d{1,2}(\.\d{1,8})?$/, `${field}格式不正确，最多8位小数`)
    .refine((v) => scaled(v) <= scaled(max), `${field}不能超过 ${max}`);

const marginLimit = (field: string) =>
  amount({ label: field, integer: 12, scale: 8, required: `${field}必须是金额字符串`, trim: false });

/**
 * The product's parameters. Defaults below; an operator may override them with the app setting
 * `perpetual.config` (validated by this same schema). A position keeps the maintenance rate it was
 * opened with, so a change applies to new positions only; the close fee rate is the one in force at
 * closing.
 */
export const perpetualConfig = z
  .object({
    /** Leverage choices offered, ascending. */
    leverages: z
      .array(
        z
          .number({ error: '杠杆倍数必须是整数' })
          .int('杠杆倍数必须是整数')
          .min(1, '杠杆倍数至少为 1')
          .max(PERPETUAL_MAX_LEVERAGE, `杠杆倍数最大为 ${PERPETUAL_MAX_LEVERAGE}`),
      )
      .min(1, '至少提供一个杠杆倍数')
      .max(20, '杠杆倍数最多 20 个')
      .refine((l) => l.every((v, i) => i === 0 || v > (l[i - 1] as number)), '杠杆倍数必须从小到大且不重复'),
    /** Fee rates of the notional, charged at opening and at closing. */
    open_fee_rate: rate('开仓手续费率', '0.1'),
    close_fee_rate: rate('平仓手续费率', '0.1'),
    /** Maintenance margin as a fraction of the notional at the mark: at or below it a position is liquidated. */
    maintenance_margin_rate: rate('维持保证金率', '0.5').refine(
      (v) => scaled(v) > 0n,
      '维持保证金率必须大于0',
    ),
    /** Margin limits of one position, in USDT. */
    min_margin: marginLimit('最小保证金'),
    max_margin: marginLimit('最大保证金'),
    /** Open positions one user may hold at once. */
    max_open_positions: z
      .number({ error: '最大持仓数必须是整数' })
      .int('最大持仓数必须是整数')
      .min(1, '最大持仓数至少为 1')
      .max(200, '最大持仓数最多为 200'),
  })
  .refine((c) => scaled(c.min_margin) <= scaled(c.max_margin), {
    message: '最小保证金不能大于最大保证金',
    path: ['min_margin'],
  })
  // A position must open above its maintenance margin: rate × leverage < 1 for every leverage offered.
  .refine((c) => scaled(c.maintenance_margin_rate) * BigInt(c.leverages.at(-1) ?? 1) < ONE, {
    message: '维持保证金率过高：乘以最大杠杆倍数必须小于 1',
    path: ['maintenance_margin_rate'],
  });
export type PerpetualConfig = z.infer<typeof perpetualConfig>;

export const DEFAULT_PERPETUAL_CONFIG: PerpetualConfig = {
  leverages: [...PERPETUAL_LEVERAGES],
  open_fee_rate: '0.0005',
  close_fee_rate: '0.0005',
  maintenance_margin_rate: '0.005',
  min_margin: '10',
  max_margin: '100000',
  max_open_positions: 50,
};

/** A pair offered for perpetual trading, with its latest reference price when one is known. */
export const perpetualPair = z.object({
  symbol: z.string(),
  base_currency: z.string(),
  quote_currency: z.string(),
  /** Decimals a take-profit or stop-loss price may have: the pair's price precision. */
  price_precision: z.number().int(),
  price: decimalString.nullable(),
  price_at: isoDateTime.nullable(),
});
export type PerpetualPair = z.infer<typeof perpetualPair>;

/** GET /api/trading/perpetual/config */
export const perpetualConfigData = perpetualConfig.safeExtend({
  currency: z.string(),
  pairs: z.array(perpetualPair),
});
export type PerpetualConfigData = z.infer<typeof perpetualConfigData>;
export const perpetualConfigReply = envelope(perpetualConfigData);

/** A positive price as typed: at most 12 integer digits and 8 decimals. */
const positivePrice = (label: string) =>
  amount({ label, integer: 12, scale: 8, format: `${label}格式不正确，请输入正数（最多12位整数、8位小数）` });

export const perpetualOrderTypes = ['market', 'limit'] as const;

/**
 * POST /api/trading/perpetual/order: `market` (default) opens a position at the current reference
 * price; `limit` freezes margin + open fee and waits until the index reaches `price` (a long at or
 * below it, a short at or above it), then opens at that index tick (docs/perpetual-positions.md).
 */
export const perpetualOrderBody = z
  .object({
    symbol: tradeSymbol,
    side: perpetualSide,
    type: z
      .enum(perpetualOrderTypes, { error: '委托类型必须是 market（市价）或 limit（限价）' })
      .default('market'),
    /** The limit price (type limit only). */
    price: positivePrice('委托价格').optional(),
    /** USDT put up as isolated margin; the open fee is charged on top of it. */
    margin: amount({ label: '保证金', integer: 12, scale: 8, format: '保证金格式不正确，最多8位小数' }),
    leverage: z.coerce
      .number({ error: '请选择杠杆倍数' })
      .int('杠杆倍数必须是整数')
      .positive('请选择杠杆倍数'),
    client_order_id: clientOrderId,
  })
  .superRefine((b, ctx) => {
    if (b.type === 'limit' && b.price === undefined) {
      ctx.addIssue({ code: 'custom', message: '请输入委托价格', path: ['price'] });
    }
    if (b.type === 'market' && b.price !== undefined) {
      ctx.addIssue({ code: 'custom', message: '市价委托不能指定价格', path: ['price'] });
    }
  });
export type PerpetualOrderBody = z.infer<typeof perpetualOrderBody>;
export type PerpetualOrderInput = z.input<typeof perpetualOrderBody>;

/**
 * A position as the user sees it. `id` is its order's id. While open it carries the mark (latest
 * reference price), the unrealised P&L at it and the return on margin (ROE, percent); once closed or
 * liquidated, the price used with its source and time, the close fee, the realised P&L and the payout.
 * `margin` is the position's whole isolated margin, additions included (`margin_added` of it);
 * `notional` is what it opened with (opening margin × leverage).
 */
export const perpetualPosition = z.object({
  id: z.number().int(),
  symbol: z.string(),
  side: perpetualSide,
  status: positionStatus,
  currency: z.string(),
  margin: decimalString,
  leverage: z.number().int(),
  /** Base quantity. */
  quantity: decimalString,
  /** margin × leverage, in USDT. */
  notional: decimalString,
  entry_price: decimalString,
  entry_source: z.string(),
  entry_at: isoDateTime,
  /** The index's components at entry (null for positions opened before the index). */
  entry_components: z.array(indexComponent).nullable(),
  open_fee: decimalString,
  maintenance_rate: decimalString,
  liquidation_price: decimalString,
  /** Margin added after opening (POST /margin/{id}); 0 when none. */
  margin_added: decimalString,
  /**
   * Net funding over the position's life (signed: negative when it paid more than it received),
   * already in `margin` (docs/perpetual-funding.md); 0 before its first funding instant.
   */
  funding: decimalString,
  /** The reference price that closes it with a profit / a limited loss; null when not set. */
  take_profit_price: decimalString.nullable(),
  stop_loss_price: decimalString.nullable(),
  mark_price: decimalString.nullable(),
  mark_at: isoDateTime.nullable(),
  unrealised_pnl: decimalString.nullable(),
  roe_percent: decimalString.nullable(),
  close_price: decimalString.nullable(),
  close_source: z.string().nullable(),
  close_price_at: isoDateTime.nullable(),
  close_components: z.array(indexComponent).nullable(),
  close_fee: decimalString.nullable(),
  /** Closed: the price P&L at the close price. Liquidated: the forfeited margin (negative). */
  realised_pnl: decimalString.nullable(),
  /** What went back to the available balance (0 when nothing was left, and on a liquidation). */
  payout: decimalString.nullable(),
  /** Null while open. */
  close_reason: positionCloseReason.nullable(),
  opened_at: isoDateTime,
  closed_at: isoDateTime.nullable(),
});
export type PerpetualPosition = z.infer<typeof perpetualPosition>;

/** Reply of opening and closing: the order (as every trading call) and its position. */
export const perpetualPositionReply = envelope(z.object({ order: tradeOrder, position: perpetualPosition }));

export const perpetualLimitStatuses = ['pending', 'filled', 'cancelled'] as const;
export const perpetualLimitStatus = z.enum(perpetualLimitStatuses);
export type PerpetualLimitStatus = z.infer<typeof perpetualLimitStatus>;
export const PERPETUAL_LIMIT_STATUS_LABELS: Record<PerpetualLimitStatus, string> = {
  pending: '等待触发',
  filled: '已开仓',
  cancelled: '已撤销',
};

/**
 * A limit order to open a position (当前委托). `id` is its order's id, which the position it opens
 * keeps. `frozen` is margin + open fee, held from placement until it opens or is cancelled.
 */
export const perpetualLimitOrder = z.object({
  id: z.number().int(),
  symbol: z.string(),
  side: perpetualSide,
  status: perpetualLimitStatus,
  price: decimalString,
  margin: decimalString,
  leverage: z.number().int(),
  open_fee: decimalString,
  frozen: decimalString,
  currency: z.string(),
  /** Why it was cancelled: by the user (用户撤单), or the checks at the trigger that failed. */
  cancel_reason: z.string().nullable(),
  created_at: isoDateTime,
  ended_at: isoDateTime.nullable(),
});
export type PerpetualLimitOrder = z.infer<typeof perpetualLimitOrder>;

/** Reply of POST /order: a market order's position, or a limit order waiting (position null). */
export const perpetualOpenReply = envelope(
  z.object({
    order: tradeOrder,
    position: perpetualPosition.nullable(),
    limit_order: perpetualLimitOrder.nullable(),
  }),
);
export const perpetualLimitOrderReply = envelope(
  z.object({ order: tradeOrder, limit_order: perpetualLimitOrder }),
);

/** GET /api/trading/perpetual/limit-orders: the caller's waiting limit orders (default) or the ended ones. */
export const perpetualLimitOrdersQuery = pageQuery.extend({
  status: z.enum(['pending', 'ended'], { error: '状态必须是 pending 或 ended' }).default('pending'),
  symbol: tradeSymbol.optional(),
});
export type PerpetualLimitOrdersQuery = z.infer<typeof perpetualLimitOrdersQuery>;
export const perpetualLimitOrdersReply = envelope(
  z.object({ limit_orders: z.array(perpetualLimitOrder), pagination }),
);

/** Percentages of a position the close buttons offer. */
export const PERPETUAL_CLOSE_PERCENTS = [25, 50, 75, 100] as const;

/**
 * POST /api/trading/perpetual/reduce/{id}: closes part of an open position at the reference price,
 * either `quantity` (base units, more than 0 and at most the position's) or `percent` of it. The
 * whole quantity (or 100) is the full close.
 */
export const perpetualReduceBody = z
  .object({
    quantity: amount({
      label: '平仓数量',
      integer: 12,
      scale: 18,
      required: '平仓数量必须是数字字符串',
      format: '平仓数量格式不正确，请输入正数',
    }).optional(),
    percent: z
      .number({ error: '平仓比例必须是 25、50、75 或 100' })
      .refine(
        (v) => (PERPETUAL_CLOSE_PERCENTS as readonly number[]).includes(v),
        '平仓比例必须是 25、50、75 或 100',
      )
      .optional(),
  })
  .refine((b) => (b.quantity === undefined) !== (b.percent === undefined), {
    message: '请输入平仓数量或选择平仓比例（二选一）',
    path: ['quantity'],
  });
export type PerpetualReduceBody = z.infer<typeof perpetualReduceBody>;

/** GET /api/admin/trading/perpetual-positions (持仓列表): every user's open positions, newest first. */
export const adminPerpetualPositionsQuery = pageQuery.extend({
  /** A user id or an exact e-mail. */
  user: z
    .string()
    .trim()
    .max(200, '用户不能超过200个字符')
    .regex(/^(\d{1,15}|[^\s@]+@[^\s@]+)?$/, '请输入用户ID或邮箱')
    .optional(),
  symbol: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z0-9]{2,20})?$/, '交易对格式不正确')
    .optional(),
});
export type AdminPerpetualPositionsQuery = z.input<typeof adminPerpetualPositionsQuery>;
export const adminPerpetualPosition = perpetualPosition.extend({
  user: z.object({ id: z.number().int(), email: z.string() }),
});
export type AdminPerpetualPosition = z.infer<typeof adminPerpetualPosition>;
export const adminPerpetualPositionsReply = envelope(
  z.object({ positions: z.array(adminPerpetualPosition), pagination }),
);

/**
 * GET /api/trading/perpetual/positions. `status`: open (default) lists open positions with their mark;
 * closed lists the history, closed and liquidated ones; liquidated only the liquidated ones.
 */
export const perpetualPositionsQuery = pageQuery.extend({
  status: z
    .enum(['open', 'closed', 'liquidated'], { error: '状态必须是 open、closed 或 liquidated' })
    .default('open'),
  symbol: tradeSymbol.optional(),
});
export type PerpetualPositionsQuery = z.infer<typeof perpetualPositionsQuery>;
export const perpetualPositionsReply = envelope(
  z.object({ positions: z.array(perpetualPosition), pagination }),
);

/** A take-profit or stop-loss price as typed: positive, at most 12 integer digits and 8 decimals. */
const triggerPrice = (label: string) =>
  amount({
    label,
    integer: 12,
    scale: 8,
    required: `${label}必须是价格字符串或 null`,
    format: `${label}格式不正确，请输入正数（最多12位整数、8位小数）`,
  }).nullable();

/**
 * POST /api/trading/perpetual/tpsl/{id}: sets, changes or cancels the position's take-profit and
 * stop-loss. A field left out keeps its value, null cancels it, a price sets it. The server checks
 * each against the entry, the liquidation price and the pair's price precision
 * (packages/domain perpetual-math.ts `tpslProblems`).
 */
export const perpetualTpslBody = z
  .object({
    take_profit_price: triggerPrice('止盈价').optional(),
    stop_loss_price: triggerPrice('止损价').optional(),
  })
  .refine((b) => b.take_profit_price !== undefined || b.stop_loss_price !== undefined, {
    message: '请设置止盈价或止损价',
    path: ['take_profit_price'],
  });
export type PerpetualTpslBody = z.infer<typeof perpetualTpslBody>;

/** POST /api/trading/perpetual/margin/{id}: moves `amount` USDT from the available balance into the position's margin. */
export const perpetualMarginBody = z.object({
  amount: amount({
    label: '追加保证金金额',
    integer: 12,
    scale: 8,
    format: '追加保证金金额格式不正确，请输入正数',
  }),
});
export type PerpetualMarginBody = z.infer<typeof perpetualMarginBody>;

/**
 * GET /api/trading/perpetual/mark/{symbol}: the mark price, the latest recorded reference price
 * (price_ticks) that open positions are marked, liquidated and their take-profit and stop-loss
 * triggered at; null before any was recorded.
 */
export const perpetualMarkParams = z.object({ symbol: tradeSymbol });
export const perpetualMark = z.object({
  symbol: z.string(),
  price: decimalString.nullable(),
  source: z.string().nullable(),
  at: isoDateTime.nullable(),
});
export type PerpetualMark = z.infer<typeof perpetualMark>;
export const perpetualMarkReply = envelope(perpetualMark);

export const PERPETUAL_TEXTS = {
  configLoaded: '获取永续合约配置成功',
  positionsLoaded: '获取持仓成功',
  opened: TRADING_TEXTS.orderPlaced,
  closed: '平仓成功',
  /** A close at or past the liquidation price is the position's liquidation: the margin is lost. */
  liquidatedOnClose: '已触及强平价，仓位已强平',
  alreadyClosed: '仓位已平仓',
  positionNotFound: '仓位不存在',
  insufficientBalance: TRADING_TEXTS.insufficientBalance,
  pairNotSupported: '该交易对暂不支持永续合约',
  clientOrderIdTaken: 'client_order_id 已被其他订单使用',
  configInvalid: '永续合约配置无效，请联系管理员',
  leverageNotOffered: (choices: readonly number[]) => `不支持该杠杆倍数，可选：${choices.join('、')} 倍`,
  marginTooSmall: (min: string) => `保证金不能少于 ${min} USDT`,
  marginTooLarge: (max: string) => `保证金不能超过 ${max} USDT`,
  tooManyPositions: (max: number) => `持仓数量已达上限（最多 ${max} 个）`,
  markLoaded: '获取标记价格成功',
  tpslSet: '止盈止损已设置',
  tpslCancelled: '止盈止损已取消',
  marginAdded: '保证金已追加',
  /** The mark has reached the liquidation price: the job liquidates it; no margin is taken. */
  marginAddLiquidating: '仓位已触及强平价，无法追加保证金',
  marginAddTooLarge: (max: string) => `追加后保证金不能超过 ${max} USDT`,
  limitPlaced: '限价委托已提交，等待触发',
  limitOrdersLoaded: '获取当前委托成功',
  limitOrderNotFound: '委托不存在',
  limitCancelled: '委托已撤销',
  /** Cancel of an order that opened or was cancelled meanwhile. */
  limitNotPending: '委托已成交或已撤销',
  limitCancelledByUser: '用户撤单',
  /** Placing a limit order whose price the index has already reached: a market order does that. */
  limitAlreadyCrossed: (side: PerpetualSide, index: string) =>
    side === 'long'
      ? `当前指数价格 ${index} 已不高于委托价格，请使用市价开仓或调低委托价格`
      : `当前指数价格 ${index} 已不低于委托价格，请使用市价开仓或调高委托价格`,
  reduced: '部分平仓成功',
  reduceTooLarge: (quantity: string) => `平仓数量不能超过持仓数量 ${quantity}`,
  reduceTooSmall: '平仓数量过小',
  reduceLiquidating: '仓位已触及强平价，无法部分平仓',
  adminPositionsLoaded: '获取持仓列表成功',
} as const;

export const getPerpetualConfig = endpoint({
  method: 'GET',
  path: '/api/trading/perpetual/config',
  operationId: 'getPerpetualConfig',
  summary: '永续合约配置',
  description: "The perpetuals' settings.",
  reply: perpetualConfigReply,
});
export const openPerpetualPosition = endpoint({
  method: 'POST',
  path: '/api/trading/perpetual/order',
  operationId: 'openPerpetualPosition',
  summary: '永续合约开仓',
  description: 'Opens a perpetual position (market or limit order).',
  body: perpetualOrderBody,
  reply: perpetualOpenReply,
});
export const listPerpetualLimitOrders = endpoint({
  method: 'GET',
  path: '/api/trading/perpetual/limit-orders',
  operationId: 'listPerpetualLimitOrders',
  summary: '永续合约当前委托',
  description: "The caller's open perpetual limit orders.",
  query: perpetualLimitOrdersQuery,
  reply: perpetualLimitOrdersReply,
});
export const cancelPerpetualLimitOrder = endpoint({
  method: 'POST',
  path: '/api/trading/perpetual/limit-orders/:id/cancel',
  operationId: 'cancelPerpetualLimitOrder',
  summary: '永续合约撤单',
  description: 'Cancels a perpetual limit order.',
  params: idParams,
  reply: perpetualLimitOrderReply,
});
export const reducePerpetualPosition = endpoint({
  method: 'POST',
  path: '/api/trading/perpetual/reduce/:id',
  operationId: 'reducePerpetualPosition',
  summary: '永续合约部分平仓',
  description: 'Closes part of a perpetual position.',
  params: idParams,
  body: perpetualReduceBody,
  reply: perpetualPositionReply,
});
export const listAdminPerpetualPositions = endpoint({
  method: 'GET',
  path: '/api/admin/trading/perpetual-positions',
  operationId: 'listAdminPerpetualPositions',
  summary: '永续合约持仓列表（管理）',
  description: 'Perpetual positions of all users (admin).',
  query: adminPerpetualPositionsQuery,
  reply: adminPerpetualPositionsReply,
});
export const closePerpetualPosition = endpoint({
  method: 'POST',
  path: '/api/trading/perpetual/close/:id',
  operationId: 'closePerpetualPosition',
  summary: '永续合约平仓',
  description: 'Closes a perpetual position.',
  params: idParams,
  reply: perpetualPositionReply,
});
export const setPerpetualTpSl = endpoint({
  method: 'POST',
  path: '/api/trading/perpetual/tpsl/:id',
  operationId: 'setPerpetualTpSl',
  summary: '设置止盈止损',
  description: "Sets a position's take profit and stop loss.",
  params: idParams,
  body: perpetualTpslBody,
  reply: perpetualPositionReply,
});
export const addPerpetualMargin = endpoint({
  method: 'POST',
  path: '/api/trading/perpetual/margin/:id',
  operationId: 'addPerpetualMargin',
  summary: '追加保证金',
  description: 'Adds margin to a position.',
  params: idParams,
  body: perpetualMarginBody,
  reply: perpetualPositionReply,
});
export const getPerpetualMark = endpoint({
  method: 'GET',
  path: '/api/trading/perpetual/mark/:symbol',
  operationId: 'getPerpetualMark',
  summary: '标记价格',
  description: "A perpetual's mark price.",
  params: perpetualMarkParams,
  reply: perpetualMarkReply,
});
export const listPerpetualPositions = endpoint({
  method: 'GET',
  path: '/api/trading/perpetual/positions',
  operationId: 'listPerpetualPositions',
  summary: '永续合约持仓',
  description: "The caller's perpetual positions.",
  query: perpetualPositionsQuery,
  reply: perpetualPositionsReply,
});
