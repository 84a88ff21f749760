import { TIMED_VOID_AFTER_SECONDS } from '@platform/contracts';
import { type ContractDirection, contractOutcome, contractSettlement } from '@platform/domain';
import { Decimal, decimalFromDb, formatNormalised } from '../../../core/money.ts';
import type { Tx } from '../../../db/client.ts';
import type { JobStep } from '../../jobs/job-loop.ts';
import {
  MAX_BATCH,
  type Posting,
  type PostTransactionRequest,
  postTransactionsBatch,
} from '../../ledger/ledger.service.ts';
import {
  notifyTimedSettlements,
  pushNotifications,
  type WrittenNotification,
} from '../../notifications/notifications.service.ts';
import { SETTLEMENT_TICK_TOLERANCE_MS } from '../reference-prices.ts';
import { ORDER_UPDATED_EVENT, type TradingDeps } from '../trading-deps.ts';
import * as repo from './settlement.repository.ts';
import { settleKey } from './timed.service.ts';

/**
 * Settlement of flash contracts and options at expiry (ARCHITECTURE.md, "Fair settlement"). The
 * outcome is decided by the reference price only: the last recorded tick at or before expiry
 * (within the tolerance of reference-prices.ts), compared with the entry price. No tick within a
 * grace period after expiry: the contract is void and the stake refunded. Nothing else is read: no
 * rate, no setting, no user.
 *
 * Set-based: a batch of up to `MAX_BATCH` due contracts is claimed (FOR UPDATE SKIP LOCKED) with its
 * ticks in one statement; one UPDATE settles the contracts (conditionally open → settled), one
 * fills their orders, one ledger batch posts every movement (keys `<product>:<orderId>:settle`),
 * and the transaction commits. Several batches may run at once on separate connections: SKIP
 * LOCKED keeps them apart, the conditional update and the ledger keys make a second runner harmless.
 */

/** Contracts settle once their expiry is at least this far in the past: the tick recorder's lag. */
export const SETTLE_DELAY_MS = 1000;
export const SETTLEMENT_EVERY_MS = 500;
/** Batches run at once by one settlement run (each in its own transaction). */
export const SETTLEMENT_PARALLELISM = 4;
/** A run stops after this many batches (two million contracts); the next run goes on. */
const MAX_BATCHES_PER_RUN = 1000;

export interface SettlementHooks {
  /** Test seam: runs inside the batch's transaction after the postings, before commit. */
  beforeCommit?: (tx: Tx, batch: { orderIds: number[] }) => Promise<void> | void;
  /**
   * After commit, each settled contract's outcome (void: no price, stake back) and lag: settled_at −
   * expires_at (the metrics' counters and histogram).
   */
  observeSettled?: (
    product: 'flash' | 'option',
    outcome: 'win' | 'loss' | 'draw' | 'void',
    lagSeconds: number,
  ) => void;
}

export interface SettlementRun {
  /** Contracts settled by this run, by outcome. */
  settled: number;
  outcomes: Record<'win' | 'loss' | 'draw' | 'void', number>;
  batches: number;
}

/** Where a worker of a run goes on: its shard of users and the expiry its last batch reached. */
interface Cursor {
  shard?: { count: number; index: number };
  from?: number;
}

export interface Plan {
  contract: repo.DueContract;
  settlement: repo.ContractSettlementRow;
  posting: PostTransactionRequest;
}

/** The money of a settlement, as the ledger and the contract row take it. */
interface SettlementMoney {
  outcome: repo.ContractSettlementRow['outcome'];
  /** The stake leaving the frozen balance (negative). */
  unfrozen: string;
  /** What goes back to the available balance; null when nothing does (a loss). */
  returned: string | null;
  /** The house's result (positive: it keeps a loss; negative: it pays a profit); null for none. */
  house: string | null;
  /** The contract row's payout. */
  payout: string;
}

