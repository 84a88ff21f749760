import type { UseQueryResult } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { SectionError } from '../../components/SectionError.tsx';

/** A card's list while it loads (a skeleton), when it failed (the reason and 重试), then `children`. */
export function QueryBody<T>({
  query,
  errorTitle,
  testId,
  children,
}: {
  query: UseQueryResult<T>;
  errorTitle: string;
  /** The error's test id (its retry button is `<testId>-retry`). */
  testId: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Skeleton active paragraph={{ rows: 3 }} style={{ paddingBlock: 12 }} />;
  if (query.isError)
    return (
      <div style={{ paddingBlock: 12 }}>
        <SectionError
          title={errorTitle}
          reason={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          testId={testId}
        />
      </div>
    );
  return children(query.data);
}
