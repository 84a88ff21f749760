import {
  ApiOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  ReloadOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import type { MarketFeedState } from '@platform/contracts';
import { formatCount, formatDateTime } from '@platform/domain';
import { type UseQueryResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Flex, Skeleton, Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionError } from '../../../components/SectionError.tsx';
import { errorMessage } from '../../../lib/request.ts';
import { PriceSourceTags, sourceName } from '../price-sources/PriceSourceTable.tsx';
import {
  type ConnectionTest,
  type FeedAction,
  MARKET_LOGS_KEY,
  MARKET_STATUS_KEY,
  type MarketAdminStatus,
  runFeedAction,
  testConnection,
} from './marketDataApi.ts';

const PROVIDERS = ['sim', 'htx', 'okx'] as const;
const providerLabel = (provider: string, t: TFunction<'admin'>) =>
  (PROVIDERS as readonly string[]).includes(provider)
    ? t(`marketData.feed.providers.${provider as (typeof PROVIDERS)[number]}`)
    : sourceName(provider, t);

const STATE_COLOURS: Record<MarketFeedState, string> = {
  stopped: 'default',
  starting: 'processing',
  running: 'success',
  error: 'error',
};

const ACTION_ICONS: Record<FeedAction, ReactNode> = {
  start: <PlayCircleOutlined />,
  stop: <PauseCircleOutlined />,
  restart: <SyncOutlined />,
};

/** Which buttons apply in a state: no start while it runs, no stop once stopped, restart only a live feed. */
export function feedActionAllowed(action: FeedAction, state: MarketFeedState): boolean {
  if (action === 'start') return state === 'stopped' || state === 'error';
  if (action === 'stop') return state !== 'stopped';
  return state === 'running' || state === 'error';
}

export function ConnectionResult({ result }: { result: ConnectionTest }) {
  const { t } = useTranslation('admin');
  const provider = providerLabel(result.provider, t);
  if (!result.ok) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('marketData.feed.connectionFailed', { provider })}
        description={t('marketData.feed.connectionFailedDetail', {
          error: result.error ?? t('marketData.unknownError'),
          ms: result.latencyMs,
        })}
        data-testid="market-connection-result"
      />
    );
  }
  return (
    <Alert
      type="success"
      showIcon
      title={t('marketData.feed.connectionOk', { provider })}
      description={t('marketData.feed.connectionOkDetail', {
        ms: result.latencyMs,
        time: formatDateTime(result.serverTime),
      })}
      data-testid="market-connection-result"
    />
  );
}

export interface FeedStatusCardProps {
  status: UseQueryResult<MarketAdminStatus>;
}

/** 行情服务: what the feed is doing, start/stop/restart, and a connection test against the provider. */
export function FeedStatusCard({ status }: FeedStatusCardProps) {
  const { t } = useTranslation('admin');
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const data = status.data;

  const action = useMutation({
    mutationFn: runFeedAction,
    onSuccess: (feed, which) => {
      queryClient.setQueryData<MarketAdminStatus>(MARKET_STATUS_KEY, (old) => (old ? { ...old, feed } : old));
      message.success(t(`marketData.feed.done.${which}`));
    },
    onError: (error, which) => {
      message.error(
        t(`marketData.feed.failed.${which}`, { reason: errorMessage(error, t('marketData.unknownError')) }),
      );
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
      title: t('marketData.feed.confirmStopTitle'),
      content: t('marketData.feed.confirmStop'),
      okText: t('marketData.feed.actions.stop'),
      okButtonProps: { danger: true },
      cancelText: t('marketData.feed.cancel'),
      onOk: () => action.mutate('stop'),
    });
  };

  const state = data?.feed.state;
  const actionButtons = (Object.keys(ACTION_ICONS) as FeedAction[]).map((which) => (
    <Button
      key={which}
      icon={ACTION_ICONS[which]}
      danger={which === 'stop'}
      disabled={!state || !feedActionAllowed(which, state) || action.isPending}
      loading={action.isPending && action.variables === which}
      onClick={() => run(which)}
      data-testid={`market-feed-${which}`}
    >
      {t(`marketData.feed.actions.${which}`)}
    </Button>
  ));

  let body: ReactNode;
  if (status.isPending) {
    body = <Skeleton active paragraph={{ rows: 3 }} />;
  } else if (!data) {
    body = (
      <SectionError
        title={t('marketData.feed.loadFailed')}
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
            label: t('marketData.feed.sources'),
            children: (
              <PriceSourceTags
                sources={feed.sources}
                simulated={feed.simulated}
                testId="market-feed-sources"
              />
            ),
          },
          {
            key: 'pairSync',
            label: t('marketData.feed.pairSync'),
            children: providerLabel(feed.pairSyncProvider, t),
          },
          {
            key: 'state',
            label: t('marketData.feed.state'),
            children: (
              <Tag color={STATE_COLOURS[feed.state]} data-testid="market-feed-state">
                {t(`marketData.feed.states.${feed.state}`)}
              </Tag>
            ),
          },
          {
            key: 'leader',
            label: t('marketData.feed.leader'),
            children: t(feed.leader ? 'marketData.feed.leaderYes' : 'marketData.feed.leaderNo'),
          },
          { key: 'started', label: t('marketData.feed.started'), children: formatDateTime(feed.startedAt) },
          {
            key: 'lastTick',
            label: t('marketData.feed.lastTick'),
            children: formatDateTime(feed.lastTickAt),
          },
          { key: 'ticks', label: t('marketData.feed.ticks'), children: formatCount(feed.ticks) },
          { key: 'symbols', label: t('marketData.feed.symbols'), children: formatCount(feed.symbols) },
          {
            key: 'klines',
            label: t('marketData.feed.klines'),
            children: t('marketData.feed.klinesValue', {
              count: klines.rows,
              rows: formatCount(klines.rows),
              series: formatCount(klines.series),
            }),
          },
          {
            key: 'lastError',
            label: t('marketData.feed.lastError'),
            span: 'filled',
            children: feed.lastError ? (
              <Typography.Text type="danger" data-testid="market-feed-last-error">
                {t('marketData.feed.lastErrorValue', {
                  message: feed.lastError.message,
                  at: formatDateTime(feed.lastError.at),
                })}
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">{t('marketData.none')}</Typography.Text>
            ),
          },
        ]}
      />
    );
  }

  return (
    <Card
      title={t('marketData.feed.title')}
      extra={
        <Button
          icon={<ReloadOutlined />}
          loading={status.isFetching}
          onClick={() => void status.refetch()}
          data-testid="market-status-refresh"
        >
          {t('marketData.refresh')}
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
            {t('marketData.feed.testConnection')}
          </Button>
        </Flex>
        {connection.isSuccess && <ConnectionResult result={connection.data} />}
        {connection.isError && (
          <Alert
            type="error"
            showIcon
            title={t('marketData.feed.testFailed', {
              reason: errorMessage(connection.error, t('marketData.unknownError')),
            })}
            data-testid="market-connection-result"
          />
        )}
        {body}
      </Flex>
    </Card>
  );
}
