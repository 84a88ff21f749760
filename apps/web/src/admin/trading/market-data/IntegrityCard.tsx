import { SearchOutlined } from '@ant-design/icons';
import type { IntegritySeries, KlineInterval } from '@platform/contracts';
import { formatCount, formatDateTime } from '@platform/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Flex,
  Select,
  Spin,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import type { TFunction } from 'i18next';
import { type HTMLAttributes, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFooter } from '../../../components/ListFooter.tsx';
import { pageOf } from '../../../components/pagination.ts';
import { SectionError } from '../../../components/SectionError.tsx';
import { errorMessage } from '../../../lib/request.ts';
import { useIntervalOptions } from './HistoricalInitCard.tsx';
import { candlesToReach, MAX_FILL_CANDLES } from './jobs.ts';
import {
  fetchDataIntegrity,
  type IntegrityParams,
  MARKET_INTEGRITY_KEY,
  MARKET_STATUS_KEY,
  startPairDataFetch,
} from './marketDataApi.ts';

export const INTEGRITY_WINDOWS = [
  { hours: 1, key: 'hour1' },
  { hours: 6, key: 'hours6' },
  { hours: 24, key: 'hours24' },
  { hours: 72, key: 'days3' },
  { hours: 168, key: 'days7' },
  { hours: 720, key: 'days30' },
  { hours: 2160, key: 'days90' },
] as const;

type Translate = TFunction<'admin'>;

const FALL_COLOUR = '#cf1322';

function GapList({ series }: { series: IntegritySeries }) {
  const { t } = useTranslation('admin');
  if (series.gaps.length === 0)
    return <Typography.Text type="secondary">{t('marketData.none')}</Typography.Text>;
  return (
    <Flex
      vertical
      gap={2}
      style={{ maxHeight: 96, overflowY: 'auto' }}
      data-testid={`integrity-gaps-${series.symbol}-${series.interval}`}
    >
      {series.gaps.map((gap) => (
        <span key={gap.from} style={{ whiteSpace: 'nowrap' }}>
          {t('marketData.integrity.gap', {
            from: formatDateTime(gap.from),
            to: formatDateTime(gap.to),
            missing: formatCount(gap.missing),
          })}
        </span>
      ))}
    </Flex>
  );
}

/** The table's columns; `fill` starts the backfill that closes one series' gaps. */
function columnsWith(
  fill: (series: IntegritySeries) => void,
  filling: boolean,
  t: Translate,
): TableColumnsType<IntegritySeries> {
  return [
    {
      title: t('marketData.integrity.symbol'),
      dataIndex: 'symbol',
      render: (symbol: string) => <Typography.Text strong>{symbol}</Typography.Text>,
    },
    {
      title: t('marketData.integrity.interval'),
      dataIndex: 'interval',
      render: (interval: KlineInterval) => t(`marketData.intervals.${interval}`),
    },
    { title: t('marketData.integrity.expected'), dataIndex: 'expected', align: 'right', render: formatCount },
    { title: t('marketData.integrity.present'), dataIndex: 'present', align: 'right', render: formatCount },
    {
      title: t('marketData.integrity.missing'),
      dataIndex: 'missing',
      align: 'right',
      render: (missing: number) => (
        <span style={missing > 0 ? { color: FALL_COLOUR, fontWeight: 600 } : undefined}>
          {formatCount(missing)}
        </span>
      ),
    },
    {
      title: t('marketData.integrity.gaps'),
      key: 'gaps',
      render: (_, series) => <GapList series={series} />,
    },
    {
      title: t('marketData.integrity.action'),
      key: 'fill',
      fixed: 'right',
      render: (_, series) =>
        series.missing > 0 ? (
          <Button
            size="small"
            onClick={() => fill(series)}
            disabled={filling}
            data-testid={`integrity-fill-${series.symbol}-${series.interval}`}
          >
            {t('marketData.integrity.fill')}
          </Button>
        ) : null,
    },
  ];
}

type Checked = IntegrityParams & { run: number };

/** 数据完整性: counts the candles a window should hold per series and lists the missing ranges. */
/** The series a check returns are paged here, this many a page. */
const SERIES_PAGE_SIZE = 10;

