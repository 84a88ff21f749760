import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Table, type TableColumnsType, type TableProps, Typography } from 'antd';
import type { HTMLAttributes, ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorView } from '../../components/LoadErrorView.tsx';
import { errorMessage } from '../../lib/request.ts';

/** What the scaffold reads of the list's query (a react-query result fits). */
export interface ListQuery {
  isError: boolean;
  isFetching: boolean;
  data: unknown;
  error: unknown;
  refetch: () => unknown;
}

export interface AdminListPageProps {
  /** The heading, e.g. 用户管理. */
  title: string;
  /** Test ids: `<testId>-page` on the page, `<testId>-refresh` on 刷新. */
  testId: string;
  query: ListQuery;
  /** The spec's load failure, e.g. 获取用户列表失败: the error view's title. */
  loadFailed: string;
  /**
   * What a failed load does. 'replace' (default): the error view with 重试 replaces the page.
   * 'keep': only a first load that failed does; a failed reload leaves the list loaded before.
   * 'warn': as 'keep', with a warning `<loadFailed>: <reason>` over the list.
   */
  reloadError?: 'replace' | 'keep' | 'warn';
  /** The warning's reason when the error gives none (default: loadFailed). */
  unknownReason?: string;
  /** 刷新's spinner, when it should not spin for every fetch (e.g. not during a batch). */
  refreshing?: boolean;
  /** Left of 刷新 in the header: a status text, a notification switch. */
  status?: ReactNode;
  /** Right of 刷新 in the header: 添加, 同步, 重新计算. */
  actions?: ReactNode;
  /** Between the header and the filters: stat cards, alerts, approvals waiting. */
  summary?: ReactNode;
  /** The filter card's left side. */
  filters?: ReactNode;
  /** The filter card's right side: the selection and what can be done with it (or a count). */
  batchBar?: ReactNode;
  /** A line under the filters and the batch bar (e.g. what a batch acts on). */
  filterHint?: ReactNode;
  /** The list card's title. */
  tableTitle?: ReactNode;
  /** The list itself, usually a ListTable. */
  table: ReactNode;
  /** Under the list in its card: the count and the pages. */
  footer?: ReactNode;
  /** Under the list card: further cards, dialogs. */
  below?: ReactNode;
}

/**
 * The frame of an admin list screen: heading with 刷新, summary, a filter card with the batch bar,
 * the list card with its footer, and the error view with 重试 when the list could not load.
 */
