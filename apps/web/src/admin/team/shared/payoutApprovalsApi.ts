import {
  batchPaySalary,
  distributeRewards,
  type EndpointData,
  listPendingPayouts,
  type PayoutApproval,
  type PayoutDate,
  type payoutApprovalKinds,
  payoutDateFields,
  paySalary,
  rejectPendingPayout,
  rewardsDistributeBody,
  salaryBatchPayBody,
  salaryPayBody,
} from '@platform/contracts';
import { i18n } from '../../../i18n/index.ts';
import { call } from '../../../lib/request.ts';

export type { PayoutApproval };
export type PayoutApprovalKind = (typeof payoutApprovalKinds)[number];

export type PayoutApprovalsData = EndpointData<typeof listPendingPayouts>;
export type PayoutApprovalData = EndpointData<typeof rejectPendingPayout>;

export const PAYOUT_APPROVALS_ROOT = ['admin', 'payout-approvals'] as const;
export const payoutApprovalsKey = (kind: PayoutApprovalKind) => [...PAYOUT_APPROVALS_ROOT, kind] as const;

/** GET /api/admin/payout-approvals?kind=: the pending first approvals of one kind, newest first. */
export async function fetchPayoutApprovals(
  kind: PayoutApprovalKind,
  signal?: AbortSignal,
): Promise<PayoutApproval[]> {
  const reply = await call(listPendingPayouts, { query: { kind }, signal });
  return reply.data.approvals;
}

/** POST /api/admin/payout-approvals/:id/reject: cancels it (nothing was paid); the server's message. */
export async function rejectPayoutApproval(id: number, idempotencyKey: string): Promise<string> {
  const reply = await call(rejectPendingPayout, { params: { id }, idempotencyKey });
  return reply.message;
}

/** `2026-11-11` → {year, month, day} (checked by the contract), or null for a missing or bad date. */
export function payoutDateOf(key: string | null): PayoutDate | null {
  const match = key ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(key) : null;
  if (!match) return null;
  const parsed = payoutDateFields.safeParse({ year: match[1], month: match[2], day: match[3] });
  return parsed.success ? parsed.data : null;
}

/** Why a proposal cannot be replayed from here (null when it can). */
export function replayProblem(approval: PayoutApproval): string | null {
  if (approval.items.length === 0) return i18n.t('admin:team.shared.problem.noItems');
  if (approval.kind === 'salary' && !payoutDateOf(approval.payout_date))
    return i18n.t('admin:team.shared.problem.noDate');
  if (approval.kind === 'reward' && approval.items.some((i) => i.reward_id === null))
    return i18n.t('admin:team.shared.problem.noRewardId');
  return null;
}

/** The call that completes a proposal: route and body exactly as the first admin's call. */
export type PayoutReplay =
  | { route: 'salary-pay'; userId: number; date: PayoutDate }
  | { route: 'salary-batch-pay'; userIds: number[]; date: PayoutDate }
  | { route: 'reward-distribute'; rewardIds: number[] };

/**
 * The pay call that reproduces a proposal. The server matches the second approval by the
 * fingerprint of kind, date, currency and every (user, reward, level, amount) it is about to pay —
 * not by the route: a salary proposal of one user is replayed with the single pay route (the batch
 * of that one user computes the same fingerprint), one of several users with the batch route and
 * exactly its users (those the first batch skipped are not in the proposal and the server skips
 * them again); a reward proposal with the distribution of exactly its reward ids.
 */
export function payoutReplay(approval: PayoutApproval): PayoutReplay {
  const problem = replayProblem(approval);
  if (problem) throw new Error(problem);
  if (approval.kind === 'reward')
    return { route: 'reward-distribute', rewardIds: approval.items.map((i) => i.reward_id as number) };
  const date = payoutDateOf(approval.payout_date) as PayoutDate;
  const [only] = approval.items;
  if (approval.items.length === 1 && only) return { route: 'salary-pay', userId: only.user_id, date };
  return { route: 'salary-batch-pay', userIds: approval.items.map((i) => i.user_id), date };
}

/** What the replay did, for the message. */
export interface ReplayOutcome {
  /** The server's message. */
  message: string;
  /** The call recorded a new first approval (what it would pay differs from the proposal now). */
  awaiting: boolean;
  /** Users (salary) or reward ids the server skipped (paid already, not eligible, not pending). */
  skipped: number[];
}

/**
 * Makes the proposal's pay call (see payoutReplay), the bodies checked by the contracts as the
 * pages' own pay calls are; the reply's message is the server's.
 */
export async function replayPayout(approval: PayoutApproval, idempotencyKey: string): Promise<ReplayOutcome> {
  const replay = payoutReplay(approval);
  switch (replay.route) {
    case 'salary-pay': {
      const reply = await call(paySalary, {
        params: { id: replay.userId },
        body: salaryPayBody.parse(replay.date),
        idempotencyKey,
      });
      return { message: reply.message, awaiting: reply.data.awaitingSecondApproval !== null, skipped: [] };
    }
    case 'salary-batch-pay': {
      const reply = await call(batchPaySalary, {
        body: salaryBatchPayBody.parse({ ...replay.date, userIds: replay.userIds }),
        idempotencyKey,
      });
      return {
        message: reply.message,
        awaiting: reply.data.awaitingSecondApproval !== null,
        skipped: reply.data.skipped.map((s) => s.userId),
      };
    }
    case 'reward-distribute': {
      const reply = await call(distributeRewards, {
        body: rewardsDistributeBody.parse({ rewardIds: replay.rewardIds }),
        idempotencyKey,
      });
      return {
        message: reply.message,
        awaiting: reply.data.awaitingSecondApproval !== null,
        skipped: reply.data.skipped,
      };
    }
  }
}
