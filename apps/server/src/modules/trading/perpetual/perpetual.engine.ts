import {
  type AdminPerpetualPositionsQuery,
  type Language,
  PERPETUAL_MARGIN_CURRENCY,
  PERPETUAL_TEXTS,
  type PerpetualConfigData,
  type PerpetualLimitOrder,
  type PerpetualLimitOrdersQuery,
  type PerpetualLimitStatus,
  type PerpetualMarginBody,
  type PerpetualMark,
  type PerpetualOrderBody,
  type PerpetualPosition,
  type PerpetualPositionsQuery,
  type PerpetualReduceBody,
  type PerpetualSide,
  type PerpetualTpslBody,
  type PositionCloseReason,
  type PositionStatus,
  TRADING_TEXTS,
  type TradeOrder,
} from '@platform/contracts';
import {
  decimalPlacesOf,
  isLiquidatable,
  marginAfterAdd,
  perpetualMarginProblem,
  perpetualOpenFee,
  type TpslTrigger,
  tpslProblems,
  tpslTriggered,
} from '@platform/domain';
import { badRequest, businessRule, conflict, notFound, retryShortly } from '../../../core/errors.ts';
import {
  amountPrecisionRefusal,
  Decimal,
  decimalFromDb,
  formatNormalised,
  normaliseDecimalString,
} from '../../../core/money.ts';
import { paginationOf } from '../../../core/paging.ts';
import { because } from '../../../core/refusal.ts';
import type { Executor, Tx } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { type Message, msg, render } from '../../../i18n/i18n.ts';
import { cannotOpenAtTrigger, limitCancelReasonIn } from '../../../i18n/perpetual-texts.ts';
import { currentSeal, sealEffect } from '../../idempotency/effect-seal.ts';
import { type Fence, type JobStep, noFence } from '../../jobs/job-loop.ts';
import { type Posting, postTransaction, postTransactionsBatch } from '../../ledger/ledger.service.ts';
import { findPairBySymbol, listPairs, type PairRow } from '../../market-data/pairs.service.ts';
import {
  notifyPerpetualCloses,
  pushNotifications,
  type WrittenNotification,
} from '../../notifications/notifications.service.ts';
import { perLanguage } from '../../realtime/realtime.ts';
import { assertSameOrder } from '../client-order.ts';
import {
  findByClientOrderId,
  findOrder as findOrderRow,
  insertOrder,
  type OrderRow,
} from '../orders.repository.ts';
import { toTradeOrder } from '../orders.view.ts';
import { type Arrival, arrivedAt, type PriceObservation } from '../reference-prices.ts';
import { ORDER_UPDATED_EVENT, type TradingDeps } from '../trading-deps.ts';
import { lockInsuranceFund, recordInsuranceShares } from './insurance-fund.repository.ts';
import { insuranceFundBalance, type LiquidationShare, liquidationShares } from './insurance-fund.ts';
import { readPerpetualConfig } from './perpetual.config.ts';
import {
  closeSettlement,
  type OpenTerms,
  openTerms,
  type PositionTerms,
  pnlAt,
  positionLiquidationPrice,
  roePercent,
} from './perpetual.math.ts';
import * as repo from './perpetual.repository.ts';
import {
  assertOpenInterestRoom,
  maintenanceRateFor,
  openInterestProblem,
  pairRiskTerms,
  readPerpetualRisk,
  tierProblem,
} from './perpetual-risk.ts';

/**
 * Perpetual contracts (ARCHITECTURE.md, "Trading engines"): isolated margin, linear in USDT, the
 * house is the counterparty. A position opens, closes and is liquidated at the reference price
 * (deps.prices) and at nothing else: each stores the price it used with its source and time.
 *
 * Money (ledger keys `perpetual:<order id>:open|close|liquidate`):
 * - open: available −(margin + open fee), frozen +margin, fees +open fee;
 * - close: frozen −margin, available +payout (margin + P&L − close fee, at least 0), fees +close fee
 *   (never more than the equity left), house_pnl the balance (it pays a profit, keeps a loss);
 * - liquidate: frozen −margin, house_insurance +equity left at the mark, house_pnl the rest; past the
 *   bankruptcy price house_pnl +margin and the gap from house_insurance (as far as it holds it);
 * - add margin (`perpetual:<order id>:margin:<addition id>`): available −amount, frozen +amount; the
 *   position's margin and liquidation price follow in the same transaction.
 *
 * A take-profit or stop-loss close is a close (the same key `…:close`, so a user's close and the
 * trigger settle a position once), made by the liquidation job's turn at the mark that reached it.
 *
 * Funding (funding.service.ts, docs/perpetual-funding.md): at each funding instant a position
 * pays or receives quantity × mark × rate between its margin (frozen) and house_funding under
 * `perpetual:<order id>:funding:<instant>`; its margin and liquidation price follow, and a payment it
 * cannot afford liquidates it instead (liquidateInTx).
 */

/** Positions one liquidation transaction takes at most, and transactions per symbol per run. */
const LIQUIDATION_BATCH = 500;
const LIQUIDATION_BATCHES_PER_RUN = 20;
/** The same for take-profit and stop-loss closes (each is a few statements of its own). */
const TPSL_BATCH = 100;
const TPSL_BATCHES_PER_RUN = 20;
export const LIQUIDATION_EVERY_MS = 1000;

const MARGIN = PERPETUAL_MARGIN_CURRENCY;

/** Enabled pairs quoted in the margin currency: what perpetual positions may be opened on. */
async function perpetualPairs(exec: Executor): Promise<PairRow[]> {
  return (await listPairs(exec, { enabledOnly: true })).filter((p) => p.quoteCurrency === MARGIN);
}

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
    // What it opened with: added margin and funding change the margin, not the position's size.
    notional: amount(
      terms.margin
        .minus(decimalFromDb(row.marginAdded))
        .minus(decimalFromDb(row.fundingMargin))
        .times(row.leverage),
    ),
    entry_price: amount(terms.entry),
    entry_source: row.entrySource,
    entry_at: row.entryAt.toISOString(),
    entry_components: row.entryComponents ?? null,
    open_fee: normaliseDecimalString(row.openFee),
    maintenance_rate: normaliseDecimalString(row.maintenanceRate),
    liquidation_price: normaliseDecimalString(row.liquidationPrice),
    margin_added: normaliseDecimalString(row.marginAdded),
    funding: normaliseDecimalString(row.funding),
    take_profit_price: decimalOrNull(row.takeProfitPrice),
    stop_loss_price: decimalOrNull(row.stopLossPrice),
    mark_price: marked ? marked.price : null,
    mark_at: marked ? marked.at.toISOString() : null,
    unrealised_pnl: pnl ? amount(pnl) : null,
    roe_percent: pnl ? amount(roePercent(pnl, terms.margin)) : null,
    close_price: decimalOrNull(row.closePrice),
    close_source: row.closeSource,
    close_price_at: row.closePriceAt?.toISOString() ?? null,
    close_components: row.closeComponents ?? null,
    close_fee: decimalOrNull(row.closeFee),
    realised_pnl: decimalOrNull(row.realisedPnl),
    payout: decimalOrNull(row.payout),
    close_reason: (row.closeReason as PositionCloseReason | null) ?? null,
    opened_at: row.openedAt.toISOString(),
    closed_at: row.closedAt?.toISOString() ?? null,
  };
}

