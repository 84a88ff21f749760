import { ReloadOutlined } from '@ant-design/icons';
import {
  REWARD_TIERS,
  TEAM_REWARD_CURRENCY,
  TEAM_REWARD_STATUS_LABELS,
  TEAM_TEXTS,
} from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { errorMessage } from '../../lib/request.ts';
import { levelColumns, numeric, tableAmount } from './levelColumns.tsx';
import { TargetBars } from './TargetBars.tsx';
import { TEAM_LOAD_FAILED, TEAM_QUERY_ROOT, type TeamStats, teamKeys, updateTeamStats } from './teamApi.ts';
import { chargedCounts, nextTierProgress, type TierRow, tierRows } from './teamProgress.ts';

function TierState({ row }: { row: TierRow }) {
  if (row.state === 'reached') {
    if (row.rewardStatus === 'distributed')
      return <Tag color="success">{TEAM_REWARD_STATUS_LABELS.distributed}</Tag>;
    if (row.rewardStatus === 'pending') return <Tag color="warning">{TEAM_REWARD_STATUS_LABELS.pending}</Tag>;
    return <Tag color="success">已达成</Tag>;
  }
  if (row.state === 'next') return <Tag color="processing">进行中</Tag>;
  return <Typography.Text type="secondary">未达成</Typography.Text>;
}

const columns: TableColumnsType<TierRow> = [
  ...levelColumns<TierRow>((row) => row.state === 'reached', 'gold'),
  {
    title: `奖励 ${TEAM_REWARD_CURRENCY}`,
    key: 'reward',
    align: 'right',
    render: (_, row) => <span style={numeric}>{tableAmount(row.reward)}</span>,
  },
  { title: '状态', key: 'state', align: 'center', render: (_, row) => <TierState row={row} /> },
];

export const updateResult = (newRewards: number) =>
  newRewards > 0
    ? `${TEAM_TEXTS.statsUpdated}，新增 ${newRewards} 笔奖励`
    : `${TEAM_TEXTS.statsUpdated}，暂无新增奖励`;

/** 刷新: POST /api/team/update-stats creates the rewards of newly reached tiers and answers fresh stats. */
function useUpdateStats() {
  const client = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: updateTeamStats,
    onSuccess: ({ newRewards, ...stats }) => {
      client.setQueryData(teamKeys.stats, stats);
      // Counts may have moved since the lists and ranking were loaded; the stats just came back.
      void client.invalidateQueries({
        queryKey: TEAM_QUERY_ROOT,
        predicate: (query) => !['stats', 'qr', 'config'].includes(String(query.queryKey[1])),
      });
      message.success(updateResult(newRewards));
    },
    onError: (error) => message.error(errorMessage(error, TEAM_LOAD_FAILED.update)),
  });
}

/** 奖励等级: the tier reached, what the next one still needs, and the ten tiers with those reached marked. */
export function RewardTierCard({ stats }: { stats: TeamStats }) {
  const update = useUpdateStats();
  const next = nextTierProgress(chargedCounts(stats), REWARD_TIERS);
  const nextReward = REWARD_TIERS.find((tier) => tier.level === next?.level)?.reward;

  return (
    <Card
      size="small"
      title="奖励等级"
      data-testid="team-tiers"
      extra={
        <Button
          size="small"
          icon={<ReloadOutlined />}
          loading={update.isPending}
          onClick={() => update.mutate()}
          data-testid="team-update-stats"
        >
          刷新
        </Button>
      }
    >
      <Flex vertical gap={12}>
        <Flex align="center" justify="space-between" gap={8} wrap>
          <Flex align="center" gap={8}>
            <Typography.Text>当前等级</Typography.Text>
            {stats.currentTier > 0 ? (
              <Tag color="gold" style={{ fontSize: 14, padding: '2px 10px' }} data-testid="tier-current">
                L{stats.currentTier}
              </Tag>
            ) : (
              <Tag data-testid="tier-current">未达成</Tag>
            )}
          </Flex>
          {next && nextReward && (
            <Typography.Text type="secondary" style={{ fontSize: 13 }} data-testid="tier-next">
              下一等级 L{next.level}，奖励 {tableAmount(nextReward)} {TEAM_REWARD_CURRENCY}
            </Typography.Text>
          )}
        </Flex>
        {update.data && (
          // Stays after the message fades: the user may look away while it runs.
          <Typography.Text type="success" style={{ fontSize: 13 }} data-testid="tier-update-result">
            {updateResult(update.data.newRewards)}
          </Typography.Text>
        )}
        {next ? (
          <TargetBars progress={next} testId="tier-progress" />
        ) : (
          <Typography.Text type="success" data-testid="tier-next">
            已达到最高等级
          </Typography.Text>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          直推与团队人数同时达到即达成该等级，每个等级奖励一次；达成后点「刷新」生成奖励，由平台审核发放。
        </Typography.Text>
        <Table<TierRow>
          rowKey="level"
          size="small"
          columns={columns}
          dataSource={tierRows(stats, REWARD_TIERS)}
          pagination={false}
          scroll={{ x: 'max-content' }}
          onRow={(row) =>
            ({
              'data-testid': `tier-row-${row.level}`,
              'data-state': row.state,
              style: row.state === 'reached' ? { background: '#f6ffed' } : undefined,
            }) as HTMLAttributes<HTMLElement>
          }
        />
      </Flex>
    </Card>
  );
}
