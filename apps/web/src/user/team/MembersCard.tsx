import type { Pagination } from '@platform/contracts';
import { formatCount, formatDateTime } from '@platform/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Select, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ListFooter } from '../../components/ListFooter.tsx';
import { QuerySection } from './QuerySection.tsx';
import {
  fetchMembers,
  fetchReferrals,
  TEAM_LOAD_FAILED,
  type TeamMember,
  type TeamStats,
  teamKeys,
} from './teamApi.ts';

/** Levels offered by the filter; deeper members still show under 全部层级 with their level. */
export const LEVEL_FILTER_DEPTH = 10;

function MemberRow({ member, showLevel }: { member: TeamMember; showLevel: boolean }) {
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
          {showLevel && `第 ${member.level} 层 · `}直推 {formatCount(member.direct_referrals)} · 团队{' '}
          {formatCount(member.team_size)}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="member-joined">
          注册于 {formatDateTime(member.joined_at)}
        </Typography.Text>
      </Flex>
      <Flex vertical align="end" gap={4} style={{ flexShrink: 0 }}>
        {member.is_deposited ? (
          <Tag color="success" style={{ marginInlineEnd: 0 }} data-testid="member-charged">
            已充值
          </Tag>
        ) : (
          <Tag style={{ marginInlineEnd: 0 }} data-testid="member-uncharged">
            未充值
          </Tag>
        )}
        {member.kyc_verified && (
          <Tag color="blue" style={{ marginInlineEnd: 0 }}>
            已认证
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
      <ListFooter pagination={pagination} page={page} noun="人" onChange={onPage} testId={testId} />
    </div>
  );
}

function ReferralsTab() {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: teamKeys.referrals(page),
    queryFn: ({ signal }) => fetchReferrals(page, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <QuerySection query={query} failed={TEAM_LOAD_FAILED.referrals}>
      {(data) => (
        <MemberList
          rows={data.referrals}
          pagination={data.pagination}
          page={page}
          onPage={setPage}
          showLevel={false}
          empty="暂无直推成员，复制邀请链接邀请好友注册吧"
          testId="referrals"
        />
      )}
    </QuerySection>
  );
}

const levelOptions = [
  { value: 0, label: '全部层级' },
  ...Array.from({ length: LEVEL_FILTER_DEPTH }, (_, i) => ({ value: i + 1, label: `第 ${i + 1} 层` })),
];

function MembersTab() {
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
        aria-label="层级"
        data-testid="members-level"
      />
      <QuerySection query={query} failed={TEAM_LOAD_FAILED.members}>
        {(data) => (
          <MemberList
            rows={data.members}
            pagination={data.pagination}
            page={page}
            onPage={setPage}
            showLevel
            empty={filter ? `第 ${filter} 层暂无成员` : '暂无团队成员'}
            testId="members"
          />
        )}
      </QuerySection>
    </Flex>
  );
}

/** 直推 / 团队: the caller's direct referrals and whole team (one level at a time if wanted), 20 a page. */
export function MembersCard({ stats }: { stats: TeamStats }) {
  return (
    <Card size="small" title="团队成员" data-testid="team-members">
      <Tabs
        destroyOnHidden
        items={[
          {
            key: 'referrals',
            label: `直推（${formatCount(stats.directReferrals)}）`,
            children: <ReferralsTab />,
          },
          {
            key: 'members',
            label: `团队（${formatCount(stats.teamMembers)}）`,
            children: <MembersTab />,
          },
        ]}
      />
    </Card>
  );
}
