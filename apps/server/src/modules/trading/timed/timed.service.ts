import {
  MAX_OPEN_TIMED_CONTRACTS,
  TIMED_TEXTS,
  type TimedContract,
  type TimedHistoryQuery,
  type TimedStats,
  TRADING_TEXTS,
  type TradingPair,
} from '@platform/contracts';
import { badRequest, businessRule, conflict, retryShortly } from '../../../core/errors.ts';
import { createGroupCommit, outcomeOf, writeTogetherOrAlone } from '../../../core/group-commit.ts';
import {
  amountPrecisionRefusal,
  Decimal,
  decimalFromDb,
  formatNormalised,
  normaliseDecimalString,
} from '../../../core/money.ts';
import { because } from '../../../core/refusal.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import {
  currentSeal,
  type Seal,
  sealEffect,
  sealEffects,
  sealTag,
  takenOverTag,
} from '../../idempotency/effect-seal.ts';
import {
  type PostTransactionRequest,
  postTransaction,
  postTransactionsBatch,
  refusedLedgerKey,
} from '../../ledger/ledger.service.ts';
import { assertSameOrder } from '../client-order.ts';
import {
  findByClientOrderId,
  findOrder,
  insertOrdersWithDetails,
  type NewOrder,
  type OrderRow,
} from '../orders.repository.ts';
import { type PriceObservation, TIMED_ENTRY_MAX_AGE_MS } from '../reference-prices.ts';
import { timedContracts } from '../trading.schema.ts';
import type { TradingDeps } from '../trading-deps.ts';
import * as repo from './timed.repository.ts';

/**
 * What flash contracts and options share: opening a contract (order + contract + freezing the
 * stake in one transaction), the user's history and statistics. Each product checks its own rules
 * (durations, levels, periods) before it calls `openTimedContract`; settlement is in settlement.ts.
 */

export type TimedProduct = repo.TimedProduct;
export type TimedDirection = 'up' | 'down' | 'call' | 'put';

export interface OpenTimedInput {
  userId: number;
  product: TimedProduct;
  pair: TradingPair;
  direction: TimedDirection;
  /** Validated decimal string (positive, ≤ 8 decimals). */
  stake: string;
  /** Profit per unit of stake on a win, as a decimal string. */
  payoutRate: string;
  durationSeconds: number;
  level?: number;
  period?: 'window' | 'nonWindow';
  clientOrderId?: string | undefined;
  /** When the order arrived, on the engine's clock (`arrivedAt`): the entry price must be fresh then. */
  receivedAt: number;
}

export interface OpenedContract {
  order: OrderRow;
  contract: repo.ContractRow;
}

/** Ledger keys and kinds: `<product>:<orderId>:open|settle`. */
export const openKey = (product: TimedProduct, orderId: number) => `${product}:${orderId}:open`;
export const settleKey = (product: TimedProduct, orderId: number) => `${product}:${orderId}:settle`;

/** What a timed placement asks for (every term of its body but client_order_id). */
export interface TimedTerms {
  symbol: string;
  direction: string;
  amount: string;
  duration: number;
  /** Options only. */
  level?: number | undefined;
}

/**
 * The order placed earlier with this client id (a retry), or null. Another product's order is a
 * 409, and so is another order of this product (any term of `asked` differs: assertSameOrder).
 */
export async function findRetriedOrder(
  db: Db,
  userId: number,
  product: TimedProduct,
  clientOrderId: string | undefined,
  asked: TimedTerms,
): Promise<OpenedContract | null> {
  if (!clientOrderId) return null;
  const order = await findByClientOrderId(db, userId, clientOrderId);
  if (!order) return null;
  if (order.product !== product) throw conflict(TIMED_TEXTS.clientOrderIdTaken);
  const contract = await repo.findContract(db, order.id);
  if (!contract) throw new Error(`order ${order.id} has no timed contract`);
  assertSameOrder(
    {
      symbol: contract.symbol,
      direction: contract.direction,
      amount: contract.stake,
      duration: contract.durationSeconds,
      level: contract.level,
    },
    { ...asked, level: asked.level ?? null },
  );
  return { order, contract };
}

