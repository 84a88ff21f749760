import type { MarketDataJob, MarketJobStatus } from '@platform/contracts';
import { formatCount, formatDateTime } from '@platform/domain';
import { Alert, Empty, Flex, Progress, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { jobPercent } from './jobs.ts';

const STATUS_COLOURS: Record<MarketJobStatus, string> = {
  running: 'processing',
  completed: 'success',
  failed: 'error',
};
const PROGRESS_STATUS = { running: 'active', completed: 'success', failed: 'exception' } as const;

function listParam(value: unknown, separator: string): string | null {
  return Array.isArray(value) && value.length > 0 ? value.map(String).join(separator) : null;
}

/** The latest market-data job: what it covers, units done of total, klines written, its status and error. */
export function JobProgress({ job }: { job: MarketDataJob | null }) {
  const { t } = useTranslation('admin');
  if (!job) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('marketData.job.empty')}
        data-testid="market-job-empty"
      />
    );
  }
  const separator = t('marketData.job.listSeparator');
  const symbols =
    listParam(job.params.symbols, separator) ??
    (typeof job.params.symbol === 'string' ? job.params.symbol : null);
  const intervals = listParam(job.params.intervals, separator);
  return (
    <Flex vertical gap={8} data-testid="market-job">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text strong>
          {t(`marketData.job.kinds.${job.kind}`, { defaultValue: job.kind })} #{job.id}
        </Typography.Text>
        <Tag color={STATUS_COLOURS[job.status]} data-testid="market-job-status">
          {t(`marketData.job.status.${job.status}`)}
        </Tag>
      </Flex>
      <Progress
        percent={jobPercent(job)}
        status={PROGRESS_STATUS[job.status]}
        format={(percent) => `${percent}%`}
        data-testid="market-job-progress"
      />
      <Typography.Text data-testid="market-job-counts">
        {t('marketData.job.counts', {
          done: formatCount(job.done),
          total: formatCount(job.total),
          count: job.written,
          written: formatCount(job.written),
        })}
      </Typography.Text>
      <Typography.Text type="secondary">
        {t('marketData.job.pairs', { symbols: symbols ?? t('marketData.job.allPairs') })}
        {intervals ? t('marketData.job.intervals', { intervals }) : ''}
      </Typography.Text>
      <Typography.Text type="secondary">
        {t('marketData.job.started', { time: formatDateTime(job.started_at) })}
        {job.finished_at ? t('marketData.job.finished', { time: formatDateTime(job.finished_at) }) : ''}
      </Typography.Text>
      {job.error && <Alert type="error" showIcon title={job.error} data-testid="market-job-error" />}
    </Flex>
  );
}
