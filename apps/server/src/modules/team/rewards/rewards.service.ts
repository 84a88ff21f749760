import {
  ADMIN_TEAM_TEXTS,
  type AdminRewardStats,
  type AdminRewardsQuery,
  type PayoutApproval,
  type RewardsDistributeBody,
  TEAM_REWARD_CURRENCY,
  type TeamReward,
  type TeamRewardStatus,
} from '@platform/contracts';
import { conflict } from '../../../core/errors.ts';
import { decimalFromDb, formatNormalised, sumDecimals } from '../../../core/money.ts';
import { assertNoneOwnRequest } from '../../../core/own-request.ts';
import { pageOf, paginationOf } from '../../../core/paging.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { msg } from '../../../i18n/i18n.ts';
import { ledgerMemo } from '../../../i18n/ledger-memos.ts';
import { type AuditActor, recordAudit } from '../../audit/audit.service.ts';
import {
  announceFirstApproval,
  describePayoutApproval,
  gatePayout,
  pendingApprovalsIndex,
} from '../../dual-control/payout-approvals.ts';
import { currentSeal, sealEffect } from '../../idempotency/effect-seal.ts';
import {
  type PostTransactionRequest,
  postTransaction,
  postTransactionsBatch,
} from '../../ledger/ledger.service.ts';
import { rewardPaid } from '../../notifications/notices.ts';
import {
  notify,
  pushNotifications,
  type WrittenNotification,
} from '../../notifications/notifications.service.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { teamPaidSince } from '../team.payouts.ts';
import { calculateRewards, LOWEST_REWARD_TIER, type RewardCalculation } from './reward-calculation.ts';
import * as repo from './rewards.repository.ts';

/** The ledger key of a reward's credit: one posting per reward, whatever the retries or races. */
export const rewardLedgerKey = (rewardId: number) => `team_reward:${rewardId}`;
export const REWARD_LEDGER_KIND = 'team_reward';

export interface RewardDistribution {
  distributed: number;
  skipped: number[];
  amount: string;
  /** Dual control: the first approval this call recorded; nothing was credited. */
  awaitingSecondApproval: PayoutApproval | null;
}

/**
 * The admin's team rewards (contracts/team-admin.ts): the list with its stats, the recalculation
 * (reward-calculation.ts) and the distribution, which credits each pending reward once from the
 * system account `rewards` to the user's available balance.
 */
