import {
  ADMIN_ORDER_CANCEL_TEXTS,
  GTC_MAX_AGE_DAYS,
  OPEN_ORDER_STATUSES,
  type OrderBook,
  PERPETUAL_TEXTS,
  SPOT_LIMITS,
  SPOT_TEXTS,
  type SpotOrderBody,
  type SpotSide,
  TRADING_TEXTS,
  type TradeOrder,
  type TradingPair,
} from '@platform/contracts';
import {
  type BookLevel,
  spotOrderCost,
  spotOrderProblem,
  takenLevels,
  volumeWithin,
  walkBook,
} from '@platform/domain';
import { badRequest, businessRule, conflict, notFound, upstreamFailed } from '../../../core/errors.ts';
import { createGroupCommit, outcomeOf, writeTogetherOrAlone } from '../../../core/group-commit.ts';
import { Decimal, decimalFromDb, MONEY_SCALE } from '../../../core/money.ts';
import { because } from '../../../core/refusal.ts';
import type { Tx } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { ledgerMemo } from '../../../i18n/ledger-memos.ts';
import { type AuditActor, recordAudit } from '../../audit/audit.service.ts';
import {
  currentSeal,
  type Seal,
  sealEffect,
  sealEffects,
  sealTag,
  takenOverTag,
} from '../../idempotency/effect-seal.ts';
import { type Fence, type JobStep, noFence } from '../../jobs/job-loop.ts';
import {
  MAX_BATCH,
  type PostTransactionRequest,
  postTransaction,
  postTransactionsBatch,
  refusedLedgerKey,
} from '../../ledger/ledger.service.ts';
import { assertSameOrder } from '../client-order.ts';
import {
  findByClientOrderId,
  insertOrder,
  insertOrdersWithDetails,
  type NewOrder,
  type OrderRow,
} from '../orders.repository.ts';
import { toTradeOrder } from '../orders.view.ts';
import { spotFills } from '../trading.schema.ts';
import { ORDER_UPDATED_EVENT, type TradingDeps } from '../trading-deps.ts';
import { fillPostings, freezePostings, type OrderState, planFill, shareVolume } from './spot.matching.ts';
import * as repo from './spot.repository.ts';

/**
 * The spot engine (ARCHITECTURE.md, "Trading engines"): the house is the counterparty and the
 * reference order book decides every fill. Market orders fill at once against the book's depth;
 * limit orders freeze their funds, fill at once as far as the book crosses them, and rest (GTC)
 * until the trigger step fills them, the user or an operator cancels them, or they expire.
 *
 * Ledger keys: `spot:<id>:freeze`, `spot:<id>:fill:<seq>`, `spot:<id>:cancel`, `spot:<id>:release`
 * (expiry, or the unfilled rest of an IOC order). Each is posted in the same transaction as the
 * order's conditional state change, so an order and its money never disagree.
 *
 * Choices: a market order is recorded as one aggregated fill at its quantity-weighted average price
 * (the levels it walked are in the posting's metadata); a FOK order that the book cannot fill
 * completely is refused (422) and leaves nothing behind.
 */

export const fillKey = (orderId: number, seq: number) => `spot:${orderId}:fill:${seq}`;
export const freezeKey = (orderId: number) => `spot:${orderId}:freeze`;
export const cancelKey = (orderId: number) => `spot:${orderId}:cancel`;
export const releaseKey = (orderId: number) => `spot:${orderId}:release`;

/** Resting orders one trigger pass claims per symbol and side (put a limit on everything). */
const TRIGGER_CLAIM_LIMIT = 500;
/** Orders one expiry transaction closes; the step loops while it finds full batches, up to the rounds. */
const EXPIRY_BATCH = 500;
const EXPIRY_MAX_ROUNDS = 20;
const DAY_MS = 86_400_000;
/**
 * Market orders that arrive together are written together (core/group-commit.ts). One write at a
 * time makes the groups larger: on two cores shared with PostgreSQL it placed more orders per second
 * at less CPU each than two at once (bench/README.md, issue 19). A group is capped so that one
 * refusal's retry stays cheap.
 */
const MARKET_GROUP = { maxBatch: 32, maxInFlight: 1 };

