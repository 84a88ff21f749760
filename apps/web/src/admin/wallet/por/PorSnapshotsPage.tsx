import {
  createPorSnapshot,
  listAdminPorSnapshots,
  POR_STATUS_LABELS,
  type PorAdminSnapshot,
  type PorBalances,
} from '@platform/contracts';
import { formatDateTime, isSuperAdmin } from '@platform/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { LoadErrorView } from '../../../components/LoadErrorView.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { call, errorMessage } from '../../../lib/request.ts';
import { useSessionSnapshot } from '../../../lib/session.tsx';

const LOAD_FAILED = '获取负债证明快照失败';
const PAGE_SIZE = 20;
const QUERY_KEY = ['admin', 'por', 'snapshots'] as const;

function Balances({ balances, testId }: { balances: PorBalances; testId?: string }) {
  const entries = Object.entries(balances);
  if (entries.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex vertical data-testid={testId}>
      {entries.map(([currency, amount]) => (
        <span key={currency} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {currency} {amount}
        </span>
      ))}
    </Flex>
  );
}

/**
 * 资产证明 / 负债证明 (issue 36, docs/proof-of-liabilities.md): every snapshot of the users'
 * liabilities (published with its root and totals, or refused with the reason) next to what the
 * ledger owes its users now; a super admin takes one at once with 生成快照.
 */
export default function PorSnapshotsPage() {
  const { message } = App.useApp();
  const { user } = useSessionSnapshot();
  const canBuild = isSuperAdmin(user);
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: [...QUERY_KEY, page],
    queryFn: async ({ signal }) =>
      (await call(listAdminPorSnapshots, { query: { page, limit: PAGE_SIZE }, signal })).data,
    placeholderData: keepPreviousData,
  });
  const build = useMutation({
    mutationFn: async () => call(createPorSnapshot),
    onSuccess: (reply) => {
      if (reply.data.snapshot.status === 'published') void message.success(reply.message);
      else void message.warning(reply.message);
      void client.invalidateQueries({ queryKey: QUERY_KEY });
    },
    onError: (err) => void message.error(errorMessage(err, '生成快照失败')),
  });

  if (query.isPending) return <PageLoading />;
  if (!query.data)
    return (
      <LoadErrorView
        title={LOAD_FAILED}
        reason={errorMessage(query.error, LOAD_FAILED)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  const data = query.data;

  return (
    <Flex vertical gap={16} data-testid="por-snapshots-page">
      <Flex justify="space-between" align="center">
        <Typography.Title level={4} style={{ margin: 0 }}>
          负债证明
        </Typography.Title>
        {canBuild && (
          <Button
            type="primary"
            loading={build.isPending}
            onClick={() => build.mutate()}
            data-testid="por-build"
          >
            生成快照
          </Button>
        )}
      </Flex>
      <Alert
        type="info"
        showIcon
        title="资产证明（默克尔求和树）"
        description="每日 UTC 0 点为全部用户的可用、冻结与工资余额生成一棵默克尔求和树，根节点合计必须等于账本的用户负债，否则不发布并记录原因。用户可在「我的 → 资产证明」下载并验证自己的证明。"
      />
      <Card size="small" title="账本当前用户负债（可用 + 冻结 + 工资）" style={{ maxWidth: 480 }}>
        <Balances balances={data.liabilities} testId="por-liabilities" />
      </Card>
      <Table<PorAdminSnapshot>
        rowKey="id"
        size="small"
        dataSource={data.snapshots}
        loading={query.isFetching}
        data-testid="por-snapshots"
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data.pagination.total,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: '编号', dataIndex: 'id' },
          { title: '快照时间', dataIndex: 'taken_at', render: (v: string) => formatDateTime(v) },
          {
            title: '状态',
            dataIndex: 'status',
            render: (_, row) => (
              <Flex vertical gap={2}>
                <Tag color={row.status === 'published' ? 'green' : 'red'}>
                  {POR_STATUS_LABELS[row.status]}
                </Tag>
                {row.failure_reason && (
                  <Typography.Text type="danger" style={{ fontSize: 12 }}>
                    {row.failure_reason}
                  </Typography.Text>
                )}
              </Flex>
            ),
          },
          { title: '用户数', dataIndex: 'leaf_count' },
          {
            title: '用户负债合计',
            dataIndex: 'totals',
            render: (v: PorBalances) => <Balances balances={v} />,
          },
          {
            title: '根哈希',
            dataIndex: 'root',
            render: (v: string | null) =>
              v ? (
                <Typography.Text code copyable={{ text: v }}>
                  {`${v.slice(0, 12)}…`}
                </Typography.Text>
              ) : (
                '—'
              ),
          },
          { title: '耗时', dataIndex: 'duration_ms', render: (v: number) => `${v} ms` },
          {
            title: '发起',
            dataIndex: 'triggered_by',
            render: (v: number | null) => (v === null ? '定时任务' : `管理员 #${v}`),
          },
        ]}
      />
    </Flex>
  );
}