/** The outcome and money of a contract: from its tick, or void (stake back) without one. */
function settlementMoney(c: repo.DueContract, parse: (value: string) => Decimal): SettlementMoney {
  const stake = parse(c.stake);
  let outcome: repo.ContractSettlementRow['outcome'];
  let returned: Decimal;
  let houseResult: Decimal;
  if (c.tick) {
    outcome = contractOutcome(c.direction as ContractDirection, parse(c.entryPrice), parse(c.tick.price));
    ({ returned, houseResult } = contractSettlement(stake, parse(c.payoutRate), outcome));
  } else {
    outcome = 'void';
    returned = stake;
    houseResult = new Decimal(0);
  }
  return {
    outcome,
    unfrozen: formatNormalised(stake.negated()),
    returned: returned.gt(0) ? formatNormalised(returned) : null,
    house: houseResult.isZero() ? null : formatNormalised(houseResult),
    payout: formatNormalised(returned),
  };
}

/**
 * What a batch's plans share: the money of each distinct (direction, entry, tick, stake, rate),
 * since a batch's contracts share most of them (the tick of a symbol, the rate of a duration, common
 * stakes). Decided once per distinct set by the same domain rules.
 */
function settlementMemo(parse: (value: string) => Decimal = decimalFromDb) {
  const decided = new Map<string, SettlementMoney>();
  return (c: repo.DueContract): SettlementMoney => {
    const key = `${c.direction}|${c.entryPrice}|${c.tick?.price ?? ''}|${c.stake}|${c.payoutRate}`;
    let money = decided.get(key);
    if (!money) {
      money = settlementMoney(c, parse);
      decided.set(key, money);
    }
    return money;
  };
}

/** Decides one claimed contract from its tick (or its absence past the grace period). */
export function planSettlement(
  c: repo.DueContract,
  moneyOf: (c: repo.DueContract) => SettlementMoney = (contract) => settlementMoney(contract, decimalFromDb),
): Plan {
  const money = moneyOf(c);
  const postings: Posting[] = [
    { account: { userId: c.userId, bucket: 'frozen' }, currency: c.currency, amount: money.unfrozen },
  ];
  if (money.returned !== null) {
    postings.push({
      account: { userId: c.userId, bucket: 'available' },
      currency: c.currency,
      amount: money.returned,
    });
  }
  if (money.house !== null) {
    postings.push({ account: { system: 'house_pnl' }, currency: c.currency, amount: money.house });
  }
  const tick = c.tick;
  return {
    contract: c,
    settlement: {
      orderId: c.orderId,
      outcome: money.outcome,
      price: tick ? tick.price : null,
      source: tick ? tick.source : null,
      at: tick ? new Date(tick.atMs) : null,
      payout: money.payout,
    },
    posting: {
      idempotencyKey: settleKey(c.product, c.orderId),
      kind: `${c.product}_settle`,
      postings,
    },
  };
}