/** A contract priced at its entry, before anything is written. */
interface TimedPlacement {
  /** The request's Idempotency-Key, completed in the contract's transaction (taken at submit). */
  seal: Seal | undefined;
  input: OpenTimedInput;
  entry: PriceObservation;
  stake: string;
  openedAt: Date;
  expiresAt: Date;
}

/** Timed placements that arrive together are written together (core/group-commit.ts), as spot market orders. */
const TIMED_GROUP = { maxBatch: 32, maxInFlight: 1 };

/** A batch's refusal for a user over the open-contract limit; the user's order is then placed alone. */
class OverOpenLimit extends Error {
  constructor(readonly userId: number) {
    super(`user ${userId} over the open-contract limit`);
  }
}
const userTag = (userId: number) => `user:${userId}`;

function orderRowOf(p: TimedPlacement): NewOrder {
  const { input } = p;
  return {
    userId: input.userId,
    product: input.product,
    symbol: input.pair.symbol,
    baseCurrency: input.pair.base_currency,
    quoteCurrency: input.pair.quote_currency,
    side: input.direction,
    orderType: null,
    amount: p.stake,
    amountCurrency: input.pair.quote_currency,
    price: p.entry.price,
    quoteAmount: p.stake,
    status: 'pending',
    clientOrderId: input.clientOrderId ?? null,
    expiresAt: p.expiresAt,
    createdAt: p.openedAt,
    updatedAt: p.openedAt,
  };
}

function contractRowOf(p: TimedPlacement): Omit<repo.NewContract, 'orderId'> {
  const { input } = p;
  return {
    userId: input.userId,
    product: input.product,
    symbol: input.pair.symbol,
    direction: input.direction,
    stake: p.stake,
    currency: input.pair.quote_currency,
    payoutRate: input.payoutRate,
    durationSeconds: input.durationSeconds,
    level: input.level ?? null,
    period: input.period ?? null,
    entryPrice: p.entry.price,
    entrySource: p.entry.source,
    entryAt: p.entry.at,
    entryComponents: p.entry.components,
    openedAt: p.openedAt,
    expiresAt: p.expiresAt,
    status: 'open',
  };
}

/** The stake from available to frozen. */
function freezeOf(p: TimedPlacement, orderId: number): PostTransactionRequest {
  const { input } = p;
  const quote = input.pair.quote_currency;
  return {
    idempotencyKey: openKey(input.product, orderId),
    kind: `${input.product}_open`,
    metadata: { orderId, symbol: input.pair.symbol, direction: input.direction },
    postings: [
      { account: { userId: input.userId, bucket: 'available' }, currency: quote, amount: `-${p.stake}` },
      { account: { userId: input.userId, bucket: 'frozen' }, currency: quote, amount: p.stake },
    ],
  };
}

/**
 * Opens contracts at the current reference price: the price is taken before the transaction
 * (PGlite: no network inside one); one transaction then inserts the order and the contract and
 * moves the stake from available to frozen. Insufficient balance (422 余额不足) or too many open
 * contracts leaves nothing behind. A concurrent duplicate of a client id ends with one order.
 * Placements that arrive together share one transaction; each still gets its own outcome.
 */
