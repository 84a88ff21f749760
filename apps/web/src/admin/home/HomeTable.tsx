import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Space, Switch, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useState } from 'react';
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
  /** 轮播图 or 公告, as in 添加轮播图 and 确定要删除公告「…」吗？ */
  kind: string;
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
  const { kind, testPrefix: p, queryKey } = props;
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
      message.error(`${failure}: ${errorMessage(error, '未知错误')}`);
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
      on ? '发布成功' : '已取消发布',
      '更新状态失败',
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
      '排序已更新',
      '调整排序失败',
    );

  const confirmDelete = (row: T) => {
    modal.confirm({
      title: '确认删除',
      content: `确定要删除${kind}「${row.title}」吗？此操作不可恢复。`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => run(`delete-${row.id}`, () => props.remove(row.id), '删除成功', '删除失败'),
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
      title: '排序',
      key: 'order',
      width: 96,
      render: (_, row, index) => (
        <Space size={4}>
          <Tooltip title="上移">
            <Button
              size="small"
              icon={<ArrowUpOutlined />}
              aria-label="上移"
              disabled={index === 0 || busy.has('reorder')}
              onClick={() => void move(index, -1)}
              data-testid={`${p}-up-${row.id}`}
            />
          </Tooltip>
          <Tooltip title="下移">
            <Button
              size="small"
              icon={<ArrowDownOutlined />}
              aria-label="下移"
              disabled={index === rows.length - 1 || busy.has('reorder')}
              onClick={() => void move(index, 1)}
              data-testid={`${p}-down-${row.id}`}
            />
          </Tooltip>
        </Space>
      ),
    },
    {
      title: '标题',
      key: 'title',
      render: (_, row) => <Typography.Text strong>{row.title}</Typography.Text>,
    },
    ...props.columns,
    {
      title: '状态',
      key: 'published',
      width: 120,
      render: (_, row) => (
        <Switch
          checked={row.is_published}
          checkedChildren="已发布"
          unCheckedChildren="未发布"
          loading={busy.has(`toggle-${row.id}`)}
          onChange={(on) => void toggle(row, on)}
          data-testid={`${p}-toggle-${row.id}`}
        />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      fixed: 'right',
      render: (_, row) => (
        <Space size={4}>
          <Button size="small" onClick={() => props.onEdit(row)} data-testid={`${p}-edit-${row.id}`}>
            编辑
          </Button>
          <Button
            size="small"
            danger
            onClick={() => confirmDelete(row)}
            data-testid={`${p}-delete-${row.id}`}
          >
            删除
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
          刷新
        </Button>
        <Button type="primary" icon={<PlusOutlined />} onClick={props.onAdd} data-testid={`${p}-add`}>
          添加{kind}
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
