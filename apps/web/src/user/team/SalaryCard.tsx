import { SALARY_CURRENCY, type SalaryLevel } from '@platform/contracts';
import { formatBalance, formatDateTime } from '@platform/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { levelColumns, numeric, tableAmount } from './levelColumns.tsx';
import { QuerySection } from './QuerySection.tsx';
import { TargetBars } from './TargetBars.tsx';
import { fetchTeamConfig, TEAM_LOAD_FAILED, type TeamConfig, type TeamStats, teamKeys } from './teamApi.ts';
import { chargedCounts, nextSalaryProgress } from './teamProgress.ts';

const usdt = (value: string) => formatBalance(value, SALARY_CURRENCY);

const salaryColumns = (current: number): TableColumnsType<SalaryLevel> => [
  ...levelColumns<SalaryLevel>((level) => level.level === current, 'blue'),
  {
    title: `每期 ${SALARY_CURRENCY}`,
    key: 'amount',
    align: 'right',
    render: (_, l) => <span style={numeric}>{tableAmount(l.amount)}</span>,
  },
];

function SalaryLevels({ stats, config }: { stats: TeamStats; config: TeamConfig }) {
  const next = nextSalaryProgress(chargedCounts(stats), config.salaryLevels);
  return (
    <Flex vertical gap={12}>
      {next ? (
        <>
          <Typography.Text style={{ fontSize: 13 }}>距工资 L{next.level}</Typography.Text>
          <TargetBars progress={next} testId="salary-progress" />
        </>
      ) : (
        <Typography.Text type="success">已达到最高工资等级</Typography.Text>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="salary-days">
        每月 {config.payoutDays.join('、')} 日按当时达到的最高等级发放至工资余额。
      </Typography.Text>
      <Table<SalaryLevel>
        rowKey="level"
        size="small"
        columns={salaryColumns(stats.salaryLevel)}
        dataSource={config.salaryLevels}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(level) =>
          ({
            'data-testid': `salary-level-row-${level.level}`,
            style: level.level === stats.salaryLevel ? { background: '#e6f4ff' } : undefined,
          }) as HTMLAttributes<HTMLElement>
        }
      />
    </Flex>
  );
}

function SalaryHistory({ stats }: { stats: TeamStats }) {
  const { recent, totalPaid } = stats.salary;
  return (
    <Flex vertical gap={4} data-testid="salary-history">
      <Flex justify="space-between" align="baseline" gap={8}>
        <Typography.Text strong>发放记录</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          累计 <span data-testid="salary-total">{usdt(totalPaid)}</span>
        </Typography.Text>
      </Flex>
      {recent.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无工资发放记录" />
      ) : (
        recent.map((payout) => (
          <Flex
            key={payout.payoutDate}
            justify="space-between"
            align="center"
            gap={8}
            style={{ padding: '8px 0', borderBottom: '1px solid var(--app-divider)' }}
            data-testid={`salary-payout-${payout.payoutDate}`}
          >
            <Flex vertical>
              <Typography.Text>
                {payout.payoutDate} <Tag style={{ marginInlineStart: 4 }}>L{payout.level}</Tag>
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                发放于 {formatDateTime(payout.paid_at)}
              </Typography.Text>
            </Flex>
            <Typography.Text strong style={numeric}>
              +{usdt(payout.amount)}
            </Typography.Text>
          </Flex>
        ))
      )}
    </Flex>
  );
}

/** 团队工资: the level reached now, the next one, the level table (admins edit it) and the last payouts. */
export function SalaryCard({ stats }: { stats: TeamStats }) {
  const config = useQuery({ queryKey: teamKeys.config, queryFn: ({ signal }) => fetchTeamConfig(signal) });
  return (
    <Card size="small" title="团队工资" data-testid="team-salary">
      <Flex vertical gap={12}>
        <Flex align="center" justify="space-between" gap={8} wrap>
          <Flex align="center" gap={8}>
            <Typography.Text>当前工资等级</Typography.Text>
            <Tag color={stats.salaryLevel > 0 ? 'blue' : 'default'} data-testid="salary-current">
              {stats.salaryLevel > 0 ? `L${stats.salaryLevel}` : '未达成'}
            </Tag>
          </Flex>
          {stats.salaryLevel > 0 && (
            <Typography.Text strong data-testid="salary-amount">
              每期 {usdt(stats.salaryAmount)}
            </Typography.Text>
          )}
        </Flex>
        <QuerySection query={config} failed={TEAM_LOAD_FAILED.config}>
          {(data) => <SalaryLevels stats={stats} config={data} />}
        </QuerySection>
        <SalaryHistory stats={stats} />
      </Flex>
    </Card>
  );
}
