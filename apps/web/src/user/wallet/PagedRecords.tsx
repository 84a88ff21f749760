import type { Pagination } from '@platform/contracts';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { Card, Empty } from 'antd';
import { type ReactNode, useState } from 'react';
import { ListFooter } from '../../components/ListFooter.tsx';
import { LoadErrorView } from '../../components/LoadErrorView.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { errorMessage } from '../../lib/request.ts';
import { useSessionSnapshot } from '../../lib/session.tsx';

export interface PagedRecordsProps<D, T> {
  queryKey: (page: number) => QueryKey;
  fetchPage: (page: number, signal: AbortSignal) => Promise<D>;
  pick: (data: D) => { items: T[]; pagination: Pagination };
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => number;
  emptyText: string;
  errorTitle: string;
  testId: string;
}

/** One paginated list of the user's own records, with its loading, error and empty states. */
export function PagedRecords<D, T>(props: PagedRecordsProps<D, T>) {
  const { token } = useSessionSnapshot();
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: props.queryKey(page),
    queryFn: ({ signal }) => props.fetchPage(page, signal),
    placeholderData: keepPreviousData,
    enabled: Boolean(token),
  });

  if (query.isPending) return <PageLoading />;
  if (query.data === undefined) {
    return (
      <LoadErrorView
        title={props.errorTitle}
        reason={errorMessage(query.error, props.errorTitle)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const { items, pagination } = props.pick(query.data);
  return (
    <Card size="small" data-testid={props.testId} styles={{ body: { paddingTop: 0 } }}>
      {items.length === 0 ? (
        <Empty description={props.emptyText} style={{ padding: '24px 0' }} />
      ) : (
        items.map((item) => <div key={props.itemKey(item)}>{props.renderItem(item)}</div>)
      )}
      <ListFooter pagination={pagination} page={page} onChange={setPage} testId={props.testId} />
    </Card>
  );
}
