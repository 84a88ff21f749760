import { SearchOutlined } from '@ant-design/icons';
import { type IntegritySeries, KLINE_INTERVAL_LABELS, type KlineInterval } from '@platform/contracts';
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
import { type HTMLAttributes, type ReactNode, useState } from 'react';
import { ListFooter } from '../../../components/ListFooter.tsx';
import { pageOf } from '../../../components/pagination.ts';
import { SectionError } from '../../../components/SectionError.tsx';
import { errorMessage } from '../../../lib/request.ts';
import { INTERVAL_OPTIONS } from './HistoricalInitCard.tsx';
import { candlesToReach, MAX_FILL_CANDLES } from './jobs.ts';
import {
  fetchDataIntegrity,
  type IntegrityParams,
  MARKET_INTEGRITY_KEY,
  MARKET_STATUS_KEY,
  startPairDataFetch,
} from './marketDataApi.ts';

export const INTEGRITY_WINDOWS: readonly { hours: number; label: string }[] = [
  { hours: 1, label: '最近1小时' },
  { hours: 6, label: '最近6小时' },
  { hours: 24, label: '最近24小时' },
  { hours: 72, label: '最近3天' },
  { hours: 168, label: '最近7天' },
  { hours: 720, label: '最近30天' },
  { hours: 2160, label: '最近90天' },
];

const FALL_COLOUR = '#cf1322';

function GapList({ series }: { series: IntegritySeries }) {
  if (series.gaps.length === 0) return <Typography.Text type="secondary">无</Typography.Text>;
  return (
    <Flex
      vertical
      gap={2}
      style={{ maxHeight: 96, overflowY: 'auto' }}
      data-testid={`integrity-gaps-${series.symbol}-${series.interval}`}
    >
      {series.gaps.map((gap) => (
        <span key={gap.from} style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(gap.from)} ~ {formatDateTime(gap.to)}（缺 {formatCount(gap.missing)} 根）
        </span>
      ))}
    </Flex>
  );
}

/** The table's columns; `fill` starts the backfill that closes one series' gaps. */
function columnsWith(
  fill: (series: IntegritySeries) => void,
  filling: boolean,
): TableColumnsType<IntegritySeries> {
  return [
    {
      title: '交易对',
      dataIndex: 'symbol',
      render: (symbol: string) => <Typography.Text strong>{symbol}</Typography.Text>,
    },
    {
      title: '周期',
      dataIndex: 'interval',
      render: (interval: KlineInterval) => KLINE_INTERVAL_LABELS[interval],
    },
    { title: '应有', dataIndex: 'expected', align: 'right', render: formatCount },
    { title: '实有', dataIndex: 'present', align: 'right', render: formatCount },
    {
      title: '缺失',
      dataIndex: 'missing',
      align: 'right',
      render: (missing: number) => (
        <span style={missing > 0 ? { color: FALL_COLOUR, fontWeight: 600 } : undefined}>
          {formatCount(missing)}
        </span>
      ),
    },
    { title: '缺口', key: 'gaps', render: (_, series) => <GapList series={series} /> },
    {
      title: '操作',
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
            补齐
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
          ? `补齐任务已开始：${series.symbol} 最近 ${MAX_FILL_CANDLES} 根，更早的缺口需缩小检查范围后再补`
          : `补齐任务已开始：${series.symbol} ${KLINE_INTERVAL_LABELS[series.interval]}，完成后请重新检查`,
      );
      void queryClient.invalidateQueries({ queryKey: MARKET_STATUS_KEY });
    },
    onError: (error) => message.error(`补齐失败: ${errorMessage(error, '未知错误')}`),
  });
  const columns = columnsWith((series) => {
    const oldest = series.gaps[0];
    if (oldest) fill.mutate({ series, limit: candlesToReach(series.interval, oldest.from, Date.now()) });
  }, fill.isPending);

  let result: ReactNode;
  if (!checked) {
    result = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="选择条件后点击「检查」" />;
  } else if (query.isPending) {
    result = (
      <Flex justify="center" style={{ padding: 24 }}>
        <Spin />
      </Flex>
    );
  } else if (query.isError) {
    result = (
      <SectionError
        title="数据完整性检查失败"
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
              ? '该范围内没有K线序列'
              : data.totalMissing > 0
                ? `共缺失 ${formatCount(data.totalMissing)} 根K线，${broken} / ${data.series.length} 个序列有缺口`
                : `数据完整：${data.series.length} 个序列均无缺失`
          }
          description={`检查范围 ${formatDateTime(data.from)} ~ ${formatDateTime(data.to)}，检查时间 ${formatDateTime(data.checkedAt)}`}
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
          locale={{ emptyText: <Empty description="暂无K线数据" /> }}
        />
        <ListFooter pagination={shown.pagination} noun="个序列" onChange={setPage} testId="integrity" />
      </Flex>
    );
  }

  return (
    <Card title="数据完整性">
      <Flex vertical gap={16}>
        <Flex wrap gap={12} align="center">
          <Select
            value={hours}
            onChange={setHours}
            options={INTEGRITY_WINDOWS.map((w) => ({ value: w.hours, label: w.label }))}
            style={{ width: 140 }}
            aria-label="时间窗口"
            data-testid="integrity-hours"
          />
          <Select
            value={symbol}
            onChange={setSymbol}
            allowClear
            showSearch
            placeholder="全部交易对"
            options={symbols.map((value) => ({ value, label: value }))}
            style={{ width: 180 }}
            data-testid="integrity-symbol"
          />
          <Select
            value={interval}
            onChange={setIntervalFilter}
            allowClear
            placeholder="全部周期"
            options={INTERVAL_OPTIONS}
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
            检查
          </Button>
        </Flex>
        {result}
      </Flex>
    </Card>
  );
}
