import type {
  AdminDeposit,
  AdminDepositsQuery,
  CreateDepositBody,
  DepositBatchReviewBody,
  DepositReviewBody,
  DepositStats,
  DepositStatusUpdateEvent,
  UserDeposit,
} from '@platform/contracts';
import {
  DEFAULT_CURRENCY,
  DEFAULT_LANGUAGE,
  DUAL_CONTROL_TEXTS,
  type Language,
  REALTIME_EVENTS,
} from '@platform/contracts';
import { DEPOSIT_TX_HASH_TEXT, isTxHashShaped, normaliseTxHash } from '@platform/domain';
import { badRequest, businessRule, conflict, forbidden, notFound } from '../../core/errors.ts';
import {
  amountPrecisionRefusal,
  channelLimitRefusal,
  Decimal,
  decimalFromDb,
  formatFixed,
  formatNormalised,
} from '../../core/money.ts';
import { assertNoneOwnRequest, assertNotOwnRequest } from '../../core/own-request.ts';
import { pageOf, paginationOf } from '../../core/paging.ts';
import type { ReferencePriceSource } from '../../core/reference-prices.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { lockUserScope } from '../../db/user-locks.ts';
import { msg, render } from '../../i18n/i18n.ts';
import { ledgerMemo } from '../../i18n/ledger-memos.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { findActiveDepositChannel } from '../channels/channels.service.ts';
import {
  firstApprovalReason,
  windowPrices,
  windowValue,
  withWindow,
} from '../dual-control/approval-window.ts';
import { approvalCounts } from '../dual-control/counting-approvers.ts';
import { announceFirstApproval } from '../dual-control/payout-approvals.ts';
import { readThresholdAmounts, type ThresholdAmounts } from '../dual-control/thresholds.service.ts';
import { needsSecondApproval, usdtValueOf } from '../dual-control/usdt-value.ts';
import { currentSeal, sealEffect } from '../idempotency/effect-seal.ts';
import { postTransaction } from '../ledger/ledger.service.ts';
import { depositReviewed } from '../notifications/notices.ts';
import {
  notify,
  pushNotifications,
  type WrittenNotification,
} from '../notifications/notifications.service.ts';
import { adminNotice } from '../realtime/admin-notices.ts';
import type { Realtime } from '../realtime/realtime.ts';
import { findUserById } from '../users/users.ts';
import * as repo from './deposits.repository.ts';

/** At most this many deposits per user may wait for review at once (put a limit on everything). */
export const MAX_PENDING_DEPOSITS_PER_USER = 10;

export const depositApproveKey = (id: number) => `deposit:${id}:approve`;

const DEPOSIT_ALREADY_REVIEWED = msg('deposits.alreadyReviewed');

/** What one review did to a deposit. */
type ReviewOutcome =
  | { kind: 'reviewed'; row: repo.DepositRow; notices: WrittenNotification[] }
  /** Dual control: the first approval was recorded, the deposit stays pending (待复核). */
  | { kind: 'first_approval'; row: repo.DepositRow }
  /** The admin who recorded the first approval approved again: a different admin must. */
  | { kind: 'same_admin' }
  /** Two admins are needed and this one's approval does not count yet (first 24 h): nothing changed. */
  | { kind: 'not_counting' }
  | { kind: 'not_pending'; row: repo.DepositRow }
  | { kind: 'missing' };

/**
 * `prices` values a deposit in another currency than USDT for the dual-control threshold (a
 * currency without a reference price always needs two admins).
 */
