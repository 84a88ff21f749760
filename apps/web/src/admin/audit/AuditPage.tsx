import { ReloadOutlined } from '@ant-design/icons';
import { type AuditLog, type AuditLogsData, auditLogsQuery, DEFAULT_PAGE_SIZE } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Empty,
  Flex,
  Pagination,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { LoadErrorView } from '../../components/LoadErrorView.tsx';
import { api, errorMessage } from '../../lib/request.ts';
import { AuditDetailDrawer } from './AuditDetailDrawer.tsx';
import { AuditFilters, type AuditFilterValues } from './AuditFilters.tsx';

export const AUDIT_LOAD_ERROR = '获取审计日志失败';

function columns(onDetail: (log: AuditLog) => void): TableColumnsType<AuditLog> {
  return [
    {
      title: '时间',
      dataIndex: 'created_at',
      key: 'created_at',
      width: 180,
      render: (value: string) => formatDateTime(value),
    },
    { title: '管理员', key: 'admin', render: (_, log) => log.admin.email },
    {
      title: '操作',
      dataIndex: 'action',
      key: 'action',
      render: (action: string) => <Tag color="blue">{action}</Tag>,
    },
    {
      title: '目标',
      key: 'target',
      render: (_, log) => (
        <span>
          {log.target_type}
          {log.target_id ? <Typography.Text type="secondary"> #{log.target_id}</Typography.Text> : null}
        </span>
      ),
    },
    { title: 'IP', dataIndex: 'ip', key: 'ip', render: (ip: string | null) => ip ?? '-' },
    {
      title: '详情',
      key: 'detail',
      width: 90,
      render: (_, log) => (
        <Button
          type="link"
          size="small"
          onClick={(e) => {
            e.stopPropagation();
            onDetail(log);
          }}
          data-testid={`audit-detail-${log.id}`}
        >
          查看
        </Button>
      ),
    },
  ];
}

/** 审计日志 (super admins): every admin change with who, what, target, before/after, IP and time. */
export default function AuditPage() {
  const { message } = App.useApp();
  const [filters, setFilters] = useState<AuditFilterValues>({});
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  const [selected, setSelected] = useState<AuditLog | null>(null);

  const params = { page, limit, ...filters };
  const query = useQuery({
    queryKey: ['admin', 'audit-logs', params],
    queryFn: ({ signal }) => api.get<AuditLogsData>('/admin/audit-logs', params, signal),
    placeholderData: keepPreviousData,
  });

  const applyFilters = (next: AuditFilterValues) => {
    const checked = auditLogsQuery.safeParse({ page: 1, limit, ...next });
    if (!checked.success) {
      message.error(checked.error.issues[0]?.message ?? '筛选条件不正确');
      return;
    }
    setFilters(next);
    setPage(1);
  };

  if (query.isError) {
    return (
      <LoadErrorView
        title={AUDIT_LOAD_ERROR}
        reason={errorMessage(query.error, AUDIT_LOAD_ERROR)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const data = query.data?.data;
  return (
    <Card
      title="审计日志"
      data-testid="audit-page"
      extra={
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void query.refetch()}
          loading={query.isFetching}
          data-testid="audit-refresh"
        >
          刷新
        </Button>
      }
    >
      <Flex vertical gap={16}>
        <AuditFilters value={filters} actions={data?.actions ?? []} onChange={applyFilters} />
        <Table<AuditLog>
          rowKey="id"
          size="middle"
          loading={query.isFetching}
          columns={columns(setSelected)}
          dataSource={data?.logs ?? []}
          pagination={false}
          scroll={{ x: 800 }}
          onRow={(log) =>
            ({
              'data-testid': `audit-row-${log.id}`,
              onClick: () => setSelected(log),
              style: { cursor: 'pointer' },
            }) as HTMLAttributes<HTMLElement>
          }
          locale={{ emptyText: <Empty description="暂无审计记录" /> }}
        />
        {data && data.pagination.total > 0 && (
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Text type="secondary">共 {data.pagination.total} 条</Typography.Text>
            <Pagination
              current={page}
              pageSize={limit}
              total={data.pagination.total}
              showSizeChanger
              pageSizeOptions={[20, 50, 100]}
              onChange={(nextPage, nextLimit) => {
                if (nextLimit !== limit) {
                  setLimit(nextLimit);
                  setPage(1);
                } else {
                  setPage(nextPage);
                }
              }}
            />
          </Flex>
        )}
      </Flex>
      <AuditDetailDrawer log={selected} onClose={() => setSelected(null)} />
    </Card>
  );
}
