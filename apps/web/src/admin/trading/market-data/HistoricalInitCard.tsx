import { CloudDownloadOutlined } from '@ant-design/icons';
import {
  fetchPairDataBody,
  initHistoricalBody,
  KLINE_INTERVALS,
  type KlineInterval,
  type MarketDataJob,
} from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, InputNumber, Row, Select, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/request.ts';
import { JobProgress } from './JobProgress.tsx';
import { newerJob } from './jobs.ts';
import {
  MARKET_LOGS_KEY,
  MARKET_STATUS_KEY,
  type MarketAdminStatus,
  startHistoricalInit,
  startPairDataFetch,
} from './marketDataApi.ts';

export const DEFAULT_CANDLES_PER_INTERVAL = 500;

/** The kline intervals as select options, named in the language shown. */
export function useIntervalOptions() {
  const { t } = useTranslation('admin');
  return useMemo(
    () => KLINE_INTERVALS.map((value) => ({ value, label: t(`marketData.intervals.${value}`) })),
    [t],
  );
}

interface InitForm {
  symbols: string[];
  intervals: KlineInterval[];
  limit: number | null;
}

/** The first message of a contract check that failed (the contracts' words), or null when the body is fine. */
function firstIssue(
  check: { success: true } | { success: false; error: { issues: readonly { message: string }[] } },
  fallback: string,
): string | null {
  return check.success ? null : (check.error.issues[0]?.message ?? fallback);
}

export interface HistoricalInitCardProps {
  job: MarketDataJob | null;
  symbols: string[];
  symbolsLoading: boolean;
}

/** 初始化历史数据: backfill klines for chosen pairs and intervals, and the job's progress. */
export function HistoricalInitCard({ job, symbols, symbolsLoading }: HistoricalInitCardProps) {
  const { t } = useTranslation('admin');
  const intervalOptions = useIntervalOptions();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<InitForm>();
  const chosen = Form.useWatch('symbols', form) ?? [];

  const started = (next: MarketDataJob) => {
    queryClient.setQueryData<MarketAdminStatus>(MARKET_STATUS_KEY, (old) =>
      old ? { ...old, job: newerJob(old.job, next) } : old,
    );
    void queryClient.invalidateQueries({ queryKey: MARKET_STATUS_KEY });
    void queryClient.invalidateQueries({ queryKey: MARKET_LOGS_KEY });
  };

  const init = useMutation({
    mutationFn: startHistoricalInit,
    onSuccess: (next) => {
      message.success(t('marketData.init.started'));
      started(next);
    },
    onError: (error) =>
      message.error(
        t('marketData.init.failed', { reason: errorMessage(error, t('marketData.unknownError')) }),
      ),
  });
  const onePair = useMutation({
    mutationFn: startPairDataFetch,
    onSuccess: (next) => {
      message.success(t('marketData.init.pairStarted'));
      started(next);
    },
    onError: (error) =>
      message.error(
        t('marketData.init.pairFailed', { reason: errorMessage(error, t('marketData.unknownError')) }),
      ),
  });

  const running = job?.status === 'running';
  const busy = running || init.isPending || onePair.isPending;

  const submit = async (mode: 'all' | 'one') => {
    const values = await form.validateFields();
    const limit = values.limit ?? DEFAULT_CANDLES_PER_INTERVAL;
    if (mode === 'one') {
      const body = { symbol: values.symbols[0] ?? '', intervals: values.intervals, limit };
      const problem = firstIssue(fetchPairDataBody.safeParse(body), t('marketData.init.badParams'));
      if (problem) message.error(problem);
      else onePair.mutate(body);
      return;
    }
    const body = {
      ...(values.symbols.length > 0 ? { symbols: values.symbols } : {}),
      intervals: values.intervals,
      limit,
    };
    const problem = firstIssue(initHistoricalBody.safeParse(body), t('marketData.init.badParams'));
    if (problem) message.error(problem);
    else init.mutate(body);
  };

  return (
    <Card title={t('marketData.init.title')}>
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={13}>
          <Form<InitForm>
            form={form}
            layout="vertical"
            initialValues={{
              symbols: [],
              intervals: [...KLINE_INTERVALS],
              limit: DEFAULT_CANDLES_PER_INTERVAL,
            }}
          >
            <Form.Item
              name="symbols"
              label={t('marketData.init.symbols')}
              extra={t('marketData.init.symbolsHelp')}
            >
              <Select
                mode="multiple"
                allowClear
                showSearch
                loading={symbolsLoading}
                placeholder={t('marketData.allPairs')}
                maxTagCount="responsive"
                options={symbols.map((symbol) => ({ value: symbol, label: symbol }))}
                data-testid="market-init-symbols"
              />
            </Form.Item>
            <Form.Item
              name="intervals"
              label={t('marketData.init.intervals')}
              rules={[
                { required: true, type: 'array', min: 1, message: t('marketData.init.intervalsRequired') },
              ]}
            >
              <Select
                mode="multiple"
                allowClear
                placeholder={t('marketData.init.intervalsPlaceholder')}
                options={intervalOptions}
                data-testid="market-init-intervals"
              />
            </Form.Item>
            <Form.Item
              name="limit"
              label={t('marketData.init.limit')}
              rules={[{ required: true, message: t('marketData.init.limitRequired') }]}
            >
              <InputNumber
                min={1}
                max={2000}
                precision={0}
                style={{ width: 160 }}
                data-testid="market-init-limit"
              />
            </Form.Item>
            <Space wrap>
              <Button
                type="primary"
                icon={<CloudDownloadOutlined />}
                disabled={busy}
                loading={init.isPending}
                onClick={() => void submit('all').catch(() => {})}
                data-testid="market-init-submit"
              >
                {t('marketData.init.submit')}
              </Button>
              <Button
                disabled={busy || chosen.length !== 1}
                loading={onePair.isPending}
                onClick={() => void submit('one').catch(() => {})}
                data-testid="market-fetch-pair"
              >
                {t('marketData.init.fetchPair')}
              </Button>
            </Space>
          </Form>
        </Col>
        <Col xs={24} lg={11}>
          <JobProgress job={job} />
        </Col>
      </Row>
    </Card>
  );
}
