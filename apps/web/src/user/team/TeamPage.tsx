import { useQuery } from '@tanstack/react-query';
import { Col, Flex, Grid, Row } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorView } from '../../components/LoadErrorView.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { errorMessage } from '../../lib/request.ts';
import { UserPage } from '../shell/UserPage.tsx';
import { InviteCard } from './InviteCard.tsx';
import { MembersCard } from './MembersCard.tsx';
import { RankingCard } from './RankingCard.tsx';
import { RewardTierCard } from './RewardTierCard.tsx';
import { SalaryCard } from './SalaryCard.tsx';
import { TeamStatsCard } from './TeamStatsCard.tsx';
import { fetchTeamStats, teamKeys } from './teamApi.ts';

/**
 * 我的团队: the invite card, the team's figures, reward tier and salary progress, the members and
 * the ranking. The stats feed most sections, so without them the page shows the error view; the
 * invite link, lists, ranking and config load on their own and fail on their own.
 */
export default function TeamPage() {
  const { t } = useTranslation('user');
  const wide = Grid.useBreakpoint().lg === true;
  const stats = useQuery({ queryKey: teamKeys.stats, queryFn: ({ signal }) => fetchTeamStats(signal) });

  let body: ReactNode;
  if (stats.data) {
    const data = stats.data;
    const invite = <InviteCard />;
    const figures = <TeamStatsCard stats={data} />;
    const tiers = <RewardTierCard stats={data} />;
    const salary = <SalaryCard stats={data} />;
    const members = <MembersCard stats={data} />;
    const ranking = <RankingCard />;
    // Phone: one column in reading order. Wide: the short cards (invite, figures, ranking) beside
    // the long ones, so that neither column leaves a hole under a short card.
    body = wide ? (
      <Row gutter={12} align="top">
        <Col span={9}>
          <Flex vertical gap={12}>
            {invite}
            {figures}
            {ranking}
          </Flex>
        </Col>
        <Col span={15}>
          <Flex vertical gap={12}>
            {tiers}
            {salary}
            {members}
          </Flex>
        </Col>
      </Row>
    ) : (
      <Flex vertical gap={12}>
        {invite}
        {figures}
        {tiers}
        {salary}
        {members}
        {ranking}
      </Flex>
    );
  } else if (stats.isError) {
    body = (
      <LoadErrorView
        title={t('team.loadFailed.stats')}
        reason={errorMessage(stats.error, t('team.loadFailed.stats'))}
        onRetry={() => void stats.refetch()}
        retrying={stats.isFetching}
      />
    );
  } else {
    body = <PageLoading />;
  }

  return (
    <UserPage title={t('team.title')} testId="team-page">
      {body}
    </UserPage>
  );
}