export function createTimedPlacement(deps: TradingDeps) {
  /** The orders and their contracts: one statement (orders.repository.ts). */
  async function insertContracts(tx: Tx, ps: TimedPlacement[]): Promise<OpenedContract[]> {
    const written = await insertOrdersWithDetails(tx, ps.map(orderRowOf), {
      table: timedContracts,
      rows: ps.map(contractRowOf),
    });
    return written.map((w) => ({ order: w.order, contract: w.detail }));
  }

  async function openAlone(p: TimedPlacement): Promise<OpenedContract> {
    return deps.db.transaction(async (tx) => {
      const [opened] = await insertContracts(tx, [p]);
      if (!opened) throw new Error('timed: contract not written');
      // The posting locks the user's accounts: concurrent placements of one user queue here, so the
      // count below sees every contract committed before this one and the limit holds exactly.
      // A refusal (余额不足) ends the placement's transaction: no savepoint needed.
      await postTransaction(tx, freezeOf(p, opened.order.id), { savepoint: false });
      if ((await repo.countOpenContracts(tx, p.input.userId)) > MAX_OPEN_TIMED_CONTRACTS) {
        throw because('limit', businessRule(TIMED_TEXTS.tooManyOpen(MAX_OPEN_TIMED_CONTRACTS)));
      }
      await sealEffect(tx, p.seal, opened);
      return opened;
    });
  }

  async function openTogether(
    ps: TimedPlacement[],
    tag: (index: number, key: string) => void,
  ): Promise<OpenedContract[]> {
    return deps.db.transaction(async (tx) => {
      const opened = await insertContracts(tx, ps);
      opened.forEach(({ order }, i) => {
        const p = ps[i] as TimedPlacement;
        tag(i, openKey(p.input.product, order.id));
        tag(i, userTag(p.input.userId));
        if (p.seal) tag(i, sealTag(p.seal));
      });
      // The batch locks every user's accounts (in id order), so the counts below are exact as above.
      // A refusal ends the group's transaction (its contracts are then placed without the refused one).
      await postTransactionsBatch(
        tx,
        opened.map(({ order }, i) => freezeOf(ps[i] as TimedPlacement, order.id)),
        { savepoint: false },
      );
      const userIds = [...new Set(ps.map((p) => p.input.userId))];
      const open = await repo.countOpenContractsOf(tx, userIds);
      const over = userIds.find((id) => (open.get(id) ?? 0) > MAX_OPEN_TIMED_CONTRACTS);
      if (over !== undefined) throw new OverOpenLimit(over);
      await sealEffects(
        tx,
        opened.map((result, i) => ({ seal: ps[i]?.seal, result })),
      );
      return opened;
    });
  }

  const writes = createGroupCommit<TimedPlacement, OpenedContract>({
    ...TIMED_GROUP,
    write: (ps) =>
      ps.length === 1
        ? outcomeOf(() => openAlone(ps[0] as TimedPlacement)).then((o) => [o])
        : writeTogetherOrAlone(ps, {
            together: openTogether,
            alone: openAlone,
            culprit: (err) =>
              err instanceof OverOpenLimit
                ? userTag(err.userId)
                : (takenOverTag(err) ?? refusedLedgerKey(err)),
          }),
  });

  async function open(input: OpenTimedInput): Promise<OpenedContract> {
    const seal = currentSeal();
    const asked: TimedTerms = {
      symbol: input.pair.symbol,
      direction: input.direction,
      amount: input.stake,
      duration: input.durationSeconds,
      level: input.level,
    };
    const retried = await findRetriedOrder(deps.db, input.userId, input.product, input.clientOrderId, asked);
    if (retried) return retried;

    const entry = await deps.prices.current(input.pair.symbol, {
      maxAgeMs: TIMED_ENTRY_MAX_AGE_MS,
      receivedAt: input.receivedAt,
      staleError: () => retryShortly(TRADING_TEXTS.priceUpdating, { symbol: input.pair.symbol }),
    });
    const openedAt = new Date(deps.now());
    const expiresAt = new Date(openedAt.getTime() + input.durationSeconds * 1000);
    const stake = normaliseDecimalString(input.stake);
    try {
      return await writes.submit({ seal, input, entry, stake, openedAt, expiresAt });
    } catch (err) {
      if (input.clientOrderId && isUniqueViolation(err, 'trade_orders_client_order_key')) {
        const first = await findRetriedOrder(
          deps.db,
          input.userId,
          input.product,
          input.clientOrderId,
          asked,
        );
        if (first) return first;
      }
      throw err;
    }
  }

  return { open, writes: writes.stats };
}

