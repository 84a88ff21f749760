import type { UseQueryResult } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { LoadErrorView } from '../../components/LoadErrorView.tsx';
import { errorMessage } from '../../lib/request.ts';

export interface QuerySectionProps<T> {
  query: UseQueryResult<T>;
  /** The section's failure title (user:team.loadFailed); the request layer's reason goes under it. */
  failed: string;
  children: (data: T) => ReactNode;
  /** Skeleton rows while the first answer is on its way. */
  rows?: number;
}

/**
 * One section of the team screen fed by one query: a skeleton while it loads, the error view with
 * retry when it fails (the other sections keep working), its content once it has data.
 */
export function QuerySection<T>({ query, failed, children, rows = 3 }: QuerySectionProps<T>) {
  if (query.data !== undefined) return children(query.data);
  if (query.isError) {
    return (
      <LoadErrorView
        title={failed}
        reason={errorMessage(query.error, failed)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return <Skeleton active paragraph={{ rows }} title={false} />;
}