/** An order as the engine takes it: the contract's body, `type` market when left out (as its default). */
export type PerpetualOrderAsked = Omit<PerpetualOrderBody, 'type'> & { type?: PerpetualOrderBody['type'] };

export interface PositionView {
  order: TradeOrder;
  position: PerpetualPosition;
}

/** What POST /order answers: a market order's position, or a limit order (its position once it opened). */
export interface OpenView {
  order: TradeOrder;
  position: PerpetualPosition | null;
  limit_order: PerpetualLimitOrder | null;
}

/** A limit order as shown; its stored cancel reason in `language`. */
export function toPerpetualLimitOrder(
  row: repo.LimitOrderRow,
  language: Language = 'zh-CN',
): PerpetualLimitOrder {
  const margin = decimalFromDb(row.margin);
  const fee = decimalFromDb(row.openFee);
  return {
    id: row.orderId,
    symbol: row.symbol,
    side: row.side as PerpetualSide,
    status: row.status as PerpetualLimitStatus,
    price: normaliseDecimalString(row.limitPrice),
    margin: amount(margin),
    leverage: row.leverage,
    open_fee: amount(fee),
    frozen: amount(margin.plus(fee)),
    currency: row.currency,
    cancel_reason: limitCancelReasonIn(language, row.cancelReason),
    created_at: row.createdAt.toISOString(),
    ended_at: row.endedAt?.toISOString() ?? null,
  };
}

/** What a limit order's trigger did: opened a position, or cancelled the order (`cancelled`). */
type TriggerEvent = { order: OrderRow; position?: repo.PositionRow; cancelled?: repo.LimitOrderRow };

/**
 * The postings of closing `margin` (a whole position or the part of a partial close): it leaves
 * frozen; the payout goes to available, the fee to fees, the rest to (or from) house P&L.
 */
function closePostings(
  userId: number,
  margin: Decimal,
  settlement: { payout: Decimal; fee: Decimal; houseResult: Decimal },
): Posting[] {
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
  return postings;
}

/** A liquidation's postings: the margin leaves frozen, split between the insurance fund and the house. */
function liquidationPostings(p: repo.PositionRow, share: LiquidationShare): Posting[] {
  const postings: Posting[] = [
    {
      account: { userId: p.userId, bucket: 'frozen' },
      currency: MARGIN,
      amount: amount(decimalFromDb(p.margin).negated()),
    },
  ];
  if (!share.insurance.isZero()) {
    postings.push({
      account: { system: 'house_insurance' },
      currency: MARGIN,
      amount: amount(share.insurance),
    });
  }
  if (!share.house.isZero()) {
    postings.push({ account: { system: 'house_pnl' }, currency: MARGIN, amount: amount(share.house) });
  }
  return postings;
}

/** Limit orders one job transaction opens or cancels at most, and transactions per symbol per run. */
const LIMIT_BATCH = 100;
const LIMIT_BATCHES_PER_RUN = 20;