export function createDepositService(deps: { db: Db; realtime: Realtime; prices?: ReferencePriceSource }) {
  const { db, realtime } = deps;

  /** Credits the deposit's user: external_deposits → the user's available balance, exactly once per deposit. */
  async function credit(tx: Tx, deposit: repo.DepositRow, adminId: number) {
    await postTransaction(tx, {
      idempotencyKey: depositApproveKey(deposit.id),
      kind: 'deposit',
      memo: ledgerMemo('deposit', { id: deposit.id }),
      metadata: { depositId: deposit.id, adminId },
      postings: [
        {
          account: { system: 'external_deposits' },
          currency: deposit.currency,
          amount: `-${deposit.amount}`,
        },
        {
          account: { userId: deposit.userId, bucket: 'available' },
          currency: deposit.currency,
          amount: deposit.amount,
        },
      ],
    });
  }

  /**
   * One review inside `tx`, on the locked row: never one's own deposit (403, nothing changes); a
   * rejection applies at once; an approval whose USDT value (`usdtValue`, null: unknown) plus the
   * user's deposits approved or first-approved in the last 24 h (valued at `prices`, read under the
   * user's approval lock so that two approvals at once see each other) is at or above the deposit
   * threshold needs two different admins: the first is recorded on the row and
   * moves nothing, the same admin again changes nothing (same_admin), a different admin completes
   * it; an admin whose approvals do not count yet gives neither (not_counting). Completing is the
   * conditional update, the credit and the audit row, so the money moves exactly once whoever races.
   */
  async function reviewInTx(
    tx: Tx,
    id: number,
    body: DepositReviewBody,
    actor: AuditActor,
    usdtValue: Decimal | null,
    thresholds: ThresholdAmounts,
    prices: ReadonlyMap<string, string>,
  ): Promise<ReviewOutcome> {
    const locked = await repo.lockDeposit(tx, id);
    if (!locked) return { kind: 'missing' };
    assertNotOwnRequest(actor.adminId, locked.userId);
    if (locked.status !== 'pending') return { kind: 'not_pending', row: locked };
    const userEmail = async () => (await findUserById(tx, locked.userId))?.email ?? null;
    if (body.status === 'approved') {
      // The user's approvals one after another: the window read below then holds every other.
      await lockUserScope(tx, 'depositApprovalWindow', locked.userId);
      const others = windowValue(await repo.approvalWindowSums(tx, locked.userId, id), prices);
      const windowTotal = withWindow(usdtValue, others);
      if (needsSecondApproval(windowTotal, thresholds.deposit)) {
        if (locked.firstApprovedBy === actor.adminId) return { kind: 'same_admin' };
        if (!(await approvalCounts(tx, actor.adminId))) return { kind: 'not_counting' };
        if (locked.firstApprovedBy === null) {
          const first = await repo.recordFirstApproval(
            tx,
            id,
            actor.adminId,
            windowTotal ? formatNormalised(windowTotal) : null,
          );
          if (!first) throw new Error(`deposit ${id} changed under its lock`);
          await recordAudit(tx, actor, {
            action: 'deposit.first_approve',
            targetType: 'deposit',
            targetId: id,
            before: { status: 'pending', first_approved_by: null },
            after: {
              status: 'pending',
              first_approved_by: actor.adminId,
              threshold: thresholds.deposit,
              window_total: first.firstApprovalWindowTotal,
              amount: first.amount,
              currency: first.currency,
              user_id: first.userId,
              user_email: await userEmail(),
              to_address: first.toAddress,
              tx_hash: first.txHash,
            },
          });
          return { kind: 'first_approval', row: first };
        }
      }
    }
    const reviewed = await repo.reviewPendingDeposit(tx, id, {
      status: body.status,
      adminNote: body.adminNote ?? null,
      reviewedBy: actor.adminId,
    });
    if (!reviewed) throw new Error(`deposit ${id} changed under its lock`);
    if (reviewed.status === 'approved') await credit(tx, reviewed, actor.adminId);
    const notices = await notify(tx, [
      depositReviewed({
        id: reviewed.id,
        userId: reviewed.userId,
        status: reviewed.status === 'approved' ? 'approved' : 'rejected',
        amount: reviewed.amount,
        currency: reviewed.currency,
        adminNote: reviewed.adminNote,
      }),
    ]);
    await recordAudit(tx, actor, {
      action: reviewed.status === 'approved' ? 'deposit.approve' : 'deposit.reject',
      targetType: 'deposit',
      targetId: id,
      before: { status: 'pending', first_approved_by: locked.firstApprovedBy },
      after: {
        status: reviewed.status,
        admin_note: reviewed.adminNote,
        amount: reviewed.amount,
        currency: reviewed.currency,
        // Whose deposit, and where it was paid (issue 17: money rows name user, amount, address).
        user_id: reviewed.userId,
        user_email: await userEmail(),
        to_address: reviewed.toAddress,
        tx_hash: reviewed.txHash,
        // Dual control: the first approver, when a second admin completed it.
        first_approved_by: reviewed.firstApprovedBy,
      },
    });
    return { kind: 'reviewed', row: reviewed, notices };
  }

  /** The deposit's value in USDT for the threshold, read before the review's transaction. */
  const usdtValueOfDeposit = (d: { currency: string; amount: string }) =>
    usdtValueOf(deps.prices, d.currency, d.amount);

  /** The prices the user's 24 h window needs, read before the review's transaction. */
  const windowPricesOf = async (d: { id: number; userId: number; currency: string }) =>
    windowPrices(deps.prices, await repo.approvalWindowSums(db, d.userId, d.id), d.currency);

  /** Tells the other admins that a deposit waits for their approval. */
  function announceFirstApprovalOf(row: repo.DepositRow, adminId: number) {
    announceFirstApproval(realtime, {
      type: 'deposit',
      id: row.id,
      firstApproverId: adminId,
      // The owner may not approve their own deposit: no "needs your approval" for them.
      ownerIds: [row.userId],
      message: msg('backOffice.firstApproval.deposit', {
        id: row.id,
        amount: formatNormalised(decimalFromDb(row.amount)),
        currency: row.currency,
        reason: firstApprovalReason(row.firstApprovalWindowTotal),
      }),
    });
  }

  /** Tells the owner, after the review's transaction has committed (a refetch then sees it). */
  function announceReview({ row, notices }: { row: repo.DepositRow; notices: WrittenNotification[] }) {
    const event: DepositStatusUpdateEvent = { deposit: toUserDeposit(row) };
    realtime.toUser(row.userId, REALTIME_EVENTS.depositStatusUpdate, event);
    pushNotifications(realtime, notices);
  }

  return {
    /** `user` is the signed-in caller (the guard already loaded it). */
    async create(user: { id: number; email: string }, body: CreateDepositBody): Promise<UserDeposit> {
      const userId = user.id;
      // One transfer, however its hash is written: the unique index compares this form.
      const txHashNormalized = body.tx_hash === undefined ? '' : normaliseTxHash(body.tx_hash);
      if (body.tx_hash !== undefined && !txHashNormalized) throw badRequest(msg('deposits.txHashFormat'));
      const seal = currentSeal();
      const deposit = await db.transaction(async (tx) => {
        const channel = await findActiveDepositChannel(tx, body.channel_id);
        if (!channel) throw notFound(msg('deposits.channelUnavailable'));
        // A USDT transfer is named by its transaction hash; a bank or wallet transfer by any reference.
        if (channel.type === 'crypto' && body.tx_hash !== undefined && !isTxHashShaped(txHashNormalized))
          throw badRequest(DEPOSIT_TX_HASH_TEXT);
        // Never more digits than the currency has: what the user confirms and the operator approves
        // is then exactly the amount shown.
        const precision = amountPrecisionRefusal(body.amount, channel.currency, 'deposit');
        if (precision) throw badRequest(precision);
        const amount = new Decimal(body.amount);
        const outside = channelLimitRefusal(amount, 'deposit', {
          min: decimalFromDb(channel.minAmount),
          max: decimalFromDb(channel.maxAmount),
          currency: channel.currency,
        });
        if (outside) throw businessRule(outside);
        // The count and the insert under the user's lock: concurrent requests would each count the
        // same pending deposits and all pass the limit.
        await lockUserScope(tx, 'pendingDeposit', userId);
        if ((await repo.countPendingDepositsOfUser(tx, userId)) >= MAX_PENDING_DEPOSITS_PER_USER)
          throw businessRule(msg('deposits.tooManyPending', { max: MAX_PENDING_DEPOSITS_PER_USER }));
        let row: repo.DepositRow;
        try {
          row = await tx.transaction((sp) =>
            repo.insertDeposit(sp, {
              userId,
              channelId: channel.id,
              channelName: channel.name,
              toAddress: channel.address,
              currency: channel.currency,
              amount: formatNormalised(amount),
              txHash: body.tx_hash ?? null,
              txHashNormalized: txHashNormalized || null,
              remark: body.remark ?? null,
            }),
          );
        } catch (err) {
          if (isUniqueViolation(err)) throw conflict(msg('deposits.txHashUsed'));
          throw err;
        }
        await sealEffect(tx, seal, toUserDeposit(row));
        return row;
      });
      const amount = formatNormalised(decimalFromDb(deposit.amount));
      realtime.toAdmins(
        REALTIME_EVENTS.adminNotification,
        adminNotice(
          'deposit',
          { email: user.email, amount, currency: deposit.currency },
          { type: 'deposit', sound: true, id: deposit.id },
        ),
      );
      return toUserDeposit(deposit);
    },

    /** One of the user's own deposits (another's is 404, as if it did not exist). */
    async getOwn(userId: number, id: number): Promise<UserDeposit> {
      const row = await repo.findOwnDeposit(db, userId, id);
      if (!row) throw notFound(msg('deposits.notFound'));
      return toUserDeposit(row);
    },

    async listOwn(userId: number, query: { page: number; limit: number }) {
      const { rows, total } = await repo.listDeposits(db, { userId }, pageOf(query));
      return { deposits: rows.map(toUserDeposit), pagination: paginationOf(query, total) };
    },

    async listForAdmin(query: AdminDepositsQuery) {
      const filter: repo.DepositFilter = {
        userId: query.user_id,
        status: query.status,
        awaitingSecondApproval: query.awaitingSecondApproval,
        search: query.search || undefined,
        since: query.dateRange,
      };
      const [{ rows, total }, stats] = await Promise.all([
        repo.listDeposits(db, filter, pageOf(query)),
        repo.depositStats(db, DEFAULT_CURRENCY),
      ]);
      return {
        deposits: rows.map(toAdminDeposit),
        pagination: paginationOf(query, total),
        stats: toStats(stats),
      };
    },

    /**
     * Only a pending deposit can be reviewed; the loser of a race (or a second click) gets 409 and
     * nothing moves. At or above the threshold the first approval is recorded (the reply's deposit
     * is still pending, with first_approval) and the same admin again is 409 需要另一位管理员复核.
     */
    async review(id: number, body: DepositReviewBody, actor: AuditActor): Promise<AdminDeposit> {
      const existing = await repo.findDepositWithEmail(db, id);
      if (!existing) throw notFound(msg('deposits.notFound'));
      const approving = body.status === 'approved';
      const usdtValue = approving ? await usdtValueOfDeposit(existing) : null;
      const prices = approving ? await windowPricesOf(existing) : new Map<string, string>();
      const thresholds = await readThresholdAmounts(db);
      const seal = currentSeal();
      const { outcome, shown } = await db.transaction(async (tx) => {
        const outcome = await reviewInTx(tx, id, body, actor, usdtValue, thresholds, prices);
        if (outcome.kind !== 'first_approval' && outcome.kind !== 'reviewed') return { outcome, shown: null };
        // The deposit as this review left it, which the reply shows (with its Idempotency-Key).
        const row = await repo.findDepositWithEmail(tx, id);
        if (!row) throw new Error(`deposit ${id} vanished in its review`);
        const shown = toAdminDeposit(row);
        await sealEffect(tx, seal, shown);
        return { outcome, shown };
      });
      if (outcome.kind === 'missing') throw notFound(msg('deposits.notFound'));
      if (outcome.kind === 'not_pending') throw conflict(DEPOSIT_ALREADY_REVIEWED);
      if (outcome.kind === 'same_admin') throw conflict(DUAL_CONTROL_TEXTS.secondAdminRequired);
      if (outcome.kind === 'not_counting') throw forbidden(DUAL_CONTROL_TEXTS.approverNotCountingYet);
      if (outcome.kind === 'first_approval') announceFirstApprovalOf(outcome.row, actor.adminId);
      else announceReview(outcome);
      if (!shown) throw new Error(`deposit ${id}: a review without its deposit`);
      return shown;
    },

    /**
     * Reviews the given ids that are still pending, each in its own transaction so that one
     * failure does not undo the others; ids that are not pending (or are taken by a concurrent
     * review) are skipped. Each row is decided on its own: at or above the threshold an approval
     * records the first approval (awaitingSecondApprovalIds) or, by the admin who recorded it, is
     * skipped with 需要另一位管理员复核; a different admin's approval completes it. Rows that need two
     * admins are skipped with the reason when the admin's approvals do not count yet (first 24 h).
     */
    async batchReview(
      body: DepositBatchReviewBody,
      actor: AuditActor,
      language: Language = DEFAULT_LANGUAGE,
    ) {
      const status = body.action === 'approve' ? 'approved' : 'rejected';
      const processedIds: number[] = [];
      const awaitingSecondApprovalIds: number[] = [];
      const skipped: { id: number; reason: string }[] = [];
      // A skipped row's reason, a contracts' text, in the admin's language.
      const skip = (id: number, reason: string) => skipped.push({ id, reason: render(language, reason) });
      const ids = [...new Set(body.depositIds)];
      // A batch that holds the admin's own deposit is refused whole (403), before anything moves;
      // the owner of a deposit never changes, and reviewInTx checks each row again.
      assertNoneOwnRequest(actor.adminId, await repo.depositOwnerIds(db, ids));
      // Once per call, not per row (a save while the batch runs applies to the next call).
      const thresholds = await readThresholdAmounts(db);
      for (const pending of await repo.pendingDepositAmounts(db, ids)) {
        const usdtValue = status === 'approved' ? await usdtValueOfDeposit(pending) : null;
        const prices = status === 'approved' ? await windowPricesOf(pending) : new Map<string, string>();
        const outcome = await db.transaction((tx) =>
          reviewInTx(
            tx,
            pending.id,
            { status, adminNote: body.adminNote },
            actor,
            usdtValue,
            thresholds,
            prices,
          ),
        );
        if (outcome.kind === 'reviewed') {
          processedIds.push(pending.id);
          announceReview(outcome);
        } else if (outcome.kind === 'first_approval') {
          awaitingSecondApprovalIds.push(pending.id);
          announceFirstApprovalOf(outcome.row, actor.adminId);
        } else if (outcome.kind === 'same_admin') {
          skip(pending.id, DUAL_CONTROL_TEXTS.secondAdminRequired);
        } else if (outcome.kind === 'not_counting') {
          skip(pending.id, DUAL_CONTROL_TEXTS.approverNotCountingYet);
        }
      }
      return { processedCount: processedIds.length, processedIds, awaitingSecondApprovalIds, skipped };
    },
  };
}

