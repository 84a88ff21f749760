import {
  PERPETUAL_MARGIN_CURRENCY,
  PERPETUAL_TEXTS,
  type PerpetualConfigData,
  type PerpetualOrderBody,
  type PerpetualPosition,
  type PerpetualPositionsQuery,
  type PerpetualSide,
  type PositionStatus,
  type TradeOrder,
} from '@platform/contracts';
import { isLiquidatable } from '@platform/domain';
import { businessRule, conflict, notFound } from '../../../core/errors.ts';
import { Decimal, decimalFromDb, formatNormalised, normaliseDecimalString } from '../../../core/money.ts';
import { paginationOf } from '../../../core/paging.ts';
import type { Tx } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { type Fence, type JobStep, noFence } from '../../jobs/job-loop.ts';
import { type Posting, postTransaction, postTransactionsBatch } from '../../ledger/ledger.service.ts';
import { assertSameOrder } from '../client-order.ts';
import { findByClientOrderId, insertOrder, type OrderRow, toTradeOrder } from '../orders.repository.ts';
import type { PriceObservation } from '../reference-prices.ts';
import { ORDER_UPDATED_EVENT, type TradingDeps } from '../trading-deps.ts';
import { readPerpetualConfig } from './perpetual.config.ts';
import { closeSettlement, openTerms, type PositionTerms, pnlAt, roePercent } from './perpetual.math.ts';
import * as repo from './perpetual.repository.ts';

/**
 * Perpetual contracts (DESIGN.md §6): isolated margin, linear in USDT, the house is the counterparty.
 * A position opens, closes and is liquidated at the reference price (deps.prices) and at nothing
 * else: each stores the price it used with its source and time.
 *
 * Money (ledger keys `perpetual:<order id>:open|close|liquidate`):
 * - open: available −(margin + open fee), frozen +margin, fees +open fee;
 * - close: frozen −margin, available +payout (margin + P&L − close fee, at least 0), fees +close fee
 *   (never more than the equity left), house_pnl the balance (it pays a profit, keeps a loss);
 * - liquidate: frozen −margin, house_pnl +margin.
 *
 * No funding rate in this product: holding a position costs nothing between its two fees. Should
 * one be added, it is a periodic posting between the position's margin and house_pnl at the
 * reference price, and the liquidation price would have to follow the margin it changes.
 */

/** Positions one liquidation transaction takes at most, and transactions per symbol per run. */
const LIQUIDATION_BATCH = 500;
const LIQUIDATION_BATCHES_PER_RUN = 20;
export const LIQUIDATION_EVERY_MS = 1000;

const MARGIN = PERPETUAL_MARGIN_CURRENCY;

const termsOf = (row: repo.PositionRow): PositionTerms => ({
  margin: decimalFromDb(row.margin),
  quantity: decimalFromDb(row.quantity),
  entry: decimalFromDb(row.entryPrice),
});

const decimalOrNull = (v: string | null) => (v === null ? null : normaliseDecimalString(v));
const amount = (value: Decimal) => formatNormalised(value);

/** The position as the user sees it; `mark` (open positions only) adds the unrealised P&L and ROE. */
export function toPerpetualPosition(row: repo.PositionRow, mark?: repo.LatestTick): PerpetualPosition {
  const terms = termsOf(row);
  const side = row.side as PerpetualSide;
  const marked = row.status === 'open' && mark ? mark : undefined;
  const pnl = marked ? pnlAt(side, terms, new Decimal(marked.price)) : null;
  return {
    id: row.orderId,
    symbol: row.symbol,
    side,
    status: row.status as PositionStatus,
    currency: row.currency,
    margin: amount(terms.margin),
    leverage: row.leverage,
    quantity: amount(terms.quantity),
    notional: amount(terms.margin.times(row.leverage)),
    entry_price: amount(terms.entry),
    entry_source: row.entrySource,
    entry_at: row.entryAt.toISOString(),
    open_fee: normaliseDecimalString(row.openFee),
    maintenance_rate: normaliseDecimalString(row.maintenanceRate),
    liquidation_price: normaliseDecimalString(row.liquidationPrice),
    mark_price: marked ? marked.price : null,
    mark_at: marked ? marked.at.toISOString() : null,
    unrealised_pnl: pnl ? amount(pnl) : null,
    roe_percent: pnl ? amount(roePercent(pnl, terms.margin)) : null,
    close_price: decimalOrNull(row.closePrice),
    close_source: row.closeSource,
    close_price_at: row.closePriceAt?.toISOString() ?? null,
    close_fee: decimalOrNull(row.closeFee),
    realised_pnl: decimalOrNull(row.realisedPnl),
    payout: decimalOrNull(row.payout),
    opened_at: row.openedAt.toISOString(),
    closed_at: row.closedAt?.toISOString() ?? null,
  };
}

