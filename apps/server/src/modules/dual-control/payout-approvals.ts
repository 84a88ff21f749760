import { createHash } from 'node:crypto';
import { DUAL_CONTROL_TEXTS, type PayoutApproval, REALTIME_EVENTS } from '@platform/contracts';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { conflict, notFound } from '../../core/errors.ts';
import { Decimal, decimalFromDb, formatFixed, formatNormalised, sumDecimals } from '../../core/money.ts';
import { assertNoneOwnRequest } from '../../core/own-request.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { parseId, queryRows, rowText } from '../../db/rows.ts';
import { lockUserScopes } from '../../db/user-locks.ts';
import { type Message, msg } from '../../i18n/i18n.ts';
import { type AuditActor, type AuditEntry, recordAudit } from '../audit/audit.service.ts';
import { currentSeal, sealEffect } from '../idempotency/effect-seal.ts';
import { adminNoticeOf } from '../realtime/admin-notices.ts';
import type { Realtime } from '../realtime/realtime.ts';
import { userDirectory } from '../users/users.ts';
import { windowStart } from './approval-window.ts';
import { assertApprovalCounts } from './counting-approvers.ts';
import { type PayoutApprovalItem, payoutApprovals } from './dual-control.schema.ts';
import { readThresholdAmounts } from './thresholds.repository.ts';
import { needsSecondApproval } from './usdt-value.ts';

export type PayoutKind = 'salary' | 'reward';
type PayoutApprovalRow = typeof payoutApprovals.$inferSelect;

/** What a payout call is about to pay: the second admin's call must compute exactly the same. */
export interface ProposedPayout {
  kind: PayoutKind;
  payoutDate: string | null;
  currency: string;
  items: readonly PayoutApprovalItem[];
}

/**
 * The outcome of the gate: pay now (below the threshold, or a second admin's approval), or wait.
 * A second approval's audit entry is not written by the gate: the caller writes it (recordAudit)
 * after posting the payout, beside its own audit row, because the audit write takes a lock held
 * until commit and must come last (the ledger accounts first, as everywhere else).
 */
export type PayoutGate =
  | { pay: true; approval: PayoutApprovalRow | null; secondApprovalAudit: AuditEntry | null }
  | { pay: false; approval: PayoutApprovalRow };

/**
 * The fingerprint of a payout: kind, date, currency and every (user, reward, level, amount), sorted
 * and normalised, hashed. Two calls that would pay the same thing have the same fingerprint; a call
 * that pays anything else (another user, amount, date, reward) has another one.
 */
function payoutFingerprint(p: ProposedPayout): string {
  const items = [...p.items]
    .map((i) => [i.userId, i.rewardId ?? null, i.level ?? null, formatNormalised(new Decimal(i.amount))])
    .sort((a, b) => (a[0] as number) - (b[0] as number) || ((a[1] as number) ?? 0) - ((b[1] as number) ?? 0));
  const canonical = JSON.stringify([p.kind, p.payoutDate, p.currency, items]);
  return createHash('sha256').update(canonical).digest('hex');
}

const lockPending = async (tx: Tx, kind: PayoutKind, fingerprint: string) =>
  (
    await tx
      .select()
      .from(payoutApprovals)
      .where(
        and(
          eq(payoutApprovals.kind, kind),
          eq(payoutApprovals.fingerprint, fingerprint),
          eq(payoutApprovals.status, 'pending'),
        ),
      )
      .for('update')
  )[0];

/**
 * What the payout's owner paid the payees in `ids` (an SQL list of ids) at or after `since` (an SQL
 * time), as SQL rows (user_id, amount): the team's salaries and rewards, written by the team module
 * (team/team.payouts.ts), which imports this one, so that dual control does not name its tables.
 */
export type PaidSince = (ids: SQL, since: SQL) => SQL;

/**
 * What each of `payees` was paid (`paidSince`: salaries, rewards) or is to be paid by a pending first
 * approval in the last 24 h, by the database's clock; never the pending approval of `self` (the
 * payout under way, whose second admin is paying it). Amounts as the payout threshold compares them
 * (USDT). One statement.
 */
