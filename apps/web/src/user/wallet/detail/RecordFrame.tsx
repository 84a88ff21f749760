import { type QueryKey, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Card, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadErrorView } from '../../../components/LoadErrorView.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { ApiError, errorMessage } from '../../../lib/request.ts';
import { useSessionSnapshot } from '../../../lib/session.tsx';
import { UserPage } from '../../shell/UserPage.tsx';
import { NarrowColumn } from '../NarrowColumn.tsx';
import { useWalletRealtime } from '../useWalletRealtime.ts';

/**
 * The frame of one record a statement row opens (a deposit, a withdrawal, an order): its title, a
 * back arrow to the statement, and the record's loading, not-found and error states.
 */
export function RecordFrame<T>({
  title,
  query,
  errorTitle,
  testId,
  back = '/wallet/history?tab=transactions',
  invalid = false,
  children,
}: {
  title: string;
  /** The address names no record (not an id): 记录不存在 without asking the server. */
  invalid?: boolean;
  query: UseQueryResult<T, unknown>;
  errorTitle: string;
  testId: string;
  back?: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('user');
  let content: ReactNode;
  const missing = invalid || (query.isError && query.error instanceof ApiError && query.error.status === 404);
  if (missing)
    content = (
      <Card>
        <Result
          status="404"
          title={t('wallet.detail.missing')}
          subTitle={t('wallet.detail.missingDetail')}
          data-testid={`${testId}-missing`}
        />
      </Card>
    );
  else if (query.isPending) content = <PageLoading />;
  else if (query.isError)
    content = (
      <LoadErrorView
        title={errorTitle}
        reason={errorMessage(query.error, errorTitle)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  else content = children(query.data);
  return (
    <NarrowColumn>
      <UserPage title={title} back={back} testId={testId}>
        {content}
      </UserPage>
    </NarrowColumn>
  );
}

/** The record's id from the address, or null when it is not one (the page then shows 记录不存在). */
export function recordId(param: string | undefined): number | null {
  return param && /^[1-9]\d{0,14}$/.test(param) ? Number(param) : null;
}

/** Retry a failed read twice, but not a 404: the record is not there to be had. */
export const notFoundNoRetry = (count: number, error: unknown) =>
  count < 2 && !(error instanceof ApiError && error.status === 404);

/**
 * The record the address names (`:id`), read once signed in and kept current by the money events;
 * `id` is null when the address names none (the frame then says 记录不存在 without a call).
 */
export function useOwnRecord<T>(
  queryKey: (id: number) => QueryKey,
  fetch: (id: number, signal: AbortSignal) => Promise<T>,
) {
  const id = recordId(useParams().id);
  const { token } = useSessionSnapshot();
  const query = useQuery({
    queryKey: queryKey(id ?? 0),
    queryFn: ({ signal }) => fetch(id ?? 0, signal),
    enabled: Boolean(token) && id !== null,
    retry: notFoundNoRetry,
  });
  useWalletRealtime();
  return { id, query };
}
