import type { PerpetualPosition } from '@platform/contracts';
import { Empty, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFooter } from '../../../components/ListFooter.tsx';
import { LoadErrorView } from '../../../components/LoadErrorView.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { errorMessage } from '../../../lib/request.ts';
import { type PositionList, usePositions } from './perpetualApi.ts';

export interface PositionsQueryViewProps {
  list: PositionList;
  page: number;
  onPage: (page: number) => void;
  emptyText: string;
  errorTitle: string;
  render: (position: PerpetualPosition) => ReactNode;
  testId: string;
}

/** One page of positions with its loading, error (retry) and empty states and the page footer. */
export function PositionsQueryView({
  list,
  page,
  onPage,
  emptyText,
  errorTitle,
  render,
  testId,
}: PositionsQueryViewProps) {
  const { t } = useTranslation('user');
  const query = usePositions(list, page);
  if (query.isPending) return <PageLoading />;
  if (query.isError && !query.data) {
    return (
      <LoadErrorView
        title={errorTitle}
        reason={errorMessage(query.error, errorTitle)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const { positions, pagination } = query.data;
  if (positions.length === 0) return <Empty description={emptyText} data-testid={`${testId}-empty`} />;
  return (
    <Flex vertical gap={8} data-testid={testId}>
      {positions.map(render)}
      <ListFooter
        pagination={pagination}
        page={page}
        noun={t('perpetual.field.noun')}
        onChange={onPage}
        testId={testId}
      />
    </Flex>
  );
}
