import { CalculatorOutlined, SendOutlined } from '@ant-design/icons';
import { TEAM_REWARD_CURRENCY } from '@platform/contracts';
import { Decimal, formatCount, formatNumber } from '@platform/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFooter } from '../../components/ListFooter.tsx';
import { useIdempotentMutation } from '../../lib/idempotency.ts';
import { useListParams } from '../../lib/listParams.ts';
import { errorMessage } from '../../lib/request.ts';
import { AdminListPage, FilterButtons } from '../shell/AdminListPage.tsx';
import { RewardStatCards } from './rewards/RewardStatCards.tsx';
import { RewardsTable } from './rewards/RewardsTable.tsx';
import { RewardTiersCard } from './rewards/RewardTiersCard.tsx';
import {
  calculateRewards,
  distributeRewards,
  fetchRewards,
  REWARD_LIST_PARAMS,
  REWARD_STATUS_FILTERS,
  REWARDS_QUERY_ROOT,
  type RewardFilters,
  rewardsQueryKey,
  type TeamReward,
} from './rewards/rewardsApi.ts';
import { PendingPayoutApprovals } from './shared/PendingPayoutApprovals.tsx';
import { PAYOUT_APPROVALS_ROOT } from './shared/payoutApprovalsApi.ts';

/** Σ of the records' amounts, exact (decimal strings). */
const totalOf = (rewards: readonly TeamReward[]) =>
  rewards.reduce((sum, reward) => sum.plus(reward.amount), new Decimal(0)).toFixed();

/**
 * 团队奖励 (spec 001 §2 "Rewards", contracts/team-admin.ts): the four cards over every reward record,
 * 重新计算 (pending records for every tier newly reached on charged counts, confirmed), the tier
 * table, and the reward records, 20 a page, filtered by status (kept in the address), with 发放 per
 * record and for the selected pending ones (confirmed; credited to the users' available balance).
 * 待复核发放 (when any waits) lets a second admin complete or reject a distribution another recorded.
 */