export function AdminListPage({
  title,
  testId,
  query,
  loadFailed,
  reloadError = 'replace',
  unknownReason,
  refreshing,
  status,
  actions,
  summary,
  filters,
  batchBar,
  filterHint,
  tableTitle,
  table,
  footer,
  below,
}: AdminListPageProps) {
  const { t } = useTranslation('admin');
  if (query.isError && (reloadError === 'replace' || query.data === undefined)) {
    return (
      <LoadErrorView
        title={loadFailed}
        reason={errorMessage(query.error, '')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return (
    <Flex vertical gap={16} data-testid={`${testId}-page`}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Flex align="center" wrap gap={8}>
          {status}
          <Button
            icon={<ReloadOutlined />}
            loading={refreshing ?? query.isFetching}
            onClick={() => void query.refetch()}
            data-testid={`${testId}-refresh`}
          >
            {t('shell.refresh')}
          </Button>
          {actions}
        </Flex>
      </Flex>

      {reloadError === 'warn' && query.isError && (
        <Alert
          type="warning"
          showIcon
          title={`${loadFailed}: ${errorMessage(query.error, unknownReason ?? loadFailed)}`}
        />
      )}

      {summary}

      {(filters || batchBar) && (
        <Card size="small">
          <Flex wrap gap={12} align="center" justify="space-between">
            {filters}
            {batchBar}
          </Flex>
          {filterHint}
        </Card>
      )}

      <Card size="small" title={tableTitle}>
        {table}
        {footer}
      </Card>

      {below}
    </Flex>
  );
}

/**
 * The widest a list's table may be and still fit its card beside the menu on a 1366 px screen (1072 px
 * there): a list with a pinned 操作 column scrolls sideways only below this width, so that at 1366 px
 * and wider no column lies under the pinned one.
 */
export const LAPTOP_TABLE_WIDTH = 1040;

export interface ListSelection<T> {
  selected: readonly number[];
  onSelect: (ids: number[]) => void;
  /** Extra checkbox props per row: disabled, a test id, an aria-label. */
  checkbox?: (row: T) => { disabled?: boolean; 'aria-label'?: string; 'data-testid'?: string };
  /** The aria-label of the select-all checkbox. */
  allLabel?: string;
}

export interface ListTableProps<T extends object> {
  columns: TableColumnsType<T>;
  rows: readonly T[];
  loading: boolean;
  /** Each row carries the test id `<rowTestId>-<id>`. */
  rowTestId: string;
  /** Shown in place of the rows when there are none. */
  empty: ReactNode;
  /** The width past which the list scrolls sideways. */
  scrollX?: number | 'max-content';
  selection?: ListSelection<T>;
  onRowClick?: (row: T) => void;
  /** Rows that open to show more under them (e.g. a reconciliation run's breaches). */
  expandable?: TableProps<T>['expandable'];
  /** 'fixed' keeps the columns' widths: what an expanded row shows scrolls inside it. */
  tableLayout?: TableProps<T>['tableLayout'];
  /** The row's id (row key, test id, selection) when it is not `id`, e.g. a user id. */
  rowId?: (row: T) => number;
}

/** An admin list's rows: one table look (no built-in pager: the footer pages), ids as row keys. */
export function ListTable<T extends { id: number }>(props: ListTableProps<T>): ReactElement;
/** Rows without an `id` name theirs with rowId. */
export function ListTable<T extends object>(
  props: ListTableProps<T> & { rowId: (row: T) => number },
): ReactElement;
export function ListTable<T extends object>({
  columns,
  rows,
  loading,
  rowTestId,
  empty,
  scrollX = 'max-content',
  selection,
  onRowClick,
  expandable,
  tableLayout,
  rowId,
}: ListTableProps<T>): ReactElement {
  const idOf = rowId ?? ((row: T) => (row as { id: number }).id);
  return (
    <Table<T>
      rowKey={idOf}
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: scrollX }}
      tableLayout={tableLayout}
      expandable={expandable}
      rowSelection={
        selection && {
          selectedRowKeys: [...selection.selected],
          onChange: (keys) => selection.onSelect(keys.map(Number)),
          getCheckboxProps: selection.checkbox as never,
          getTitleCheckboxProps: selection.allLabel
            ? () => ({ 'aria-label': selection.allLabel }) as never
            : undefined,
        }
      }
      onRow={(row) =>
        ({
          'data-testid': `${rowTestId}-${idOf(row)}`,
          ...(onRowClick && { onClick: () => onRowClick(row), style: { cursor: 'pointer' } }),
        }) as HTMLAttributes<HTMLElement>
      }
      locale={{ emptyText: empty }}
    />
  );
}

export interface FilterButtonsProps<K extends string> {
  /** Before the buttons, e.g. 状态：. */
  label?: string;
  options: readonly { key: K; label: string }[];
  value: K;
  onChange: (key: K) => void;
  /** Each button carries the test id `<testIdPrefix>-<key>`. */
  testIdPrefix: string;
  /** After the buttons on the same row (a search box). */
  children?: ReactNode;
}

/** One filter as a row of buttons, the chosen one pressed. */
export function FilterButtons<K extends string>({
  label,
  options,
  value,
  onChange,
  testIdPrefix,
  children,
}: FilterButtonsProps<K>) {
  return (
    <Flex wrap gap={8} align="center">
      {label && (
        // At least 状态：'s width, so the rows line up in Chinese; never wrapped (English's Method:).
        <Typography.Text type="secondary" style={{ minWidth: 48, whiteSpace: 'nowrap', flex: 'none' }}>
          {label}
        </Typography.Text>
      )}
      {options.map((option) => (
        <Button
          key={option.key}
          size="small"
          type={value === option.key ? 'primary' : 'default'}
          onClick={() => onChange(option.key)}
          aria-pressed={value === option.key}
          data-testid={`${testIdPrefix}-${option.key}`}
        >
          {option.label}
        </Button>
      ))}
      {children}
    </Flex>
  );
}