export function IntegrityCard({ symbols }: { symbols: string[] }) {
  const { t } = useTranslation('admin');
  const intervalOptions = useIntervalOptions();
  const [hours, setHours] = useState(24);
  const [symbol, setSymbol] = useState<string | undefined>();
  const [interval, setIntervalFilter] = useState<KlineInterval | undefined>();
  const [checked, setChecked] = useState<Checked | null>(null);
  const [page, setPage] = useState(1);

  const query = useQuery({
    queryKey: [...MARKET_INTEGRITY_KEY, checked],
    queryFn: ({ signal }) => fetchDataIntegrity(checked as Checked, signal),
    enabled: checked !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });

  const check = () => {
    setChecked((previous) => ({ hours, symbol, interval, run: (previous?.run ?? 0) + 1 }));
    setPage(1);
  };

  const { message } = App.useApp();
  const queryClient = useQueryClient();
  // Fetches the series back to its oldest gap; the job's progress shows in 初始化历史数据.
  const fill = useMutation({
    mutationFn: ({ series, limit }: { series: IntegritySeries; limit: number }) =>
      startPairDataFetch({ symbol: series.symbol, intervals: [series.interval], limit }),
    onSuccess: (_job, { series, limit }) => {
      message.success(
        limit >= MAX_FILL_CANDLES
          ? t('marketData.integrity.fillStartedCapped', { symbol: series.symbol, max: MAX_FILL_CANDLES })
          : t('marketData.integrity.fillStarted', {
              symbol: series.symbol,
              interval: t(`marketData.intervals.${series.interval}`),
            }),
      );
      void queryClient.invalidateQueries({ queryKey: MARKET_STATUS_KEY });
    },
    onError: (error) =>
      message.error(
        t('marketData.integrity.fillFailed', { reason: errorMessage(error, t('marketData.unknownError')) }),
      ),
  });
  const columns = columnsWith(
    (series) => {
      const oldest = series.gaps[0];
      if (oldest) fill.mutate({ series, limit: candlesToReach(series.interval, oldest.from, Date.now()) });
    },
    fill.isPending,
    t,
  );

  let result: ReactNode;
  if (!checked) {
    result = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('marketData.integrity.prompt')} />;
  } else if (query.isPending) {
    result = (
      <Flex justify="center" style={{ padding: 24 }}>
        <Spin />
      </Flex>
    );
  } else if (query.isError) {
    result = (
      <SectionError
        title={t('marketData.integrity.loadFailed')}
        reason={errorMessage(query.error, '')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        testId="integrity-error"
      />
    );
  } else {
    const data = query.data;
    const broken = data.series.filter((series) => series.missing > 0).length;
    const shown = pageOf(data.series, page, SERIES_PAGE_SIZE);
    result = (
      <Flex vertical gap={12}>
        <Alert
          type={data.totalMissing > 0 ? 'warning' : 'success'}
          showIcon
          data-testid="integrity-summary"
          title={
            data.series.length === 0
              ? t('marketData.integrity.noSeries')
              : data.totalMissing > 0
                ? t('marketData.integrity.missingSummary', {
                    count: data.totalMissing,
                    missing: formatCount(data.totalMissing),
                    broken,
                    series: data.series.length,
                  })
                : t('marketData.integrity.complete', { series: data.series.length })
          }
          description={t('marketData.integrity.range', {
            from: formatDateTime(data.from),
            to: formatDateTime(data.to),
            checkedAt: formatDateTime(data.checkedAt),
          })}
        />
        <Table<IntegritySeries>
          rowKey={(series) => `${series.symbol}-${series.interval}`}
          size="small"
          columns={columns}
          dataSource={shown.rows}
          loading={query.isFetching}
          scroll={{ x: 'max-content' }}
          pagination={false}
          onRow={(series) =>
            ({
              'data-testid': `integrity-row-${series.symbol}-${series.interval}`,
            }) as HTMLAttributes<HTMLElement>
          }
          locale={{ emptyText: <Empty description={t('marketData.integrity.empty')} /> }}
        />
        <ListFooter
          pagination={shown.pagination}
          noun={t('marketData.integrity.noun')}
          onChange={setPage}
          testId="integrity"
        />
      </Flex>
    );
  }

  return (
    <Card title={t('marketData.integrity.title')}>
      <Flex vertical gap={16}>
        <Flex wrap gap={12} align="center">
          <Select
            value={hours}
            onChange={setHours}
            options={INTEGRITY_WINDOWS.map((w) => ({
              value: w.hours,
              label: t(`marketData.integrity.windows.${w.key}`),
            }))}
            style={{ width: 140 }}
            aria-label={t('marketData.integrity.window')}
            data-testid="integrity-hours"
          />
          <Select
            value={symbol}
            onChange={setSymbol}
            allowClear
            showSearch
            placeholder={t('marketData.allPairs')}
            options={symbols.map((value) => ({ value, label: value }))}
            style={{ width: 180 }}
            data-testid="integrity-symbol"
          />
          <Select
            value={interval}
            onChange={setIntervalFilter}
            allowClear
            placeholder={t('marketData.integrity.allIntervals')}
            options={intervalOptions}
            style={{ width: 140 }}
            data-testid="integrity-interval"
          />
          <Button
            type="primary"
            icon={<SearchOutlined />}
            loading={query.isFetching}
            onClick={check}
            data-testid="integrity-check"
          >
            {t('marketData.integrity.check')}
          </Button>
        </Flex>
        {result}
      </Flex>
    </Card>
  );
}