/** A limit order's stored cancel reason is written in zh-CN, as the contracts' reasons beside it are. */
const storedText = (problem: { message: Message } | null) =>
  problem ? render('zh-CN', problem.message) : null;

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

  /** The latest reference price of each symbol: the marks the replies show open positions at. */
  const marksOf = (symbols: string[]) => repo.latestTicks(db, symbols);

  /** An order and its position as the calls reply them, at `marks` (those of open positions). */
  function shownAt(order: OrderRow, position: repo.PositionRow, marks: Map<string, repo.LatestTick>) {
    return {
      order: toTradeOrder(order),
      position: toPerpetualPosition(position, marks.get(position.symbol)),
    };
  }

  async function view(order: OrderRow, position: repo.PositionRow): Promise<PositionView> {
    return shownAt(order, position, await marksOf(position.status === 'open' ? [position.symbol] : []));
  }

  /** A placement retried with the same client_order_id: the first order (if the same), not a second one. */
  async function replay(existing: OrderRow, body: PerpetualOrderAsked): Promise<OpenView> {
    const perpetual = existing.product === 'perpetual';
    const limit = perpetual ? await repo.findLimitOrder(db, existing.id) : null;
    const position = perpetual ? await repo.findPosition(db, existing.id) : null;
    if (limit) {
      assertSameOrder(
        {
          symbol: limit.symbol,
          side: limit.side,
          type: 'limit',
          price: limit.limitPrice,
          margin: limit.margin,
          leverage: limit.leverage,
        },
        { ...termsAsked(body), type: body.type ?? 'market', price: body.price },
      );
      const shown = position
        ? await view(existing, position)
        : { order: toTradeOrder(existing), position: null };
      return { ...shown, limit_order: toPerpetualLimitOrder(limit) };
    }
    if (!position) throw conflict(PERPETUAL_TEXTS.clientOrderIdTaken);
    assertSameOrder(
      {
        symbol: position.symbol,
        side: position.side,
        type: 'market',
        margin: position.margin,
        leverage: position.leverage,
      },
      { ...termsAsked(body), type: body.type ?? 'market' },
    );
    return { ...(await view(existing, position)), limit_order: null };
  }

  const termsAsked = (body: PerpetualOrderAsked) => ({
    symbol: body.symbol,
    side: body.side,
    margin: body.margin,
    leverage: body.leverage,
  });

  /**
   * Why an order's terms cannot open now, in the server's words (null: they can): the leverage
   * offered and the margin limits of the config in force. Asked at placement and again when a
   * limit order triggers.
   */
  function termsProblem(
    config: PerpetualConfigData | Awaited<ReturnType<typeof readPerpetualConfig>>,
    margin: Decimal,
    leverage: number,
  ) {
    if (!config.leverages.includes(leverage)) {
      return { field: 'leverage', message: PERPETUAL_TEXTS.leverageNotOffered(config.leverages) };
    }
    const outside = perpetualMarginProblem(margin, config);
    return outside ? { field: 'margin', message: outside } : null;
  }

  /**
   * The open path of a market order and of a limit order that triggered: the position at `entry`
   * (the index tick with its components) and its posting under `perpetual:<id>:open`. A market
   * order takes margin + fee from the available balance; a limit order's are frozen already, so
   * only the fee leaves the frozen balance.
   */
  async function insertOpened(
    tx: Tx,
    args: {
      order: OrderRow;
      side: PerpetualSide;
      margin: Decimal;
      leverage: number;
      terms: OpenTerms;
      entry: PriceObservation;
      maintenanceRate: string;
      now: Date;
      frozenAlready: boolean;
    },
  ): Promise<repo.PositionRow> {
    const { order, terms, entry, margin } = args;
    const userId = order.userId;
    const position = await repo.insertPosition(tx, {
      orderId: order.id,
      userId,
      symbol: order.symbol,
      side: args.side,
      margin: amount(margin),
      currency: MARGIN,
      leverage: args.leverage,
      quantity: amount(terms.quantity),
      entryPrice: entry.price,
      entrySource: entry.source,
      entryAt: entry.at,
      entryComponents: entry.components,
      openFee: amount(terms.openFee),
      maintenanceRate: args.maintenanceRate,
      liquidationPrice: amount(terms.liquidationPrice),
      status: 'open',
      openedAt: args.now,
    });
    const postings: Posting[] = args.frozenAlready
      ? [{ account: { userId, bucket: 'frozen' }, currency: MARGIN, amount: amount(terms.openFee.negated()) }]
      : [
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
    if (postings.length > 1) {
      await postTransaction(
        tx,
        {
          idempotencyKey: `perpetual:${order.id}:open`,
          kind: 'perpetual_open',
          metadata: { symbol: order.symbol, price: entry.price, source: entry.source, at: entry.at },
          postings,
        },
        { savepoint: false },
      );
    }
    return position;
  }

  /**
   * Opens a position at the current reference price. Refusals (422 unless said) change nothing:
   * leverage not offered, margin outside the limits, a pair that is disabled (404) or not quoted in
   * USDT, the open-position limit, 余额不足 (the ledger refuses; the whole transaction rolls back).
   */
  async function open(userId: number, body: PerpetualOrderAsked, arrival: Arrival = {}): Promise<OpenView> {
    const receivedAt = arrivedAt(deps.now(), arrival);
    const clientOrderId = body.client_order_id ?? null;
    if (clientOrderId) {
      const existing = await findByClientOrderId(db, userId, clientOrderId);
      if (existing) return replay(existing, body);
    }
    const config = await readPerpetualConfig(db);
    const margin = new Decimal(body.margin);
    const problem = termsProblem(config, margin, body.leverage);
    if (problem) throw businessRule(problem.message, { field: problem.field });
    const pair = await deps.pairs.requireEnabled(body.symbol);
    if (pair.quote_currency !== MARGIN) throw businessRule(PERPETUAL_TEXTS.pairNotSupported);
    // Leverage tiers and open-interest caps (perpetual-risk.ts): the tier now, the caps in the transaction.
    const risk = pairRiskTerms(await readPerpetualRisk(db), pair.symbol);
    const beyondTier = tierProblem(risk.tiers, margin, body.leverage);
    if (beyondTier) throw because('limit', businessRule(beyondTier, { field: 'leverage' }));
    const maintenanceRate = maintenanceRateFor(
      risk.tiers,
      margin,
      body.leverage,
      config.maintenance_margin_rate,
    );
    if (body.type === 'limit') return placeLimit(userId, body, config, pair, { risk, maintenanceRate });

    // The price is taken before the transaction (never network inside one) and decides the entry.
    // Without an index (too few venues agree) nothing opens: 503, retry shortly.
    const entry = await deps.prices.current(pair.symbol, {
      receivedAt,
      staleError: () => retryShortly(TRADING_TEXTS.priceUpdating, { symbol: pair.symbol }),
    });
    const terms = openTerms(body.side, margin, body.leverage, new Decimal(entry.price), {
      openFee: new Decimal(config.open_fee_rate),
      maintenance: new Decimal(maintenanceRate),
    });
    const now = new Date(deps.now());
    // The reply is made in the transaction, with its Idempotency-Key (the mark read before it).
    const seal = currentSeal();
    const marks = await marksOf([pair.symbol]);

    try {
      return await db.transaction(async (tx) => {
        await repo.lockUserOpenings(tx, userId);
        if ((await repo.countOpenPositions(tx, userId)) >= config.max_open_positions) {
          throw because('limit', businessRule(PERPETUAL_TEXTS.tooManyPositions(config.max_open_positions)));
        }
        await assertOpenInterestRoom(tx, risk, {
          userId,
          symbol: pair.symbol,
          side: body.side,
          notional: terms.notional,
        });
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
        const position = await insertOpened(tx, {
          order,
          side: body.side,
          margin,
          leverage: body.leverage,
          terms,
          entry,
          maintenanceRate,
          now,
          frozenAlready: false,
        });
        const shown: OpenView = { ...shownAt(order, position, marks), limit_order: null };
        await sealEffect(tx, seal, shown);
        return shown;
      });
    } catch (err) {
      return replayLostRace(err, userId, body);
    }
  }

  /** A concurrent duplicate of the same client_order_id lost the race on the unique index: the first one's reply. */
  async function replayLostRace(err: unknown, userId: number, body: PerpetualOrderAsked): Promise<OpenView> {
    const clientOrderId = body.client_order_id ?? null;
    if (clientOrderId && isUniqueViolation(err, 'trade_orders_client_order_key')) {
      const existing = await findByClientOrderId(db, userId, clientOrderId);
      if (existing) return replay(existing, body);
    }
    throw err;
  }

  /**
   * Places a limit order: no price is read (the job compares the index with it). One transaction:
   * the order row (pending), its limit row and margin + open fee moved available → frozen under
   * `perpetual:<id>:limit-freeze` (余额不足 refuses it all). Waiting orders count with the open
   * positions against the open-position limit.
   */
  async function placeLimit(
    userId: number,
    body: PerpetualOrderAsked,
    config: Awaited<ReturnType<typeof readPerpetualConfig>>,
    pair: { symbol: string; base_currency: string; quote_currency: string; price_precision: number },
    riskTerms: { risk: ReturnType<typeof pairRiskTerms>; maintenanceRate: string },
  ): Promise<OpenView> {
    const price = body.price ?? '';
    if (decimalPlacesOf(price) > pair.price_precision) {
      throw badRequest(msg('userFacing.perpetual.pricePlaces', { places: pair.price_precision }), {
        field: 'price',
      });
    }
    const limitPrice = new Decimal(price);
    const margin = new Decimal(body.margin);
    const fee = perpetualOpenFee(margin, body.leverage, new Decimal(config.open_fee_rate));
    // What the order would hold at its limit price: the order row's amount until it opens.
    const estimate = openTerms(body.side, margin, body.leverage, limitPrice, {
      openFee: new Decimal(config.open_fee_rate),
      maintenance: new Decimal(riskTerms.maintenanceRate),
    });
    const frozen = margin.plus(fee);
    const now = new Date(deps.now());
    const seal = currentSeal();
    try {
      return await db.transaction(async (tx) => {
        await repo.lockUserOpenings(tx, userId);
        const held =
          (await repo.countOpenPositions(tx, userId)) + (await repo.countPendingLimitOrders(tx, userId));
        if (held >= config.max_open_positions) {
          throw because('limit', businessRule(PERPETUAL_TEXTS.tooManyPositions(config.max_open_positions)));
        }
        // Against the open positions only: waiting orders reserve no room, the trigger checks again.
        await assertOpenInterestRoom(tx, riskTerms.risk, {
          userId,
          symbol: pair.symbol,
          side: body.side,
          notional: estimate.notional,
        });
        const order = await insertOrder(tx, {
          userId,
          product: 'perpetual',
          symbol: pair.symbol,
          baseCurrency: pair.base_currency,
          quoteCurrency: pair.quote_currency,
          side: body.side,
          orderType: 'limit',
          amount: amount(estimate.quantity),
          amountCurrency: pair.base_currency,
          price: amount(limitPrice),
          status: 'pending',
          frozenAmount: amount(frozen),
          frozenCurrency: MARGIN,
          clientOrderId: body.client_order_id ?? null,
          createdAt: now,
          updatedAt: now,
        });
        const limit = await repo.insertLimitOrder(tx, {
          orderId: order.id,
          userId,
          symbol: pair.symbol,
          side: body.side,
          limitPrice: amount(limitPrice),
          margin: amount(margin),
          leverage: body.leverage,
          openFee: amount(fee),
          currency: MARGIN,
          createdAt: now,
        });
        await postTransaction(
          tx,
          {
            idempotencyKey: `perpetual:${order.id}:limit-freeze`,
            kind: 'perpetual_limit_freeze',
            metadata: { symbol: pair.symbol, price: amount(limitPrice), leverage: body.leverage },
            postings: [
              {
                account: { userId, bucket: 'available' },
                currency: MARGIN,
                amount: amount(frozen.negated()),
              },
              { account: { userId, bucket: 'frozen' }, currency: MARGIN, amount: amount(frozen) },
            ],
          },
          { savepoint: false },
        );
        const shown: OpenView = {
          order: toTradeOrder(order),
          position: null,
          limit_order: toPerpetualLimitOrder(limit),
        };
        await sealEffect(tx, seal, shown);
        return shown;
      });
    } catch (err) {
      return replayLostRace(err, userId, body);
    }
  }

  /**
   * Ends a limit order that `endLimitOrder` has just moved to cancelled: its frozen margin + fee back
   * to available under `perpetual:<id>:limit-cancel` (once: the status moved once), the order row
   * cancelled.
   */
  async function releaseCancelled(tx: Tx, limit: repo.LimitOrderRow, cancelledBy: string, now: Date) {
    const frozen = decimalFromDb(limit.margin).plus(decimalFromDb(limit.openFee));
    await postTransaction(
      tx,
      {
        idempotencyKey: `perpetual:${limit.orderId}:limit-cancel`,
        kind: 'perpetual_limit_cancel',
        metadata: { symbol: limit.symbol, reason: limit.cancelReason },
        postings: [
          {
            account: { userId: limit.userId, bucket: 'frozen' },
            currency: MARGIN,
            amount: amount(frozen.negated()),
          },
          {
            account: { userId: limit.userId, bucket: 'available' },
            currency: MARGIN,
            amount: amount(frozen),
          },
        ],
      },
      { savepoint: false },
    );
    return repo.updateOrderRow(tx, limit.orderId, {
      status: 'cancelled',
      cancelledBy,
      frozenAmount: '0',
      updatedAt: now,
      closedAt: now,
    });
  }

  /**
   * The caller cancels a waiting limit order: 404 委托不存在 when it is not theirs, 409 when it has
   * opened or was cancelled meanwhile. The conditional status change decides a cancel racing the
   * trigger: one of them gets the row, so the frozen funds go back once or open a position once.
   */
  async function cancelLimit(userId: number, orderId: number, language: Language = 'zh-CN') {
    const found = await repo.findLimitOrder(db, orderId);
    if (!found || found.userId !== userId) throw notFound(PERPETUAL_TEXTS.limitOrderNotFound);
    const now = new Date(deps.now());
    const seal = currentSeal();
    return db.transaction(async (tx) => {
      const limit = await repo.endLimitOrder(
        tx,
        orderId,
        { status: 'cancelled', cancelReason: PERPETUAL_TEXTS.limitCancelledByUser, endedAt: now },
        userId,
      );
      if (!limit) throw conflict(PERPETUAL_TEXTS.limitNotPending);
      const order = await releaseCancelled(tx, limit, 'user', now);
      const shown = { order: toTradeOrder(order), limit_order: toPerpetualLimitOrder(limit, language) };
      await sealEffect(tx, seal, shown);
      return shown;
    });
  }

  async function limitOrders(userId: number, query: PerpetualLimitOrdersQuery, language: Language = 'zh-CN') {
    const { rows, total } = await repo.listLimitOrders(db, userId, query);
    return {
      limit_orders: rows.map((row) => toPerpetualLimitOrder(row, language)),
      pagination: paginationOf(query, total),
    };
  }

  /**
   * One turn of the `perpetual-limit-orders` step: for each symbol with waiting orders, the index
   * (taken outside any transaction; none this turn: nothing happens) and the orders it has reached,
   * claimed FOR UPDATE SKIP LOCKED and moved out of pending conditionally in the transaction of
   * their postings, so a rerun or a second runner opens nothing twice. Each opens through the
   * market order's path at that tick (its entry, with the components); one whose terms the config
   * no longer allows, whose pair is gone, or whose owner holds the most open positions, is
   * cancelled with that reason and its funds unfrozen.
   */
  async function triggerLimitOrders(
    now: Date,
    fence: Fence = noFence,
  ): Promise<{ opened: number; cancelled: number }> {
    const result = { opened: 0, cancelled: 0 };
    const symbols = await repo.symbolsWithPendingLimitOrders(db);
    if (symbols.length === 0) return result;
    const config = await readPerpetualConfig(db);
    const risk = await readPerpetualRisk(db);
    for (const symbol of symbols) {
      let mark: PriceObservation;
      try {
        mark = await deps.prices.current(symbol);
      } catch {
        continue;
      }
      const pair = await findPairBySymbol(db, symbol);
      const pairOk = pair?.enabled === true && pair.quoteCurrency === MARGIN;
      for (let batch = 0; batch < LIMIT_BATCHES_PER_RUN; batch++) {
        const { claimed, events } = await db.transaction(async (tx) => {
          await fence(tx);
          const claimed = await repo.claimCrossedLimitOrders(tx, symbol, mark.price, LIMIT_BATCH);
          const events: TriggerEvent[] = [];
          for (const row of claimed) {
            const event = await triggerOne(tx, row, mark, config, pairOk, now, pairRiskTerms(risk, symbol));
            events.push(event);
            result[event.position ? 'opened' : 'cancelled']++;
          }
          return { claimed: claimed.length, events };
        });
        for (const { order, position, cancelled } of events) {
          const shown = toTradeOrder(order);
          deps.realtime.toUser(
            order.userId,
            ORDER_UPDATED_EVENT,
            cancelled
              ? // Why it could not open, in each of the user's sockets' language (stored in zh-CN).
                perLanguage((language) => ({
                  order: shown,
                  limit_order: toPerpetualLimitOrder(cancelled, language),
                }))
              : { order: shown, ...(position ? { position: toPerpetualPosition(position) } : {}) },
          );
        }
        if (claimed < LIMIT_BATCH) break;
      }
    }
    return result;
  }

  async function triggerOne(
    tx: Tx,
    row: repo.LimitOrderRow,
    mark: PriceObservation,
    config: Awaited<ReturnType<typeof readPerpetualConfig>>,
    pairOk: boolean,
    now: Date,
    risk: ReturnType<typeof pairRiskTerms>,
  ): Promise<TriggerEvent> {
    const margin = decimalFromDb(row.margin);
    const side = row.side as PerpetualSide;
    await repo.lockUserOpenings(tx, row.userId);
    const reason = !pairOk
      ? PERPETUAL_TEXTS.pairNotSupported
      : (termsProblem(config, margin, row.leverage)?.message ??
        tierProblem(risk.tiers, margin, row.leverage) ??
        ((await repo.countOpenPositions(tx, row.userId)) >= config.max_open_positions
          ? PERPETUAL_TEXTS.tooManyPositions(config.max_open_positions)
          : null) ??
        storedText(
          await openInterestProblem(tx, risk, {
            userId: row.userId,
            symbol: row.symbol,
            side,
            notional: margin.times(row.leverage),
          }),
        ) ??
        null);
    if (reason) {
      const ended = await repo.endLimitOrder(tx, row.orderId, {
        status: 'cancelled',
        cancelReason: cannotOpenAtTrigger(reason),
        endedAt: now,
      });
      if (!ended) throw new Error(`perpetual: claimed limit order ${row.orderId} is not pending`);
      return { order: await releaseCancelled(tx, ended, 'system', now), cancelled: ended };
    }
    const maintenanceRate = maintenanceRateFor(
      risk.tiers,
      margin,
      row.leverage,
      config.maintenance_margin_rate,
    );
    const terms = {
      ...openTerms(side, margin, row.leverage, new Decimal(mark.price), {
        openFee: new Decimal(config.open_fee_rate),
        maintenance: new Decimal(maintenanceRate),
      }),
      // The fee frozen at placement is the one charged: the user agreed to it.
      openFee: decimalFromDb(row.openFee),
    };
    const ended = await repo.endLimitOrder(tx, row.orderId, { status: 'filled', endedAt: now });
    if (!ended) throw new Error(`perpetual: claimed limit order ${row.orderId} is not pending`);
    const order = await repo.updateOrderRow(tx, row.orderId, {
      status: 'filled',
      amount: amount(terms.quantity),
      filledAmount: amount(terms.quantity),
      avgPrice: mark.price,
      quoteAmount: amount(terms.notional),
      fee: amount(terms.openFee),
      frozenAmount: '0',
      updatedAt: now,
    });
    const position = await insertOpened(tx, {
      order,
      side,
      margin,
      leverage: row.leverage,
      terms,
      entry: mark,
      maintenanceRate,
      now,
      frozenAlready: true,
    });
    return { order, position };
  }

  /**
   * Liquidates the open positions among `orderIds` at `mark` (open → liquidated, conditionally):
   * the margin leaves frozen, the remaining equity at the mark goes to the insurance fund and the
   * rest to the house; a position past its bankruptcy price closes at it and draws the gap from the
   * fund (insurance-fund.ts, docs/insurance-fund.md); the orders are filled. Used by the job and by
   * a user's close at or past the liquidation price, under one ledger key per position, so the two
   * settle it once.
   */
  async function liquidateInTx(
    tx: Tx,
    symbol: string,
    orderIds: number[],
    mark: PriceObservation,
    now: Date,
  ) {
    const marked = await repo.markLiquidated(tx, orderIds, mark, now);
    const markPrice = new Decimal(mark.price);
    const gaps = liquidationShares(marked, markPrice, new Decimal(0)).some((s) => s.closePrice);
    // Only a draw needs the fund's balance, read under its lock (two draws never spend it twice).
    let fund = new Decimal(0);
    if (gaps) {
      await lockInsuranceFund(tx);
      fund = new Decimal(await insuranceFundBalance(tx));
    }
    const shares = liquidationShares(marked, markPrice, fund);
    const recorded = await recordInsuranceShares(
      tx,
      shares
        .filter((s) => !s.insurance.isZero() || s.closePrice)
        .map((s) => ({
          orderId: s.orderId,
          insuranceAmount: amount(s.insurance),
          closePrice: s.closePrice ? formatNormalised(s.closePrice) : null,
        })),
    );
    const byId = new Map(recorded.map((r) => [r.orderId, r]));
    const positions = marked.map((p) => byId.get(p.orderId) ?? p);
    const shareOf = new Map(shares.map((s) => [s.orderId, s]));
    const notices = await notifyPerpetualCloses(
      tx,
      positions.map((p) => ({
        userId: p.userId,
        orderId: p.orderId,
        symbol: p.symbol,
        side: p.side as PerpetualSide,
        reason: 'liquidation' as const,
        margin: p.margin,
        payout: '0',
        currency: p.currency,
        entryPrice: p.entryPrice,
        closePrice: p.closePrice ?? mark.price,
        markPrice: mark.price,
      })),
    );
    await postTransactionsBatch(
      tx,
      positions.map((p) => {
        const share = shareOf.get(p.orderId);
        if (!share) throw new Error(`perpetual: no insurance share for liquidated position ${p.orderId}`);
        return {
          idempotencyKey: `perpetual:${p.orderId}:liquidate`,
          kind: 'perpetual_liquidate',
          metadata: {
            symbol,
            price: mark.price,
            source: mark.source,
            at: mark.at,
            ...(share.closePrice ? { bankruptcy_price: formatNormalised(share.closePrice) } : {}),
            ...(share.uncovered.gt(0) ? { uncovered_gap: amount(share.uncovered) } : {}),
          },
          postings: liquidationPostings(p, share),
        };
      }),
    );
    const orders = await repo.finishOrders(
      tx,
      positions.map((p) => p.orderId),
      now,
    );
    return { positions, orders, notices };
  }

  /**
   * Closes a locked open position at `price`: open → closed (conditional, so it happens once), the
   * order finished, and the posting under `perpetual:<id>:close`, which the user's close and a
   * take-profit or stop-loss share, so that of the two only one can ever post.
   */
  async function settleClose(
    tx: Tx,
    row: repo.PositionRow,
    price: PriceObservation,
    closeFeeRate: Decimal,
    reason: 'user' | TpslTrigger,
    now: Date,
    opts: { savepoint?: boolean } = {},
  ) {
    const orderId = row.orderId;
    const settlement = closeSettlement(
      row.side as PerpetualSide,
      termsOf(row),
      new Decimal(price.price),
      closeFeeRate,
    );
    const margin = decimalFromDb(row.margin);
    const position = await repo.closeIfOpen(tx, orderId, row.userId, {
      status: 'closed',
      closeReason: reason,
      closePrice: price.price,
      closeSource: price.source,
      closePriceAt: price.at,
      closeComponents: price.components,
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
    const postings = closePostings(row.userId, margin, settlement);
    const trigger =
      reason === 'take_profit' ? row.takeProfitPrice : reason === 'stop_loss' ? row.stopLossPrice : null;
    await postTransaction(
      tx,
      {
        idempotencyKey: `perpetual:${orderId}:close`,
        kind: 'perpetual_close',
        metadata: {
          symbol: row.symbol,
          price: price.price,
          source: price.source,
          at: price.at,
          reason,
          ...(trigger ? { trigger: normaliseDecimalString(trigger) } : {}),
        },
        postings,
      },
      opts,
    );
    return { order, position };
  }

  const liquidatableAt = (row: repo.PositionRow, mark: Decimal) =>
    isLiquidatable(row.side as PerpetualSide, termsOf(row), mark, decimalFromDb(row.maintenanceRate));

  /** The caller's position, or 404 仓位不存在 whether it does not exist or is someone else's. */
  async function ownPosition(userId: number, orderId: number): Promise<repo.PositionRow> {
    const found = await repo.findPosition(db, orderId);
    if (!found || found.userId !== userId) throw notFound(PERPETUAL_TEXTS.positionNotFound);
    return found;
  }

  async function ownOpenPosition(userId: number, orderId: number): Promise<repo.PositionRow> {
    const found = await ownPosition(userId, orderId);
    if (found.status !== 'open') throw conflict(PERPETUAL_TEXTS.alreadyClosed);
    return found;
  }

  /**
   * Closes the caller's open position at the current reference price. The position is locked in the
   * transaction and the decision made on the locked row: of a double click, or a close racing the
   * job's liquidation or take-profit / stop-loss, one wins and the other gets 409 仓位已平仓 with
   * nothing moved; a margin added meanwhile is closed with the rest.
   */
  async function close(userId: number, orderId: number): Promise<PositionView> {
    const found = await ownOpenPosition(userId, orderId);
    const config = await readPerpetualConfig(db);
    const price = await deps.prices.current(found.symbol);
    const now = new Date(deps.now());
    const liquidationNotices: WrittenNotification[] = [];
    const seal = currentSeal();
    const { order, position } = await db.transaction(async (tx) => {
      const row = await repo.lockOpenPosition(tx, orderId, userId);
      if (!row) throw conflict(PERPETUAL_TEXTS.alreadyClosed);
      const closed = await closeLocked(tx, row, price, config, now, liquidationNotices);
      // Closed: no mark in the reply.
      await sealEffect(tx, seal, shownAt(closed.order, closed.position, new Map()));
      return closed;
    });
    afterUserClose(userId, order, position, liquidationNotices);
    return shownAt(order, position, new Map());
  }

  /**
   * A user's close of a locked open position: at or past its liquidation price the position has no
   * equity left to close for, so the close is its liquidation, the same one the job would make (the
   * user loses the margin, no more); else a close at `price`.
   */
  async function closeLocked(
    tx: Tx,
    row: repo.PositionRow,
    price: PriceObservation,
    config: { close_fee_rate: string },
    now: Date,
    liquidationNotices: WrittenNotification[],
  ): Promise<{ order: OrderRow; position: repo.PositionRow }> {
    if (liquidatableAt(row, new Decimal(price.price))) {
      const { positions, orders, notices } = await liquidateInTx(tx, row.symbol, [row.orderId], price, now);
      if (!positions[0] || !orders[0]) throw conflict(PERPETUAL_TEXTS.alreadyClosed);
      liquidationNotices.push(...notices);
      return { order: orders[0], position: positions[0] };
    }
    return settleClose(tx, row, price, new Decimal(config.close_fee_rate), 'user', now);
  }

  function afterUserClose(
    userId: number,
    order: OrderRow,
    position: repo.PositionRow,
    liquidationNotices: WrittenNotification[],
  ) {
    if (position.status === 'liquidated') {
      deps.realtime.toUser(userId, ORDER_UPDATED_EVENT, { order: toTradeOrder(order) });
      pushNotifications(deps.realtime, liquidationNotices);
    }
  }

  /**
   * Closes part of the caller's open position at the current reference price: `quantity` (or
   * `percent` of the locked position's quantity, rounded down to the stored 18 places). All of it is
   * the full close. Else, in one transaction on the locked row: the closed part's margin (pro rata,
   * 8 places, down) leaves frozen, its P&L less the close fee on the closed quantity goes to
   * available (closeSettlement, as a close of that part), the partial close is recorded and posted
   * under `perpetual:<id>:reduce:<partial id>`; the rest keeps its entry price, its take-profit and
   * stop-loss, and gets its liquidation price recomputed. Past the position's quantity: 400; at or
   * past the liquidation price: 409 (the job liquidates it), nothing moved either way.
   */
  async function reduce(userId: number, orderId: number, body: PerpetualReduceBody): Promise<PositionView> {
    const found = await ownOpenPosition(userId, orderId);
    const config = await readPerpetualConfig(db);
    const price = await deps.prices.current(found.symbol);
    const mark = new Decimal(price.price);
    const now = new Date(deps.now());
    const liquidationNotices: WrittenNotification[] = [];
    const seal = currentSeal();
    const marks = await marksOf([found.symbol]);
    const result = await db.transaction(async (tx) => {
      const row = await repo.lockOpenPosition(tx, orderId, userId);
      if (!row) throw conflict(PERPETUAL_TEXTS.alreadyClosed);
      const held = decimalFromDb(row.quantity);
      const asked =
        body.percent !== undefined
          ? held.times(body.percent).div(100).toDecimalPlaces(18, Decimal.ROUND_DOWN)
          : new Decimal(body.quantity ?? '0');
      if (asked.gt(held)) {
        throw badRequest(PERPETUAL_TEXTS.reduceTooLarge(amount(held)), { field: 'quantity' });
      }
      if (asked.eq(held)) {
        const closed = await closeLocked(tx, row, price, config, now, liquidationNotices);
        const shown = shownAt(closed.order, closed.position, new Map());
        await sealEffect(tx, seal, shown);
        return { closed, shown };
      }
      if (liquidatableAt(row, mark)) throw conflict(PERPETUAL_TEXTS.reduceLiquidating);
      const side = row.side as PerpetualSide;
      const margin = decimalFromDb(row.margin);
      const released = margin.times(asked).div(held).toDecimalPlaces(8, Decimal.ROUND_DOWN);
      if (!released.gt(0)) throw badRequest(PERPETUAL_TEXTS.reduceTooSmall, { field: 'quantity' });
      const added = decimalFromDb(row.marginAdded);
      const addedReleased = added.times(asked).div(held).toDecimalPlaces(8, Decimal.ROUND_DOWN);
      // The funding part of the margin leaves pro rata too, so the rest's opening margin stays exact.
      const fundingMargin = decimalFromDb(row.fundingMargin);
      const fundingReleased = fundingMargin.times(asked).div(held).toDecimalPlaces(8, Decimal.ROUND_DOWN);
      const entry = decimalFromDb(row.entryPrice);
      const settlement = closeSettlement(
        side,
        { margin: released, quantity: asked, entry },
        mark,
        new Decimal(config.close_fee_rate),
      );
      const rest = { margin: margin.minus(released), quantity: held.minus(asked), entry };
      const liquidation = positionLiquidationPrice(side, rest, decimalFromDb(row.maintenanceRate));
      const { position, partialId } = await repo.reducePosition(
        tx,
        row,
        {
          quantity: amount(asked),
          marginReleased: amount(released),
          price: price.price,
          priceSource: price.source,
          priceAt: price.at,
          priceComponents: price.components,
          fee: amount(settlement.fee),
          realisedPnl: amount(settlement.realisedPnl),
          payout: amount(settlement.payout),
        },
        {
          quantity: amount(rest.quantity),
          margin: amount(rest.margin),
          marginAdded: amount(added.minus(addedReleased)),
          fundingMargin: amount(fundingMargin.minus(fundingReleased)),
          liquidationPrice: amount(liquidation),
        },
      );
      const postings = closePostings(userId, released, settlement);
      await postTransaction(
        tx,
        {
          idempotencyKey: `perpetual:${orderId}:reduce:${partialId}`,
          kind: 'perpetual_reduce',
          metadata: {
            symbol: row.symbol,
            price: price.price,
            source: price.source,
            at: price.at,
            quantity: amount(asked),
          },
          postings,
        },
        { savepoint: false },
      );
      const order = settlement.fee.gt(0)
        ? await repo.addOrderFee(tx, orderId, amount(settlement.fee), now)
        : await findOrder(tx, orderId);
      const shown = shownAt(order, position, marks);
      await sealEffect(tx, seal, shown);
      return { closed: { order, position }, shown };
    });
    afterUserClose(userId, result.closed.order, result.closed.position, liquidationNotices);
    return result.shown;
  }

  /** 持仓列表: every user's open positions at the latest mark of their symbol, with the owner. */
  async function adminPositions(query: AdminPerpetualPositionsQuery & { page: number; limit: number }) {
    const { rows, total } = await repo.listOpenPositionsForAdmin(db, query);
    const marks = await marksOf(rows.map((r) => r.position.symbol));
    return {
      positions: rows.map((r) => ({
        ...toPerpetualPosition(r.position, marks.get(r.position.symbol)),
        user: { id: r.position.userId, email: r.email },
      })),
      pagination: paginationOf(query, total),
    };
  }

  /**
   * Sets, changes or cancels the take-profit and stop-loss of the caller's open position (a field
   * left out keeps its value). Checked with the domain's rules against the entry, the liquidation
   * price and the pair's price precision; nothing is stored when one is refused (400 naming the
   * field). No money moves and no price is needed: the job compares them with each mark.
   */
  async function setTpsl(userId: number, orderId: number, body: PerpetualTpslBody): Promise<PositionView> {
    const found = await ownOpenPosition(userId, orderId);
    const pair = await findPairBySymbol(db, found.symbol);
    // Only what this call sets is judged: a price kept from before was accepted then, and the
    // liquidation price it was judged against only moves away from it (added margin).
    const problems = tpslProblems(
      found.side as PerpetualSide,
      { entry: decimalFromDb(found.entryPrice), liquidationPrice: decimalFromDb(found.liquidationPrice) },
      {
        takeProfit: body.take_profit_price ?? null,
        stopLoss: body.stop_loss_price ?? null,
      },
      // Every position's pair is a row (pairs are never deleted); 8 is the trading bodies' own limit.
      pair?.pricePrecision ?? 8,
    );
    const [field, problem] = Object.entries(problems)[0] ?? [];
    if (field && problem) throw badRequest(problem, { field });
    const seal = currentSeal();
    const marks = await marksOf([found.symbol]);
    return db.transaction(async (tx) => {
      const row = await repo.setTpsl(tx, orderId, userId, {
        ...(body.take_profit_price !== undefined ? { takeProfitPrice: body.take_profit_price } : {}),
        ...(body.stop_loss_price !== undefined ? { stopLossPrice: body.stop_loss_price } : {}),
      });
      if (!row) throw conflict(PERPETUAL_TEXTS.alreadyClosed);
      const shown = shownAt(await findOrder(tx, row.orderId), row, marks);
      await sealEffect(tx, seal, shown);
      return shown;
    });
  }

  /**
   * Moves `amount` from the caller's available balance into an open position's margin, one
   * transaction: the position locked, the addition recorded, the margin and liquidation price
   * updated, the posting under `perpetual:<id>:margin:<addition id>` (余额不足 refuses it all). A
   * position whose mark is at or past its liquidation price is the job's to liquidate: 409, nothing
   * moves. The total margin stays within the config's maximum.
   */
  async function addMargin(
    userId: number,
    orderId: number,
    body: PerpetualMarginBody,
  ): Promise<PositionView> {
    const precision = amountPrecisionRefusal(body.amount, MARGIN, 'addMargin');
    if (precision) throw badRequest(precision, { field: 'amount' });
    const found = await ownOpenPosition(userId, orderId);
    const config = await readPerpetualConfig(db);
    const price = await deps.prices.current(found.symbol);
    const mark = new Decimal(price.price);
    const added = new Decimal(body.amount);
    const seal = currentSeal();
    const marks = await marksOf([found.symbol]);
    return db.transaction(async (tx) => {
      const row = await repo.lockOpenPosition(tx, orderId, userId);
      if (!row) throw conflict(PERPETUAL_TEXTS.alreadyClosed);
      if (liquidatableAt(row, mark)) throw conflict(PERPETUAL_TEXTS.marginAddLiquidating);
      const side = row.side as PerpetualSide;
      const next = marginAfterAdd(side, termsOf(row), added, decimalFromDb(row.maintenanceRate));
      if (next.margin.gt(config.max_margin)) {
        throw businessRule(PERPETUAL_TEXTS.marginAddTooLarge(config.max_margin), { field: 'amount' });
      }
      const { position, additionId } = await repo.addMargin(tx, row, {
        amount: amount(added),
        margin: amount(next.margin),
        liquidationPrice: amount(next.liquidationPrice),
      });
      await postTransaction(
        tx,
        {
          idempotencyKey: `perpetual:${orderId}:margin:${additionId}`,
          kind: 'perpetual_margin',
          metadata: { symbol: row.symbol, liquidation_price: amount(next.liquidationPrice) },
          postings: [
            { account: { userId, bucket: 'available' }, currency: MARGIN, amount: amount(added.negated()) },
            { account: { userId, bucket: 'frozen' }, currency: MARGIN, amount: amount(added) },
          ],
        },
        { savepoint: false },
      );
      const shown = shownAt(await findOrder(tx, orderId), position, marks);
      await sealEffect(tx, seal, shown);
      return shown;
    });
  }

  async function findOrder(exec: Executor, orderId: number): Promise<OrderRow> {
    const order = await findOrderRow(exec, orderId);
    if (!order) throw new Error(`perpetual: order ${orderId} of a position is missing`);
    return order;
  }

  /**
   * One turn of the job for every symbol with open positions, at its mark (the reference price,
   * taken outside any transaction; a symbol without one this turn is skipped: nothing is decided
   * without a price). First the liquidations, then the take-profits and stop-losses the mark has
   * reached. Positions are claimed set-based (FOR UPDATE SKIP LOCKED) and moved out of open
   * conditionally in the same transaction as their postings, so two runners at once, or a runner
   * racing a user's close, settle each position once. A claimed take-profit or stop-loss whose
   * position is at or past its liquidation price at that mark is liquidated instead.
   *
   * Why the user's remaining equity (margin + P&L, at most the maintenance margin by then) goes to
   * the insurance fund on a liquidation: when the price gaps through a liquidation price the
   * position's loss exceeds its margin; the user never owes more than the margin, so the fund pays
   * the house the difference (insurance-fund.ts). The user's loss on a liquidation is the margin.
   */
  async function checkPositions(
    now: Date,
    fence: Fence = noFence,
  ): Promise<{ liquidated: number; takeProfit: number; stopLoss: number }> {
    const result = { liquidated: 0, takeProfit: 0, stopLoss: 0 };
    // A close fee rate is needed for the take-profits and stop-losses only: a config that cannot be
    // read leaves them for a later turn and never holds up a liquidation.
    const closeFeeRate = await readPerpetualConfig(db).then(
      (c) => new Decimal(c.close_fee_rate),
      () => null,
    );
    for (const symbol of await repo.symbolsWithOpenPositions(db)) {
      let mark: PriceObservation;
      try {
        mark = await deps.prices.current(symbol);
      } catch {
        continue;
      }
      result.liquidated += await liquidateAtMark(symbol, mark, now, fence);
      if (closeFeeRate) {
        const closed = await closeTriggeredAtMark(symbol, mark, closeFeeRate, now, fence);
        result.liquidated += closed.liquidated;
        // money-lint-ignore: takeProfit counts the positions closed by a take-profit, it is no amount
        result.takeProfit += closed.takeProfit;
        result.stopLoss += closed.stopLoss;
      }
    }
    return result;
  }

  async function liquidateAtMark(symbol: string, mark: PriceObservation, now: Date, fence: Fence) {
    const markPrice = new Decimal(mark.price);
    let liquidated = 0;
    for (let batch = 0; batch < LIQUIDATION_BATCHES_PER_RUN; batch++) {
      const { claimed, due, orders, notices } = await db.transaction(async (tx) => {
        await fence(tx);
        const claimed = await repo.claimLiquidatable(tx, symbol, mark.price, LIQUIDATION_BATCH);
        // The SQL comparison with the stored liquidation price and the domain rule agree by
        // construction (positionLiquidationPrice); the check keeps the domain rule the authority.
        const due = claimed.filter((p) => liquidatableAt(p, markPrice));
        const { orders, notices } = await liquidateInTx(
          tx,
          symbol,
          due.map((p) => p.orderId),
          mark,
          now,
        );
        return { claimed: claimed.length, due: due.length, orders, notices };
      });
      for (const order of orders) {
        deps.realtime.toUser(order.userId, ORDER_UPDATED_EVENT, { order: toTradeOrder(order) });
      }
      pushNotifications(deps.realtime, notices);
      liquidated += orders.length;
      if (claimed < LIQUIDATION_BATCH || due < claimed) break;
    }
    return liquidated;
  }

  async function closeTriggeredAtMark(
    symbol: string,
    mark: PriceObservation,
    closeFeeRate: Decimal,
    now: Date,
    fence: Fence,
  ) {
    const markPrice = new Decimal(mark.price);
    const counts = { liquidated: 0, takeProfit: 0, stopLoss: 0 };
    for (let batch = 0; batch < TPSL_BATCHES_PER_RUN; batch++) {
      const { claimed, acted, events, notices } = await db.transaction(async (tx) => {
        await fence(tx);
        const claimed = await repo.claimTpslTriggered(tx, symbol, mark.price, TPSL_BATCH);
        // A position at or past its liquidation price is a liquidation, never a take-profit or stop-loss.
        const { orders: liquidated, notices } = await liquidateInTx(
          tx,
          symbol,
          claimed.filter((p) => liquidatableAt(p, markPrice)).map((p) => p.orderId),
          mark,
          now,
        );
        const events: { order: OrderRow; position?: repo.PositionRow }[] = liquidated.map((order) => ({
          order,
        }));
        const triggered: repo.PositionRow[] = [];
        for (const row of claimed) {
          if (liquidatableAt(row, markPrice)) continue;
          const trigger = tpslTriggered(
            row.side as PerpetualSide,
            {
              takeProfit: row.takeProfitPrice === null ? null : decimalFromDb(row.takeProfitPrice),
              stopLoss: row.stopLossPrice === null ? null : decimalFromDb(row.stopLossPrice),
            },
            markPrice,
          );
          if (!trigger) continue;
          const closed = await settleClose(tx, row, mark, closeFeeRate, trigger, now, { savepoint: false });
          events.push(closed);
          triggered.push(closed.position);
          counts[trigger === 'take_profit' ? 'takeProfit' : 'stopLoss']++;
        }
        // The owners' notifications of the take-profit and stop-loss closes, in this transaction.
        const closeNotices = await notifyPerpetualCloses(
          tx,
          triggered.map((p) => ({
            userId: p.userId,
            orderId: p.orderId,
            symbol: p.symbol,
            side: p.side as PerpetualSide,
            reason: p.closeReason as TpslTrigger,
            margin: p.margin,
            payout: p.payout ?? '0',
            currency: p.currency,
            entryPrice: p.entryPrice,
            closePrice: p.closePrice ?? mark.price,
            // The position's realised P&L, the figure its screen shows (the fee is in the payout).
            realisedPnl: p.realisedPnl,
          })),
        );
        counts.liquidated += liquidated.length;
        return {
          claimed: claimed.length,
          acted: events.length,
          events,
          notices: [...notices, ...closeNotices],
        };
      });
      pushNotifications(deps.realtime, notices);
      for (const { order, position } of events) {
        deps.realtime.toUser(order.userId, ORDER_UPDATED_EVENT, {
          order: toTradeOrder(order),
          ...(position ? { position: toPerpetualPosition(position) } : {}),
        });
      }
      if (claimed < TPSL_BATCH || acted < claimed) break;
    }
    return counts;
  }

  /** The mark price of `symbol`: its latest recorded reference price (null before any). */
  async function markPrice(symbol: string): Promise<PerpetualMark> {
    const tick = (await repo.latestTicks(db, [symbol])).get(symbol);
    return {
      symbol,
      price: tick?.price ?? null,
      source: tick?.source ?? null,
      at: tick?.at.toISOString() ?? null,
    };
  }

  async function config(): Promise<PerpetualConfigData> {
    const [settings, pairs] = await Promise.all([readPerpetualConfig(db), perpetualPairs(db)]);
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
          price_precision: p.pricePrecision,
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
      // Liquidations and take-profit / stop-loss closes: one turn, one mark per symbol.
      name: 'perpetual-liquidation',
      everyMs: LIQUIDATION_EVERY_MS,
      run: async (now, fence) => {
        await checkPositions(now, fence);
      },
    },
    {
      // Waiting limit orders the index has reached: opened at that tick, or cancelled with a reason.
      name: 'perpetual-limit-orders',
      everyMs: LIQUIDATION_EVERY_MS,
      run: async (now, fence) => {
        await triggerLimitOrders(now, fence);
      },
    },
  ];

  return {
    config,
    open,
    close,
    reduce,
    setTpsl,
    addMargin,
    markPrice,
    positions,
    limitOrders,
    cancelLimit,
    adminPositions,
    checkPositions,
    triggerLimitOrders,
    /** For the funding step (funding.service.ts): a position that cannot pay is liquidated. */
    liquidateInTx,
    jobSteps,
  };
}

export type PerpetualEngine = ReturnType<typeof createPerpetualEngine>;