export type TimedPlacements = ReturnType<typeof createTimedPlacement>;

/**
 * The stake has at most the currency's decimals (a 400: 10.123 would be confirmed and shown as
 * 10.12) and lies within the product's limits.
 */
export function assertStakeWithin(stake: string, min: string, max: string, currency: string): void {
  const precision = amountPrecisionRefusal(stake, currency, 'stake');
  if (precision) throw badRequest(precision);
  const value = new Decimal(stake);
  if (value.lt(min))
    throw because('limit', businessRule(TIMED_TEXTS.stakeTooSmall(normaliseDecimalString(min), currency)));
  if (value.gt(max))
    throw because('limit', businessRule(TIMED_TEXTS.stakeTooLarge(normaliseDecimalString(max), currency)));
}

/** The pair must be quoted in the stake currency. */
export function assertPairOffered(pair: TradingPair, currency: string): void {
  if (pair.quote_currency !== currency) throw businessRule(TIMED_TEXTS.pairNotOffered(pair.symbol, currency));
}

const isoOrNull = (d: Date | null) => d?.toISOString() ?? null;

/** A contract as the user's history shows it: entry and settlement prices with their source and time. */
export function toTimedContract(row: repo.ContractRow): TimedContract {
  const stake = decimalFromDb(row.stake);
  const payout = row.payout === null ? null : decimalFromDb(row.payout);
  return {
    order_id: row.orderId,
    product: row.product as TimedContract['product'],
    symbol: row.symbol,
    direction: row.direction as TimedContract['direction'],
    stake: formatNormalised(stake),
    currency: row.currency,
    payout_rate: normaliseDecimalString(row.payoutRate),
    duration: row.durationSeconds,
    level: row.level,
    period: row.period as TimedContract['period'],
    entry: {
      price: normaliseDecimalString(row.entryPrice),
      source: row.entrySource,
      at: row.entryAt.toISOString(),
      components: row.entryComponents ?? null,
    },
    settlement:
      row.settlePrice !== null && row.settleSource !== null && row.settlePriceAt !== null
        ? {
            price: normaliseDecimalString(row.settlePrice),
            source: row.settleSource,
            at: row.settlePriceAt.toISOString(),
            components: row.settleComponents ?? null,
          }
        : null,
    status: row.status as TimedContract['status'],
    outcome: row.outcome as TimedContract['outcome'],
    payout: payout === null ? null : formatNormalised(payout),
    profit: payout === null ? null : formatNormalised(payout.minus(stake)),
    opened_at: row.openedAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    settled_at: isoOrNull(row.settledAt),
  };
}

export async function contractHistory(
  db: Db,
  userId: number,
  product: TimedProduct,
  query: TimedHistoryQuery,
): Promise<{ contracts: TimedContract[]; total: number }> {
  const { rows, total } = await repo.listContracts(db, userId, product, query);
  return { contracts: rows.map(toTimedContract), total };
}

export async function contractStats(db: Db, userId: number, product: TimedProduct): Promise<TimedStats> {
  const t = await repo.contractTotals(db, userId, product);
  const decided = t.wins + t.losses;
  const winRate =
    decided === 0 ? new Decimal(0) : new Decimal(t.wins).times(100).div(decided).toDecimalPlaces(2);
  return {
    total: t.total,
    open: t.open,
    wins: t.wins,
    losses: t.losses,
    draws: t.draws,
    voids: t.voids,
    total_stake: formatNormalised(decimalFromDb(t.totalStake)),
    total_payout: formatNormalised(decimalFromDb(t.totalPayout)),
    net_profit: formatNormalised(decimalFromDb(t.totalPayout).minus(decimalFromDb(t.settledStake))),
    win_rate: winRate.toFixed(2),
  };
}

/** The order of a contract (for replies). */
export async function orderOf(db: Db, orderId: number): Promise<OrderRow> {
  const order = await findOrder(db, orderId);
  if (!order) throw businessRule(TRADING_TEXTS.orderNotFound);
  return order;
}
