import { TEAM_RANKING_SIZE } from '@platform/contracts';
import { formatCount } from '@platform/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QuerySection } from './QuerySection.tsx';
import { fetchRanking, type TeamRanking, teamKeys } from './teamApi.ts';

type Entry = TeamRanking['ranking'][number];

const MEDALS = ['#faad14', '#8c8c8c', '#d48806'];

function RankBadge({ rank }: { rank: number }) {
  const medal = MEDALS[rank - 1];
  return (
    <span
      style={{
        width: 28,
        height: 28,
        flexShrink: 0,
        borderRadius: '50%',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontWeight: 600,
        fontSize: 13,
        color: medal ? '#fff' : '#595959',
        background: medal ?? '#f0f0f0',
      }}
    >
      {rank}
    </span>
  );
}

function RankRow({ entry }: { entry: Entry }) {
  const { t } = useTranslation('user');
  return (
    <Flex
      align="center"
      gap={10}
      style={{
        padding: '8px',
        borderRadius: 6,
        background: entry.isMe ? '#e6f4ff' : undefined,
        border: entry.isMe ? '1px solid #91caff' : '1px solid transparent',
      }}
      data-testid={`ranking-row-${entry.rank}`}
      data-me={entry.isMe ? 'true' : undefined}
    >
      <RankBadge rank={entry.rank} />
      <Flex vertical style={{ flex: 1, minWidth: 0 }}>
        <Flex align="center" gap={6} style={{ minWidth: 0 }}>
          <Typography.Text ellipsis strong={entry.isMe}>
            {entry.email}
          </Typography.Text>
          {entry.isMe && (
            <Tag color="blue" style={{ marginInlineEnd: 0 }}>
              {t('team.ranking.me')}
            </Tag>
          )}
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('team.counts', {
            direct: formatCount(entry.directReferrals),
            team: formatCount(entry.teamMembers),
          })}
        </Typography.Text>
      </Flex>
      <Flex vertical align="end" style={{ flexShrink: 0 }}>
        <Typography.Text strong style={{ fontSize: 16, fontVariantNumeric: 'tabular-nums' }}>
          {formatCount(entry.chargedDirectReferrals)}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('team.ranking.chargedDirect')}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}

function MyRank({ myRank }: { myRank: number | null }) {
  const { t } = useTranslation('user');
  return (
    <Typography.Text type="secondary" style={{ fontSize: 13 }} data-testid="ranking-me">
      {myRank === null
        ? t('team.ranking.unranked')
        : `${t('team.ranking.rank', { rank: formatCount(myRank) })}${myRank > TEAM_RANKING_SIZE ? t('team.ranking.outside', { size: TEAM_RANKING_SIZE }) : ''}`}
    </Typography.Text>
  );
}

/** 邀请排行榜: the top inviters by charged direct referrals, the caller's row and rank marked. */
export function RankingCard() {
  const { t } = useTranslation('user');
  const query = useQuery({ queryKey: teamKeys.ranking, queryFn: ({ signal }) => fetchRanking(signal) });
  return (
    <Card size="small" title={t('team.ranking.title')} data-testid="team-ranking">
      <QuerySection query={query} failed={t('team.loadFailed.ranking')} rows={5}>
        {({ ranking, myRank }) => (
          <Flex vertical gap={6}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('team.ranking.rule', { size: TEAM_RANKING_SIZE })}
            </Typography.Text>
            <MyRank myRank={myRank} />
            {ranking.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('team.ranking.empty')} />
            ) : (
              ranking.map((entry) => <RankRow key={entry.rank} entry={entry} />)
            )}
          </Flex>
        )}
      </QuerySection>
    </Card>
  );
}
