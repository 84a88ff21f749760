import { ReloadOutlined } from '@ant-design/icons';
import { REWARD_TIERS, TEAM_REWARD_CURRENCY } from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/request.ts';
import { levelColumns, numeric, tableAmount } from './levelColumns.tsx';
import { TargetBars } from './TargetBars.tsx';
import { TEAM_QUERY_ROOT, type TeamStats, teamKeys, updateTeamStats } from './teamApi.ts';
import { chargedCounts, nextTierProgress, type TierRow, tierRows } from './teamProgress.ts';

function TierState({ row }: { row: TierRow }) {
  const { t } = useTranslation('user');
  if (row.state === 'reached') {
    if (row.rewardStatus === 'distributed')
      return <Tag color="success">{t('team.tiers.rewardStatus.distributed')}</Tag>;
    if (row.rewardStatus === 'pending')
      return <Tag color="warning">{t('team.tiers.rewardStatus.pending')}</Tag>;
    return <Tag color="success">{t('team.tiers.reached')}</Tag>;
  }
  if (row.state === 'next') return <Tag color="processing">{t('team.tiers.inProgress')}</Tag>;
  return <Typography.Text type="secondary">{t('team.notReached')}</Typography.Text>;
}

const tierColumns = (t: TFunction<'user'>): TableColumnsType<TierRow> => [
  ...levelColumns<TierRow>(t, (row) => row.state === 'reached', 'gold'),
  {
    title: t('team.tiers.reward', { currency: TEAM_REWARD_CURRENCY }),
    key: 'reward',
    align: 'right',
    render: (_, row) => <span style={numeric}>{tableAmount(row.reward)}</span>,
  },
  {
    title: t('team.tiers.state'),
    key: 'state',
    align: 'center',
    render: (_, row) => <TierState row={row} />,
  },
];

export const updateResult = (t: TFunction<'user'>, newRewards: number) =>
  newRewards > 0 ? t('team.tiers.updated', { n: newRewards }) : t('team.tiers.updatedNone');

/** 刷新: POST /api/team/update-stats creates the rewards of newly reached tiers and answers fresh stats. */
function useUpdateStats() {
  const client = useQueryClient();
  const { message } = App.useApp();
  const { t } = useTranslation('user');
  return useMutation({
    mutationFn: updateTeamStats,
    onSuccess: ({ newRewards, ...stats }) => {
      client.setQueryData(teamKeys.stats, stats);
      // Counts may have moved since the lists and ranking were loaded; the stats just came back.
      void client.invalidateQueries({
        queryKey: TEAM_QUERY_ROOT,
        predicate: (query) => !['stats', 'qr', 'config'].includes(String(query.queryKey[1])),
      });
      message.success(updateResult(t, newRewards));
    },
    onError: (error) => message.error(errorMessage(error, t('team.loadFailed.update'))),
  });
}

/** 奖励等级: the tier reached, what the next one still needs, and the ten tiers with those reached marked. */
export function RewardTierCard({ stats }: { stats: TeamStats }) {
  const { t } = useTranslation('user');
  const update = useUpdateStats();
  const next = nextTierProgress(chargedCounts(stats), REWARD_TIERS);
  const nextReward = REWARD_TIERS.find((tier) => tier.level === next?.level)?.reward;

  return (
    <Card
      size="small"
      title={t('team.tiers.title')}
      data-testid="team-tiers"
      extra={
        <Button
          size="small"
          icon={<ReloadOutlined />}
          loading={update.isPending}
          onClick={() => update.mutate()}
          data-testid="team-update-stats"
        >
          {t('team.tiers.refresh')}
        </Button>
      }
    >
      <Flex vertical gap={12}>
        <Flex align="center" justify="space-between" gap={8} wrap>
          <Flex align="center" gap={8}>
            <Typography.Text>{t('team.tiers.current')}</Typography.Text>
            {stats.currentTier > 0 ? (
              <Tag color="gold" style={{ fontSize: 14, padding: '2px 10px' }} data-testid="tier-current">
                L{stats.currentTier}
              </Tag>
            ) : (
              <Tag data-testid="tier-current">{t('team.notReached')}</Tag>
            )}
          </Flex>
          {next && nextReward && (
            <Typography.Text type="secondary" style={{ fontSize: 13 }} data-testid="tier-next">
              {t('team.tiers.next', {
                level: next.level,
                amount: tableAmount(nextReward),
                currency: TEAM_REWARD_CURRENCY,
              })}
            </Typography.Text>
          )}
        </Flex>
        {update.data && (
          // Stays after the message fades: the user may look away while it runs.
          <Typography.Text type="success" style={{ fontSize: 13 }} data-testid="tier-update-result">
            {updateResult(t, update.data.newRewards)}
          </Typography.Text>
        )}
        {next ? (
          <TargetBars progress={next} testId="tier-progress" />
        ) : (
          <Typography.Text type="success" data-testid="tier-next">
            {t('team.tiers.top')}
          </Typography.Text>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('team.tiers.note')}
        </Typography.Text>
        <Table<TierRow>
          rowKey="level"
          size="small"
          columns={tierColumns(t)}
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