export type DepositService = ReturnType<typeof createDepositService>;

const money = (value: string) => formatFixed(decimalFromDb(value));

function toUserDeposit(row: repo.DepositRow): UserDeposit {
  return {
    id: row.id,
    channel_id: row.channelId,
    channel_name: row.channelName,
    to_address: row.toAddress,
    currency: row.currency,
    amount: money(row.amount),
    tx_hash: row.txHash,
    remark: row.remark,
    status: row.status,
    admin_note: row.adminNote,
    created_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
  };
}

function toAdminDeposit(row: repo.DepositWithEmail): AdminDeposit {
  return {
    id: row.id,
    user_id: row.userId,
    user_email: row.userEmail,
    amount: money(row.amount),
    currency: row.currency,
    channel_name: row.channelName,
    to_address: row.toAddress,
    tx_hash: row.txHash,
    remark: row.remark,
    status: row.status,
    admin_note: row.adminNote,
    created_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    processed_at: row.processedAt?.toISOString() ?? null,
    first_approval:
      row.status === 'pending' && row.firstApprovedBy !== null && row.firstApprovedAt !== null
        ? {
            admin_id: row.firstApprovedBy,
            admin_email: row.firstApproverEmail,
            at: row.firstApprovedAt.toISOString(),
            window_total: row.firstApprovalWindowTotal ? money(row.firstApprovalWindowTotal) : null,
          }
        : null,
  };
}

function toStats(s: repo.DepositStatsRow): DepositStats {
  return {
    totalDeposits: s.total,
    pendingDeposits: s.pending,
    approvedDeposits: s.approved,
    rejectedDeposits: s.rejected,
    totalAmount: money(s.totalAmount),
    todayAmount: money(s.todayAmount),
  };
}
