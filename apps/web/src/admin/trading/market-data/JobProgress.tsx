import { MARKET_JOB_STATUS_LABELS, type MarketDataJob, type MarketJobStatus } from '@platform/contracts';
import { formatCount, formatDateTime } from '@platform/domain';
import { Alert, Empty, Flex, Progress, Tag, Typography } from 'antd';
import { JOB_KIND_LABELS, jobPercent } from './jobs.ts';

const STATUS_COLOURS: Record<MarketJobStatus, string> = {
  running: 'processing',
  completed: 'success',
  failed: 'error',
};
const PROGRESS_STATUS = { running: 'active', completed: 'success', failed: 'exception' } as const;

function listParam(value: unknown): string | null {
  return Array.isArray(value) && value.length > 0 ? value.map(String).join('、') : null;
}

/** The latest market-data job: what it covers, units done of total, klines written, its status and error. */
export function JobProgress({ job }: { job: MarketDataJob | null }) {
  if (!job) {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无任务记录" data-testid="market-job-empty" />
    );
  }
  const symbols =
    listParam(job.params.symbols) ?? (typeof job.params.symbol === 'string' ? job.params.symbol : null);
  const intervals = listParam(job.params.intervals);
  return (
    <Flex vertical gap={8} data-testid="market-job">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text strong>
          {JOB_KIND_LABELS[job.kind] ?? job.kind} #{job.id}
        </Typography.Text>
        <Tag color={STATUS_COLOURS[job.status]} data-testid="market-job-status">
          {MARKET_JOB_STATUS_LABELS[job.status]}
        </Tag>
      </Flex>
      <Progress
        percent={jobPercent(job)}
        status={PROGRESS_STATUS[job.status]}
        format={(percent) => `${percent}%`}
        data-testid="market-job-progress"
      />
      <Typography.Text data-testid="market-job-counts">
        已完成 {formatCount(job.done)} / {formatCount(job.total)} 个序列，已写入 {formatCount(job.written)}{' '}
        根K线
      </Typography.Text>
      <Typography.Text type="secondary">
        交易对：{symbols ?? '全部'}
        {intervals ? `；周期：${intervals}` : ''}
      </Typography.Text>
      <Typography.Text type="secondary">
        开始于 {formatDateTime(job.started_at)}
        {job.finished_at ? `，结束于 ${formatDateTime(job.finished_at)}` : ''}
      </Typography.Text>
      {job.error && <Alert type="error" showIcon title={job.error} data-testid="market-job-error" />}
    </Flex>
  );
}
