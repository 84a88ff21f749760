import { SALARY_CURRENCY, type SalaryLevel } from '@platform/contracts';
import { formatBalance, formatDateTime } from '@platform/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { levelColumns, numeric, tableAmount } from './levelColumns.tsx';
import { QuerySection } from './QuerySection.tsx';
import { TargetBars } from './TargetBars.tsx';
import { fetchTeamConfig, type TeamConfig, type TeamStats, teamKeys } from './teamApi.ts';
import { chargedCounts, nextSalaryProgress } from './teamProgress.ts';

const usdt = (value: string) => formatBalance(value, SALARY_CURRENCY);

const salaryColumns = (t: TFunction<'user'>, current: number): TableColumnsType<SalaryLevel> => [
  ...levelColumns<SalaryLevel>(t, (level) => level.level === current, 'blue'),
  {
    title: t('team.salary.perPayoutColumn', { currency: SALARY_CURRENCY }),
    key: 'amount',
    align: 'right',
    render: (_, l) => <span style={numeric}>{tableAmount(l.amount)}</span>,
  },
];

function SalaryLevels({ stats, config }: { stats: TeamStats; config: TeamConfig }) {
  const { t } = useTranslation('user');
  const next = nextSalaryProgress(chargedCounts(stats), config.salaryLevels);
  return (
    <Flex vertical gap={12}>
      {next ? (
        <>
          <Typography.Text style={{ fontSize: 13 }}>
            {t('team.salary.toLevel', { level: next.level })}
          </Typography.Text>
          <TargetBars progress={next} testId="salary-progress" />
        </>
      ) : (
        <Typography.Text type="success">{t('team.salary.top')}</Typography.Text>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="salary-days">
        {t('team.salary.days', { days: config.payoutDays.join(t('team.listSeparator')) })}
      </Typography.Text>
      <Table<SalaryLevel>
        rowKey="level"
        size="small"
        columns={salaryColumns(t, stats.salaryLevel)}
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
  const { t } = useTranslation('user');
  const { recent, totalPaid } = stats.salary;
  return (
    <Flex vertical gap={4} data-testid="salary-history">
      <Flex justify="space-between" align="baseline" gap={8}>
        <Typography.Text strong>{t('team.salary.history')}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('team.salary.total')} <span data-testid="salary-total">{usdt(totalPaid)}</span>
        </Typography.Text>
      </Flex>
      {recent.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('team.salary.noPayouts')} />
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
                {t('team.salary.paidAt', { date: formatDateTime(payout.paid_at) })}
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
  const { t } = useTranslation('user');
  const config = useQuery({ queryKey: teamKeys.config, queryFn: ({ signal }) => fetchTeamConfig(signal) });
  return (
    <Card size="small" title={t('team.salary.title')} data-testid="team-salary">
      <Flex vertical gap={12}>
        <Flex align="center" justify="space-between" gap={8} wrap>
          <Flex align="center" gap={8}>
            <Typography.Text>{t('team.salary.current')}</Typography.Text>
            <Tag color={stats.salaryLevel > 0 ? 'blue' : 'default'} data-testid="salary-current">
              {stats.salaryLevel > 0 ? `L${stats.salaryLevel}` : t('team.notReached')}
            </Tag>
          </Flex>
          {stats.salaryLevel > 0 && (
            <Typography.Text strong data-testid="salary-amount">
              {t('team.salary.perPayout', { amount: usdt(stats.salaryAmount) })}
            </Typography.Text>
          )}
        </Flex>
        <QuerySection query={config} failed={t('team.loadFailed.config')}>
          {(data) => <SalaryLevels stats={stats} config={data} />}
        </QuerySection>
        <SalaryHistory stats={stats} />
      </Flex>
    </Card>
  );
}
