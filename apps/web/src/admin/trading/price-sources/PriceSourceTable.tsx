import {
  PRICE_INDEX_TEXTS,
  PRICE_SOURCE_STATUS_LABELS,
  type PriceSourceStatus,
  priceSourceLabel,
} from '@platform/contracts';
import { formatDateTime, formatNumber, formatPairPrice, formatTime } from '@platform/domain';
import { Flex, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { deviationPercent, type PairSources, type PriceSourceRow } from './priceSourcesApi.ts';

const STATUS_COLOURS: Record<PriceSourceStatus, string> = {
  included: 'success',
  outlier: 'warning',
  stale: 'error',
  error: 'error',
};

export function PriceSourceStatusTag({ status, testId }: { status: PriceSourceStatus; testId?: string }) {
  return (
    <Tag color={STATUS_COLOURS[status]} style={{ marginInlineEnd: 0 }} data-testid={testId}>
      {PRICE_SOURCE_STATUS_LABELS[status]}
    </Tag>
  );
}

/** The index's venues, each by name, and 模拟 while any of them is the simulator. */
export function PriceSourceTags({
  sources,
  simulated,
  testId,
}: {
  sources: readonly string[];
  simulated: boolean;
  testId?: string;
}) {
  return (
    <Space size={4} wrap data-testid={testId}>
      {sources.map((source) => (
        <Tag key={source} style={{ marginInlineEnd: 0 }}>
          {priceSourceLabel(source)}
        </Tag>
      ))}
      {simulated && (
        <Tag color="warning" style={{ marginInlineEnd: 0 }} data-testid={testId && `${testId}-simulated`}>
          模拟
        </Tag>
      )}
    </Space>
  );
}

/** One line of the table: a source of a pair (null for a pair that lists none), and how many lines its pair spans. */
interface Line {
  key: string;
  pair: PairSources;
  row: PriceSourceRow | null;
  /** The pair's cells span this many lines on its first, 0 on the others. */
  span: number;
}

function linesOf(pairs: readonly PairSources[]): Line[] {
  return pairs.flatMap((pair) => {
    const rows: (PriceSourceRow | null)[] = pair.rows.length > 0 ? pair.rows : [null];
    return rows.map((row, at) => ({
      key: `${pair.symbol}:${row?.source ?? ''}`,
      pair,
      row,
      span: at === 0 ? rows.length : 0,
    }));
  });
}

const muted = (text: ReactNode) => (
  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
    {text}
  </Typography.Text>
);
const NONE = muted('-');
const figure = (text: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{text}</span>;
const pairCell = (line: Line) => ({ rowSpan: line.span });
const ofRow = (render: (row: PriceSourceRow) => ReactNode) => (line: Line) =>
  line.row ? render(line.row) : NONE;

const COLUMNS: TableColumnsType<Line> = [
  {
    key: 'symbol',
    title: '交易对',
    fixed: 'left',
    onCell: pairCell,
    render: (_, line) => <Typography.Text strong>{line.pair.symbol}</Typography.Text>,
  },
  {
    key: 'index',
    title: '指数价格',
    onCell: pairCell,
    render: (_, { pair }) =>
      pair.index?.price ? (
        <Flex vertical data-testid={`price-index-${pair.symbol}`}>
          <Typography.Text strong>{figure(formatPairPrice(pair.index.price))}</Typography.Text>
          {muted(formatTime(pair.index.at))}
        </Flex>
      ) : (
        <Typography.Text type="danger" data-testid={`price-index-${pair.symbol}`}>
          {PRICE_INDEX_TEXTS.noIndex}
        </Typography.Text>
      ),
  },
  {
    key: 'source',
    title: '来源',
    render: (_, line) => (line.row ? priceSourceLabel(line.row.source) : muted('没有价格源')),
  },
  {
    key: 'status',
    title: '状态',
    render: ofRow((row) => (
      <PriceSourceStatusTag status={row.status} testId={`price-source-status-${row.symbol}-${row.source}`} />
    )),
  },
  {
    key: 'price',
    title: '最新价',
    align: 'right',
    render: ofRow((row) =>
      row.price ? (
        <Flex vertical align="end">
          {figure(formatPairPrice(row.price))}
          {row.at && muted(formatTime(row.at))}
        </Flex>
      ) : (
        NONE
      ),
    ),
  },
  {
    key: 'deviation',
    title: '偏离指数',
    align: 'right',
    render: ofRow((row) =>
      row.deviation_from_index ? figure(deviationPercent(row.deviation_from_index)) : NONE,
    ),
  },
  {
    key: 'latency',
    title: '延迟',
    align: 'right',
    render: ofRow((row) => (row.latency_ms === null ? NONE : `${formatNumber(row.latency_ms, 0)} ms`)),
  },
  {
    key: 'error',
    title: '最近错误',
    render: ofRow((row) =>
      row.last_error ? (
        <Flex vertical style={{ maxWidth: 260 }}>
          <Typography.Text type="danger" style={{ fontSize: 12 }}>
            {row.last_error.message}
          </Typography.Text>
          {muted(formatDateTime(row.last_error.at))}
        </Flex>
      ) : (
        muted('无')
      ),
    ),
  },
  {
    key: 'excluded',
    title: '24小时剔除',
    align: 'right',
    render: ofRow((row) => `${formatNumber(row.excluded_minutes_24h, 1, { minDecimals: 0 })} 分钟`),
  },
  {
    key: 'since',
    title: '状态起始',
    render: ofRow((row) => (row.status_since ? formatDateTime(row.status_since) : NONE)),
  },
];

/** 价格源 by pair: the pair and its index price once, then each of its sources on a line. */
export function PriceSourceTable({ pairs, empty }: { pairs: readonly PairSources[]; empty: ReactNode }) {
  return (
    <Table<Line>
      rowKey="key"
      size="small"
      bordered
      columns={COLUMNS}
      dataSource={linesOf(pairs)}
      pagination={false}
      scroll={{ x: 'max-content' }}
      onRow={(line) =>
        ({ 'data-testid': `price-source-row-${line.pair.symbol}-${line.row?.source ?? 'none'}` }) as never
      }
      locale={{ emptyText: empty }}
    />
  );
}
