import { ReloadOutlined } from '@ant-design/icons';
import { MARKET_LOG_LEVELS } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Select, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { ListFooter } from '../../../components/ListFooter.tsx';
import { pageOf } from '../../../components/pagination.ts';
import { SectionError } from '../../../components/SectionError.tsx';
import { errorMessage } from '../../../lib/request.ts';
import { fetchMarketLogs, MARKET_LOGS_KEY, type MarketLog, type MarketLogLevel } from './marketDataApi.ts';

export const LOG_LEVEL_LABELS: Record<MarketLogLevel, { label: string; colour: string }> = {
  info: { label: '信息', colour: 'blue' },
  warn: { label: '警告', colour: 'orange' },
  error: { label: '错误', colour: 'red' },
};

type LevelFilter = MarketLogLevel | 'all';

/** The entries the call returns are paged here, this many a page. */
const LOGS_PAGE_SIZE = 20;

const columns: TableColumnsType<MarketLog> = [
  {
    title: '时间',
    dataIndex: 'created_at',
    width: 180,
    render: (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value)}</span>,
  },
  {
    title: '级别',
    dataIndex: 'level',
    width: 80,
    render: (level: MarketLogLevel) => (
      <Tag color={LOG_LEVEL_LABELS[level].colour}>{LOG_LEVEL_LABELS[level].label}</Tag>
    ),
  },
  {
    title: '事件',
    dataIndex: 'event',
    width: 200,
    render: (event: string) => <Typography.Text code>{event}</Typography.Text>,
  },
  { title: '消息', dataIndex: 'message' },
];

/** 日志: the market-data service's recent log entries, filterable by level; details expand under a row. */
export function LogsCard() {
  const [level, setLevel] = useState<LevelFilter>('all');
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: [...MARKET_LOGS_KEY, level],
    queryFn: ({ signal }) => fetchMarketLogs(level === 'all' ? undefined : level, signal),
    placeholderData: keepPreviousData,
  });

  const shown = pageOf(query.data ?? [], page, LOGS_PAGE_SIZE);

  return (
    <Card
      title="日志"
      extra={
        <Space>
          <Select<LevelFilter>
            value={level}
            onChange={(next) => {
              setLevel(next);
              setPage(1);
            }}
            style={{ width: 120 }}
            aria-label="日志级别"
            options={[
              { value: 'all', label: '全部级别' },
              ...MARKET_LOG_LEVELS.map((value) => ({ value, label: LOG_LEVEL_LABELS[value].label })),
            ]}
            data-testid="market-logs-level"
          />
          <Button
            icon={<ReloadOutlined />}
            loading={query.isFetching}
            onClick={() => void query.refetch()}
            data-testid="market-logs-refresh"
          >
            刷新
          </Button>
        </Space>
      }
    >
      {query.isError && !query.data ? (
        <SectionError
          title="获取日志失败"
          reason={errorMessage(query.error, '')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          testId="market-logs-error"
        />
      ) : (
        <>
          <Table<MarketLog>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={shown.rows}
            loading={query.isFetching}
            pagination={false}
            expandable={{
              rowExpandable: (log) => log.details !== null && Object.keys(log.details).length > 0,
              expandedRowRender: (log) => (
                <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                  {JSON.stringify(log.details, null, 2)}
                </pre>
              ),
            }}
            onRow={(log) => ({ 'data-testid': `market-log-${log.id}` }) as HTMLAttributes<HTMLElement>}
            locale={{ emptyText: <Empty description={query.isPending ? '加载中...' : '暂无日志'} /> }}
          />
          <ListFooter pagination={shown.pagination} noun="条日志" onChange={setPage} testId="market-logs" />
        </>
      )}
    </Card>
  );
}
