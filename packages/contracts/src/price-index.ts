import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { decimalString, envelope, isoDateTime } from './envelope.ts';
import { symbolParams } from './market.ts';

/**
 * The reference price is an index of several venues (ARCHITECTURE.md, "Reference prices"): the
 * median of the included sources, a source left out while its price is stale, its fetch failed or it
 * is further than the allowed deviation from the median of the fresh sources. Every recorded price
 * carries its components, so anyone can recompute the median.
 */

export const PRICE_SOURCE_STATUSES = ['included', 'outlier', 'stale', 'error'] as const;
export type PriceSourceStatus = (typeof PRICE_SOURCE_STATUSES)[number];
export const PRICE_SOURCE_STATUS_LABELS: Record<PriceSourceStatus, string> = {
  included: '计入',
  outlier: '剔除：偏离过大',
  stale: '剔除：数据过期',
  error: '剔除：获取失败',
};

/** Display names of the venues; the simulated ones say so. */
export const PRICE_SOURCE_LABELS: Record<string, string> = {
  'sim-a': '模拟交易所 A',
  'sim-b': '模拟交易所 B',
  'sim-c': '模拟交易所 C',
  htx: 'HTX',
  okx: 'OKX',
  binance: 'Binance',
};
export const priceSourceLabel = (source: string) => PRICE_SOURCE_LABELS[source] ?? source;

export const indexComponent = z.object({
  source: z.string(),
  /** The source's last price; null when it never answered. */
  price: decimalString.nullable(),
  /** When the source observed that price. */
  at: isoDateTime.nullable(),
  status: z.enum(PRICE_SOURCE_STATUSES),
  /** (price − median of the fresh sources) / that median, signed; null for a source without a fresh price. */
  deviation: decimalString.nullable(),
});
export type IndexComponent = z.infer<typeof indexComponent>;

export const priceIndex = z.object({
  symbol: z.string(),
  /** The median of the included components; null while too few are included (no index: no new contracts). */
  price: decimalString.nullable(),
  at: isoDateTime,
  components: z.array(indexComponent),
});
export type PriceIndex = z.infer<typeof priceIndex>;
export const priceIndexReply = envelope(priceIndex);

export const PRICE_INDEX_TEXTS = {
  simulatedNotice: '模拟行情，仅供演示',
  simulatedAdminWarning:
    '当前价格源为模拟行情：价格由本系统模拟生成，切勿以真实资金交易。生产环境请设置 PRICE_SOURCES 为真实交易所。',
  noIndex: '暂无指数价格',
} as const;

/** GET /api/market/index/{symbol}: the latest recorded index of a pair with its components (public). */
export const getPriceIndex = endpoint({
  method: 'GET',
  path: '/api/market/index/:symbol',
  operationId: 'getPriceIndex',
  summary: '指数价格及其成分',
  description: "A trading pair's index price and its components.",
  params: symbolParams,
  reply: priceIndexReply,
});

// ---- the back office's 价格源 screen ----

export const priceSourceRow = z.object({
  source: z.string(),
  symbol: z.string(),
  status: z.enum(PRICE_SOURCE_STATUSES),
  price: decimalString.nullable(),
  at: isoDateTime.nullable(),
  /** (price − index) / index, signed; null without both. */
  deviation_from_index: decimalString.nullable(),
  /** Time the source's last answer took, in ms; null before the first. */
  latency_ms: z.number().int().nullable(),
  last_error: z.object({ message: z.string(), at: isoDateTime }).nullable(),
  /** Minutes this source was left out of this pair's index in the last 24 hours. */
  excluded_minutes_24h: z.number(),
  /** Since when the current status holds (this instance's observation). */
  status_since: isoDateTime.nullable(),
});
export type PriceSourceRow = z.infer<typeof priceSourceRow>;

export const PRICE_SOURCE_ALERT_MINUTES = 5;

export const priceSourcesOverview = z.object({
  /** Whether any configured source is the simulator. */
  simulated: z.boolean(),
  sources: z.array(z.string()),
  rules: z.object({
    max_age_ms: z.number().int(),
    max_deviation: decimalString,
    min_sources: z.number().int(),
  }),
  indexes: z.array(priceIndex),
  rows: z.array(priceSourceRow),
  /** What the dashboard warns about: a source out for more than PRICE_SOURCE_ALERT_MINUTES, or a pair without an index. */
  alerts: z.array(
    z.object({
      kind: z.enum(['source_excluded', 'no_index']),
      symbol: z.string(),
      source: z.string().nullable(),
      since: isoDateTime.nullable(),
      message: z.string(),
    }),
  ),
  checked_at: isoDateTime,
});
export type PriceSourcesOverview = z.infer<typeof priceSourcesOverview>;
export const priceSourcesReply = envelope(priceSourcesOverview);

/** GET /api/admin/market/price-sources: every source's status per pair, with the alerts. */
export const getPriceSources = endpoint({
  method: 'GET',
  path: '/api/admin/market/price-sources',
  operationId: 'getPriceSources',
  summary: '价格源状态',
  description: "The price sources' state by pair, with alerts (admin).",
  reply: priceSourcesReply,
});

/** To admins, when a source's status for a pair changes: the changed rows. */
export const PRICE_SOURCE_EVENT = 'price_source_status';
export const priceSourceStatusEvent = z.object({
  changes: z.array(priceSourceRow.pick({ source: true, symbol: true, status: true, price: true, at: true })),
});
export type PriceSourceStatusEvent = z.infer<typeof priceSourceStatusEvent>;
