import { z } from 'zod';
import { amount } from './amount.ts';
import { endpoint } from './endpoint.ts';
import { decimalString, emptyReply, envelope, isoDateTime } from './envelope.ts';
import { decimalTextError } from './zod-messages.ts';

/**
 * 价格提醒 (issue 33, docs/market-watch.md): the caller's alerts on a pair's reference (index) price,
 * above or below a price, once or every time. An every-time alert fires when the price reaches its
 * price, then re-arms only after the price has gone back across it. Each firing is a notification
 * (type price_alert), stored and pushed. Another user's id is the same 404 as an unknown one.
 */
export const PRICE_ALERTS_MAX = 20;

export const priceAlertDirections = ['above', 'below'] as const;
export const priceAlertDirection = z.enum(priceAlertDirections, { error: 'direction 必须是 above 或 below' });
export type PriceAlertDirection = z.infer<typeof priceAlertDirection>;
export const PRICE_ALERT_DIRECTION_LABELS: Record<PriceAlertDirection, string> = {
  above: '涨到',
  below: '跌到',
};

export const priceAlertRepeats = ['once', 'every'] as const;
export const priceAlertRepeat = z.enum(priceAlertRepeats, { error: 'repeat 必须是 once 或 every' });
export type PriceAlertRepeat = z.infer<typeof priceAlertRepeat>;
export const PRICE_ALERT_REPEAT_LABELS: Record<PriceAlertRepeat, string> = {
  once: '仅提醒一次',
  every: '每次都提醒',
};

export const PRICE_ALERT_MESSAGES = {
  listed: '获取价格提醒成功',
  created: '价格提醒已设置',
  deleted: '价格提醒已删除',
  badId: '提醒ID不正确',
  notFound: '该价格提醒不存在',
  symbolRequired: '请选择交易对',
  priceRequired: '请输入提醒价格',
  priceFormat: '提醒价格格式不正确，请输入正数（最多12位整数、8位小数）',
  pricePositive: '提醒价格必须大于0',
  pricePrecision: (places: number) => `提醒价格最多 ${places} 位小数`,
  notListed: (symbol: string) => `交易对不存在或未上架：${symbol}`,
  full: `价格提醒最多 ${PRICE_ALERTS_MAX} 个，请先删除不用的提醒`,
} as const;

export const priceAlert = z.object({
  id: z.number().int(),
  symbol: z.string(),
  direction: priceAlertDirection,
  price: decimalString,
  repeat: priceAlertRepeat,
  /** active: watching; triggered: a once alert that has fired (kept until deleted). */
  status: z.enum(['active', 'triggered']),
  /** An every-time alert that fired waits, unarmed, until the price goes back across. */
  armed: z.boolean(),
  triggered_count: z.number().int(),
  last_triggered_at: isoDateTime.nullable(),
  last_triggered_price: decimalString.nullable(),
  created_at: isoDateTime,
});
export type PriceAlert = z.infer<typeof priceAlert>;

export const createPriceAlertBody = z.object({
  symbol: z
    .string({ error: PRICE_ALERT_MESSAGES.symbolRequired })
    .trim()
    .toUpperCase()
    .min(1, PRICE_ALERT_MESSAGES.symbolRequired)
    .max(20, PRICE_ALERT_MESSAGES.notListed('')),
  direction: priceAlertDirection,
  price: amount({
    label: '提醒价格',
    integer: 12,
    scale: 8,
    required: decimalTextError(PRICE_ALERT_MESSAGES.priceRequired, '提醒价格'),
    empty: PRICE_ALERT_MESSAGES.priceRequired,
    format: PRICE_ALERT_MESSAGES.priceFormat,
    zero: PRICE_ALERT_MESSAGES.pricePositive,
  }),
  repeat: priceAlertRepeat.default('once'),
});
export type CreatePriceAlertBody = z.input<typeof createPriceAlertBody>;

export const priceAlertParams = z.object({
  id: z.coerce
    .number({ error: PRICE_ALERT_MESSAGES.badId })
    .int(PRICE_ALERT_MESSAGES.badId)
    .positive(PRICE_ALERT_MESSAGES.badId)
    .max(Number.MAX_SAFE_INTEGER, PRICE_ALERT_MESSAGES.badId),
});

export const priceAlertsQuery = z.object({
  symbol: z.string().trim().toUpperCase().max(20, PRICE_ALERT_MESSAGES.notListed('')).optional(),
});

export const priceAlertsReply = envelope(z.object({ alerts: z.array(priceAlert) }));
export const priceAlertReply = envelope(z.object({ alert: priceAlert }));

export const listPriceAlerts = endpoint({
  method: 'GET',
  path: '/api/user/price-alerts',
  operationId: 'listPriceAlerts',
  summary: '价格提醒列表',
  description: "The caller's price alerts.",
  query: priceAlertsQuery,
  reply: priceAlertsReply,
});
export const createPriceAlert = endpoint({
  method: 'POST',
  path: '/api/user/price-alerts',
  operationId: 'createPriceAlert',
  summary: '设置价格提醒',
  description: 'Sets a price alert.',
  body: createPriceAlertBody,
  reply: priceAlertReply,
});
export const deletePriceAlert = endpoint({
  method: 'DELETE',
  path: '/api/user/price-alerts/:id',
  operationId: 'deletePriceAlert',
  summary: '删除价格提醒',
  description: 'Deletes a price alert.',
  params: priceAlertParams,
  reply: emptyReply,
});
