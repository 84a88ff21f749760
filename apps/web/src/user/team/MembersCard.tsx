import type { Pagination } from '@platform/contracts';
import { formatCount, formatDateTime } from '@platform/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Select, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFooter } from '../../components/ListFooter.tsx';
import { QuerySection } from './QuerySection.tsx';
import { fetchMembers, fetchReferrals, type TeamMember, type TeamStats, teamKeys } from './teamApi.ts';

/** Levels offered by the filter; deeper members still show under 全部层级 with their level. */
export const LEVEL_FILTER_DEPTH = 10;

function MemberRow({ member, showLevel }: { member: TeamMember; showLevel: boolean }) {
  const { t } = useTranslation('user');
  return (
    <Flex
      justify="space-between"
      align="center"
      gap={8}
      style={{ padding: '10px 0', borderBottom: '1px solid var(--app-divider)' }}
      data-testid={`member-${member.id}`}
    >
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text ellipsis data-testid="member-email">
          {member.email}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {showLevel && t('team.members.levelPrefix', { level: member.level })}
          {t('team.counts', {
            direct: formatCount(member.direct_referrals),
            team: formatCount(member.team_size),
          })}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="member-joined">
          {t('team.members.joined', { date: formatDateTime(member.joined_at) })}
        </Typography.Text>
      </Flex>
      <Flex vertical align="end" gap={4} style={{ flexShrink: 0 }}>
        {member.is_deposited ? (
          <Tag color="success" style={{ marginInlineEnd: 0 }} data-testid="member-charged">
            {t('team.members.charged')}
          </Tag>
        ) : (
          <Tag style={{ marginInlineEnd: 0 }} data-testid="member-uncharged">
            {t('team.members.uncharged')}
          </Tag>
        )}
        {member.kyc_verified && (
          <Tag color="blue" style={{ marginInlineEnd: 0 }}>
            {t('team.members.verified')}
          </Tag>
        )}
      </Flex>
    </Flex>
  );
}

interface MemberListProps {
  rows: TeamMember[];
  pagination: Pagination;
  page: number;
  onPage: (page: number) => void;
  showLevel: boolean;
  empty: string;
  testId: string;
}

/** One page of members and its footer, or the empty state (no 第 0 页 under it). */
function MemberList({ rows, pagination, page, onPage, showLevel, empty, testId }: MemberListProps) {
  const { t } = useTranslation('user');
  if (rows.length === 0 && pagination.total === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} data-testid={`${testId}-empty`} />;
  }
  return (
    <div>
      <div data-testid={`${testId}-list`}>
        {rows.map((member) => (
          <MemberRow key={member.id} member={member} showLevel={showLevel} />
        ))}
      </div>
      <ListFooter
        pagination={pagination}
        page={page}
        noun={t('team.members.noun')}
        onChange={onPage}
        testId={testId}
      />
    </div>
  );
}

function ReferralsTab() {
  const { t } = useTranslation('user');
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: teamKeys.referrals(page),
    queryFn: ({ signal }) => fetchReferrals(page, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <QuerySection query={query} failed={t('team.loadFailed.referrals')}>
      {(data) => (
        <MemberList
          rows={data.referrals}
          pagination={data.pagination}
          page={page}
          onPage={setPage}
          showLevel={false}
          empty={t('team.members.noReferrals')}
          testId="referrals"
        />
      )}
    </QuerySection>
  );
}

function MembersTab() {
  const { t } = useTranslation('user');
  const levelOptions = [
    { value: 0, label: t('team.members.allLevels') },
    ...Array.from({ length: LEVEL_FILTER_DEPTH }, (_, i) => ({
      value: i + 1,
      label: t('team.members.level', { level: i + 1 }),
    })),
  ];
  const [level, setLevel] = useState(0);
  const [page, setPage] = useState(1);
  const filter = level === 0 ? undefined : level;
  const query = useQuery({
    queryKey: teamKeys.members(filter, page),
    queryFn: ({ signal }) => fetchMembers(filter, page, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Flex vertical gap={8}>
      <Select
        value={level}
        options={levelOptions}
        onChange={(value) => {
          setLevel(value);
          setPage(1);
        }}
        style={{ width: 140 }}
        aria-label={t('team.members.levelLabel')}
        data-testid="members-level"
      />
      <QuerySection query={query} failed={t('team.loadFailed.members')}>
        {(data) => (
          <MemberList
            rows={data.members}
            pagination={data.pagination}
            page={page}
            onPage={setPage}
            showLevel
            empty={filter ? t('team.members.noLevelMembers', { level: filter }) : t('team.members.noMembers')}
            testId="members"
          />
        )}
      </QuerySection>
    </Flex>
  );
}

/** 直推 / 团队: the caller's direct referrals and whole team (one level at a time if wanted), 20 a page. */
export function MembersCard({ stats }: { stats: TeamStats }) {
  const { t } = useTranslation('user');
  return (
    <Card size="small" title={t('team.members.title')} data-testid="team-members">
      <Tabs
        destroyOnHidden
        items={[
          {
            key: 'referrals',
            label: t('team.members.referralsTab', { n: formatCount(stats.directReferrals) }),
            children: <ReferralsTab />,
          },
          {
            key: 'members',
            label: t('team.members.teamTab', { n: formatCount(stats.teamMembers) }),
            children: <MembersTab />,
          },
        ]}
      />
    </Card>
  );
}
