import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Space, Switch, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorView } from '../../components/LoadErrorView.tsx';
import { errorMessage } from '../../lib/request.ts';
import { ListTable } from '../shell/AdminListPage.tsx';
import { moved } from './homeApi.ts';

export interface HomeRow {
  id: number;
  title: string;
  is_published: boolean;
}

export interface HomeTableProps<T extends HomeRow> {
  /** The kind's own texts: its add button (添加轮播图) and its delete question (确定要删除公告「…」吗？…). */
  texts: { add: string; deleteText: (title: string) => string };
  /** Prefix of the test ids: `<prefix>-row-<id>`, `<prefix>-toggle-<id>`, … */
  testPrefix: string;
  queryKey: QueryKey;
  fetch: (signal?: AbortSignal) => Promise<T[]>;
  /** The page-level error title, e.g. 获取轮播图失败. */
  errorTitle: string;
  emptyText: string;
  /** The columns between the title and the publish switch (thumbnail, excerpt, …). */
  columns: TableColumnsType<T>;
  setPublished: (id: number, published: boolean) => Promise<unknown>;
  reorder: (ids: number[]) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  onAdd: () => void;
  onEdit: (row: T) => void;
}

/**
 * One list of home content: order (up/down), title, the kind's own columns, an immediate 已发布/未发布
 * switch, edit and delete; with its loading, error (retry) and empty states.
 */
export function HomeTable<T extends HomeRow>(props: HomeTableProps<T>) {
  const { texts, testPrefix: p, queryKey } = props;
  const { t } = useTranslation('admin');
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const query = useQuery({ queryKey, queryFn: ({ signal }) => props.fetch(signal) });
  const rows = query.data ?? [];
  const reload = () => queryClient.invalidateQueries({ queryKey });

  const run = async (key: string, action: () => Promise<unknown>, success: string, failure: string) => {
    setBusy((s) => new Set(s).add(key));
    try {
      await action();
      message.success(success);
    } catch (error) {
      message.error(t('home.table.failed', { failure, reason: errorMessage(error, t('home.unknownError')) }));
    } finally {
      setBusy((s) => {
        const next = new Set(s);
        next.delete(key);
        return next;
      });
      await reload();
    }
  };

  const toggle = (row: T, on: boolean) =>
    run(
      `toggle-${row.id}`,
      () => props.setPublished(row.id, on),
      on ? t('home.table.publishDone') : t('home.table.unpublishDone'),
      t('home.table.statusFailed'),
    );

  const move = (index: number, step: -1 | 1) =>
    run(
      'reorder',
      () =>
        props.reorder(
          moved(
            rows.map((r) => r.id),
            index,
            step,
          ),
        ),
      t('home.table.reorderDone'),
      t('home.table.reorderFailed'),
    );

  const confirmDelete = (row: T) => {
    modal.confirm({
      title: t('home.table.deleteTitle'),
      content: texts.deleteText(row.title),
      okText: t('home.table.delete'),
      okButtonProps: { danger: true },
      cancelText: t('home.table.cancel'),
      onOk: () =>
        run(
          `delete-${row.id}`,
          () => props.remove(row.id),
          t('home.table.deleteDone'),
          t('home.table.deleteFailed'),
        ),
    });
  };

  if (query.isError && !query.data) {
    return (
      <LoadErrorView
        title={props.errorTitle}
        reason={errorMessage(query.error, '')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const columns: TableColumnsType<T> = [
    {
      title: t('home.table.order'),
      key: 'order',
      width: 96,
      render: (_, row, index) => (
        <Space size={4}>
          <Tooltip title={t('home.table.up')}>
            <Button
              size="small"
              icon={<ArrowUpOutlined />}
              aria-label={t('home.table.up')}
              disabled={index === 0 || busy.has('reorder')}
              onClick={() => void move(index, -1)}
              data-testid={`${p}-up-${row.id}`}
            />
          </Tooltip>
          <Tooltip title={t('home.table.down')}>
            <Button
              size="small"
              icon={<ArrowDownOutlined />}
              aria-label={t('home.table.down')}
              disabled={index === rows.length - 1 || busy.has('reorder')}
              onClick={() => void move(index, 1)}
              data-testid={`${p}-down-${row.id}`}
            />
          </Tooltip>
        </Space>
      ),
    },
    {
      title: t('home.table.title'),
      key: 'title',
      render: (_, row) => <Typography.Text strong>{row.title}</Typography.Text>,
    },
    ...props.columns,
    {
      title: t('home.table.status'),
      key: 'published',
      width: 120,
      render: (_, row) => (
        <Switch
          checked={row.is_published}
          checkedChildren={t('home.table.published')}
          unCheckedChildren={t('home.table.unpublished')}
          loading={busy.has(`toggle-${row.id}`)}
          onChange={(on) => void toggle(row, on)}
          data-testid={`${p}-toggle-${row.id}`}
        />
      ),
    },
    {
      title: t('home.table.actions'),
      key: 'actions',
      width: 140,
      fixed: 'right',
      render: (_, row) => (
        <Space size={4}>
          <Button size="small" onClick={() => props.onEdit(row)} data-testid={`${p}-edit-${row.id}`}>
            {t('home.table.edit')}
          </Button>
          <Button
            size="small"
            danger
            onClick={() => confirmDelete(row)}
            data-testid={`${p}-delete-${row.id}`}
          >
            {t('home.table.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void reload()}
          loading={query.isFetching && !query.isLoading}
        >
          {t('home.table.refresh')}
        </Button>
        <Button type="primary" icon={<PlusOutlined />} onClick={props.onAdd} data-testid={`${p}-add`}>
          {texts.add}
        </Button>
      </Space>
      <ListTable<T>
        columns={columns}
        rows={rows}
        loading={query.isLoading}
        rowTestId={`${p}-row`}
        empty={<Empty description={props.emptyText} />}
      />
    </>
  );
}
