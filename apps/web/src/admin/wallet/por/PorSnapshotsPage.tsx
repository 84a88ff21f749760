import {
  createPorSnapshot,
  listAdminPorSnapshots,
  type PorAdminSnapshot,
  type PorBalances,
} from '@platform/contracts';
import { formatDateTime, isSuperAdmin } from '@platform/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unloadedView } from '../../../components/LoadErrorView.tsx';
import { call, errorMessage } from '../../../lib/request.ts';
import { useSessionSnapshot } from '../../../lib/session.tsx';

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
  const { t } = useTranslation('admin');
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
    onError: (err) => void message.error(errorMessage(err, t('por.buildFailed'))),
  });

  if (!query.data) return unloadedView(query, t('por.loadFailed'));
  const data = query.data;

  return (
    <Flex vertical gap={16} data-testid="por-snapshots-page">
      <Flex justify="space-between" align="center">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('menu.por')}
        </Typography.Title>
        {canBuild && (
          <Button
            type="primary"
            loading={build.isPending}
            onClick={() => build.mutate()}
            data-testid="por-build"
          >
            {t('por.build')}
          </Button>
        )}
      </Flex>
      <Alert type="info" showIcon title={t('por.helpTitle')} description={t('por.helpText')} />
      <Card size="small" title={t('por.ledger')} style={{ maxWidth: 480 }}>
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
          { title: t('por.id'), dataIndex: 'id' },
          { title: t('por.takenAt'), dataIndex: 'taken_at', render: (v: string) => formatDateTime(v) },
          {
            title: t('por.statusColumn'),
            dataIndex: 'status',
            render: (_, row) => (
              <Flex vertical gap={2}>
                <Tag color={row.status === 'published' ? 'green' : 'red'}>
                  {t(`por.status.${row.status}`)}
                </Tag>
                {row.failure_reason && (
                  <Typography.Text type="danger" style={{ fontSize: 12 }}>
                    {row.failure_reason}
                  </Typography.Text>
                )}
              </Flex>
            ),
          },
          { title: t('por.users'), dataIndex: 'leaf_count' },
          {
            title: t('por.totals'),
            dataIndex: 'totals',
            render: (v: PorBalances) => <Balances balances={v} />,
          },
          {
            title: t('por.root'),
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
          { title: t('por.duration'), dataIndex: 'duration_ms', render: (v: number) => `${v} ms` },
          {
            title: t('por.triggeredBy'),
            dataIndex: 'triggered_by',
            render: (v: number | null) => (v === null ? t('por.scheduled') : t('por.admin', { id: v })),
          },
        ]}
      />
    </Flex>
  );
}
