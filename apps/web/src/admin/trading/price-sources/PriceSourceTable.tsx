import type { PriceSourceStatus } from '@platform/contracts';
import { formatDateTime, formatNumber, formatPairPrice, formatTime } from '@platform/domain';
import { Flex, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { deviationPercent, type PairSources, type PriceSourceRow } from './priceSourcesApi.ts';

const STATUS_COLOURS: Record<PriceSourceStatus, string> = {
  included: 'success',
  outlier: 'warning',
  stale: 'error',
  error: 'error',
};

type Translate = TFunction<'admin'>;

/** A venue by its name in the language shown; a code without one as it is. */
export const sourceName = (source: string, t: Translate) =>
  t(`marketData.sources.${source}`, { defaultValue: source });

export function PriceSourceStatusTag({ status, testId }: { status: PriceSourceStatus; testId?: string }) {
  const { t } = useTranslation('admin');
  return (
    <Tag color={STATUS_COLOURS[status]} style={{ marginInlineEnd: 0 }} data-testid={testId}>
      {t(`marketData.priceSources.status.${status}`)}
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
  const { t } = useTranslation('admin');
  return (
    <Space size={4} wrap data-testid={testId}>
      {sources.map((source) => (
        <Tag key={source} style={{ marginInlineEnd: 0 }}>
          {sourceName(source, t)}
        </Tag>
      ))}
      {simulated && (
        <Tag color="warning" style={{ marginInlineEnd: 0 }} data-testid={testId && `${testId}-simulated`}>
          {t('marketData.priceSources.simulated')}
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

const columnsOf = (t: Translate): TableColumnsType<Line> => [
  {
    key: 'symbol',
    title: t('marketData.priceSources.symbol'),
    fixed: 'left',
    onCell: pairCell,
    render: (_, line) => <Typography.Text strong>{line.pair.symbol}</Typography.Text>,
  },
  {
    key: 'index',
    title: t('marketData.priceSources.index'),
    onCell: pairCell,
    render: (_, { pair }) =>
      pair.index?.price ? (
        <Flex vertical data-testid={`price-index-${pair.symbol}`}>
          <Typography.Text strong>{figure(formatPairPrice(pair.index.price))}</Typography.Text>
          {muted(formatTime(pair.index.at))}
        </Flex>
      ) : (
        <Typography.Text type="danger" data-testid={`price-index-${pair.symbol}`}>
          {t('marketData.priceSources.noIndex')}
        </Typography.Text>
      ),
  },
  {
    key: 'source',
    title: t('marketData.priceSources.source'),
    render: (_, line) =>
      line.row ? sourceName(line.row.source, t) : muted(t('marketData.priceSources.noSources')),
  },
  {
    key: 'status',
    title: t('marketData.priceSources.state'),
    render: ofRow((row) => (
      <PriceSourceStatusTag status={row.status} testId={`price-source-status-${row.symbol}-${row.source}`} />
    )),
  },
  {
    key: 'price',
    title: t('marketData.priceSources.price'),
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
    title: t('marketData.priceSources.deviation'),
    align: 'right',
    render: ofRow((row) =>
      row.deviation_from_index ? figure(deviationPercent(row.deviation_from_index)) : NONE,
    ),
  },
  {
    key: 'latency',
    title: t('marketData.priceSources.latency'),
    align: 'right',
    render: ofRow((row) => (row.latency_ms === null ? NONE : `${formatNumber(row.latency_ms, 0)} ms`)),
  },
  {
    key: 'error',
    title: t('marketData.priceSources.lastError'),
    render: ofRow((row) =>
      row.last_error ? (
        <Flex vertical style={{ maxWidth: 260 }}>
          <Typography.Text type="danger" style={{ fontSize: 12 }}>
            {row.last_error.message}
          </Typography.Text>
          {muted(formatDateTime(row.last_error.at))}
        </Flex>
      ) : (
        muted(t('marketData.none'))
      ),
    ),
  },
  {
    key: 'excluded',
    title: t('marketData.priceSources.excluded'),
    align: 'right',
    render: ofRow((row) =>
      t('marketData.priceSources.minutes', {
        n: formatNumber(row.excluded_minutes_24h, 1, { minDecimals: 0 }),
      }),
    ),
  },
  {
    key: 'since',
    title: t('marketData.priceSources.since'),
    render: ofRow((row) => (row.status_since ? formatDateTime(row.status_since) : NONE)),
  },
];

/** 价格源 by pair: the pair and its index price once, then each of its sources on a line. */
export function PriceSourceTable({ pairs, empty }: { pairs: readonly PairSources[]; empty: ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <Table<Line>
      rowKey="key"
      size="small"
      bordered
      columns={columnsOf(t)}
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
