import type { IndexComponent } from '@platform/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { money } from '../../db/columns.ts';
import { users } from '../users/users.schema.ts';

/** Amounts and prices: NUMERIC with 18 places, strings in code (ARCHITECTURE.md, "The ledger (money)"). */
const decimal = money;
const at = (name: string) => timestamp(name, { withTimezone: true });

/*
 * Column builders for what several of trading's tables repeat (like db/columns.ts' money()): a table
 * spreads them into its columns, and drizzle-kit sees the same columns as before (no migration).
 */

/** The user whose order it is (a foreign key to users). */
const owner = () =>
  bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id);

/** A product's row of an order: keyed by its trade_orders row (the position and limit order keep its id). */
const ofOrder = () => ({
  orderId: bigint('order_id', { mode: 'number' })
    .primaryKey()
    .references(() => tradeOrders.id),
  userId: owner(),
});

/**
 * An event of a perpetual position (a margin addition, a partial close, a funding payment): its own
 * id, and the position and user it belongs to.
 */
const ofPosition = () => ({
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  orderId: bigint('order_id', { mode: 'number' })
    .notNull()
    .references(() => perpetualPositions.orderId),
  userId: owner(),
});

/** A signed running total of a position (added margin, funding, insurance): 0 until something moves it. */
const runningTotal = (name: string) => decimal(name).notNull().default('0');

/** A pair's funding instant: the rate and the mark it was paid at (migration 0053, docs/perpetual-funding.md). */
const fundingInstant = () => ({
  symbol: text('symbol').notNull(),
  fundingAt: at('funding_at').notNull(),
  rate: decimal('rate').notNull(),
  markPrice: decimal('mark_price').notNull(),
});

/** When the row was written. */
const createdAt = () => at('created_at').notNull().defaultNow();

/**
 * Every order of every product, one row each: what the order screens list and the statistics count.
 * The product's own state lives in its detail table (spot_fills, timed_contracts,
 * perpetual_positions); `status` here is the display status of spec 001 §4.
 *
 * - `amount` is in `amount_currency`: the base quantity for spot and perpetual, the stake in the
 *   quote currency for flash and option.
 * - `price` is the limit price (spot limit) or the entry price (flash, option, perpetual); null for a
 *   spot market order, which the screens show as 市价. `avg_price` is the average fill price.
 * - `quote_amount` is the order's turnover in the quote currency so far (fills, stake or notional):
 *   the volumes of the statistics sum it.
 */
export const tradeOrders = pgTable(
  'trade_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: owner(),
    /** spot | flash | perpetual | option */
    product: text('product').notNull(),
    symbol: text('symbol').notNull(),
    baseCurrency: text('base_currency').notNull(),
    quoteCurrency: text('quote_currency').notNull(),
    /** buy | sell (spot), up | down (flash), long | short (perpetual), call | put (option) */
    side: text('side').notNull(),
    /** market | limit for spot; null otherwise. */
    orderType: text('order_type'),
    /** GTC | IOC | FOK for spot limit orders; null otherwise. */
    timeInForce: text('time_in_force'),
    amount: decimal('amount').notNull(),
    amountCurrency: text('amount_currency').notNull(),
    price: decimal('price'),
    filledAmount: decimal('filled_amount').notNull().default('0'),
    avgPrice: decimal('avg_price'),
    quoteAmount: decimal('quote_amount').notNull().default('0'),
    fee: decimal('fee').notNull().default('0'),
    /** pending | partial | filled | cancelled | expired */
    status: text('status').notNull(),
    /** Funds held for an open spot limit order, in `frozen_currency`; released on cancel or expiry. */
    frozenAmount: decimal('frozen_amount').notNull().default('0'),
    frozenCurrency: text('frozen_currency'),
    /** Optional key from the client: a retried placement returns the same order instead of a second one. */
    clientOrderId: text('client_order_id'),
    /** Who cancelled: the user, or the admin's id when an operator did (audited). */
    cancelledBy: text('cancelled_by'),
    expiresAt: at('expires_at'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    closedAt: at('closed_at'),
  },
  (t) => [
    uniqueIndex('trade_orders_client_order_key')
      .on(t.userId, t.clientOrderId)
      .where(sql`${t.clientOrderId} IS NOT NULL`),
    index('trade_orders_user_idx').on(t.userId, t.id),
    index('trade_orders_product_status_idx').on(t.product, t.status, t.id),
    index('trade_orders_status_idx').on(t.status, t.id),
    index('trade_orders_created_idx').on(t.createdAt),
    // The open-order limit counts a user's open spot orders on every limit placement.
    index('trade_orders_open_spot_user_idx')
      .on(t.userId)
      .where(sql`${t.product} = 'spot' AND ${t.status} IN ('pending', 'partial')`),
    // The limit-order trigger scans open spot orders by symbol.
    index('trade_orders_open_spot_idx')
      .on(t.symbol, t.side, t.price)
      .where(sql`${t.product} = 'spot' AND ${t.status} IN ('pending', 'partial')`),
    check('trade_orders_product', sql`${t.product} IN ('spot', 'flash', 'perpetual', 'option')`),
    check(
      'trade_orders_status',
      sql`${t.status} IN ('pending', 'partial', 'filled', 'cancelled', 'expired')`,
    ),
    check('trade_orders_amount_positive', sql`${t.amount} > 0`),
    check('trade_orders_filled_range', sql`${t.filledAmount} >= 0 AND ${t.filledAmount} <= ${t.amount}`),
    check('trade_orders_frozen_non_negative', sql`${t.frozenAmount} >= 0`),
  ],
);

