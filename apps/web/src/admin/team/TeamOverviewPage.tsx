import { ClusterOutlined, ReloadOutlined } from '@ant-design/icons';
import { ADMIN_TEAM_TEXTS, TEAM_OVERVIEW_REFRESH_MS } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, Flex, Row, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LoadErrorView } from '../../components/LoadErrorView.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { errorMessage } from '../../lib/request.ts';
import { LinkCards, StatCards } from './overview/OverviewCards.tsx';
import {
  LevelDistribution,
  RecentInvites,
  RewardTierTable,
  TeamGrowth,
  TopInviters,
} from './overview/OverviewLists.tsx';
import { fetchTeamStats, TEAM_STATS_KEY } from './overview/teamOverviewApi.ts';

const LOAD_FAILED = ADMIN_TEAM_TEXTS.statsLoadFailed;

/**
 * 团队概览 (spec 001 §2): the team programme's figures, reloaded silently every 120 s and on demand,
 * link cards to the hierarchy, rewards and salary screens, the reward tiers with how many reached
 * each, users per level, the top inviters, the last 7 days' growth and the newest invites. Every
 * figure is defined in packages/contracts/src/team-admin.ts (shown behind the question marks).
 */
export default function TeamOverviewPage() {
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: TEAM_STATS_KEY,
    queryFn: ({ signal }) => fetchTeamStats(signal),
    refetchInterval: TEAM_OVERVIEW_REFRESH_MS,
  });
  const { data, error, isFetching, dataUpdatedAt } = query;
  // Only the button's own refresh spins it: the periodic one stays silent.
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      await query.refetch();
    } finally {
      setRefreshing(false);
    }
  };

  if (query.isPending) return <PageLoading />;
  if (!data) {
    return (
      <LoadErrorView
        title={LOAD_FAILED}
        reason={errorMessage(error, LOAD_FAILED)}
        onRetry={() => void query.refetch()}
        retrying={isFetching}
      />
    );
  }

  return (
    <Flex vertical gap={16} data-testid="team-overview">
      <Flex align="center" justify="space-between" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          团队概览
        </Typography.Title>
        <Flex align="center" gap={12} wrap>
          <Typography.Text type="secondary" data-testid="team-updated-at">
            最后更新：{formatDateTime(dataUpdatedAt)}
          </Typography.Text>
          <Button
            icon={<ClusterOutlined />}
            onClick={() => navigate('/admin/team/hierarchy')}
            data-testid="team-go-hierarchy"
          >
            团队层级
          </Button>
          <Button
            type="primary"
            icon={<ReloadOutlined />}
            loading={refreshing}
            onClick={() => void refresh()}
            data-testid="team-refresh"
          >
            {refreshing ? '刷新中' : '刷新'}
          </Button>
        </Flex>
      </Flex>

      {error && (
        <Alert type="warning" showIcon title={`${LOAD_FAILED}: ${errorMessage(error, LOAD_FAILED)}`} />
      )}

      <StatCards data={data} />
      <LinkCards data={data} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <RewardTierTable data={data} />
        </Col>
        <Col xs={24} xl={10}>
          <LevelDistribution data={data} />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <TopInviters data={data} />
        </Col>
        <Col xs={24} lg={12}>
          <TeamGrowth data={data} />
        </Col>
      </Row>
      <RecentInvites data={data} />
    </Flex>
  );
}