export interface SpotEngineOptions {
  /**
   * Called inside the transaction right before each ledger posting (tests make it throw to play a
   * crash between the order's state change and its money).
   */
  beforePosting?: (step: {
    kind: 'freeze' | 'fill' | 'cancel' | 'release';
    orderIds: number[];
  }) => void | Promise<void>;
}

type CancelBy = { userId: number } | { admin: AuditActor; reason?: string | undefined };

const isOpen = (status: string) => (OPEN_ORDER_STATUSES as readonly string[]).includes(status);

function stateOf(order: OrderRow): OrderState {
  return {
    side: order.side as SpotSide,
    amount: decimalFromDb(order.amount),
    filled: decimalFromDb(order.filledAmount),
    quoteAmount: decimalFromDb(order.quoteAmount),
    fee: decimalFromDb(order.fee),
    frozen: decimalFromDb(order.frozenAmount),
  };
}

const str = (d: Decimal) => d.toFixed();

export function createSpotEngine(deps: TradingDeps, options: SpotEngineOptions = {}) {
  const { db } = deps;

  async function beforePosting(kind: 'freeze' | 'fill' | 'cancel' | 'release', orderIds: number[]) {
    await options.beforePosting?.({ kind, orderIds });
  }

  function announce(rows: readonly OrderRow[]) {
    for (const row of rows)
      deps.realtime.toUser(row.userId, ORDER_UPDATED_EVENT, { order: toTradeOrder(row) });
  }

  /** The reference book of `symbol`, read outside any transaction; 502 when missing or older than allowed. */
  async function freshBook(symbol: string, nowMs: number): Promise<{ book: OrderBook; at: Date }> {
    let book: OrderBook;
    try {
      // Ask for a book younger than the limit checked below, so that a cached one near the limit
      // is fetched again rather than refused.
      book = await deps.quotes.orderBook(symbol, SPOT_LIMITS.bookDepth, SPOT_LIMITS.bookMaxAgeMs / 2);
    } catch {
      throw upstreamFailed(TRADING_TEXTS.priceUnavailable, { symbol });
    }
    const at = Date.parse(book.updated_at);
    if (!Number.isFinite(at) || nowMs - at > SPOT_LIMITS.bookMaxAgeMs) {
      throw upstreamFailed(TRADING_TEXTS.priceUnavailable, { symbol, bookAt: book.updated_at });
    }
    return { book, at: new Date(at) };
  }

  function checkPairRules(pair: TradingPair, body: SpotOrderBody, amount: Decimal) {
    const price = body.price === undefined ? null : new Decimal(body.price);
    const problem = spotOrderProblem(pair, amount, price);
    if (problem) throw (problem.kind === 'format' ? badRequest : businessRule)(problem.message);
  }

  /**
   * Records one fill of a locked (or just inserted) limit order: the conditional order update and the
   * fill row. A resting order that the market reaches fills at its limit price (it is the maker); the
   * part of a new order that crosses the book at once fills at the book's prices, like a market order
   * limited to its price, so a buy placed above the market pays the market (`taker`).
   * Returns the posting to make, or null when the order changed.
   */
  async function fillLimitInTx(
    tx: Tx,
    order: OrderRow,
    fill: {
      quantity: Decimal;
      seq: number;
      source: string;
      at: Date;
      now: Date;
      feeRate: Decimal;
      taker?: { turnover: Decimal; avgPrice: Decimal };
    },
  ): Promise<{ row: OrderRow; request: PostTransactionRequest } | null> {
    const side = order.side as SpotSide;
    const price = fill.taker?.avgPrice ?? decimalFromDb(order.price);
    const turnover =
      fill.taker?.turnover ??
      fill.quantity
        .times(price)
        .toDecimalPlaces(MONEY_SCALE, side === 'buy' ? Decimal.ROUND_UP : Decimal.ROUND_DOWN);
    const plan = planFill(stateOf(order), fill.quantity, turnover, fill.feeRate, true);
    const row = await repo.applyFillToOrder(tx, {
      id: order.id,
      previousFilled: order.filledAmount,
      filledAmount: str(plan.filled),
      quoteAmount: str(plan.quoteAmount),
      fee: str(plan.totalFee),
      avgPrice: str(plan.avgPrice),
      frozenAmount: str(plan.frozen),
      status: plan.final ? 'filled' : 'partial',
      at: fill.now,
    });
    if (!row) return null;
    await repo.insertFills(tx, [
      {
        orderId: order.id,
        seq: fill.seq,
        quantity: str(plan.quantity),
        price: str(price),
        quoteAmount: str(plan.turnover),
        fee: str(plan.fee),
        priceSource: fill.source,
        priceAt: fill.at,
        createdAt: fill.now,
      },
    ]);
    return {
      row,
      request: {
        idempotencyKey: fillKey(order.id, fill.seq),
        kind: 'spot_fill',
        memo: ledgerMemo('spotFill', {
          id: order.id,
          quantity: str(plan.quantity),
          currency: order.baseCurrency,
          price: str(price),
        }),
        metadata: { orderId: order.id, seq: fill.seq, price: str(price), quantity: str(plan.quantity) },
        postings: fillPostings(
          order.userId,
          side,
          { base: order.baseCurrency, quote: order.quoteCurrency },
          plan,
          true,
        ),
      },
    };
  }

  /**
   * Closes a locked open order (cancelled or expired): the conditional update and the release of
   * what it still held frozen. Null when the order was no longer open.
   */
  async function closeInTx(
    tx: Tx,
    order: OrderRow,
    change: { status: 'cancelled' | 'expired'; cancelledBy: string | null; now: Date },
  ): Promise<{ row: OrderRow; request: PostTransactionRequest | null } | null> {
    const row = await repo.closeOpenOrder(tx, order.id, {
      status: change.status,
      cancelledBy: change.cancelledBy,
      at: change.now,
    });
    if (!row) return null;
    const frozen = decimalFromDb(order.frozenAmount);
    if (!frozen.gt(0) || !order.frozenCurrency) return { row, request: null };
    const cancelled = change.status === 'cancelled';
    return {
      row,
      request: {
        idempotencyKey: cancelled ? cancelKey(order.id) : releaseKey(order.id),
        kind: cancelled ? 'spot_cancel' : 'spot_release',
        memo: ledgerMemo(cancelled ? 'spotCancel' : 'spotExpire', {
          id: order.id,
          amount: str(frozen),
          currency: order.frozenCurrency,
        }),
        metadata: { orderId: order.id, cancelledBy: change.cancelledBy },
        postings: freezePostings(order.userId, order.frozenCurrency, frozen, -1),
      },
    };
  }

  /** A placement retried with the same client_order_id: the first order, if it is the same order. */
  function replayOf(existing: OrderRow, body: SpotOrderBody): TradeOrder {
    if (existing.product !== 'spot') throw conflict(PERPETUAL_TEXTS.clientOrderIdTaken);
    assertSameOrder(
      {
        symbol: existing.symbol,
        side: existing.side,
        type: existing.orderType,
        amount: existing.amount,
        price: existing.price,
        time_in_force: existing.timeInForce,
      },
      {
        symbol: body.symbol,
        side: body.side,
        type: body.type,
        amount: body.amount,
        price: body.price,
        time_in_force: body.type === 'limit' ? (body.time_in_force ?? 'GTC') : null,
      },
    );
    return toTradeOrder(existing);
  }

  /** A market order priced against the book, before anything is written. */
  interface MarketPlacement {
    /** The request's Idempotency-Key, completed in the order's transaction (taken at submit). */
    seal: Seal | undefined;
    userId: number;
    body: SpotOrderBody;
    pair: TradingPair;
    amount: Decimal;
    book: { book: OrderBook; at: Date };
    now: Date;
    walk: NonNullable<ReturnType<typeof walkBook>>;
    plan: ReturnType<typeof planFill>;
  }

  function planMarket(
    userId: number,
    body: SpotOrderBody,
    pair: TradingPair,
    amount: Decimal,
    book: { book: OrderBook; at: Date },
    now: Date,
  ): MarketPlacement {
    const side = body.side;
    const walk = walkBook(side, takenLevels(book.book, side, pair.amount_precision), amount);
    if (!walk) throw businessRule(SPOT_TEXTS.depthInsufficient);
    const zero = new Decimal(0);
    const plan = planFill(
      { side, amount, filled: zero, quoteAmount: zero, fee: zero, frozen: zero },
      amount,
      walk.turnover,
      new Decimal(pair.fee_rate),
      false,
    );
    return { seal: currentSeal(), userId, body, pair, amount, book, now, walk, plan };
  }

  function marketOrderRow(p: MarketPlacement): NewOrder {
    return {
      userId: p.userId,
      product: 'spot',
      symbol: p.pair.symbol,
      baseCurrency: p.pair.base_currency,
      quoteCurrency: p.pair.quote_currency,
      side: p.body.side,
      orderType: 'market',
      timeInForce: null,
      amount: str(p.amount),
      amountCurrency: p.pair.base_currency,
      price: null,
      filledAmount: str(p.amount),
      avgPrice: str(p.walk.avgPrice),
      quoteAmount: str(p.plan.turnover),
      fee: str(p.plan.fee),
      status: 'filled',
      frozenAmount: '0',
      frozenCurrency: null,
      clientOrderId: p.body.client_order_id ?? null,
      createdAt: p.now,
      updatedAt: p.now,
      closedAt: p.now,
    };
  }

  function marketFillRow(p: MarketPlacement): Omit<repo.NewFill, 'orderId'> {
    return {
      seq: 1,
      quantity: str(p.amount),
      price: str(p.walk.avgPrice),
      quoteAmount: str(p.plan.turnover),
      fee: str(p.plan.fee),
      priceSource: p.book.book.source,
      priceAt: p.book.at,
      createdAt: p.now,
    };
  }

  function marketFillPosting(p: MarketPlacement, orderId: number): PostTransactionRequest {
    return {
      idempotencyKey: fillKey(orderId, 1),
      kind: 'spot_fill',
      memo: ledgerMemo('spotMarketFill', {
        id: orderId,
        quantity: str(p.amount),
        currency: p.pair.base_currency,
        price: str(p.walk.avgPrice),
      }),
      metadata: { orderId, seq: 1, levels: p.walk.levels, avgPrice: str(p.walk.avgPrice) },
      postings: fillPostings(
        p.userId,
        p.body.side,
        { base: p.pair.base_currency, quote: p.pair.quote_currency },
        p.plan,
        false,
      ),
    };
  }

  /** One market order in its own transaction. */
  /** The orders and their fills: one statement (orders.repository.ts). */
  async function insertMarketOrders(tx: Tx, placements: MarketPlacement[]): Promise<OrderRow[]> {
    const written = await insertOrdersWithDetails(tx, placements.map(marketOrderRow), {
      table: spotFills,
      rows: placements.map(marketFillRow),
    });
    return written.map((w) => w.order);
  }

  async function placeMarketAlone(p: MarketPlacement): Promise<OrderRow> {
    return db.transaction(async (tx) => {
      const [row] = await insertMarketOrders(tx, [p]);
      if (!row) throw new Error('spot: market order not written');
      await beforePosting('fill', [row.id]);
      // A refusal (余额不足) ends the placement's transaction: no savepoint needed.
      await postTransaction(tx, marketFillPosting(p, row.id), { savepoint: false });
      await sealEffect(tx, p.seal, toTradeOrder(row));
      return row;
    });
  }

  /**
   * Several market orders in one transaction, one statement per step for all of them; each order
   * is tagged with its ledger key, which a 余额不足 refusal of the batch names, and its
   * Idempotency-Key, which a key taken over by a retry names.
   */
  async function placeMarketTogether(
    placements: MarketPlacement[],
    tag: (index: number, key: string) => void,
  ): Promise<OrderRow[]> {
    return db.transaction(async (tx) => {
      const rows = await insertMarketOrders(tx, placements);
      rows.forEach((row, i) => {
        tag(i, fillKey(row.id, 1));
        const seal = placements[i]?.seal;
        if (seal) tag(i, sealTag(seal));
      });
      await beforePosting(
        'fill',
        rows.map((row) => row.id),
      );
      // A refusal ends the group's transaction (its orders are then placed without the refused one).
      await postTransactionsBatch(
        tx,
        rows.map((row, i) => marketFillPosting(placements[i] as MarketPlacement, row.id)),
        { savepoint: false },
      );
      await sealEffects(
        tx,
        rows.map((row, i) => ({ seal: placements[i]?.seal, result: toTradeOrder(row) })),
      );
      return rows;
    });
  }

  const marketOrders = createGroupCommit<MarketPlacement, OrderRow>({
    maxBatch: MARKET_GROUP.maxBatch,
    maxInFlight: MARKET_GROUP.maxInFlight,
    write: (placements) =>
      placements.length === 1
        ? outcomeOf(() => placeMarketAlone(placements[0] as MarketPlacement)).then((o) => [o])
        : writeTogetherOrAlone(placements, {
            together: placeMarketTogether,
            alone: placeMarketAlone,
            culprit: (err) => takenOverTag(err) ?? refusedLedgerKey(err),
          }),
  });

  async function placeLimit(
    userId: number,
    body: SpotOrderBody,
    pair: TradingPair,
    amount: Decimal,
    book: { book: OrderBook; at: Date },
    now: Date,
  ): Promise<OrderRow> {
    const side = body.side;
    const price = new Decimal(body.price as string);
    const tif = body.time_in_force ?? 'GTC';
    const feeRate = new Decimal(pair.fee_rate);
    const frozenCurrency = side === 'buy' ? pair.quote_currency : pair.base_currency;
    const frozen = spotOrderCost(side, amount, amount.times(price), feeRate).cost;
    const levels = takenLevels(book.book, side, pair.amount_precision);
    const crossing = Decimal.min(amount, volumeWithin(side, levels, price));
    if (tif === 'FOK' && crossing.lt(amount)) throw businessRule(SPOT_TEXTS.fokUnfilled);
    // The crossing part takes the best levels first, all within the limit price.
    const taker = crossing.gt(0) ? walkBook(side, levels, crossing) : null;
    const seal = currentSeal();

    return db.transaction(async (tx) => {
      if (tif === 'GTC') {
        await repo.lockUserPlacements(tx, userId);
        if ((await repo.countOpenSpotOrders(tx, userId)) >= SPOT_LIMITS.maxOpenOrders) {
          throw because('limit', businessRule(SPOT_TEXTS.tooManyOpenOrders));
        }
      }
      let order = await insertOrder(tx, {
        userId,
        product: 'spot',
        symbol: pair.symbol,
        baseCurrency: pair.base_currency,
        quoteCurrency: pair.quote_currency,
        side,
        orderType: 'limit',
        timeInForce: tif,
        amount: str(amount),
        amountCurrency: pair.base_currency,
        price: str(price),
        status: 'pending',
        frozenAmount: str(frozen),
        frozenCurrency,
        clientOrderId: body.client_order_id ?? null,
        expiresAt: tif === 'GTC' ? new Date(now.getTime() + GTC_MAX_AGE_DAYS * DAY_MS) : null,
        createdAt: now,
        updatedAt: now,
      });
      await beforePosting('freeze', [order.id]);
      await postTransaction(
        tx,
        {
          idempotencyKey: freezeKey(order.id),
          kind: 'spot_freeze',
          memo: ledgerMemo('spotLimitFreeze', {
            id: order.id,
            amount: str(frozen),
            currency: frozenCurrency,
          }),
          metadata: { orderId: order.id },
          postings: freezePostings(userId, frozenCurrency, frozen, 1),
        },
        { savepoint: false },
      );
      if (crossing.gt(0)) {
        const filled = await fillLimitInTx(tx, order, {
          quantity: crossing,
          seq: 1,
          source: book.book.source,
          at: book.at,
          now,
          feeRate,
          ...(taker ? { taker: { turnover: taker.turnover, avgPrice: taker.avgPrice } } : {}),
        });
        if (!filled) throw new Error(`spot: order ${order.id} changed inside its own placement`);
        await beforePosting('fill', [order.id]);
        await postTransaction(tx, filled.request);
        order = filled.row;
      }
      if (tif !== 'GTC' && isOpen(order.status)) {
        // IOC: what did not cross now expires at once and its funds go back.
        const closed = await closeInTx(tx, order, { status: 'expired', cancelledBy: null, now });
        if (!closed) throw new Error(`spot: order ${order.id} could not be closed inside its own placement`);
        if (closed.request) {
          await beforePosting('release', [order.id]);
          await postTransaction(tx, closed.request);
        }
        order = closed.row;
      }
      await sealEffect(tx, seal, toTradeOrder(order));
      return order;
    });
  }

  async function placeOrder(userId: number, body: SpotOrderBody): Promise<TradeOrder> {
    if (body.client_order_id) {
      const existing = await findByClientOrderId(db, userId, body.client_order_id);
      if (existing) return replayOf(existing, body);
    }
    const pair = await deps.pairs.requireEnabled(body.symbol);
    const amount = new Decimal(body.amount);
    checkPairRules(pair, body, amount);
    const nowMs = deps.now();
    const book = await freshBook(pair.symbol, nowMs);
    const now = new Date(nowMs);
    try {
      const row =
        body.type === 'market'
          ? await marketOrders.submit(planMarket(userId, body, pair, amount, book, now))
          : await placeLimit(userId, body, pair, amount, book, now);
      return toTradeOrder(row);
    } catch (err) {
      if (body.client_order_id && isUniqueViolation(err, 'trade_orders_client_order_key')) {
        const existing = await findByClientOrderId(db, userId, body.client_order_id);
        if (existing) return replayOf(existing, body);
      }
      throw err;
    }
  }

  async function cancel(orderId: number, by: CancelBy): Promise<TradeOrder> {
    const now = new Date(deps.now());
    const admin = 'admin' in by ? by.admin : null;
    const cancelledBy = admin ? `admin:${admin.adminId}` : 'user';
    const seal = currentSeal();
    const row = await db.transaction(async (tx) => {
      const current = await repo.lockOrder(tx, orderId);
      if (!current || ('userId' in by && current.userId !== by.userId)) {
        throw notFound(TRADING_TEXTS.orderNotFound);
      }
      if (current.product !== 'spot') throw businessRule(ADMIN_ORDER_CANCEL_TEXTS.notCancellable);
      if (!isOpen(current.status)) throw conflict(TRADING_TEXTS.orderNotCancellable);
      const closed = await closeInTx(tx, current, { status: 'cancelled', cancelledBy, now });
      if (!closed) throw conflict(TRADING_TEXTS.orderNotCancellable);
      if (closed.request) {
        await beforePosting('cancel', [orderId]);
        await postTransaction(tx, closed.request);
      }
      if (admin) {
        await recordAudit(tx, admin, {
          action: 'trade_order.cancel',
          targetType: 'trade_order',
          targetId: orderId,
          before: {
            status: current.status,
            filled_amount: closed.row.filledAmount,
            frozen_amount: current.frozenAmount,
            frozen_currency: current.frozenCurrency,
            user_id: current.userId,
          },
          after: {
            status: closed.row.status,
            cancelled_by: closed.row.cancelledBy,
            reason: 'reason' in by ? (by.reason ?? null) : null,
          },
        });
      }
      await sealEffect(tx, seal, toTradeOrder(closed.row));
      return closed.row;
    });
    announce([row]);
    return toTradeOrder(row);
  }

  /** One symbol's pass of the trigger: fills the crossing resting orders against one book snapshot. */
  async function triggerSymbol(symbol: string, now: Date, fence: Fence): Promise<OrderRow[]> {
    let pair: TradingPair;
    let book: { book: OrderBook; at: Date };
    try {
      pair = await deps.pairs.requireEnabled(symbol);
      book = await freshBook(symbol, now.getTime());
    } catch {
      return []; // a disabled pair or no fresh book: its orders wait for the next pass
    }
    const feeRate = new Decimal(pair.fee_rate);
    const sides: { side: SpotSide; levels: BookLevel[] }[] = (['buy', 'sell'] as const).map((side) => ({
      side,
      levels: takenLevels(book.book, side, pair.amount_precision),
    }));
    const changed = await db.transaction(async (tx) => {
      await fence(tx);
      const rows: OrderRow[] = [];
      const requests: PostTransactionRequest[] = [];
      for (const { side, levels } of sides) {
        const best = levels[0];
        if (!best) continue;
        const claimed = await repo.claimCrossingOrders(tx, {
          symbol,
          side,
          bound: str(best.price),
          bookAt: book.at,
          now,
          limit: TRIGGER_CLAIM_LIMIT,
        });
        if (claimed.length === 0) continue;
        const shares = shareVolume(
          side,
          levels,
          claimed.map((o) => ({
            id: o.id,
            price: decimalFromDb(o.price),
            remaining: decimalFromDb(o.amount).minus(decimalFromDb(o.filledAmount)),
          })),
        );
        const seqs = await repo.lastFillSeqs(tx, [...shares.keys()]);
        for (const order of claimed) {
          const quantity = shares.get(order.id);
          if (!quantity) continue;
          const filled = await fillLimitInTx(tx, order, {
            quantity,
            seq: (seqs.get(order.id) ?? 0) + 1,
            source: book.book.source,
            at: book.at,
            now,
            feeRate,
          });
          if (!filled) continue;
          rows.push(filled.row);
          requests.push(filled.request);
        }
      }
      if (requests.length > 0) {
        await beforePosting(
          'fill',
          rows.map((r) => r.id),
        );
        for (let i = 0; i < requests.length; i += MAX_BATCH) {
          await postTransactionsBatch(tx, requests.slice(i, i + MAX_BATCH));
        }
      }
      return rows;
    });
    announce(changed);
    return changed;
  }

  /**
   * The trigger step: for each symbol with open limit orders, reads the reference book outside any
   * transaction and fills the orders it crosses, at their limit prices, sharing the book's volume in
   * price-time priority. Returns the orders that filled (fully or partly).
   */
  async function triggerLimitOrders(now: Date, fence: Fence = noFence): Promise<OrderRow[]> {
    const symbols = await repo.symbolsWithOpenLimitOrders(db);
    const changed: OrderRow[] = [];
    let failure: unknown = null;
    for (const symbol of symbols) {
      try {
        changed.push(...(await triggerSymbol(symbol, now, fence)));
      } catch (err) {
        failure ??= err; // the other symbols still trade; the loop logs the failure
      }
    }
    if (failure) throw failure;
    return changed;
  }

  /** The expiry step: open GTC orders past `expires_at` expire and their unfilled funds go back. */
  async function expireOrders(now: Date, fence: Fence = noFence): Promise<OrderRow[]> {
    const expired: OrderRow[] = [];
    for (let round = 0; round < EXPIRY_MAX_ROUNDS; round++) {
      const { rows, claimed } = await db.transaction(async (tx) => {
        await fence(tx);
        const orders = await repo.claimExpiredOrders(tx, now, EXPIRY_BATCH);
        const closedRows: OrderRow[] = [];
        const requests: PostTransactionRequest[] = [];
        for (const order of orders) {
          const closed = await closeInTx(tx, order, { status: 'expired', cancelledBy: null, now });
          if (!closed) continue;
          closedRows.push(closed.row);
          if (closed.request) requests.push(closed.request);
        }
        if (requests.length > 0) {
          await beforePosting(
            'release',
            closedRows.map((r) => r.id),
          );
          await postTransactionsBatch(tx, requests);
        }
        return { rows: closedRows, claimed: orders.length };
      });
      announce(rows);
      expired.push(...rows);
      if (claimed < EXPIRY_BATCH) break;
    }
    return expired;
  }

  const jobSteps: JobStep[] = [
    {
      name: 'spot-limit-trigger',
      everyMs: 1000,
      run: async (now, fence) => void (await triggerLimitOrders(now, fence)),
    },
    { name: 'spot-expiry', everyMs: 5000, run: async (now, fence) => void (await expireOrders(now, fence)) },
  ];

  return {
    placeOrder,
    /** The caller's own open spot order → cancelled, its unfilled frozen funds back to available. */
    cancelOwnOrder: (userId: number, orderId: number) => cancel(orderId, { userId }),
    /** An operator cancels a user's open spot order (audited `trade_order.cancel`). */
    adminCancelOrder: (orderId: number, body: { reason?: string | undefined }, admin: AuditActor) =>
      cancel(orderId, { admin, reason: body.reason }),
    triggerLimitOrders,
    expireOrders,
    jobSteps,
    /** How the market orders were grouped into writes so far. */
    marketOrderWrites: marketOrders.stats,
  };
}

export type SpotEngine = ReturnType<typeof createSpotEngine>;
