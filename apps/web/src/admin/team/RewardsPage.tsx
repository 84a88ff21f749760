import { CalculatorOutlined, SendOutlined } from '@ant-design/icons';
import { ADMIN_TEAM_TEXTS, DUAL_CONTROL_TEXTS, TEAM_REWARD_CURRENCY } from '@platform/contracts';
import { Decimal, formatCount, formatNumber } from '@platform/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Typography } from 'antd';
import { useEffect, useState } from 'react';
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

const LOAD_FAILED = ADMIN_TEAM_TEXTS.rewardsLoadFailed;
const CALCULATE_FAILED = '奖励重新计算失败';
const DISTRIBUTE_FAILED = '奖励发放失败';

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
        `${ADMIN_TEAM_TEXTS.recalculated}：达标用户 ${formatCount(result.calculatedUsers)} 人，新增奖励 ${formatCount(result.newRewards)} 条`,
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
          `${DUAL_CONTROL_TEXTS.firstApprovalRecorded}（${formatCount(waiting.items.length)} 条，共 ${formatNumber(waiting.total, 2)} ${TEAM_REWARD_CURRENCY}）：另一位管理员发放同样的奖励即完成`,
          8,
        );
      } else {
        message.success(
          `${ADMIN_TEAM_TEXTS.distributed}：${formatCount(result.distributed)} 条，共 ${formatNumber(result.amount, 2)} ${TEAM_REWARD_CURRENCY}`,
        );
      }
      if (result.skipped.length > 0) {
        const emails = rewards
          .filter((r) => result.skipped.includes(r.id))
          .map((r) => `${r.email} L${r.tier}`);
        message.warning(`${result.skipped.length} 条奖励已发放或不存在，已跳过：${emails.join('、')}`);
      }
      setSelected([]);
    },
    onError: (error) => {
      message.error(`${DISTRIBUTE_FAILED}: ${errorMessage(error, '未知错误')}`);
    },
    onSettled: () => reload(),
  });

  const confirmCalculate = () => {
    modal.confirm({
      title: '重新计算团队奖励',
      content: ADMIN_TEAM_TEXTS.recalculateConfirm,
      okText: '重新计算',
      cancelText: '取消',
      // The dialog stays open (its button loading) until the server has answered.
      onOk: () => calculate.mutateAsync().catch(() => undefined),
    });
  };

  const confirmDistribute = (rewards: TeamReward[]) => {
    if (rewards.length === 0) {
      message.warning(ADMIN_TEAM_TEXTS.nothingToDistribute);
      return;
    }
    const first = rewards[0];
    const what =
      rewards.length === 1 && first
        ? `${first.email} 的 L${first.tier} 奖励`
        : `选中的 ${rewards.length} 条奖励`;
    modal.confirm({
      title: '确认发放奖励',
      content: (
        <Flex vertical gap={4}>
          <span>{ADMIN_TEAM_TEXTS.distributeConfirm}</span>
          <Typography.Text strong data-testid="reward-confirm-summary">
            {what}，合计 {formatNumber(totalOf(rewards), 2)} {TEAM_REWARD_CURRENCY}
          </Typography.Text>
        </Flex>
      ),
      okText: '确认发放',
      cancelText: '取消',
      onOk: () => distribute.mutateAsync(rewards).catch(() => undefined),
    });
  };

  const data = query.data;
  const pagination = data?.pagination;
  const page = pagination?.page ?? filters.page;
  const selectedRewards = rows.filter((r) => selected.includes(r.id));
  const distributing = new Set(distribute.isPending ? (distribute.variables ?? []).map((r) => r.id) : []);
  const emptyText = query.isPending
    ? '加载中...'
    : filters.status === 'all'
      ? '暂无奖励记录'
      : `暂无${REWARD_STATUS_FILTERS.find((f) => f.key === filters.status)?.label ?? ''}的奖励记录`;

  return (
    <AdminListPage
      title="团队奖励"
      testId="rewards"
      query={query}
      loadFailed={LOAD_FAILED}
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
          重新计算
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
          options={REWARD_STATUS_FILTERS}
          value={filters.status}
          onChange={(status) => setFilters({ status })}
          testIdPrefix="rewards-status"
        />
      }
      batchBar={
        selectedRewards.length > 0 && (
          <Flex justify="space-between" align="center" wrap gap={8} data-testid="rewards-selection">
            <Typography.Text>
              已选 {selectedRewards.length} 条待发放奖励，合计{' '}
              <Typography.Text strong>
                {formatNumber(totalOf(selectedRewards), 2)} {TEAM_REWARD_CURRENCY}
              </Typography.Text>
            </Typography.Text>
            <Flex gap={8}>
              <Button size="small" onClick={() => setSelected([])} data-testid="rewards-selection-clear">
                取消选择
              </Button>
              <Button
                size="small"
                type="primary"
                icon={<SendOutlined />}
                loading={distribute.isPending}
                onClick={() => confirmDistribute(selectedRewards)}
                data-testid="rewards-distribute-selected"
              >
                发放选中（{selectedRewards.length}）
              </Button>
            </Flex>
          </Flex>
        )
      }
      tableTitle="奖励记录"
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
          noun="条记录"
          onChange={(next) => setFilters({ page: next })}
          testId="rewards"
        />
      }
      below={<RewardTiersCard />}
    />
  );
}
