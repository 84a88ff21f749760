import {
  ADJUSTMENT_STATUS_UPDATE_EVENT,
  type AdjustmentStatusUpdateEvent,
  type AdjustmentsQuery,
  type AdminAdjustment,
  type CreateAdjustmentBody,
  DEFAULT_CURRENCY,
  DUAL_CONTROL_TEXTS,
  REALTIME_EVENTS,
  type RejectAdjustmentBody,
} from '@platform/contracts';
import { badRequest, businessRule, conflict, notFound } from '../../core/errors.ts';
import {
  amountPrecisionRefusal,
  Decimal,
  decimalFromDb,
  formatFixed,
  formatNormalised,
} from '../../core/money.ts';
import { assertNotOwnRequest } from '../../core/own-request.ts';
import { pageOf, paginationOf } from '../../core/paging.ts';
import type { ReferencePriceSource } from '../../core/reference-prices.ts';
import type { Db, Tx } from '../../db/client.ts';
import { msg } from '../../i18n/i18n.ts';
import { ledgerMemo } from '../../i18n/ledger-memos.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { approvalCounts, assertApprovalCounts } from '../dual-control/counting-approvers.ts';
import { usdtValueOf } from '../dual-control/usdt-value.ts';
import { currentSeal, type Seal, sealEffect } from '../idempotency/effect-seal.ts';
import { INSUFFICIENT_BALANCE, postTransaction } from '../ledger/ledger.service.ts';
import { adminNotice } from '../realtime/admin-notices.ts';
import type { Realtime } from '../realtime/realtime.ts';
import * as repo from './adjustments.repository.ts';

export const adjustmentApproveKey = (id: number) => `adjustment:${id}:approve`;

export const NOT_PENDING = msg('adjustments.notPending');

export const adjustmentCapText = (cap: string) => msg('adjustments.cap', { cap });

/**
 * Manual balance adjustments (issue 17). Always two admins: the one who proposes it can never
 * approve it, whatever the amount; nobody proposes, approves or rejects one on their own account.
 * The proposal is the first approval, so both the proposer and the approver must be admins whose
 * approvals count (issue 32: not in their first 24 h, 403); an approval whose proposer no longer
 * counts (disabled or deleted since) is 409 and the proposal can only be rejected.
 * Approval posts through the ledger against the `adjustments` system account in the same
 * transaction as the conditional pending → approved update, so under a race exactly one approval
 * moves money and the other gets 409. A debit past the available balance is refused (422) and the
 * adjustment stays pending.
 *
 * Realtime, after the commit: a proposal asks the other admins for their review (admin_notification),
 * leaving out those who may not approve it (the proposer, and the account's owner when that is an
 * admin); each review tells every admin (adjustment_status_update) so open lists refresh.
 *
 * One adjustment, credit or debit, is at most `maxAmount` (ADJUSTMENT_MAX_AMOUNT, USDT) by its value
 * at the reference price (`prices`); above it, or in a currency without a price, 400 and nothing
 * is recorded (issue 32: no single pair of admins moves an unbounded amount by hand).
 */
