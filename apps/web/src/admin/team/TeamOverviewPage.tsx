import { ClusterOutlined } from '@ant-design/icons';
import { TEAM_OVERVIEW_REFRESH_MS } from '@platform/contracts';
import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { OverviewFrame } from '../../components/OverviewFrame.tsx';
import { LinkCards, StatCards } from './overview/OverviewCards.tsx';
import {
  LevelDistribution,
  RecentInvites,
  RewardTierTable,
  TeamGrowth,
  TopInviters,
} from './overview/OverviewLists.tsx';
import { fetchTeamStats, TEAM_STATS_KEY } from './overview/teamOverviewApi.ts';

/**
 * 团队概览 (spec 001 §2): the team programme's figures, reloaded silently every 120 s and on demand,
 * link cards to the hierarchy, rewards and salary screens, the reward tiers with how many reached
 * each, users per level, the top inviters, the last 7 days' growth and the newest invites. Every
 * figure is defined in packages/contracts/src/team-admin.ts (shown behind the question marks).
 */
export default function TeamOverviewPage() {
  const { t } = useTranslation('admin');
  return (
    <OverviewFrame
      title={t('team.overview.title')}
      testId="team"
      queryKey={TEAM_STATS_KEY}
      fetch={fetchTeamStats}
      refreshMs={TEAM_OVERVIEW_REFRESH_MS}
      loadFailed={t('team.overview.loadFailed')}
      link={{
        to: '/admin/team/hierarchy',
        label: t('team.overview.hierarchy'),
        icon: <ClusterOutlined />,
        testId: 'team-go-hierarchy',
      }}
    >
      {(data) => (
        <>
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
        </>
      )}
    </OverviewFrame>
  );
}