export interface PositionView {
  order: TradeOrder;
  position: PerpetualPosition;
}

export function createPerpetualEngine(deps: TradingDeps) {
  const { db } = deps;

  /** Positions with the latest reference price of their symbol as mark (open ones). */
  async function present(rows: repo.PositionRow[]): Promise<PerpetualPosition[]> {
    const marks = await repo.latestTicks(
      db,
      rows.filter((r) => r.status === 'open').map((r) => r.symbol),
    );
    return rows.map((r) => toPerpetualPosition(r, marks.get(r.symbol)));
  }

  async function view(order: OrderRow, position: repo.PositionRow): Promise<PositionView> {
    const [shown] = await present([position]);
    if (!shown) throw new Error('perpetual: nothing to present');
    return { order: toTradeOrder(order), position: shown };
  }

  /** A placement retried with the same client_order_id: the first order (if the same), not a second one. */
  async function replay(existing: OrderRow, body: PerpetualOrderBody): Promise<PositionView> {
    const position = existing.product === 'perpetual' ? await repo.findPosition(db, existing.id) : null;
    if (!position) throw conflict(PERPETUAL_TEXTS.clientOrderIdTaken);
    assertSameOrder(
      { symbol: position.symbol, side: position.side, margin: position.margin, leverage: position.leverage },
      { symbol: body.symbol, side: body.side, margin: body.margin, leverage: body.leverage },
    );
    return view(existing, position);
  }

  /**
   * Opens a position at the current reference price. Refusals (422 unless said) change nothing:
   * leverage not offered, margin outside the limits, a pair that is disabled (404) or not quoted in
   * USDT, the open-position limit, 余额不足 (the ledger refuses; the whole transaction rolls back).
   */
  async function open(userId: number, body: PerpetualOrderBody): Promise<PositionView> {
    const clientOrderId = body.client_order_id ?? null;
    if (clientOrderId) {
      const existing = await findByClientOrderId(db, userId, clientOrderId);
      if (existing) return replay(existing, body);
    }
    const config = await readPerpetualConfig(db);
    if (!config.leverages.includes(body.leverage)) {
      throw businessRule(PERPETUAL_TEXTS.leverageNotOffered(config.leverages), { field: 'leverage' });
    }
    const margin = new Decimal(body.margin);
    if (margin.lt(config.min_margin)) {
      throw businessRule(PERPETUAL_TEXTS.marginTooSmall(config.min_margin), { field: 'margin' });
    }
    if (margin.gt(config.max_margin)) {
      throw businessRule(PERPETUAL_TEXTS.marginTooLarge(config.max_margin), { field: 'margin' });
    }
    const pair = await deps.pairs.requireEnabled(body.symbol);
    if (pair.quote_currency !== MARGIN) throw businessRule(PERPETUAL_TEXTS.pairNotSupported);

    // The price is taken before the transaction (never network inside one) and decides the entry.
    const entry = await deps.prices.current(pair.symbol);
    const terms = openTerms(body.side, margin, body.leverage, new Decimal(entry.price), {
      openFee: new Decimal(config.open_fee_rate),
      maintenance: new Decimal(config.maintenance_margin_rate),
    });
    const now = new Date(deps.now());

    try {
      const { order, position } = await db.transaction(async (tx) => {
        await repo.lockUserOpenings(tx, userId);
        if ((await repo.countOpenPositions(tx, userId)) >= config.max_open_positions) {
          throw businessRule(PERPETUAL_TEXTS.tooManyPositions(config.max_open_positions));
        }
        const order = await insertOrder(tx, {
          userId,
          product: 'perpetual',
          symbol: pair.symbol,
          baseCurrency: pair.base_currency,
          quoteCurrency: pair.quote_currency,
          side: body.side,
          amount: amount(terms.quantity),
          amountCurrency: pair.base_currency,
          price: entry.price,
          filledAmount: amount(terms.quantity),
          avgPrice: entry.price,
          quoteAmount: amount(terms.notional),
          fee: amount(terms.openFee),
          status: 'filled',
          clientOrderId,
          createdAt: now,
          updatedAt: now,
        });
        const position = await repo.insertPosition(tx, {
          orderId: order.id,
          userId,
          symbol: pair.symbol,
          side: body.side,
          margin: amount(margin),
          currency: MARGIN,
          leverage: body.leverage,
          quantity: amount(terms.quantity),
          entryPrice: entry.price,
          entrySource: entry.source,
          entryAt: entry.at,
          openFee: amount(terms.openFee),
          maintenanceRate: config.maintenance_margin_rate,
          liquidationPrice: amount(terms.liquidationPrice),
          status: 'open',
          openedAt: now,
        });
        const postings: Posting[] = [
          {
            account: { userId, bucket: 'available' },
            currency: MARGIN,
            amount: amount(margin.plus(terms.openFee).negated()),
          },
          { account: { userId, bucket: 'frozen' }, currency: MARGIN, amount: amount(margin) },
        ];
        if (terms.openFee.gt(0)) {
          postings.push({ account: { system: 'fees' }, currency: MARGIN, amount: amount(terms.openFee) });
        }
        await postTransaction(
          tx,
          {
            idempotencyKey: `perpetual:${order.id}:open`,
            kind: 'perpetual_open',
            metadata: { symbol: pair.symbol, price: entry.price, source: entry.source, at: entry.at },
            postings,
          },
          { savepoint: false },
        );
        return { order, position };
      });
      return view(order, position);
    } catch (err) {
      // A concurrent duplicate of the same client_order_id lost the race on the unique index.
      if (clientOrderId && isUniqueViolation(err, 'trade_orders_client_order_key')) {
        const existing = await findByClientOrderId(db, userId, clientOrderId);
        if (existing) return replay(existing, body);
      }
      throw err;
    }
  }

  /**
   * Liquidates the open positions among `orderIds` at `mark` (open → liquidated, conditionally):
   * the margin goes to the house, the orders are filled. Used by the job and by a user's close at
   * or past the liquidation price, under one ledger key per position, so the two settle it once.
   */
  async function liquidateInTx(
    tx: Tx,
    symbol: string,
    orderIds: number[],
    mark: PriceObservation,
    now: Date,
  ) {
    const positions = await repo.markLiquidated(tx, orderIds, mark, now);
    await postTransactionsBatch(
      tx,
      positions.map((p) => ({
        idempotencyKey: `perpetual:${p.orderId}:liquidate`,
        kind: 'perpetual_liquidate',
        metadata: { symbol, price: mark.price, source: mark.source, at: mark.at },
        postings: [
          {
            account: { userId: p.userId, bucket: 'frozen' },
            currency: MARGIN,
            amount: amount(decimalFromDb(p.margin).negated()),
          },
          {
            account: { system: 'house_pnl' },
            currency: MARGIN,
            amount: amount(decimalFromDb(p.margin)),
          },
        ],
      })),
    );
    const orders = await repo.finishOrders(
      tx,
      positions.map((p) => p.orderId),
      now,
    );
    return { positions, orders };
  }

  /**
   * Closes the caller's open position at the current reference price. The open → closed update is
   * conditional and in the same transaction as the posting: of a double click, or a close racing a
   * liquidation, one wins and the other gets 409 仓位已平仓 with nothing moved.
   */
  async function close(userId: number, orderId: number): Promise<PositionView> {
    const found = await repo.findPosition(db, orderId);
    if (!found || found.userId !== userId) throw notFound(PERPETUAL_TEXTS.positionNotFound);
    if (found.status !== 'open') throw conflict(PERPETUAL_TEXTS.alreadyClosed);
    const config = await readPerpetualConfig(db);
    const price = await deps.prices.current(found.symbol);
    const side = found.side as PerpetualSide;
    const now = new Date(deps.now());
    if (
      isLiquidatable(side, termsOf(found), new Decimal(price.price), decimalFromDb(found.maintenanceRate))
    ) {
      // At or past its liquidation price the position has no equity left to close for: the close
      // is its liquidation, the same one the job would make (the user loses the margin, no more).
      const liquidated = await db.transaction(async (tx) => {
        const { positions, orders } = await liquidateInTx(tx, found.symbol, [orderId], price, now);
        if (!positions[0] || !orders[0]) throw conflict(PERPETUAL_TEXTS.alreadyClosed);
        return { order: orders[0], position: positions[0] };
      });
      deps.realtime.toUser(userId, ORDER_UPDATED_EVENT, { order: toTradeOrder(liquidated.order) });
      return view(liquidated.order, liquidated.position);
    }
    const settlement = closeSettlement(
      side,
      termsOf(found),
      new Decimal(price.price),
      new Decimal(config.close_fee_rate),
    );
    const margin = decimalFromDb(found.margin);

    const { order, position } = await db.transaction(async (tx) => {
      const position = await repo.closeIfOpen(tx, orderId, userId, {
        status: 'closed',
        closePrice: price.price,
        closeSource: price.source,
        closePriceAt: price.at,
        closeFee: amount(settlement.fee),
        realisedPnl: amount(settlement.realisedPnl),
        payout: amount(settlement.payout),
        closedAt: now,
      });
      if (!position) throw conflict(PERPETUAL_TEXTS.alreadyClosed);
      const [order] = await repo.finishOrders(
        tx,
        [orderId],
        now,
        settlement.fee.gt(0) ? amount(settlement.fee) : undefined,
      );
      if (!order) throw new Error(`perpetual: order ${orderId} of an open position is missing`);
      const postings: Posting[] = [
        { account: { userId, bucket: 'frozen' }, currency: MARGIN, amount: amount(margin.negated()) },
      ];
      if (settlement.payout.gt(0)) {
        postings.push({
          account: { userId, bucket: 'available' },
          currency: MARGIN,
          amount: amount(settlement.payout),
        });
      }
      if (settlement.fee.gt(0)) {
        postings.push({ account: { system: 'fees' }, currency: MARGIN, amount: amount(settlement.fee) });
      }
      if (!settlement.houseResult.isZero()) {
        postings.push({
          account: { system: 'house_pnl' },
          currency: MARGIN,
          amount: amount(settlement.houseResult),
        });
      }
      await postTransaction(tx, {
        idempotencyKey: `perpetual:${orderId}:close`,
        kind: 'perpetual_close',
        metadata: { symbol: found.symbol, price: price.price, source: price.source, at: price.at },
        postings,
      });
      return { order, position };
    });
    return view(order, position);
  }

  /**
   * Liquidates every open position whose mark has reached its liquidation price, symbol by symbol.
   * The mark is the reference price, taken outside any transaction; the positions are claimed
   * set-based (FOR UPDATE SKIP LOCKED) and moved open → liquidated conditionally in the same
   * transaction as their postings, so two runners at once, or a runner racing a close, apply each
   * liquidation once. A symbol without a price this turn is skipped: nothing is decided without one.
   *
   * Why the user's remaining equity (margin + P&L, at most the maintenance margin by then) goes to
   * the house: the house is the counterparty of every position, and when the price gaps through a
   * liquidation price the position's loss exceeds its margin; the user never owes more than the
   * margin, so the house bears the difference. Exchanges cover that with an insurance fund fed by
   * these remainders, or by auto-deleveraging winning traders. This product has neither: the house
   * is both, so the remainder is the house's, and the user's loss on a liquidation is the margin.
   */
  async function liquidatePositions(now: Date, fence: Fence = noFence): Promise<{ liquidated: number }> {
    let liquidated = 0;
    for (const symbol of await repo.symbolsWithOpenPositions(db)) {
      let mark: PriceObservation;
      try {
        mark = await deps.prices.current(symbol);
      } catch {
        continue;
      }
      const markPrice = new Decimal(mark.price);
      for (let batch = 0; batch < LIQUIDATION_BATCHES_PER_RUN; batch++) {
        const { claimed, due, orders } = await db.transaction(async (tx) => {
          await fence(tx);
          const claimed = await repo.claimLiquidatable(tx, symbol, mark.price, LIQUIDATION_BATCH);
          // The SQL comparison with the stored liquidation price and the domain rule agree by
          // construction (positionLiquidationPrice); the check keeps the domain rule the authority.
          const due = claimed.filter((p) =>
            isLiquidatable(p.side as PerpetualSide, termsOf(p), markPrice, decimalFromDb(p.maintenanceRate)),
          );
          const { orders } = await liquidateInTx(
            tx,
            symbol,
            due.map((p) => p.orderId),
            mark,
            now,
          );
          return { claimed: claimed.length, due: due.length, orders };
        });
        for (const order of orders) {
          deps.realtime.toUser(order.userId, ORDER_UPDATED_EVENT, { order: toTradeOrder(order) });
        }
        liquidated += orders.length;
        if (claimed < LIQUIDATION_BATCH || due < claimed) break;
      }
    }
    return { liquidated };
  }

  async function config(): Promise<PerpetualConfigData> {
    const [settings, pairs] = await Promise.all([readPerpetualConfig(db), repo.perpetualPairs(db)]);
    const ticks = await repo.latestTicks(
      db,
      pairs.map((p) => p.symbol),
    );
    return {
      ...settings,
      currency: MARGIN,
      pairs: pairs.map((p) => {
        const tick = ticks.get(p.symbol);
        return {
          symbol: p.symbol,
          base_currency: p.baseCurrency,
          quote_currency: p.quoteCurrency,
          price: tick?.price ?? null,
          price_at: tick?.at.toISOString() ?? null,
        };
      }),
    };
  }

  async function positions(userId: number, query: PerpetualPositionsQuery) {
    const { rows, total } = await repo.listPositions(db, userId, query);
    return { positions: await present(rows), pagination: paginationOf(query, total) };
  }

  const jobSteps: JobStep[] = [
    {
      name: 'perpetual-liquidation',
      everyMs: LIQUIDATION_EVERY_MS,
      run: async (now, fence) => {
        await liquidatePositions(now, fence);
      },
    },
  ];

  return { config, open, close, positions, liquidatePositions, jobSteps };
}

export type PerpetualEngine = ReturnType<typeof createPerpetualEngine>;