export default function RewardsPage() {
  const { t } = useTranslation('admin');
  const CALCULATE_FAILED = t('team.rewards.calculateFailed');
  const usdt = (amount: string) => `${formatNumber(amount, 2)} ${TEAM_REWARD_CURRENCY}`;
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [filters, setAddress] = useListParams(REWARD_LIST_PARAMS);
  const [selected, setSelected] = useState<number[]>([]);

  const query = useQuery({
    queryKey: rewardsQueryKey(filters),
    queryFn: ({ signal }) => fetchRewards(filters, signal),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.rewards ?? [];

  // Only pending records on the page shown can stay selected (a reload may have distributed some).
  useEffect(() => {
    const pending = new Set(rows.filter((r) => r.status === 'pending').map((r) => r.id));
    setSelected((current) => {
      const kept = current.filter((id) => pending.has(id));
      return kept.length === current.length ? current : kept;
    });
  }, [rows]);

  const setFilters = (change: Partial<RewardFilters>) => {
    setSelected([]);
    setAddress(change);
  };

  // A distribution may also have recorded (or completed) a 待复核 payout.
  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: REWARDS_QUERY_ROOT }),
      queryClient.invalidateQueries({ queryKey: PAYOUT_APPROVALS_ROOT }),
    ]);

  const calculate = useMutation({
    mutationFn: calculateRewards,
    onSuccess: (result) => {
      message.success(
        t('team.rewards.recalculated', {
          done: t('team.rewards.recalculatedTitle'),
          users: t('team.rewards.qualifiedUsers', {
            count: result.calculatedUsers,
            n: formatCount(result.calculatedUsers),
          }),
          rewards: t('team.rewards.newRewards', {
            count: result.newRewards,
            n: formatCount(result.newRewards),
          }),
        }),
      );
    },
    onError: (error) => {
      modal.error({ title: CALCULATE_FAILED, content: errorMessage(error, CALCULATE_FAILED) });
    },
    onSettled: () => reload(),
  });

  const distribute = useIdempotentMutation({
    mutationFn: (rewards: TeamReward[], idempotencyKey) =>
      distributeRewards(
        rewards.map((r) => r.id),
        idempotencyKey,
      ),
    onSuccess: (result, rewards) => {
      const waiting = result.awaitingSecondApproval;
      if (waiting) {
        message.info(
          t('team.rewards.firstApproval', {
            recorded: t('team.rewards.firstApprovalRecorded'),
            count: waiting.items.length,
            n: formatCount(waiting.items.length),
            amount: usdt(waiting.total),
          }),
          8,
        );
      } else {
        message.success(
          t('team.rewards.distributed', {
            done: t('team.rewards.distributedTitle'),
            count: result.distributed,
            n: formatCount(result.distributed),
            amount: usdt(result.amount),
          }),
        );
      }
      if (result.skipped.length > 0) {
        const emails = rewards
          .filter((r) => result.skipped.includes(r.id))
          .map((r) => `${r.email} L${r.tier}`);
        message.warning(
          t('team.rewards.skipped', {
            count: result.skipped.length,
            n: result.skipped.length,
            list: emails.join(t('team.rewards.listSeparator')),
          }),
        );
      }
      setSelected([]);
    },
    onError: (error) => {
      message.error(
        t('team.rewards.distributeFailed', { reason: errorMessage(error, t('team.rewards.unknownError')) }),
      );
    },
    onSettled: () => reload(),
  });

  const confirmCalculate = () => {
    modal.confirm({
      title: t('team.rewards.calculateTitle'),
      content: t('team.rewards.calculateConfirm'),
      okText: t('team.rewards.recalculate'),
      cancelText: t('team.rewards.cancel'),
      // The dialog stays open (its button loading) until the server has answered.
      onOk: () => calculate.mutateAsync().catch(() => undefined),
    });
  };

  const confirmDistribute = (rewards: TeamReward[]) => {
    if (rewards.length === 0) {
      message.warning(t('team.rewards.nothingToDistribute'));
      return;
    }
    const first = rewards[0];
    const what =
      rewards.length === 1 && first
        ? t('team.rewards.oneReward', { email: first.email, tier: first.tier })
        : t('team.rewards.selectedRewards', { count: rewards.length, n: rewards.length });
    modal.confirm({
      title: t('team.rewards.distributeTitle'),
      content: (
        <Flex vertical gap={4}>
          <span>{t('team.rewards.distributeConfirm')}</span>
          <Typography.Text strong data-testid="reward-confirm-summary">
            {t('team.rewards.confirmSummary', { what, amount: usdt(totalOf(rewards)) })}
          </Typography.Text>
        </Flex>
      ),
      okText: t('team.rewards.confirmDistribute'),
      cancelText: t('team.rewards.cancel'),
      onOk: () => distribute.mutateAsync(rewards).catch(() => undefined),
    });
  };

  const data = query.data;
  const pagination = data?.pagination;
  const page = pagination?.page ?? filters.page;
  const selectedRewards = rows.filter((r) => selected.includes(r.id));
  const distributing = new Set(distribute.isPending ? (distribute.variables ?? []).map((r) => r.id) : []);
  const statusFilters = REWARD_STATUS_FILTERS.map((key) => ({
    key,
    label: key === 'all' ? t('team.rewards.all') : t(`team.rewards.status.${key}`),
  }));
  const emptyText = query.isPending
    ? t('team.rewards.loading')
    : filters.status === 'all'
      ? t('team.rewards.empty')
      : t('team.rewards.emptyOf', { status: t(`team.rewards.status.${filters.status}`) });

  return (
    <AdminListPage
      title={t('team.rewards.title')}
      testId="rewards"
      query={query}
      loadFailed={t('team.rewards.loadFailed')}
      reloadError="warn"
      refreshing={query.isFetching && !calculate.isPending && !distribute.isPending}
      actions={
        <Button
          type="primary"
          icon={<CalculatorOutlined />}
          loading={calculate.isPending}
          onClick={confirmCalculate}
          data-testid="rewards-recalculate"
        >
          {t('team.rewards.recalculate')}
        </Button>
      }
      summary={
        <>
          <RewardStatCards stats={data?.stats} loading={query.isPending} />
          <PendingPayoutApprovals kind="reward" />
        </>
      }
      filters={
        <FilterButtons
          options={statusFilters}
          value={filters.status}
          onChange={(status) => setFilters({ status })}
          testIdPrefix="rewards-status"
        />
      }
      batchBar={
        selectedRewards.length > 0 && (
          <Flex justify="space-between" align="center" wrap gap={8} data-testid="rewards-selection">
            <Typography.Text>
              {t('team.rewards.selection', { count: selectedRewards.length, n: selectedRewards.length })}{' '}
              <Typography.Text strong>{usdt(totalOf(selectedRewards))}</Typography.Text>
            </Typography.Text>
            <Flex gap={8}>
              <Button size="small" onClick={() => setSelected([])} data-testid="rewards-selection-clear">
                {t('team.rewards.clearSelection')}
              </Button>
              <Button
                size="small"
                type="primary"
                icon={<SendOutlined />}
                loading={distribute.isPending}
                onClick={() => confirmDistribute(selectedRewards)}
                data-testid="rewards-distribute-selected"
              >
                {t('team.rewards.distributeSelected', { n: selectedRewards.length })}
              </Button>
            </Flex>
          </Flex>
        )
      }
      tableTitle={t('team.rewards.tableTitle')}
      table={
        <RewardsTable
          rows={rows}
          loading={query.isFetching}
          selected={selected}
          onSelect={setSelected}
          distributing={distributing}
          onDistribute={(reward) => confirmDistribute([reward])}
          emptyText={emptyText}
        />
      }
      footer={
        <ListFooter
          pagination={pagination}
          page={page}
          noun={t('team.rewards.noun')}
          onChange={(next) => setFilters({ page: next })}
          testId="rewards"
        />
      }
      below={<RewardTiersCard />}
    />
  );
}