async function payeeWindowTotals(
  exec: Executor,
  payees: readonly number[],
  self: { kind: PayoutKind; fingerprint: string },
  paidSince: PaidSince,
): Promise<Map<number, Decimal>> {
  const ids = sql.join(
    payees.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  const rows = await queryRows<{ user_id: unknown; total: unknown }>(
    exec,
    sql`SELECT user_id, sum(amount)::text AS total FROM (
          SELECT user_id, amount FROM (${paidSince(ids, windowStart())}) AS owner_paid
          UNION ALL
          SELECT (item->>'userId')::bigint, (item->>'amount')::numeric
            FROM payout_approvals, jsonb_array_elements(items) AS item
            WHERE status = 'pending' AND first_approved_at >= ${windowStart()}
              AND NOT (kind = ${self.kind} AND fingerprint = ${self.fingerprint})
        ) AS paid
        WHERE user_id IN (${ids})
        GROUP BY user_id`,
  );
  return new Map(rows.map((r) => [parseId(r.user_id), decimalFromDb(rowText(r.total))]));
}

/**
 * The largest payee's total over the 24 h window (this payout's items of the payee plus what the
 * payee was paid or first-approved before), when it reaches `threshold`; null when none does. The
 * payees' locks are held until commit, so two payouts of one payee at once see each other.
 */
async function payeeWindowReaching(
  tx: Tx,
  proposed: ProposedPayout,
  fingerprint: string,
  threshold: string,
  paidSince: PaidSince,
): Promise<Decimal | null> {
  const own = new Map<number, Decimal>();
  for (const i of proposed.items)
    own.set(i.userId, (own.get(i.userId) ?? new Decimal(0)).plus(new Decimal(i.amount)));
  await lockUserScopes(tx, 'payoutApprovalWindow', [...own.keys()]);
  const before = await payeeWindowTotals(
    tx,
    [...own.keys()],
    { kind: proposed.kind, fingerprint },
    paidSince,
  );
  let largest: Decimal | null = null;
  for (const [userId, amount] of own) {
    const total = amount.plus(before.get(userId) ?? new Decimal(0));
    if (needsSecondApproval(total, threshold) && (largest === null || total.gt(largest))) largest = total;
  }
  return largest;
}

/**
 * Dual control of a payout, inside the payout's transaction, before any money moves (`paidSince`:
 * what the payees were paid before, from the payout's owner). Below the
 * payout threshold (by the total, and by each payee's total over the last 24 h: what they were paid
 * or first-approved before plus this payout, so payouts paid one by one add up): pay. At or above it: with no pending first approval of exactly
 * this payout, record one (this admin) and pay nothing; with one by this admin: 409
 * 需要另一位管理员复核; with one by another admin: mark it completed and pay — in the same
 * transaction as the payment, so a payment that fails leaves the approval pending. At or above it an
 * admin whose approvals do not count yet (first 24 h) is refused either way (403, nothing recorded).
 *
 * Races: the pending row is locked; two first approvals at once meet on the partial unique index
 * (ON CONFLICT DO NOTHING waits for the other's commit), and the loser reads the winner's row: the
 * same admin gets 409, a different admin completes it. Exactly one call pays.
 */
export async function gatePayout(
  tx: Tx,
  proposed: ProposedPayout,
  actor: AuditActor,
  paidSince: PaidSince,
): Promise<PayoutGate> {
  const total = sumDecimals(proposed.items.map((i) => new Decimal(i.amount)));
  const thresholds = await readThresholdAmounts(tx);
  if (proposed.items.length === 0) return { pay: true, approval: null, secondApprovalAudit: null };
  const fingerprint = payoutFingerprint(proposed);
  const windowTotal = await payeeWindowReaching(tx, proposed, fingerprint, thresholds.payout, paidSince);
  if (windowTotal === null && !needsSecondApproval(total, thresholds.payout))
    return { pay: true, approval: null, secondApprovalAudit: null };
  await assertApprovalCounts(tx, actor.adminId);
  let pending = await lockPending(tx, proposed.kind, fingerprint);
  if (!pending) {
    const [inserted] = await tx
      .insert(payoutApprovals)
      .values({
        kind: proposed.kind,
        fingerprint,
        payoutDate: proposed.payoutDate,
        items: proposed.items.map((i) => ({ ...i, amount: formatNormalised(new Decimal(i.amount)) })),
        total: formatNormalised(total),
        windowTotal: windowTotal ? formatNormalised(windowTotal) : null,
        currency: proposed.currency,
        firstApprovedBy: actor.adminId,
      })
      .onConflictDoNothing({
        target: [payoutApprovals.kind, payoutApprovals.fingerprint],
        where: sql`${payoutApprovals.status} = 'pending'`,
      })
      .returning();
    if (inserted) {
      await recordAudit(tx, actor, {
        action: `${auditTarget(proposed.kind)}.first_approve`,
        targetType: 'payout_approval',
        targetId: inserted.id,
        after: {
          status: 'pending',
          kind: proposed.kind,
          payout_date: proposed.payoutDate,
          total: inserted.total,
          currency: proposed.currency,
          items: inserted.items,
          threshold: thresholds.payout,
          window_total: inserted.windowTotal,
        },
      });
      return { pay: false, approval: inserted };
    }
    pending = await lockPending(tx, proposed.kind, fingerprint);
    if (!pending) throw conflict(DUAL_CONTROL_TEXTS.payoutApprovalNotPending);
  }
  if (pending.firstApprovedBy === actor.adminId) throw conflict(DUAL_CONTROL_TEXTS.secondAdminRequired);
  const [completed] = await tx
    .update(payoutApprovals)
    .set({ status: 'completed', decidedBy: actor.adminId, decidedAt: sql`now()` })
    .where(and(eq(payoutApprovals.id, pending.id), eq(payoutApprovals.status, 'pending')))
    .returning();
  if (!completed) throw conflict(DUAL_CONTROL_TEXTS.payoutApprovalNotPending);
  const secondApprovalAudit: AuditEntry = {
    action: `${auditTarget(proposed.kind)}.second_approve`,
    targetType: 'payout_approval',
    targetId: completed.id,
    before: { status: 'pending', first_approved_by: completed.firstApprovedBy },
    after: {
      status: 'completed',
      kind: proposed.kind,
      payout_date: proposed.payoutDate,
      total: completed.total,
      currency: completed.currency,
      first_approved_by: completed.firstApprovedBy,
    },
  };
  return { pay: true, approval: completed, secondApprovalAudit };
}

/**
 * Serialises the salary payouts of one date (single and batch) for the rest of `tx`: the payout's
 * checks (paid already?) then see every payout that committed before, so that a second approval
 * racing another one finds the user paid (409) instead of recording a new, stale first approval.
 */
export async function serialiseSalaryPayouts(tx: Tx, payoutDate: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`salary-payout:${payoutDate}`}))`);
}

/** The admin who gave a payout its first approval. */
const firstApprover = userDirectory('payout_first_approver');

const auditTarget = (kind: PayoutKind) => (kind === 'salary' ? 'team_salary' : 'team_reward');

/** The pending first approvals, newest first (at most `limit`), with the first approver's e-mail. */
export async function listPayoutApprovals(
  exec: Executor,
  filter: { kind?: PayoutKind; status?: PayoutApprovalRow['status']; payoutDate?: string; limit?: number },
): Promise<PayoutApproval[]> {
  const conditions = [eq(payoutApprovals.status, filter.status ?? 'pending')];
  if (filter.kind) conditions.push(eq(payoutApprovals.kind, filter.kind));
  if (filter.payoutDate) conditions.push(eq(payoutApprovals.payoutDate, filter.payoutDate));
  const rows = await exec
    .select({ approval: payoutApprovals, email: firstApprover.email })
    .from(payoutApprovals)
    .leftJoin(firstApprover, eq(firstApprover.id, payoutApprovals.firstApprovedBy))
    .where(and(...conditions))
    .orderBy(desc(payoutApprovals.firstApprovedAt), desc(payoutApprovals.id))
    .limit(filter.limit ?? 200);
  return rows.map((r) => toPayoutApproval(r.approval, r.email));
}

/** The first approver's e-mail of a row (for a reply right after the gate). */
export async function describePayoutApproval(
  exec: Executor,
  row: PayoutApprovalRow,
): Promise<PayoutApproval> {
  const [who] = await exec
    .select({ email: firstApprover.email })
    .from(firstApprover)
    .where(eq(firstApprover.id, row.firstApprovedBy));
  return toPayoutApproval(row, who?.email ?? null);
}

function toPayoutApproval(row: PayoutApprovalRow, firstApproverEmail: string | null): PayoutApproval {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    payout_date: row.payoutDate,
    items: row.items.map((i) => ({
      user_id: i.userId,
      amount: formatNormalised(new Decimal(i.amount)),
      reward_id: i.rewardId ?? null,
      level: i.level ?? null,
    })),
    total: formatFixed(decimalFromDb(row.total)),
    currency: row.currency,
    first_approval: {
      admin_id: row.firstApprovedBy,
      admin_email: firstApproverEmail,
      at: row.firstApprovedAt.toISOString(),
      window_total: row.windowTotal ? formatFixed(decimalFromDb(row.windowTotal)) : null,
    },
  };
}

/**
 * Tells the other admins that a first approval waits for them: never the one who recorded it, nor
 * the owner(s) of the money (the user of the deposit or withdrawal, the users paid), who may not
 * approve it (auth/own-request.ts). Called after the transaction committed.
 */
export function announceFirstApproval(
  realtime: Pick<Realtime, 'toAdmins'> | undefined,
  event: {
    type: 'deposit' | 'withdrawal' | 'payout';
    id: number;
    /** backOffice.firstApproval's text for the kind, rendered in each admin's language. */
    message: Message;
    firstApproverId: number;
    ownerIds: readonly number[];
  },
) {
  realtime?.toAdmins(
    REALTIME_EVENTS.adminNotification,
    adminNoticeOf(msg('backOffice.firstApproval.title'), event.message, {
      type: event.type,
      sound: true,
      id: event.id,
      second_approval: true,
    }),
    { exceptUsers: [...new Set([event.firstApproverId, ...event.ownerIds])] },
  );
}

/**
 * Rejects (cancels) a pending payout approval: any admin may, at once, except one paid in it (403
 * 不能审核自己的申请, nothing changes); nothing was paid. Audited.
 */
export async function rejectPayoutApproval(db: Db, id: number, actor: AuditActor): Promise<PayoutApproval> {
  const seal = currentSeal();
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(payoutApprovals)
      .where(eq(payoutApprovals.id, id))
      .for('update');
    if (!existing) throw notFound(DUAL_CONTROL_TEXTS.payoutApprovalNotFound);
    if (existing.status !== 'pending') throw conflict(DUAL_CONTROL_TEXTS.payoutApprovalNotPending);
    assertNoneOwnRequest(
      actor.adminId,
      existing.items.map((i) => i.userId),
    );
    const [rejected] = await tx
      .update(payoutApprovals)
      .set({ status: 'rejected', decidedBy: actor.adminId, decidedAt: sql`now()` })
      .where(eq(payoutApprovals.id, id))
      .returning();
    if (!rejected) throw conflict(DUAL_CONTROL_TEXTS.payoutApprovalNotPending);
    await recordAudit(tx, actor, {
      action: `${auditTarget(rejected.kind)}.approval_reject`,
      targetType: 'payout_approval',
      targetId: id,
      before: { status: 'pending' },
      after: {
        status: 'rejected',
        kind: rejected.kind,
        payout_date: rejected.payoutDate,
        total: rejected.total,
        currency: rejected.currency,
        first_approved_by: rejected.firstApprovedBy,
      },
    });
    const shown = await describePayoutApproval(tx, rejected);
    await sealEffect(tx, seal, shown);
    return shown;
  });
}

/** For the lists' 待复核 tags: user id (salary, by date) or reward id → the pending first approval. */
export async function pendingApprovalsIndex(
  exec: Executor,
  kind: PayoutKind,
  payoutDate?: string,
): Promise<{ byUser: Map<number, PayoutApproval>; byReward: Map<number, PayoutApproval> }> {
  const approvals = await listPayoutApprovals(exec, { kind, payoutDate, limit: 500 });
  const byUser = new Map<number, PayoutApproval>();
  const byReward = new Map<number, PayoutApproval>();
  // Oldest last so that the newest approval wins for a user in several.
  for (const a of [...approvals].reverse()) {
    for (const item of a.items) {
      byUser.set(item.user_id, a);
      if (item.reward_id !== null) byReward.set(item.reward_id, a);
    }
  }
  return { byUser, byReward };
}
