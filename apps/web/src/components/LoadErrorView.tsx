import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Result } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/request.ts';
import { PageLoading } from './PageLoading.tsx';

export interface LoadErrorViewProps {
  /** The spec's message, e.g. 获取提现列表失败. */
  title: string;
  /** The server's or network's reason, shown under the title when it says something more. */
  reason?: string;
  onRetry: () => void;
  retrying?: boolean;
}

/** A list that could not load: replaces the page with the message and a retry button. */
export function LoadErrorView({ title, reason, onRetry, retrying }: LoadErrorViewProps) {
  const { t } = useTranslation('common');
  return (
    <Card data-testid="load-error">
      <Result
        status="error"
        title={title}
        subTitle={reason && reason !== title ? reason : undefined}
        extra={
          <Button type="primary" onClick={onRetry} loading={retrying} data-testid="load-error-retry">
            {t('retry')}
          </Button>
        }
      />
    </Card>
  );
}

/**
 * What a page shows while its one query has no data: the spinner while it loads, else the failure
 * with `title` and a retry. Use as `if (!query.data) return unloadedView(query, LOAD_FAILED);`.
 */
export function unloadedView(query: UseQueryResult<unknown>, title: string): ReactElement {
  if (query.isPending) return <PageLoading />;
  return (
    <LoadErrorView
      title={title}
      reason={errorMessage(query.error, title)}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
}
