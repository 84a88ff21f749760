import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';

/** Prices and volumes: NUMERIC, strings in code, like money. */
const decimal = (name: string) => numeric(name, { precision: 38, scale: 18 });

/**
 * The pairs the platform offers. Only enabled pairs are shown to users and tradable. Price, change
 * and volume are the feed's latest values, written back periodically so that the admin list shows
 * them even when the feed is stopped.
 */
export const tradingPairs = pgTable(
  'trading_pairs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    symbol: text('symbol').notNull(),
    baseCurrency: text('base_currency').notNull(),
    quoteCurrency: text('quote_currency').notNull(),
    logoUrl: text('logo_url'),
    currentPrice: decimal('current_price'),
    priceChange24h: decimal('price_change_24h'),
    volume24h: decimal('volume_24h'),
    pricePrecision: integer('price_precision').notNull().default(2),
    amountPrecision: integer('amount_precision').notNull().default(6),
    minAmount: decimal('min_amount').notNull().default('0'),
    /** Spot trading fee as a fraction of the turnover (0.001 = 0.1%), charged in the quote currency. */
    feeRate: decimal('fee_rate').notNull().default('0.001'),
    enabled: boolean('enabled').notNull().default(false),
    /** Which instrument list the pair came from: sim or okx. */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('trading_pairs_symbol_key').on(t.symbol)],
);

/** Candles, one row per (symbol, interval, open time): ingestion and backfill upsert, so re-runs are harmless. */
export const klines = pgTable(
  'klines',
  {
    symbol: text('symbol').notNull(),
    interval: text('interval').notNull(),
    openTime: timestamp('open_time', { withTimezone: true }).notNull(),
    open: decimal('open').notNull(),
    high: decimal('high').notNull(),
    low: decimal('low').notNull(),
    close: decimal('close').notNull(),
    volume: decimal('volume').notNull(),
    quoteVolume: decimal('quote_volume').notNull(),
    source: text('source').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.interval, t.openTime], name: 'klines_pkey' })],
);

/**
 * Long market-data jobs (historical initialisation, one pair's data, pair sync): status and progress
 * for the admin screen. `heartbeat_at` lets a restarted process mark a job whose runner died as failed.
 */
export const marketDataJobs = pgTable(
  'market_data_jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    written: integer('written').notNull().default(0),
    params: jsonb('params').notNull().default({}),
    result: jsonb('result'),
    error: text('error'),
    requestedBy: bigint('requested_by', { mode: 'number' }).references(() => users.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // At most one backfill at a time, whichever instance asked.
    uniqueIndex('market_data_jobs_one_running_backfill')
      .on(t.status)
      .where(sql`${t.status} = 'running' AND ${t.kind} IN ('historical', 'pair_data')`),
    uniqueIndex('market_data_jobs_one_running_sync')
      .on(t.status)
      .where(sql`${t.status} = 'running' AND ${t.kind} = 'pair_sync'`),
    index('market_data_jobs_kind_started_idx').on(t.kind, t.startedAt),
  ],
);

/** What the market-data service did and what went wrong, for the admin screen's log view. */
export const marketDataLogs = pgTable(
  'market_data_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    level: text('level').notNull(),
    event: text('event').notNull(),
    message: text('message').notNull(),
    details: jsonb('details'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('market_data_logs_created_idx').on(t.createdAt)],
);

/**
 * Each change of a price source's status for a pair as an instance saw it (migration 0036): the back
 * office's minutes excluded in the last 24 h are the intervals between them.
 */
export const priceSourceEvents = pgTable(
  'price_source_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    source: text('source').notNull(),
    symbol: text('symbol').notNull(),
    status: text('status').notNull(),
    price: decimal('price'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('price_source_events_source_symbol_at_idx').on(t.source, t.symbol, t.at),
    index('price_source_events_at_idx').on(t.at),
    check('price_source_events_status', sql`${t.status} IN ('included', 'outlier', 'stale', 'error')`),
  ],
);
