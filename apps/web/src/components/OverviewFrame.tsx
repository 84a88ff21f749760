import { ReloadOutlined } from '@ant-design/icons';
import { formatDateTime } from '@platform/domain';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../lib/request.ts';
import { LoadErrorView } from './LoadErrorView.tsx';
import { PageLoading } from './PageLoading.tsx';

export interface OverviewFrameProps<T> {
  title: string;
  /** Prefix of the test ids: `<id>-overview` (the loaded page), `<id>-updated-at`, `<id>-refresh`. */
  testId: string;
  queryKey: QueryKey;
  fetch: (signal: AbortSignal) => Promise<T>;
  refreshMs: number;
  loadFailed: string;
  /** The header's link button to the area's main list. */
  link: { to: string; label: string; icon: ReactNode; testId: string };
  children: (data: T) => ReactNode;
}

/**
 * The frame of an overview screen (trading, team): a query reloaded every `refreshMs`, the loading
 * state, the error view that replaces the page until a first load succeeds, then the title with
 * the last-update time, a link and 刷新, and a warning above the last figures when a reload fails.
 * Only the button's own refresh spins it (刷新中): the periodic reload stays silent.
 */
export function OverviewFrame<T>(props: OverviewFrameProps<T>) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: props.queryKey,
    queryFn: ({ signal }) => props.fetch(signal),
    refetchInterval: props.refreshMs,
  });
  const { data, error, isFetching, dataUpdatedAt } = query;
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      await query.refetch();
    } finally {
      setRefreshing(false);
    }
  };

  if (query.isPending) return <PageLoading />;
  if (data === undefined) {
    return (
      <LoadErrorView
        title={props.loadFailed}
        reason={errorMessage(error, props.loadFailed)}
        onRetry={() => void query.refetch()}
        retrying={isFetching}
      />
    );
  }

  return (
    <Flex vertical gap={16} data-testid={`${props.testId}-overview`}>
      <Flex align="center" justify="space-between" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {props.title}
        </Typography.Title>
        <Flex align="center" gap={12} wrap>
          <Typography.Text type="secondary" data-testid={`${props.testId}-updated-at`}>
            {t('components.lastUpdated', { time: formatDateTime(dataUpdatedAt) })}
          </Typography.Text>
          <Button
            icon={props.link.icon}
            onClick={() => navigate(props.link.to)}
            data-testid={props.link.testId}
          >
            {props.link.label}
          </Button>
          <Button
            type="primary"
            icon={<ReloadOutlined />}
            loading={refreshing}
            onClick={() => void refresh()}
            data-testid={`${props.testId}-refresh`}
          >
            {refreshing ? t('components.refreshing') : t('components.refresh')}
          </Button>
        </Flex>
      </Flex>
      {error && (
        <Alert
          type="warning"
          showIcon
          title={`${props.loadFailed}: ${errorMessage(error, props.loadFailed)}`}
        />
      )}
      {props.children(data)}
    </Flex>
  );
}
