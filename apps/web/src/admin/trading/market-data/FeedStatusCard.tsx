import {
  ApiOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  ReloadOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { MARKET_FEED_STATE_LABELS, type MarketFeedState, priceSourceLabel } from '@platform/contracts';
import { formatCount, formatDateTime } from '@platform/domain';
import { type UseQueryResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Flex, Skeleton, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { SectionError } from '../../../components/SectionError.tsx';
import { errorMessage } from '../../../lib/request.ts';
import { PriceSourceTags } from '../price-sources/PriceSourceTable.tsx';
import {
  type ConnectionTest,
  type FeedAction,
  MARKET_LOGS_KEY,
  MARKET_STATUS_KEY,
  type MarketAdminStatus,
  runFeedAction,
  testConnection,
} from './marketDataApi.ts';

const PROVIDER_LABELS: Record<string, string> = {
  sim: '模拟行情 (sim)',
  htx: '火币 HTX (htx)',
  okx: 'OKX (okx)',
};
const providerLabel = (provider: string) => PROVIDER_LABELS[provider] ?? priceSourceLabel(provider);

const STATE_COLOURS: Record<MarketFeedState, string> = {
  stopped: 'default',
  starting: 'processing',
  running: 'success',
  error: 'error',
};

const ACTIONS: Record<FeedAction, { label: string; done: string; icon: ReactNode }> = {
  start: { label: '启动', done: '行情服务已启动', icon: <PlayCircleOutlined /> },
  stop: { label: '停止', done: '行情服务已停止', icon: <PauseCircleOutlined /> },
  restart: { label: '重启', done: '行情服务已重启', icon: <SyncOutlined /> },
};

/** Which buttons apply in a state: no start while it runs, no stop once stopped, restart only a live feed. */
export function feedActionAllowed(action: FeedAction, state: MarketFeedState): boolean {
  if (action === 'start') return state === 'stopped' || state === 'error';
  if (action === 'stop') return state !== 'stopped';
  return state === 'running' || state === 'error';
}

export function ConnectionResult({ result }: { result: ConnectionTest }) {
  const provider = providerLabel(result.provider);
  if (!result.ok) {
    return (
      <Alert
        type="error"
        showIcon
        title={`连接失败：${provider}`}
        description={`${result.error ?? '未知错误'}（耗时 ${result.latencyMs} ms）`}
        data-testid="market-connection-result"
      />
    );
  }
  return (
    <Alert
      type="success"
      showIcon
      title={`连接正常：${provider}`}
      description={`延迟 ${result.latencyMs} ms，服务器时间 ${formatDateTime(result.serverTime)}`}
      data-testid="market-connection-result"
    />
  );
}

export interface FeedStatusCardProps {
  status: UseQueryResult<MarketAdminStatus>;
}

/** 行情服务: what the feed is doing, start/stop/restart, and a connection test against the provider. */
export function FeedStatusCard({ status }: FeedStatusCardProps) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const data = status.data;

  const action = useMutation({
    mutationFn: runFeedAction,
    onSuccess: (feed, which) => {
      queryClient.setQueryData<MarketAdminStatus>(MARKET_STATUS_KEY, (old) => (old ? { ...old, feed } : old));
      message.success(ACTIONS[which].done);
    },
    onError: (error, which) => {
      message.error(`${ACTIONS[which].label}行情服务失败: ${errorMessage(error, '未知错误')}`);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: MARKET_STATUS_KEY });
      void queryClient.invalidateQueries({ queryKey: MARKET_LOGS_KEY });
    },
  });
  // The server logs every test, so the log section is reloaded after it.
  const connection = useMutation({
    mutationFn: testConnection,
    onSettled: () => queryClient.invalidateQueries({ queryKey: MARKET_LOGS_KEY }),
  });

  const run = (which: FeedAction) => {
    if (which !== 'stop') {
      action.mutate(which);
      return;
    }
    modal.confirm({
      title: '确认停止',
      content: '停止后行情将不再更新，依赖行情的交易也会受影响。确定要停止行情服务吗？',
      okText: '停止',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => action.mutate('stop'),
    });
  };

  const state = data?.feed.state;
  const actionButtons = (Object.keys(ACTIONS) as FeedAction[]).map((which) => (
    <Button
      key={which}
      icon={ACTIONS[which].icon}
      danger={which === 'stop'}
      disabled={!state || !feedActionAllowed(which, state) || action.isPending}
      loading={action.isPending && action.variables === which}
      onClick={() => run(which)}
      data-testid={`market-feed-${which}`}
    >
      {ACTIONS[which].label}
    </Button>
  ));

  let body: ReactNode;
  if (status.isPending) {
    body = <Skeleton active paragraph={{ rows: 3 }} />;
  } else if (!data) {
    body = (
      <SectionError
        title="获取行情服务状态失败"
        reason={errorMessage(status.error, '')}
        onRetry={() => void status.refetch()}
        retrying={status.isFetching}
        testId="market-status-error"
      />
    );
  } else {
    const { feed, klines } = data;
    body = (
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 2, xl: 3 }}
        data-testid="market-feed-status"
        items={[
          {
            key: 'sources',
            label: '价格源',
            children: (
              <PriceSourceTags
                sources={feed.sources}
                simulated={feed.simulated}
                testId="market-feed-sources"
              />
            ),
          },
          { key: 'pairSync', label: '交易对同步源', children: providerLabel(feed.pairSyncProvider) },
          {
            key: 'state',
            label: '状态',
            children: (
              <Tag color={STATE_COLOURS[feed.state]} data-testid="market-feed-state">
                {MARKET_FEED_STATE_LABELS[feed.state]}
              </Tag>
            ),
          },
          {
            key: 'leader',
            label: '主实例',
            children: feed.leader ? '是（本实例写入K线）' : '否（由其他实例写入K线）',
          },
          { key: 'started', label: '启动时间', children: formatDateTime(feed.startedAt) },
          { key: 'lastTick', label: '最后行情', children: formatDateTime(feed.lastTickAt) },
          { key: 'ticks', label: '行情更新次数', children: formatCount(feed.ticks) },
          { key: 'symbols', label: '交易对数', children: formatCount(feed.symbols) },
          {
            key: 'klines',
            label: '已存K线',
            children: `${formatCount(klines.rows)} 根（${formatCount(klines.series)} 个序列）`,
          },
          {
            key: 'lastError',
            label: '最后错误',
            span: 'filled',
            children: feed.lastError ? (
              <Typography.Text type="danger" data-testid="market-feed-last-error">
                {feed.lastError.message}（{formatDateTime(feed.lastError.at)}）
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">无</Typography.Text>
            ),
          },
        ]}
      />
    );
  }

  return (
    <Card
      title="行情服务"
      extra={
        <Button
          icon={<ReloadOutlined />}
          loading={status.isFetching}
          onClick={() => void status.refetch()}
          data-testid="market-status-refresh"
        >
          刷新
        </Button>
      }
    >
      <Flex vertical gap={16}>
        <Flex justify="space-between" wrap gap={8}>
          <Space wrap>{actionButtons}</Space>
          <Button
            icon={<ApiOutlined />}
            loading={connection.isPending}
            onClick={() => connection.mutate()}
            data-testid="market-test-connection"
          >
            测试连接
          </Button>
        </Flex>
        {connection.isSuccess && <ConnectionResult result={connection.data} />}
        {connection.isError && (
          <Alert
            type="error"
            showIcon
            title={`测试连接失败: ${errorMessage(connection.error, '未知错误')}`}
            data-testid="market-connection-result"
          />
        )}
        {body}
      </Flex>
    </Card>
  );
}
