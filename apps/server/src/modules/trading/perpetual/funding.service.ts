import {
  FUNDING_TEXTS,
  type FundingHistoryQuery,
  type FundingPayment,
  type FundingRateData,
  type FundingReportQuery,
  PERPETUAL_MARGIN_CURRENCY,
  PERPETUAL_TEXTS,
  type PerpetualSide,
} from '@platform/contracts';
import { marginAfterAdd } from '@platform/domain';
import { businessRule, retryShortly } from '../../../core/errors.ts';
import { Decimal, decimalFromDb, formatNormalised, normaliseDecimalString } from '../../../core/money.ts';
import { paginationOf } from '../../../core/paging.ts';
import { type Fence, type JobStep, noFence } from '../../jobs/job-loop.ts';
import {
  type Posting,
  type PostTransactionRequest,
  postTransactionsBatch,
  systemAccountBalance,
} from '../../ledger/ledger.service.ts';
import { listPairs } from '../../market-data/pairs.service.ts';
import { pushNotifications } from '../../notifications/notifications.service.ts';
import { toTradeOrder } from '../orders.view.ts';
import type { PriceObservation } from '../reference-prices.ts';
import type { FundingRateComponent } from '../trading.schema.ts';
import { ORDER_UPDATED_EVENT, type TradingDeps } from '../trading-deps.ts';
import * as repo from './funding.repository.ts';
import type { PerpetualEngine } from './perpetual.engine.ts';
import { pnlAt } from './perpetual.math.ts';
import { symbolsWithOpenPositions } from './perpetual.repository.ts';

/**
 * Perpetual funding (issue 34, docs/perpetual-funding.md). The funding instants are the multiples of
 * FUNDING_INTERVAL_MINUTES since 00:00 UTC. At each, every position of a pair that was open at it
 * (opened at or before it, still open when the step reaches it) pays or receives
 * quantity × mark × rate, the house (`house_funding`) on the other side: a long pays when the rate is
 * positive and receives when it is negative, a short the reverse. What a user pays is rounded up to
 * 8 places, what a user receives down.
 *
 * The `perpetual-funding` step (leased with the other trading steps), for each perpetual pair, takes
 * the latest instant at or before now − FUNDING_SETTLE_DELAY_MS that is not completed:
 * 1. fixes its rate and mark once (INSERT … ON CONFLICT DO NOTHING, then read back: two runners pay
 *    with the same figures). The mark is the reference tick at the instant (the settlement rule:
 *    the last tick at or before it, at most 5 s older); the rate is the rate source's for the pair.
 *    No tick or no rate yet: nothing is fixed, the next turn tries again; when the next instant has
 *    come first, this one passes without funding (never a guessed price or rate);
 * 2. pays the positions in batches, each one transaction: positions claimed FOR UPDATE SKIP LOCKED,
 *    one payment row per (position, instant) (unique), the position's margin, liquidation price and
 *    funding total, and the posting under `perpetual:<order id>:funding:<instant ISO>`; a position
 *    whose payment is at least its equity at the mark (margin + unrealised P&L) or its margin is
 *    liquidated at the mark instead (the engine's liquidateInTx; its owner gets the liquidation
 *    notice) and its payment row says so (amount 0);
 * 3. marks the instant completed when no position open at it is left unpaid.
 */

/** A pair's funding rate now, or null when there is none (market-data/funding-rates.ts). */
export interface FundingRates {
  rateFor(symbol: string): Promise<{ rate: string; components: FundingRateComponent[] } | null>;
}

/** How long after an instant its mark is taken: the ticks around it are recorded by then. */
export const FUNDING_SETTLE_DELAY_MS = 2000;
const FUNDING_BATCH = 500;
const FUNDING_BATCHES_PER_RUN = 20;
export const FUNDING_EVERY_MS = 1000;
const MARGIN = PERPETUAL_MARGIN_CURRENCY;
const AMOUNT_PLACES = 8;

/** The latest funding instant at or before `ms` (instants are multiples of the interval since the epoch's midnight). */
export function fundingInstantAtOrBefore(ms: number, intervalMinutes: number): Date {
  const step = intervalMinutes * 60_000;
  return new Date(Math.floor(ms / step) * step);
}

/** The first funding instant after `ms`. */
export function nextFundingInstant(ms: number, intervalMinutes: number): Date {
  return new Date(fundingInstantAtOrBefore(ms, intervalMinutes).getTime() + intervalMinutes * 60_000);
}

/**
 * The user's side of a position's funding: quantity × mark × rate, negative when the user pays (a
 * long at a positive rate, a short at a negative one), rounded up when paid and down when received.
 */
export function fundingAmount(side: PerpetualSide, quantity: Decimal, mark: Decimal, rate: Decimal): Decimal {
  const value = quantity.times(mark).times(rate.abs());
  const pays = (side === 'long') === rate.gt(0);
  return pays
    ? value.toDecimalPlaces(AMOUNT_PLACES, Decimal.ROUND_UP).negated()
    : value.toDecimalPlaces(AMOUNT_PLACES, Decimal.ROUND_DOWN);
}