export function createRewardsService(deps: { db: Db; realtime?: Pick<Realtime, 'toAdmins' | 'toUser'> }) {
  const { db } = deps;

  /** Credits `rewards` (locked, pending) in `tx`: one ledger transaction each, one statement for many. */
  async function credit(tx: Tx, rewards: readonly repo.PendingReward[], adminId: number) {
    const requests: PostTransactionRequest[] = rewards.map((r) => {
      const amount = formatNormalised(decimalFromDb(r.amount));
      return {
        idempotencyKey: rewardLedgerKey(r.id),
        kind: REWARD_LEDGER_KIND,
        memo: ledgerMemo('teamReward', { tier: r.tier, id: r.id }),
        metadata: { rewardId: r.id, tier: r.tier, adminId },
        postings: [
          { account: { system: 'rewards' }, currency: r.currency, amount: `-${amount}` },
          { account: { userId: r.userId, bucket: 'available' }, currency: r.currency, amount },
        ],
      };
    });
    const [first] = requests;
    if (requests.length === 1 && first) return [await postTransaction(tx, first)];
    return postTransactionsBatch(tx, requests);
  }

  return {
    async list(query: AdminRewardsQuery) {
      const [rows, totals, eligibleUsers, { byReward }] = await Promise.all([
        repo.listRewards(db, { status: query.status, ...pageOf(query) }),
        repo.rewardTotals(db),
        repo.countUsersReaching(db, LOWEST_REWARD_TIER),
        pendingApprovalsIndex(db, 'reward'),
      ]);
      const stats = toStats(totals, eligibleUsers);
      const matching = query.status
        ? query.status === 'pending'
          ? stats.pendingRewards
          : stats.distributedRewards
        : stats.totalRewards;
      const rewards = rows.map((row) => ({
        ...toTeamReward(row),
        // 待复核: a pending first approval of a distribution holding this (still pending) reward.
        first_approval: row.status === 'pending' ? (byReward.get(row.id)?.first_approval ?? null) : null,
      }));
      return { rewards, pagination: paginationOf(query, matching), stats };
    },

    /** Creates the pending rewards of every tier reached and not yet rewarded; audited with the counts. */
    async calculate(actor: AuditActor): Promise<RewardCalculation> {
      return db.transaction(async (tx) => {
        const result = await calculateRewards(tx);
        await recordAudit(tx, actor, {
          action: 'team_reward.calculate',
          targetType: 'team_reward',
          after: result,
        });
        return result;
      });
    },

    /**
     * Credits the given rewards that are pending, all in one transaction: they are locked in id
     * order, each is posted with key `team_reward:<id>` and marked distributed. Ids that are not
     * pending (distributed already, by this admin or a concurrent one, or unknown) are skipped;
     * with none left: 409 and nothing moves.
     */
    async distribute(body: RewardsDistributeBody, actor: AuditActor): Promise<RewardDistribution> {
      const ids = [...new Set(body.rewardIds)].sort((a, b) => a - b);
      let notices: WrittenNotification[] = [];
      const seal = currentSeal();
      const result = await db.transaction(async (tx): Promise<RewardDistribution> => {
        const pending = await repo.lockPendingRewards(tx, ids);
        // A distribution that holds the admin's own reward is refused whole (403), nothing credited.
        assertNoneOwnRequest(
          actor.adminId,
          pending.map((r) => r.userId),
        );
        if (pending.length === 0) throw conflict(ADMIN_TEAM_TEXTS.nothingToDistribute, { skipped: ids });
        // Dual control: a total at or above the payout threshold needs a second admin, who must
        // distribute exactly these rewards (the approval's fingerprint holds ids and amounts).
        const gate = await gatePayout(
          tx,
          {
            kind: 'reward',
            payoutDate: null,
            currency: pending[0]?.currency ?? TEAM_REWARD_CURRENCY,
            items: pending.map((r) => ({
              userId: r.userId,
              rewardId: r.id,
              amount: formatNormalised(decimalFromDb(r.amount)),
            })),
          },
          actor,
          teamPaidSince,
        );
        if (!gate.pay) {
          const taken = new Set(pending.map((r) => r.id));
          const firstApproval = {
            distributed: 0,
            skipped: ids.filter((id) => !taken.has(id)),
            amount: '0',
            awaitingSecondApproval: await describePayoutApproval(tx, gate.approval),
          };
          await sealEffect(tx, seal, firstApproval);
          return firstApproval;
        }
        const posted = await credit(tx, pending, actor.adminId);
        const marked = await repo.markDistributed(
          tx,
          pending.map((r, i) => ({
            id: r.id,
            transactionId: (posted[i] as { transactionId: number }).transactionId,
          })),
          actor.adminId,
        );
        if (marked !== pending.length)
          throw new Error(`marked ${marked} of ${pending.length} locked rewards`);
        notices = await notify(tx, pending.map(rewardPaid));
        const taken = new Set(pending.map((r) => r.id));
        const skipped = ids.filter((id) => !taken.has(id));
        const amount = formatNormalised(sumDecimals(pending.map((r) => decimalFromDb(r.amount))));
        // The audit rows last: each takes a lock held until commit (audit.service.ts recordAudit).
        if (gate.secondApprovalAudit) await recordAudit(tx, actor, gate.secondApprovalAudit);
        await recordAudit(tx, actor, {
          action: 'team_reward.distribute',
          targetType: 'team_reward',
          targetId: pending.length === 1 ? pending[0]?.id : null,
          before: { status: 'pending' },
          after: {
            status: 'distributed',
            rewardIds: pending.map((r) => r.id),
            amount,
            currency: pending[0]?.currency,
            skipped,
          },
        });
        const distributed = { distributed: pending.length, skipped, amount, awaitingSecondApproval: null };
        await sealEffect(tx, seal, distributed);
        return distributed;
      });
      if (deps.realtime) pushNotifications(deps.realtime, notices);
      const waiting = result.awaitingSecondApproval;
      if (waiting)
        announceFirstApproval(deps.realtime, {
          type: 'payout',
          id: waiting.id,
          firstApproverId: actor.adminId,
          ownerIds: waiting.items.map((i) => i.user_id),
          message: msg('backOffice.firstApproval.rewards', {
            count: waiting.items.length,
            total: waiting.total,
            currency: waiting.currency,
          }),
        });
      return result;
    },
  };
}

export type RewardsService = ReturnType<typeof createRewardsService>;

function toStats(totals: readonly repo.RewardTotal[], eligibleUsers: number): AdminRewardStats {
  const of = (status: TeamRewardStatus) => totals.find((t) => t.status === status);
  const amountOf = (status: TeamRewardStatus) => decimalFromDb(of(status)?.amount ?? '0');
  const pending = amountOf('pending');
  const distributed = amountOf('distributed');
  return {
    totalRewards: totals.reduce((n, t) => n + t.count, 0),
    pendingRewards: of('pending')?.count ?? 0,
    distributedRewards: of('distributed')?.count ?? 0,
    eligibleUsers,
    amounts: {
      total: formatNormalised(pending.plus(distributed)),
      pending: formatNormalised(pending),
      distributed: formatNormalised(distributed),
    },
  };
}

function toTeamReward(row: repo.RewardListRow): TeamReward {
  return {
    id: row.id,
    user_id: row.userId,
    email: row.email,
    tier: row.tier,
    amount: formatNormalised(decimalFromDb(row.amount)),
    currency: row.currency,
    direct_count: row.directCount,
    team_size: row.teamSize,
    status: row.status as TeamRewardStatus,
    created_at: row.createdAt.toISOString(),
    distributed_at: row.distributedAt?.toISOString() ?? null,
    distributed_by: row.distributedBy,
    first_approval: null,
  };
}
