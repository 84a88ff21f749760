import { DEFAULT_PAGE_SIZE, type Endpoint, type EndpointData } from '@platform/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { i18n } from '../i18n/index.ts';
import { type ListParam, type ListParamsSchema, param, useListParams } from '../lib/listParams.ts';
import { type ApiReply, call } from '../lib/request.ts';
import { ListFooter as PagedFooter } from './ListFooter.tsx';
import { LIST_PAGE_SIZES } from './pagination.ts';

/** The list call's query contract (e.g. auditLogsQuery): filters are checked with it before they are sent. */
export interface QueryCheck {
  safeParse(
    value: unknown,
  ):
    | { success: true }
    | { success: false; error: { issues: readonly { message: string; path: readonly PropertyKey[] }[] } };
}

type QueryContract = NonNullable<Endpoint['query']>;

/** A list endpoint (no path parameters, no body): its query contract checks the filters before they are sent. */
export type FilteredListEndpoint = Endpoint<undefined, QueryContract, undefined> & {
  readonly query: QueryContract;
};

export interface FilteredListOptions<F, E extends FilteredListEndpoint> {
  queryKey: readonly unknown[];
  endpoint: E;
  /** The filters' names (a module-level constant): they are kept in the address with page and limit. */
  filterKeys: readonly (keyof F & string)[];
}

/** The address schema of a filtered list: each filter accepted when the contract accepts it alone. */
function filteredListParams(filterKeys: readonly string[], check: QueryCheck): ListParamsSchema {
  const schema: ListParamsSchema = {};
  for (const key of filterKeys) {
    schema[key] = param.text((value) => check.safeParse({ [key]: value }).success) as ListParam<unknown>;
  }
  schema.page = param.page() as ListParam<unknown>;
  schema.limit = param.intOneOf(LIST_PAGE_SIZES, DEFAULT_PAGE_SIZE) as ListParam<unknown>;
  return schema;
}

/**
 * Filters from the address that the contract accepts together: a filter the check names in a
 * problem (a day range whose start is after its end) is dropped, so the list still loads.
 */
function acceptedFilters(values: Record<string, unknown>, keys: readonly string[], check: QueryCheck) {
  const filters: Record<string, string> = {};
  for (const key of keys) {
    const value = values[key];
    if (typeof value === 'string' && value !== '') filters[key] = value;
  }
  for (let round = 0; round <= keys.length; round += 1) {
    const checked = check.safeParse({ ...filters });
    if (checked.success) break;
    const named = checked.error.issues.map((issue) => String(issue.path[0])).filter((key) => key in filters);
    if (named.length === 0) return {};
    for (const key of named) delete filters[key];
  }
  return filters;
}

/**
 * A paged list behind a filter bar: filters (checked against the contract first, a bad value is a
 * message.error and the filters stay), page and page size, and the query that loads the page.
 * Filters, page and size live in the address, so that a reload, back and a shared link keep them;
 * values from the address that the contract refuses are left out.
 */
export function useFilteredList<F extends { [K in keyof F]?: string }, E extends FilteredListEndpoint>({
  queryKey,
  endpoint,
  filterKeys,
}: FilteredListOptions<F, E>) {
  const check: QueryCheck = endpoint.query;
  const { message } = App.useApp();
  const schema = useMemo(() => filteredListParams(filterKeys, check), [filterKeys, check]);
  const [values, setValues] = useListParams(schema);
  const page = values.page as number;
  const limit = values.limit as number;
  const filters = useMemo(() => acceptedFilters(values, filterKeys, check) as F, [values, filterKeys, check]);

  const params: Record<string, string | number | undefined> = { page, limit, ...filters };
  const query = useQuery({
    queryKey: [...queryKey, params],
    // Called as a list endpoint in general; its reply is the data of this one.
    queryFn: ({ signal }) =>
      call<FilteredListEndpoint>(endpoint, { query: params, signal }) as Promise<ApiReply<EndpointData<E>>>,
    placeholderData: keepPreviousData,
  });

  const applyFilters = (next: F) => {
    // The contract checks the values first, so a typo is a message, not a failed page.
    const checked = check.safeParse({ page: 1, limit, ...next });
    if (!checked.success) {
      message.error(checked.error.issues[0]?.message ?? i18n.t('common:components.badFilter'));
      return;
    }
    const change: Record<string, unknown> = {};
    for (const key of filterKeys) change[key] = (next[key] as string | undefined) ?? '';
    setValues(change);
  };

  /** Pagination's onChange: a new page size starts again at page 1. */
  const changePage = (nextPage: number, nextLimit: number) => {
    if (nextLimit !== limit) setValues({ limit: nextLimit });
    else setValues({ page: nextPage });
  };

  return { filters, applyFilters, page, limit, changePage, query };
}

export interface ListFooterProps {
  /** The words for the total after the range, e.g. 共 12 条. */
  summary: ReactNode;
  page: number;
  limit: number;
  total: number;
  onChange: (page: number, limit: number) => void;
  testId?: string;
}

/**
 * The one pager (components/ListFooter) under a filtered list whose reply is not at hand, with the
 * page sizes the list keeps in the address.
 */
export function ListFooter({ summary, page, limit, total, onChange, testId = 'list' }: ListFooterProps) {
  return (
    <PagedFooter
      pagination={{ page, limit, total, totalPages: Math.ceil(total / limit) }}
      totalText={summary}
      onChange={onChange}
      pageSizes={LIST_PAGE_SIZES}
      testId={testId}
    />
  );
}
