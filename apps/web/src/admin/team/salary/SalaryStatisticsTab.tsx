import { ReloadOutlined } from '@ant-design/icons';
import { SALARY_CURRENCY } from '@platform/contracts';
import { formatCount, formatNumber } from '@platform/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Row,
  Select,
  Statistic,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import type { TFunction } from 'i18next';
import { type HTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorView } from '../../../components/LoadErrorView.tsx';
import { errorMessage } from '../../../lib/request.ts';
import {
  beijingToday,
  fetchSalaryStatistics,
  monthOptions,
  type SalaryStatistics,
  statisticsQueryKey,
  yearOptions,
} from './salaryApi.ts';

const numeric = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

type LevelRow = SalaryStatistics['levelStats'][number];
type Period = SalaryStatistics['currentMonth'];

/** `2026-11` → `2026-10`, `2026-01` → `2025-12`. */
export function previousMonth(month: string): string {
  const [y = 0, m = 1] = month.split('-').map((part) => Number.parseInt(part, 10));
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

const levelColumns = (t: TFunction<'admin'>): TableColumnsType<LevelRow> => [
  {
    title: t('team.salary.stats.level'),
    key: 'level',
    render: (_, row) => (
      <Tag color="blue" style={{ marginInlineEnd: 0 }}>
        L{row.level}
      </Tag>
    ),
  },
  {
    title: t('team.salary.stats.count'),
    key: 'count',
    align: 'right',
    render: (_, row) => <span style={numeric}>{formatCount(row.count)}</span>,
  },
  {
    title: t('team.salary.stats.amount', { currency: SALARY_CURRENCY }),
    key: 'total',
    align: 'right',
    render: (_, row) => <span style={numeric}>{formatNumber(row.totalAmount, 2)}</span>,
  },
];

function PeriodCard({
  title,
  period,
  testId,
}: {
  title: string;
  period: Period | undefined;
  testId: string;
}) {
  const { t } = useTranslation('admin');
  const figures = [
    { key: 'count', title: t('team.salary.stats.count'), value: period ? formatCount(period.count) : '-' },
    {
      key: 'total',
      title: t('team.salary.stats.total'),
      value: period ? formatNumber(period.totalAmount, 2) : '-',
      money: true,
    },
    {
      key: 'avg',
      title: t('team.salary.stats.avg'),
      value: period ? formatNumber(period.avgAmount, 2) : '-',
      money: true,
    },
  ];
  return (
    <Card size="small" title={title} data-testid={testId} style={{ height: '100%' }}>
      <Row gutter={[12, 12]}>
        {figures.map((figure) => (
          <Col key={figure.key} xs={24} sm={8}>
            <Statistic
              title={figure.title}
              value={figure.value}
              suffix={figure.money ? <span style={{ fontSize: 12 }}>{SALARY_CURRENCY}</span> : undefined}
              styles={{ content: { fontSize: 20, whiteSpace: 'nowrap' } }}
              data-testid={`${testId}-${figure.key}`}
            />
          </Col>
        ))}
      </Row>
    </Card>
  );
}

/** 统计: a month's payouts (this Beijing month by default) against the month before, and per level. */
export function SalaryStatisticsTab() {
  const { t } = useTranslation('admin');
  const LOAD_FAILED = t('team.salary.stats.loadFailed');
  const [today] = useState(() => beijingToday());
  const [month, setMonth] = useState(() => ({
    year: Number.parseInt(today.slice(0, 4), 10),
    month: Number.parseInt(today.slice(5, 7), 10),
  }));
  const query = useQuery({
    queryKey: statisticsQueryKey(month),
    queryFn: ({ signal }) => fetchSalaryStatistics(month, signal),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const thisMonth = today.slice(0, 7);

  return (
    <Flex vertical gap={16} data-testid="salary-statistics">
      <Flex wrap gap={8} align="center">
        <Select
          value={month.year}
          options={yearOptions(data?.payoutYears, month.year)}
          onChange={(year) => setMonth((current) => ({ ...current, year }))}
          style={{ width: 110 }}
          aria-label={t('team.salary.stats.yearLabel')}
          data-testid="salary-stats-year"
        />
        <Select
          value={month.month}
          options={monthOptions()}
          onChange={(value) => setMonth((current) => ({ ...current, month: value }))}
          style={{ width: 90 }}
          aria-label={t('team.salary.stats.monthLabel')}
          data-testid="salary-stats-month"
        />
        <Button
          icon={<ReloadOutlined />}
          loading={query.isFetching}
          onClick={() => void query.refetch()}
          data-testid="salary-stats-refresh"
        >
          {t('team.salary.stats.refresh')}
        </Button>
      </Flex>
      {query.isError && !data ? (
        <LoadErrorView
          title={LOAD_FAILED}
          reason={errorMessage(query.error, LOAD_FAILED)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12}>
              <PeriodCard
                title={
                  data
                    ? t('team.salary.stats.period', {
                        name:
                          data.month === thisMonth
                            ? t('team.salary.stats.thisMonth')
                            : t('team.salary.stats.chosenMonth'),
                        month: data.month,
                      })
                    : t('team.salary.stats.thisMonth')
                }
                period={data?.currentMonth}
                testId="salary-stats-current"
              />
            </Col>
            <Col xs={24} lg={12}>
              <PeriodCard
                title={
                  data
                    ? t('team.salary.stats.period', {
                        name: t('team.salary.stats.lastMonth'),
                        month: previousMonth(data.month),
                      })
                    : t('team.salary.stats.lastMonth')
                }
                period={data?.lastMonth}
                testId="salary-stats-last"
              />
            </Col>
          </Row>
          <Card size="small" title={t('team.salary.stats.byLevel')} data-testid="salary-stats-levels">
            <Table<LevelRow>
              rowKey="level"
              size="small"
              columns={levelColumns(t)}
              dataSource={data?.levelStats ?? []}
              loading={query.isFetching}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{
                emptyText: (
                  <Empty
                    image={Empty.PRESENTED_IMAGE_SIMPLE}
                    description={
                      query.isPending ? t('team.salary.stats.loading') : t('team.salary.stats.empty')
                    }
                  />
                ),
              }}
              onRow={(row) =>
                ({ 'data-testid': `salary-stats-level-${row.level}` }) as HTMLAttributes<HTMLElement>
              }
            />
          </Card>
        </>
      )}
    </Flex>
  );
}
