import { CloudDownloadOutlined } from '@ant-design/icons';
import {
  fetchPairDataBody,
  initHistoricalBody,
  KLINE_INTERVAL_LABELS,
  KLINE_INTERVALS,
  type KlineInterval,
  type MarketDataJob,
} from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, InputNumber, Row, Select, Space } from 'antd';
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

export const INTERVAL_OPTIONS = KLINE_INTERVALS.map((value) => ({
  value,
  label: KLINE_INTERVAL_LABELS[value],
}));

interface InitForm {
  symbols: string[];
  intervals: KlineInterval[];
  limit: number | null;
}

/** The first message of a contract check that failed, or null when the body is fine. */
function firstIssue(
  check: { success: true } | { success: false; error: { issues: readonly { message: string }[] } },
): string | null {
  return check.success ? null : (check.error.issues[0]?.message ?? '参数不正确');
}

export interface HistoricalInitCardProps {
  job: MarketDataJob | null;
  symbols: string[];
  symbolsLoading: boolean;
}

/** 初始化历史数据: backfill klines for chosen pairs and intervals, and the job's progress. */
export function HistoricalInitCard({ job, symbols, symbolsLoading }: HistoricalInitCardProps) {
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
      message.success('历史数据初始化已开始');
      started(next);
    },
    onError: (error) => message.error(`初始化历史数据失败: ${errorMessage(error, '未知错误')}`),
  });
  const onePair = useMutation({
    mutationFn: startPairDataFetch,
    onSuccess: (next) => {
      message.success('交易对数据获取已开始');
      started(next);
    },
    onError: (error) => message.error(`获取交易对数据失败: ${errorMessage(error, '未知错误')}`),
  });

  const running = job?.status === 'running';
  const busy = running || init.isPending || onePair.isPending;

  const submit = async (mode: 'all' | 'one') => {
    const values = await form.validateFields();
    const limit = values.limit ?? DEFAULT_CANDLES_PER_INTERVAL;
    if (mode === 'one') {
      const body = { symbol: values.symbols[0] ?? '', intervals: values.intervals, limit };
      const problem = firstIssue(fetchPairDataBody.safeParse(body));
      if (problem) message.error(problem);
      else onePair.mutate(body);
      return;
    }
    const body = {
      ...(values.symbols.length > 0 ? { symbols: values.symbols } : {}),
      intervals: values.intervals,
      limit,
    };
    const problem = firstIssue(initHistoricalBody.safeParse(body));
    if (problem) message.error(problem);
    else init.mutate(body);
  };

  return (
    <Card title="初始化历史数据">
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
            <Form.Item name="symbols" label="交易对" extra="留空表示全部交易对；只选一个时可单独获取该交易对">
              <Select
                mode="multiple"
                allowClear
                showSearch
                loading={symbolsLoading}
                placeholder="全部交易对"
                maxTagCount="responsive"
                options={symbols.map((symbol) => ({ value: symbol, label: symbol }))}
                data-testid="market-init-symbols"
              />
            </Form.Item>
            <Form.Item
              name="intervals"
              label="K线周期"
              rules={[{ required: true, type: 'array', min: 1, message: '至少选择一个周期' }]}
            >
              <Select
                mode="multiple"
                allowClear
                placeholder="选择周期"
                options={INTERVAL_OPTIONS}
                data-testid="market-init-intervals"
              />
            </Form.Item>
            <Form.Item
              name="limit"
              label="每个周期K线数"
              rules={[{ required: true, message: '请输入K线数' }]}
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
                开始初始化
              </Button>
              <Button
                disabled={busy || chosen.length !== 1}
                loading={onePair.isPending}
                onClick={() => void submit('one').catch(() => {})}
                data-testid="market-fetch-pair"
              >
                仅获取所选交易对
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