export function createTimedSettlement(deps: TradingDeps, hooks: SettlementHooks = {}) {
  /** Settles one batch in one transaction; returns what it settled (after commit). */
  async function settleBatch(now: Date, limit: number, cursor: Cursor) {
    const result = await deps.db.transaction(async (tx) => {
      await repo.preferKeyLookups(tx);
      const due = await repo.claimDueContracts(tx, {
        cutoff: new Date(now.getTime() - SETTLE_DELAY_MS),
        voidBefore: new Date(now.getTime() - TIMED_VOID_AFTER_SECONDS * 1000),
        toleranceMs: SETTLEMENT_TICK_TOLERANCE_MS,
        limit,
        ...(cursor.shard ? { shard: cursor.shard } : {}),
        ...(cursor.from !== undefined ? { from: new Date(cursor.from) } : {}),
      });
      for (const c of due) cursor.from = Math.max(cursor.from ?? c.expiresAtMs, c.expiresAtMs);
      if (due.length === 0)
        return {
          claimed: 0,
          plans: [] as Plan[],
          orders: [] as repo.FilledOrder[],
          notices: [] as WrittenNotification[],
        };
      const parsed = new Map<string, Decimal>();
      const parse = (value: string) => {
        let d = parsed.get(value);
        if (!d) {
          d = decimalFromDb(value);
          parsed.set(value, d);
        }
        return d;
      };
      const moneyOf = settlementMemo(parse);
      const planned = due.map((c) => planSettlement(c, moneyOf));
      const changed = new Set(
        await repo.markContractsSettled(
          tx,
          planned.map((p) => p.settlement),
          now,
        ),
      );
      // Rows are locked by the claim, so every one changes; the filter is the conditional update's guard.
      const plans = planned.filter((p) => changed.has(p.contract.orderId));
      const orders = await repo.fillOrders(
        tx,
        plans.map((p) => ({ orderId: p.contract.orderId, price: p.settlement.price })),
        now,
      );
      // Each settled contract's notification, from the contracts just updated: one statement.
      const notices = await notifyTimedSettlements(
        tx,
        plans.map((p) => ({ orderId: p.contract.orderId, currency: p.contract.currency })),
        repo.settledContracts(plans.map((p) => p.contract.orderId)),
        now,
      );
      // Last: the ledger locks the users' accounts, held only until the commit right after. No
      // savepoint: any error ends this transaction, so a refused batch leaves nothing behind.
      await postTransactionsBatch(
        tx,
        plans.map((p) => p.posting),
        { savepoint: false },
      );
      await hooks.beforeCommit?.(tx, { orderIds: plans.map((p) => p.contract.orderId) });
      return { claimed: due.length, plans, orders, notices };
    });
    for (const { userId, order } of result.orders) {
      deps.realtime.toUser(userId, ORDER_UPDATED_EVENT, { order });
    }
    if (hooks.observeSettled) {
      for (const { contract, settlement } of result.plans) {
        hooks.observeSettled(
          contract.product,
          settlement.outcome,
          (now.getTime() - contract.expiresAtMs) / 1000,
        );
      }
    }
    pushNotifications(deps.realtime, result.notices);
    return result;
  }

  /**
   * Settles every contract due at `now`: one batch, then (if it came back full) `parallelism`
   * workers on disjoint users, each taking batches until one comes back short. Safe to run from
   * several places at once; a failed batch leaves its contracts open for the next run.
   */
  async function settleDueContracts(
    now: Date = new Date(deps.now()),
    opts: { batchSize?: number; parallelism?: number } = {},
  ): Promise<SettlementRun> {
    const batchSize = Math.min(Math.max(1, opts.batchSize ?? MAX_BATCH), MAX_BATCH);
    const parallelism = Math.max(1, opts.parallelism ?? SETTLEMENT_PARALLELISM);
    const run: SettlementRun = { settled: 0, outcomes: { win: 0, loss: 0, draw: 0, void: 0 }, batches: 0 };
    let budget = MAX_BATCHES_PER_RUN;
    /** One batch; true when it came back full (there may be more). */
    const step = async (cursor: Cursor) => {
      budget -= 1;
      const batch = await settleBatch(now, batchSize, cursor);
      if (batch.claimed > 0) run.batches += 1;
      for (const p of batch.plans) {
        run.settled += 1;
        run.outcomes[p.settlement.outcome] += 1;
      }
      return batch.claimed === batchSize;
    };
    // One batch first: an idle run costs one short transaction. Workers only when there is more,
    // each on its own users (user_id mod parallelism), so that their ledger postings never wait
    // for each other's account locks.
    const first: Cursor = {};
    if (await step(first)) {
      const worker = async (index: number) => {
        const cursor: Cursor = {
          ...(first.from !== undefined ? { from: first.from } : {}),
          ...(parallelism > 1 ? { shard: { count: parallelism, index } } : {}),
        };
        while (budget > 0 && (await step(cursor))) {
          // next batch
        }
      };
      // Wait for every worker, even after one failed, so that a run never outlives its turn.
      const ended = await Promise.allSettled(
        Array.from({ length: parallelism }, (_, index) => worker(index)),
      );
      const failed = ended.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) throw failed.reason;
    }
    return run;
  }

  const jobStep: JobStep = {
    name: 'timed-contracts-settle',
    everyMs: SETTLEMENT_EVERY_MS,
    run: async (now) => {
      await settleDueContracts(now);
    },
  };

  return { settleDueContracts, jobStep };
}

export type TimedSettlement = ReturnType<typeof createTimedSettlement>;