export function createPerpetualFunding(
  deps: TradingDeps,
  opts: {
    perpetual: Pick<PerpetualEngine, 'liquidateInTx'>;
    rates: FundingRates;
    intervalMinutes: number;
  },
) {
  const { db } = deps;
  const { perpetual, rates, intervalMinutes } = opts;

  async function fundingSymbols(): Promise<string[]> {
    const pairs = (await listPairs(db, { enabledOnly: true })).filter((p) => p.quoteCurrency === MARGIN);
    return [...new Set([...pairs.map((p) => p.symbol), ...(await symbolsWithOpenPositions(db))])].sort();
  }

  /** The instant's fixed rate and mark: the stored ones, or fixed now; null when not yet possible. */
  async function rateOfInstant(symbol: string, fundingAt: Date, fence: Fence) {
    const stored = await repo.findRate(db, symbol, fundingAt);
    if (stored) return stored;
    const mark = await deps.prices.at(db, symbol, fundingAt);
    if (!mark) return null;
    const quote = await rates.rateFor(symbol).catch(() => null);
    if (!quote) return null;
    return db.transaction(async (tx) => {
      await fence(tx);
      return repo.fixRate(tx, {
        symbol,
        fundingAt,
        rate: normaliseDecimalString(quote.rate),
        rateComponents: quote.components,
        markPrice: mark.price,
        markSource: mark.source,
        markAt: mark.at,
        markComponents: mark.components,
      });
    });
  }

  /** One turn of the `perpetual-funding` step at `now` (see the header). */
  async function runFunding(now: Date, fence: Fence = noFence) {
    const result = { paid: 0, liquidated: 0 };
    const fundingAt = fundingInstantAtOrBefore(now.getTime() - FUNDING_SETTLE_DELAY_MS, intervalMinutes);
    for (const symbol of await fundingSymbols()) {
      const fixed = await rateOfInstant(symbol, fundingAt, fence);
      if (!fixed || fixed.completedAt) continue;
      const done = await payInstant(fixed, now, fence);
      result.paid += done.paid;
      result.liquidated += done.liquidated;
      if (!(await repo.anyUnpaid(db, symbol, fundingAt))) {
        await repo.markCompleted(db, symbol, fundingAt, now);
      }
    }
    return result;
  }

  async function payInstant(fixed: repo.FundingRateRow, now: Date, fence: Fence) {
    const counts = { paid: 0, liquidated: 0 };
    const rate = decimalFromDb(fixed.rate);
    const markPrice = decimalFromDb(fixed.markPrice);
    const mark: PriceObservation = {
      symbol: fixed.symbol,
      price: normaliseDecimalString(fixed.markPrice),
      source: fixed.markSource,
      at: fixed.markAt,
      components: fixed.markComponents ?? null,
    };
    const instant = fixed.fundingAt.toISOString();
    for (let batch = 0; batch < FUNDING_BATCHES_PER_RUN; batch++) {
      const turn = await db.transaction(async (tx) => {
        await fence(tx);
        const claimed = await repo.claimUnpaid(tx, fixed.symbol, fixed.fundingAt, FUNDING_BATCH);
        const planned = claimed.map((p) => {
          const side = p.side as PerpetualSide;
          const terms = {
            margin: decimalFromDb(p.margin),
            quantity: decimalFromDb(p.quantity),
            entry: decimalFromDb(p.entryPrice),
          };
          const pay = fundingAmount(side, terms.quantity, markPrice, rate);
          const equity = terms.margin.plus(pnlAt(side, terms, markPrice));
          const cannotPay = pay.lt(0) && (pay.negated().gte(equity) || pay.negated().gte(terms.margin));
          return { p, side, terms, pay, cannotPay };
        });
        const recorded = await repo.insertPayments(
          tx,
          planned.map(({ p, pay, cannotPay }) => ({
            orderId: p.orderId,
            userId: p.userId,
            symbol: p.symbol,
            side: p.side,
            fundingAt: fixed.fundingAt,
            rate: fixed.rate,
            markPrice: fixed.markPrice,
            quantity: p.quantity,
            amount: cannotPay ? '0' : formatNormalised(pay),
            currency: p.currency,
            liquidated: cannotPay,
          })),
        );
        const mine = planned.filter(({ p }) => recorded.has(p.orderId));
        const liquidation = await perpetual.liquidateInTx(
          tx,
          fixed.symbol,
          mine.filter((m) => m.cannotPay).map((m) => m.p.orderId),
          mark,
          now,
        );
        const postings: PostTransactionRequest[] = [];
        const updates: Parameters<typeof repo.applyPayments>[1][number][] = [];
        for (const { p, side, terms, pay, cannotPay } of mine) {
          if (cannotPay || pay.isZero()) continue;
          const next = marginAfterAdd(side, terms, pay, decimalFromDb(p.maintenanceRate));
          updates.push({
            orderId: p.orderId,
            amount: formatNormalised(pay),
            margin: formatNormalised(next.margin),
            liquidationPrice: formatNormalised(next.liquidationPrice),
          });
          const moves: Posting[] = [
            {
              account: { userId: p.userId, bucket: 'frozen' },
              currency: p.currency,
              amount: formatNormalised(pay),
            },
            {
              account: { system: 'house_funding' },
              currency: p.currency,
              amount: formatNormalised(pay.negated()),
            },
          ];
          postings.push({
            idempotencyKey: `perpetual:${p.orderId}:funding:${instant}`,
            kind: 'perpetual_funding',
            metadata: {
              symbol: p.symbol,
              funding_at: instant,
              rate: normaliseDecimalString(fixed.rate),
              mark_price: mark.price,
              quantity: normaliseDecimalString(p.quantity),
            },
            postings: moves,
          });
        }
        await repo.applyPayments(tx, updates);
        await postTransactionsBatch(tx, postings);
        return {
          claimed: claimed.length,
          paid: mine.filter((m) => !m.cannotPay).length,
          orders: liquidation.orders,
          notices: liquidation.notices,
        };
      });
      for (const order of turn.orders) {
        deps.realtime.toUser(order.userId, ORDER_UPDATED_EVENT, { order: toTradeOrder(order) });
      }
      pushNotifications(deps.realtime, turn.notices);
      counts.paid += turn.paid;
      counts.liquidated += turn.orders.length;
      if (turn.claimed < FUNDING_BATCH) break;
    }
    return counts;
  }

  /** GET /funding/{symbol}: the predicted rate (the source's now, else the last fixed one) and the next instant. */
  async function rateView(symbol: string): Promise<FundingRateData> {
    const pair = await deps.pairs.requireEnabled(symbol);
    if (pair.quote_currency !== MARGIN) throw businessRule(PERPETUAL_TEXTS.pairNotSupported);
    const [quote, last] = await Promise.all([
      rates.rateFor(pair.symbol).catch(() => null),
      repo.latestRate(db, pair.symbol),
    ]);
    const rate = quote?.rate ?? last?.rate;
    if (rate === undefined) throw retryShortly(FUNDING_TEXTS.noRate, { symbol: pair.symbol });
    return {
      symbol: pair.symbol,
      rate: normaliseDecimalString(rate),
      next_funding_at: nextFundingInstant(deps.now(), intervalMinutes).toISOString(),
      interval_minutes: intervalMinutes,
      last_rate: last ? normaliseDecimalString(last.rate) : null,
      last_funding_at: last ? last.fundingAt.toISOString() : null,
    };
  }

  const toPayment = (row: repo.FundingPaymentRow): FundingPayment => ({
    position_id: row.orderId,
    symbol: row.symbol,
    side: row.side as PerpetualSide,
    funding_at: row.fundingAt.toISOString(),
    rate: normaliseDecimalString(row.rate),
    mark_price: normaliseDecimalString(row.markPrice),
    quantity: normaliseDecimalString(row.quantity),
    amount: normaliseDecimalString(row.amount),
    liquidated: row.liquidated,
  });

  async function history(userId: number, query: FundingHistoryQuery) {
    const { rows, total } = await repo.listPayments(db, userId, query);
    return { payments: rows.map(toPayment), pagination: paginationOf(query, total) };
  }

  async function adminReport(query: FundingReportQuery) {
    const [{ rows, total }, balance] = await Promise.all([
      repo.report(db, query),
      systemAccountBalance(db, 'house_funding', MARGIN),
    ]);
    return {
      rows: rows.map((r) => {
        const paid = new Decimal(r.paid);
        const received = new Decimal(r.received);
        return {
          symbol: r.symbol,
          funding_at: new Date(Number(r.funding_at_ms)).toISOString(),
          rate: normaliseDecimalString(r.rate),
          mark_price: normaliseDecimalString(r.mark_price),
          positions: Number(r.positions),
          paid_by_users: formatNormalised(paid),
          received_by_users: formatNormalised(received),
          house_net: formatNormalised(paid.minus(received)),
          liquidated: Number(r.liquidated),
        };
      }),
      pagination: paginationOf(query, total),
      house_funding_balance: normaliseDecimalString(balance),
    };
  }

  const jobStep: JobStep = {
    // Funding at each instant: the rate and mark fixed once, each position paid once.
    name: 'perpetual-funding',
    everyMs: FUNDING_EVERY_MS,
    run: async (now, fence) => {
      await runFunding(now, fence);
    },
  };

  return { runFunding, rateView, history, adminReport, jobStep };
}

export type PerpetualFunding = ReturnType<typeof createPerpetualFunding>;