export function createAdjustmentService(deps: {
  db: Db;
  realtime: Pick<Realtime, 'toAdmins'>;
  maxAmount: string;
  prices?: ReferencePriceSource;
}) {
  const { db, realtime } = deps;
  const cap = new Decimal(deps.maxAmount);

  /** 400 when the amount's USDT value is above the cap or cannot be known. */
  async function assertWithinCap(currency: string, amount: Decimal) {
    const value = await usdtValueOf(deps.prices, currency, formatNormalised(amount.abs()));
    if (value === null) throw badRequest(msg('adjustments.noPrice', { currency }));
    if (value.gt(cap)) throw badRequest(adjustmentCapText(formatNormalised(cap)));
  }

  function announceReview(view: AdminAdjustment) {
    const event: AdjustmentStatusUpdateEvent = {
      id: view.id,
      status: view.status,
      reviewed_by: view.reviewed_by,
    };
    realtime.toAdmins(ADJUSTMENT_STATUS_UPDATE_EVENT, event);
  }

  /** The audit record's facts: whose money, how much, in what, why. */
  const auditFacts = (row: repo.AdjustmentRow, userEmail: string) => ({
    user_id: row.userId,
    user_email: userEmail,
    amount: formatNormalised(decimalFromDb(row.amount)),
    currency: row.currency,
    reason: row.reason,
  });

  async function load(tx: Tx, id: number) {
    const row = await repo.findAdjustment(tx, id);
    if (!row) throw notFound(msg('adjustments.notFound'));
    return row;
  }

  /**
   * Last in the change's transaction: the adjustment as the change left it, which the reply shows,
   * stored with the request's Idempotency-Key.
   */
  async function shownAfter(tx: Tx, id: number, seal: Seal | undefined) {
    const row = await repo.findAdjustment(tx, id);
    if (!row) throw new Error(`adjustment ${id} vanished`);
    const shown = toAdminAdjustment(row);
    await sealEffect(tx, seal, shown);
    return shown;
  }

  return {
    async create(body: CreateAdjustmentBody, actor: AuditActor): Promise<AdminAdjustment> {
      assertNotOwnRequest(actor.adminId, body.user_id);
      const precision = amountPrecisionRefusal(body.amount, body.currency, 'adjustment');
      if (precision) throw badRequest(precision);
      const amount = new Decimal(body.amount);
      const seal = currentSeal();
      const view = await db.transaction(async (tx) => {
        await assertApprovalCounts(tx, actor.adminId);
        const user = await repo.findUser(tx, body.user_id);
        if (!user) throw notFound(msg('adjustments.userNotFound'));
        if (body.currency !== DEFAULT_CURRENCY && !(await repo.isKnownCurrency(tx, user.id, body.currency)))
          throw badRequest(msg('adjustments.unsupportedCurrency', { currency: body.currency }));
        // No row is locked yet: a reference price may be fetched here.
        await assertWithinCap(body.currency, amount);
        // Early feedback only: the approval checks again under the account's lock.
        if (amount.isNegative()) {
          const balance = decimalFromDb(await repo.availableBalance(tx, user.id, body.currency));
          if (balance.plus(amount).isNegative()) throw businessRule(INSUFFICIENT_BALANCE);
        }
        const row = await repo.insertAdjustment(tx, {
          userId: user.id,
          currency: body.currency,
          amount: formatNormalised(amount),
          reason: body.reason,
          createdBy: actor.adminId,
        });
        await recordAudit(tx, actor, {
          action: 'adjustment.create',
          targetType: 'adjustment',
          targetId: row.id,
          after: { status: 'pending', ...auditFacts(row, user.email) },
        });
        return shownAfter(tx, row.id, seal);
      });
      const notice = adminNotice(
        'adjustment',
        {
          creator: view.created_by_email,
          email: view.user_email,
          amount: signed(view.amount),
          currency: view.currency,
        },
        { type: 'adjustment', sound: true, id: view.id },
      );
      realtime.toAdmins(REALTIME_EVENTS.adminNotification, notice, {
        exceptUsers: [actor.adminId, view.user_id],
      });
      return view;
    },

    async list(query: AdjustmentsQuery) {
      const { rows, total, pending } = await repo.listAdjustments(
        db,
        { status: query.status },
        pageOf(query),
      );
      return {
        adjustments: rows.map(toAdminAdjustment),
        pagination: paginationOf(query, total),
        pendingCount: pending,
      };
    },

    async approve(id: number, actor: AuditActor): Promise<AdminAdjustment> {
      const seal = currentSeal();
      const view = await db.transaction(async (tx) => {
        const existing = await load(tx, id);
        assertNotOwnRequest(actor.adminId, existing.userId);
        if (existing.status !== 'pending') throw conflict(NOT_PENDING);
        if (existing.createdBy === actor.adminId) throw conflict(DUAL_CONTROL_TEXTS.secondAdminRequired);
        await assertApprovalCounts(tx, actor.adminId);
        if (!(await approvalCounts(tx, existing.createdBy)))
          throw conflict(DUAL_CONTROL_TEXTS.adjustmentProposerNotCounting);
        const approved = await repo.reviewPending(tx, id, {
          status: 'approved',
          reviewedBy: actor.adminId,
          reviewNote: null,
        });
        if (!approved) throw conflict(NOT_PENDING);
        const amount = formatNormalised(decimalFromDb(approved.amount));
        await postTransaction(tx, {
          idempotencyKey: adjustmentApproveKey(id),
          kind: 'adjustment',
          memo: ledgerMemo('adjustment', { id, reason: approved.reason }),
          metadata: { adjustmentId: id, createdBy: approved.createdBy, approvedBy: actor.adminId },
          postings: [
            {
              account: { system: 'adjustments' },
              currency: approved.currency,
              amount: formatNormalised(decimalFromDb(approved.amount).negated()),
            },
            {
              account: { userId: approved.userId, bucket: 'available' },
              currency: approved.currency,
              amount,
            },
          ],
        });
        await recordAudit(tx, actor, {
          action: 'adjustment.approve',
          targetType: 'adjustment',
          targetId: id,
          before: { status: 'pending' },
          after: {
            status: 'approved',
            created_by: approved.createdBy,
            ...auditFacts(approved, existing.userEmail),
          },
        });
        return shownAfter(tx, id, seal);
      });
      announceReview(view);
      return view;
    },

    /** Any admin may reject (the creator too: that is a cancellation), except on their own account. */
    async reject(id: number, body: RejectAdjustmentBody, actor: AuditActor): Promise<AdminAdjustment> {
      const seal = currentSeal();
      const view = await db.transaction(async (tx) => {
        const existing = await load(tx, id);
        assertNotOwnRequest(actor.adminId, existing.userId);
        const rejected = await repo.reviewPending(tx, id, {
          status: 'rejected',
          reviewedBy: actor.adminId,
          reviewNote: body.reason ?? null,
        });
        if (!rejected) throw conflict(NOT_PENDING);
        await recordAudit(tx, actor, {
          action: 'adjustment.reject',
          targetType: 'adjustment',
          targetId: id,
          before: { status: 'pending' },
          after: {
            status: 'rejected',
            review_note: rejected.reviewNote,
            created_by: rejected.createdBy,
            ...auditFacts(rejected, existing.userEmail),
          },
        });
        return shownAfter(tx, id, seal);
      });
      announceReview(view);
      return view;
    },
  };
}

export type AdjustmentService = ReturnType<typeof createAdjustmentService>;

/** +100, -12.5: the amount as proposed, with its sign. */
const signed = (amount: string) => {
  const normal = formatNormalised(new Decimal(amount));
  return normal.startsWith('-') ? normal : `+${normal}`;
};

function toAdminAdjustment(row: repo.AdjustmentWithEmails): AdminAdjustment {
  return {
    id: row.id,
    user_id: row.userId,
    user_email: row.userEmail,
    currency: row.currency,
    amount: formatFixed(decimalFromDb(row.amount)),
    reason: row.reason,
    status: row.status,
    created_by: row.createdBy,
    created_by_email: row.createdByEmail,
    reviewed_by: row.reviewedBy,
    reviewed_by_email: row.reviewedByEmail,
    review_note: row.reviewNote,
    created_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
  };
}
