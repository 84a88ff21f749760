import { ReloadOutlined } from '@ant-design/icons';
import { MARKET_LOG_LEVELS } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Select, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { type HTMLAttributes, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFooter } from '../../../components/ListFooter.tsx';
import { pageOf } from '../../../components/pagination.ts';
import { SectionError } from '../../../components/SectionError.tsx';
import { errorMessage } from '../../../lib/request.ts';
import { fetchMarketLogs, MARKET_LOGS_KEY, type MarketLog, type MarketLogLevel } from './marketDataApi.ts';

export const LOG_LEVEL_COLOURS: Record<MarketLogLevel, string> = {
  info: 'blue',
  warn: 'orange',
  error: 'red',
};

type LevelFilter = MarketLogLevel | 'all';

/** The entries the call returns are paged here, this many a page. */
const LOGS_PAGE_SIZE = 20;

const columnsOf = (t: TFunction<'admin'>): TableColumnsType<MarketLog> => [
  {
    title: t('marketData.logs.time'),
    dataIndex: 'created_at',
    width: 180,
    render: (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value)}</span>,
  },
  {
    title: t('marketData.logs.level'),
    dataIndex: 'level',
    width: 80,
    render: (level: MarketLogLevel) => (
      <Tag color={LOG_LEVEL_COLOURS[level]}>{t(`marketData.logs.levels.${level}`)}</Tag>
    ),
  },
  {
    title: t('marketData.logs.event'),
    dataIndex: 'event',
    width: 200,
    render: (event: string) => <Typography.Text code>{event}</Typography.Text>,
  },
  { title: t('marketData.logs.message'), dataIndex: 'message' },
];

/** 日志: the market-data service's recent log entries, filterable by level; details expand under a row. */
export function LogsCard() {
  const { t } = useTranslation('admin');
  const columns = useMemo(() => columnsOf(t), [t]);
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
      title={t('marketData.logs.title')}
      extra={
        <Space>
          <Select<LevelFilter>
            value={level}
            onChange={(next) => {
              setLevel(next);
              setPage(1);
            }}
            style={{ width: 120 }}
            aria-label={t('marketData.logs.levelFilter')}
            options={[
              { value: 'all', label: t('marketData.logs.allLevels') },
              ...MARKET_LOG_LEVELS.map((value) => ({ value, label: t(`marketData.logs.levels.${value}`) })),
            ]}
            data-testid="market-logs-level"
          />
          <Button
            icon={<ReloadOutlined />}
            loading={query.isFetching}
            onClick={() => void query.refetch()}
            data-testid="market-logs-refresh"
          >
            {t('marketData.refresh')}
          </Button>
        </Space>
      }
    >
      {query.isError && !query.data ? (
        <SectionError
          title={t('marketData.logs.loadFailed')}
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
            // The fixed columns need more than a phone's card: the table scrolls, not the page.
            scroll={{ x: 'max-content' }}
            expandable={{
              rowExpandable: (log) => log.details !== null && Object.keys(log.details).length > 0,
              expandedRowRender: (log) => (
                <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                  {JSON.stringify(log.details, null, 2)}
                </pre>
              ),
            }}
            onRow={(log) => ({ 'data-testid': `market-log-${log.id}` }) as HTMLAttributes<HTMLElement>}
            locale={{
              emptyText: (
                <Empty description={t(query.isPending ? 'marketData.loading' : 'marketData.logs.empty')} />
              ),
            }}
          />
          <ListFooter
            pagination={shown.pagination}
            noun={t('marketData.logs.noun')}
            onChange={setPage}
            testId="market-logs"
          />
        </>
      )}
    </Card>
  );
}