/** Each fill of a spot order; the ledger key of its posting is `spot:<order>:fill:<seq>`. */
export const spotFills = pgTable(
  'spot_fills',
  {
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => tradeOrders.id),
    seq: integer('seq').notNull(),
    quantity: decimal('quantity').notNull(),
    price: decimal('price').notNull(),
    quoteAmount: decimal('quote_amount').notNull(),
    fee: decimal('fee').notNull(),
    /** Where the price came from (the reference source) and when it was observed. */
    priceSource: text('price_source').notNull(),
    priceAt: at('price_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.seq], name: 'spot_fills_pkey' }),
    check('spot_fills_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * Flash (seconds) contracts and options: a stake on the price going up (up, call) or down (down,
 * put) over a duration, paid at a fixed rate. Both settle the same way, against the reference price
 * at expiry, so they share a table. Entry and settlement prices are stored with their source and
 * time so that a user or an auditor can check every outcome.
 */
export const timedContracts = pgTable(
  'timed_contracts',
  {
    ...ofOrder(),
    /** flash | option */
    product: text('product').notNull(),
    symbol: text('symbol').notNull(),
    /** up | down | call | put */
    direction: text('direction').notNull(),
    stake: decimal('stake').notNull(),
    currency: text('currency').notNull(),
    /** Profit per unit of stake on a win (0.85 for an 85% level). */
    payoutRate: decimal('payout_rate').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    /** Option only: the investment level and the period (window | nonWindow) it was placed in. */
    level: integer('level'),
    period: text('period'),
    entryPrice: decimal('entry_price').notNull(),
    entrySource: text('entry_source').notNull(),
    entryAt: at('entry_at').notNull(),
    /** The index's components at entry (migration 0036; null before the index). */
    entryComponents: jsonb('entry_components').$type<IndexComponent[]>(),
    openedAt: at('opened_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    /** open | settled */
    status: text('status').notNull().default('open'),
    /** win | loss | draw | void (no reference price at expiry: the stake is refunded) */
    outcome: text('outcome'),
    settlePrice: decimal('settle_price'),
    settleSource: text('settle_source'),
    settlePriceAt: at('settle_price_at'),
    settleComponents: jsonb('settle_components').$type<IndexComponent[]>(),
    /** What went back to the user, stake included (0 on a loss). */
    payout: decimal('payout'),
    settledAt: at('settled_at'),
  },
  (t) => [
    index('timed_contracts_due_idx').on(t.expiresAt).where(sql`${t.status} = 'open'`),
    index('timed_contracts_user_idx').on(t.userId, t.product, t.orderId),
    // The open-contract limit counts a user's open contracts on every placement.
    index('timed_contracts_open_user_idx').on(t.userId).where(sql`${t.status} = 'open'`),
    // timed_contracts_exposure_idx (migration 0054) covers 风险敞口 with INCLUDE columns, which
    // Drizzle cannot express: it lives in the SQL only (docs/migrations.md).
    check('timed_contracts_product', sql`${t.product} IN ('flash', 'option')`),
    check('timed_contracts_status', sql`${t.status} IN ('open', 'settled')`),
    check(
      'timed_contracts_outcome',
      sql`${t.outcome} IS NULL OR ${t.outcome} IN ('win', 'loss', 'draw', 'void')`,
    ),
    check(
      'timed_contracts_settled_complete',
      sql`${t.status} = 'open' OR (${t.outcome} IS NOT NULL AND ${t.payout} IS NOT NULL)`,
    ),
    check('timed_contracts_stake_positive', sql`${t.stake} > 0`),
  ],
);

/** Perpetual positions: isolated margin, linear in the quote currency, the house on the other side. */
export const perpetualPositions = pgTable(
  'perpetual_positions',
  {
    ...ofOrder(),
    symbol: text('symbol').notNull(),
    /** long | short */
    side: text('side').notNull(),
    margin: decimal('margin').notNull(),
    currency: text('currency').notNull(),
    leverage: integer('leverage').notNull(),
    quantity: decimal('quantity').notNull(),
    entryPrice: decimal('entry_price').notNull(),
    entrySource: text('entry_source').notNull(),
    entryAt: at('entry_at').notNull(),
    entryComponents: jsonb('entry_components').$type<IndexComponent[]>(),
    openFee: decimal('open_fee').notNull(),
    maintenanceRate: decimal('maintenance_rate').notNull(),
    /** Follows `margin`: recomputed when margin is added (migration 0034). */
    liquidationPrice: decimal('liquidation_price').notNull(),
    /** Part of `margin` added after opening (perpetual_margin_additions); the rest is the opening margin. */
    marginAdded: runningTotal('margin_added'),
    /** Reference prices that close the position by the liquidation job's turn; null: not set. */
    takeProfitPrice: decimal('take_profit_price'),
    stopLossPrice: decimal('stop_loss_price'),
    /** open | closed | liquidated */
    status: text('status').notNull().default('open'),
    closePrice: decimal('close_price'),
    closeSource: text('close_source'),
    closePriceAt: at('close_price_at'),
    closeComponents: jsonb('close_components').$type<IndexComponent[]>(),
    closeFee: decimal('close_fee'),
    realisedPnl: decimal('realised_pnl'),
    /** What went back to the user's available balance on closing. */
    payout: decimal('payout'),
    /** user | take_profit | stop_loss | liquidation; null while open. */
    closeReason: text('close_reason'),
    openedAt: at('opened_at').notNull(),
    closedAt: at('closed_at'),
    /**
     * Net funding the position has received (positive) or paid (negative) over its life (migration
     * 0053, docs/perpetual-funding.md): the sum of its perpetual_funding_payments, kept in their transactions.
     */
    funding: runningTotal('funding'),
    /**
     * The part of `margin` that came from funding (signed; a partial close releases its share, as it
     * does of `margin_added`): the opening margin is margin − margin_added − funding_margin.
     */
    fundingMargin: runningTotal('funding_margin'),
    /**
     * What its liquidation moved to (positive) or drew from (negative) the insurance fund
     * (`house_insurance`, migration 0052, docs/insurance-fund.md); 0 for every other ending.
     */
    insuranceAmount: runningTotal('insurance_amount'),
  },
  (t) => [
    index('perpetual_positions_open_idx').on(t.symbol).where(sql`${t.status} = 'open'`),
    // The insurance fund's history: the liquidations that fed or drew on it, newest first.
    index('perpetual_positions_insurance_idx')
      .on(t.closedAt, t.orderId)
      .where(sql`${t.insuranceAmount} <> 0`),
    // The job's take-profit / stop-loss turn reads only the open positions that have one.
    index('perpetual_positions_tpsl_idx')
      .on(t.symbol)
      .where(
        sql`${t.status} = 'open' AND (${t.takeProfitPrice} IS NOT NULL OR ${t.stopLossPrice} IS NOT NULL)`,
      ),
    index('perpetual_positions_user_idx').on(t.userId, t.status, t.orderId),
    // 风险敞口's largest open positions per pair (migration 0054; NULLS FIRST is PostgreSQL's own
    // order for DESC, which 0054 wrote). Its covering index perpetual_positions_exposure_idx has
    // INCLUDE columns, which Drizzle cannot express: it lives in the SQL only (docs/migrations.md).
    index('perpetual_positions_size_idx')
      .on(t.symbol, t.quantity.desc().nullsFirst())
      .where(sql`${t.status} = 'open'`),
    check('perpetual_positions_status', sql`${t.status} IN ('open', 'closed', 'liquidated')`),
    check('perpetual_positions_side', sql`${t.side} IN ('long', 'short')`),
    check('perpetual_positions_margin_positive', sql`${t.margin} > 0`),
    check(
      'perpetual_positions_close_reason',
      sql`${t.closeReason} IN ('user', 'take_profit', 'stop_loss', 'liquidation')`,
    ),
    // Every way a position ends says which it was (the migration filled in the older ones).
    check('perpetual_positions_close_reason_when', sql`(${t.status} = 'open') = (${t.closeReason} IS NULL)`),
    check('perpetual_positions_tpsl_positive', sql`${t.takeProfitPrice} > 0 AND ${t.stopLossPrice} > 0`),
  ],
);

/**
 * Each margin addition to an open position (POST /api/trading/perpetual/margin/{id}): its ledger key
 * is `perpetual:<order>:margin:<id>`, and the margin and liquidation price it left the position with.
 */
export const perpetualMarginAdditions = pgTable(
  'perpetual_margin_additions',
  {
    ...ofPosition(),
    amount: decimal('amount').notNull(),
    marginAfter: decimal('margin_after').notNull(),
    liquidationPriceAfter: decimal('liquidation_price_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('perpetual_margin_additions_order_idx').on(t.orderId),
    check('perpetual_margin_additions_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * A perpetual limit order to open a position (migration 0051): margin + open fee frozen at placement
 * (`perpetual:<order>:limit-freeze`), opened by the `perpetual-limit-orders` step when the index
 * reaches `limit_price` (the position keeps the order's id), or cancelled and unfrozen
 * (`perpetual:<order>:limit-cancel`). `status` moves out of pending once, conditionally.
 */
export const perpetualLimitOrders = pgTable(
  'perpetual_limit_orders',
  {
    ...ofOrder(),
    symbol: text('symbol').notNull(),
    /** long | short */
    side: text('side').notNull(),
    limitPrice: decimal('limit_price').notNull(),
    margin: decimal('margin').notNull(),
    leverage: integer('leverage').notNull(),
    /** The open fee frozen with the margin (at the rate of placement): what opening charges. */
    openFee: decimal('open_fee').notNull(),
    currency: text('currency').notNull(),
    /** pending | filled | cancelled */
    status: text('status').notNull().default('pending'),
    cancelReason: text('cancel_reason'),
    createdAt: createdAt(),
    endedAt: at('ended_at'),
  },
  (t) => [
    index('perpetual_limit_orders_pending_idx').on(t.symbol).where(sql`${t.status} = 'pending'`),
    index('perpetual_limit_orders_user_idx').on(t.userId, t.status, t.orderId),
    check('perpetual_limit_orders_status', sql`${t.status} IN ('pending', 'filled', 'cancelled')`),
    check('perpetual_limit_orders_side', sql`${t.side} IN ('long', 'short')`),
    check('perpetual_limit_orders_positive', sql`${t.limitPrice} > 0 AND ${t.margin} > 0`),
  ],
);

/**
 * Each partial close of an open position (POST /api/trading/perpetual/reduce/{id}, migration 0051):
 * its ledger key is `perpetual:<order>:reduce:<id>`; the position keeps the rest.
 */
export const perpetualPartialCloses = pgTable(
  'perpetual_partial_closes',
  {
    ...ofPosition(),
    quantity: decimal('quantity').notNull(),
    marginReleased: decimal('margin_released').notNull(),
    price: decimal('price').notNull(),
    priceSource: text('price_source').notNull(),
    priceAt: at('price_at').notNull(),
    priceComponents: jsonb('price_components').$type<IndexComponent[]>(),
    fee: decimal('fee').notNull(),
    realisedPnl: decimal('realised_pnl').notNull(),
    payout: decimal('payout').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('perpetual_partial_closes_order_idx').on(t.orderId),
    check('perpetual_partial_closes_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** One venue's part in a funding rate (market-data/funding-rates.ts). */
export interface FundingRateComponent {
  source: string;
  rate: string | null;
  status: string;
}

/**
 * The rate and mark of one pair's funding instant, fixed once (migration 0053,
 * docs/perpetual-funding.md): the first runner inserts it, a second one reads it back. The mark is the
 * reference tick at the instant (the settlement rule); `completed_at` is set when no position open at
 * the instant is left unpaid.
 */
export const perpetualFundingRates = pgTable(
  'perpetual_funding_rates',
  {
    ...fundingInstant(),
    /** The venues' rates behind `rate` (or the fallback used: `previous`, `default`). */
    rateComponents: jsonb('rate_components').$type<FundingRateComponent[]>(),
    markSource: text('mark_source').notNull(),
    markAt: at('mark_at').notNull(),
    markComponents: jsonb('mark_components').$type<IndexComponent[]>(),
    createdAt: createdAt(),
    completedAt: at('completed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.symbol, t.fundingAt], name: 'perpetual_funding_rates_pkey' }),
    index('perpetual_funding_rates_at_idx').on(t.fundingAt),
    check('perpetual_funding_rates_mark_positive', sql`${t.markPrice} > 0`),
  ],
);

/**
 * One position's funding at one instant (migration 0053): `amount` is the user's side (negative:
 * paid), posted under `perpetual:<order>:funding:<funding_at ISO>`. A position whose payment exceeded
 * its equity was liquidated instead: `liquidated`, amount 0. Unique per (position, instant).
 */
export const perpetualFundingPayments = pgTable(
  'perpetual_funding_payments',
  {
    ...ofPosition(),
    ...fundingInstant(),
    side: text('side').notNull(),
    quantity: decimal('quantity').notNull(),
    amount: decimal('amount').notNull(),
    currency: text('currency').notNull(),
    liquidated: boolean('liquidated').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('perpetual_funding_payments_order_at_key').on(t.orderId, t.fundingAt),
    index('perpetual_funding_payments_user_idx').on(t.userId, t.fundingAt.desc(), t.id.desc()),
    index('perpetual_funding_payments_symbol_idx').on(t.symbol, t.fundingAt),
    // perpetual_funding_payments_exposure_idx (migration 0054, INCLUDE columns): SQL only, as above.
    check('perpetual_funding_payments_side', sql`${t.side} IN ('long', 'short')`),
    check('perpetual_funding_payments_liquidated_zero', sql`NOT ${t.liquidated} OR ${t.amount} = 0`),
  ],
);

/**
 * Reference prices as observed, one row per (symbol, instant): settlement takes the latest tick at
 * or before expiry. Written by the trading jobs' recorder about once a second per pair and pruned
 * after a few hours; a settled contract keeps its own copy of the price it used.
 */
export const priceTicks = pgTable(
  'price_ticks',
  {
    symbol: text('symbol').notNull(),
    at: at('at').notNull(),
    price: decimal('price').notNull(),
    source: text('source').notNull(),
    /** The index's components (migration 0036; null before the index). */
    components: jsonb('components').$type<IndexComponent[]>(),
  },
  (t) => [
    primaryKey({ columns: [t.symbol, t.at], name: 'price_ticks_pkey' }),
    index('price_ticks_at_idx').on(t.at),
    check('price_ticks_price_positive', sql`${t.price} > 0`),
  ],
);
