import {
  type AdminWithdrawChannel,
  CHANNEL_STATUS_LABELS,
  WITHDRAW_METHOD_LABELS,
} from '@platform/contracts';
import { formatNumber } from '@platform/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { type HTMLAttributes, useMemo, useState } from 'react';
import { LoadErrorView } from '../../components/LoadErrorView.tsx';
import { errorMessage } from '../../lib/request.ts';
import { ChannelsToolbar, currencyOptions, useConfirmDelete } from './channels/channelListParts.tsx';
import {
  deleteWithdrawChannel,
  fetchWithdrawChannels,
  WITHDRAW_CHANNELS_KEY,
} from './channels/channelsApi.ts';
import { feePercent, WithdrawChannelModal } from './channels/WithdrawChannelModal.tsx';

const amount = (value: string) => formatNumber(value, 8, { minDecimals: 0 });

type Editing = { channel: AdminWithdrawChannel | null } | null;

/** 提现通道: the withdrawal channels with add/edit modal and delete (spec 001 §2). */
export default function WithdrawChannelsPage() {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);

  const query = useQuery({
    queryKey: WITHDRAW_CHANNELS_KEY,
    queryFn: ({ signal }) => fetchWithdrawChannels(signal),
  });
  const channels = query.data ?? [];
  const currencies = useMemo(() => currencyOptions(query.data ?? []), [query.data]);
  const reload = () => queryClient.invalidateQueries({ queryKey: WITHDRAW_CHANNELS_KEY });

  const remove = useConfirmDelete({
    kind: '提现',
    remove: deleteWithdrawChannel,
    failure: (error) => errorMessage(error, '删除失败'),
    reload,
  });

  if (query.isError && !query.data) {
    return (
      <LoadErrorView
        title="获取提现渠道失败"
        reason={errorMessage(query.error, '')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const columns: TableColumnsType<AdminWithdrawChannel> = [
    {
      title: '渠道名称',
      key: 'name',
      render: (_, row) => <Typography.Text strong>{row.name}</Typography.Text>,
    },
    { title: '币种', dataIndex: 'currency' },
    {
      title: '描述',
      key: 'description',
      ellipsis: true,
      render: (_, row) => row.description || <Typography.Text type="secondary">-</Typography.Text>,
    },
    { title: '类型', key: 'type', render: (_, row) => <Tag>{WITHDRAW_METHOD_LABELS[row.type]}</Tag> },
    { title: '最小金额', key: 'min', align: 'right', render: (_, row) => amount(row.min_amount) },
    { title: '最大金额', key: 'max', align: 'right', render: (_, row) => amount(row.max_amount) },
    {
      title: '手续费率',
      key: 'fee',
      align: 'right',
      render: (_, row) => (
        <span data-testid={`withdraw-channel-fee-${row.id}`}>{feePercent(row.fee_rate)}%</span>
      ),
    },
    {
      title: '状态',
      key: 'status',
      render: (_, row) => (
        <Tag color={row.status === 'active' ? 'success' : 'default'}>{CHANNEL_STATUS_LABELS[row.status]}</Tag>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      render: (_, row) => (
        <Space size={4}>
          <Button
            size="small"
            onClick={() => setEditing({ channel: row })}
            data-testid={`withdraw-channel-edit-${row.id}`}
          >
            编辑
          </Button>
          <Button
            size="small"
            danger
            onClick={() => remove(row)}
            data-testid={`withdraw-channel-delete-${row.id}`}
          >
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title="提现渠道"
      extra={
        <ChannelsToolbar
          onReload={() => void reload()}
          reloading={query.isFetching && !query.isLoading}
          onAdd={() => setEditing({ channel: null })}
          addTestId="withdraw-channel-add"
        />
      }
    >
      <Table<AdminWithdrawChannel>
        rowKey="id"
        columns={columns}
        dataSource={channels}
        loading={query.isLoading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({ 'data-testid': `withdraw-channel-row-${row.id}` }) as HTMLAttributes<HTMLElement>}
        locale={{ emptyText: <Empty description="暂无提现渠道" /> }}
      />
      {editing && (
        <WithdrawChannelModal
          channel={editing.channel}
          currencies={currencies}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void reload();
          }}
        />
      )}
    </Card>
  );
}
