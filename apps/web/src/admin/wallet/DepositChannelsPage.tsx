import { type AdminDepositChannel, DEPOSIT_CHANNEL_TYPE_LABELS } from '@platform/contracts';
import { formatNumber } from '@platform/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Space, Switch, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { type HTMLAttributes, useMemo, useState } from 'react';
import { LoadErrorView } from '../../components/LoadErrorView.tsx';
import { errorMessage } from '../../lib/request.ts';
import { ChannelsToolbar, currencyOptions, useConfirmDelete } from './channels/channelListParts.tsx';
import {
  DEPOSIT_CHANNELS_KEY,
  deleteDepositChannel,
  fetchDepositChannels,
  setDepositChannelStatus,
} from './channels/channelsApi.ts';
import { DepositChannelModal } from './channels/DepositChannelModal.tsx';
import { QrImage } from './channels/QrImage.tsx';

const amount = (value: string) => formatNumber(value, 8, { minDecimals: 0 });

type Editing = { channel: AdminDepositChannel | null } | null;

/** 充值通道: the deposit channels with an enable switch, add/edit modal and delete (spec 001 §2). */
export default function DepositChannelsPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [toggling, setToggling] = useState<ReadonlySet<number>>(new Set());

  const query = useQuery({
    queryKey: DEPOSIT_CHANNELS_KEY,
    queryFn: ({ signal }) => fetchDepositChannels(signal),
  });
  const channels = query.data ?? [];
  const currencies = useMemo(() => currencyOptions(query.data ?? []), [query.data]);
  const reload = () => queryClient.invalidateQueries({ queryKey: DEPOSIT_CHANNELS_KEY });

  const toggle = async (channel: AdminDepositChannel, on: boolean) => {
    setToggling((s) => new Set(s).add(channel.id));
    try {
      await setDepositChannelStatus(channel.id, on ? 'active' : 'inactive');
      message.success('更新成功');
    } catch (error) {
      message.error(`更新状态失败: ${errorMessage(error, '未知错误')}`);
    } finally {
      setToggling((s) => {
        const next = new Set(s);
        next.delete(channel.id);
        return next;
      });
      await reload();
    }
  };

  const remove = useConfirmDelete({
    kind: '充值',
    remove: deleteDepositChannel,
    failure: (error) => `删除失败: ${errorMessage(error, '未知错误')}`,
    reload,
  });

  if (query.isError && !query.data) {
    return (
      <LoadErrorView
        title="获取充值渠道失败"
        reason={errorMessage(query.error, '')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const columns: TableColumnsType<AdminDepositChannel> = [
    {
      title: '渠道名称',
      key: 'name',
      render: (_, row) => <Typography.Text strong>{row.name}</Typography.Text>,
    },
    {
      title: '描述',
      key: 'description',
      ellipsis: true,
      render: (_, row) => row.description || <Typography.Text type="secondary">-</Typography.Text>,
    },
    { title: '类型', key: 'type', render: (_, row) => <Tag>{DEPOSIT_CHANNEL_TYPE_LABELS[row.type]}</Tag> },
    { title: '币种', dataIndex: 'currency' },
    {
      title: '地址/收款信息',
      key: 'address',
      ellipsis: true,
      render: (_, row) => (
        <Typography.Text copyable={{ text: row.address }} style={{ maxWidth: 220 }} ellipsis>
          {row.address}
        </Typography.Text>
      ),
    },
    {
      title: '限额',
      key: 'limits',
      render: (_, row) => `${amount(row.min_amount)} - ${amount(row.max_amount)} ${row.currency}`,
    },
    {
      title: '二维码',
      key: 'qr',
      render: (_, row) =>
        row.qr_code_url ? (
          <QrImage url={row.qr_code_url} size={48} />
        ) : (
          <Typography.Text type="secondary">无</Typography.Text>
        ),
    },
    {
      title: '启用',
      key: 'status',
      render: (_, row) => (
        <Switch
          checked={row.status === 'active'}
          loading={toggling.has(row.id)}
          onChange={(on) => void toggle(row, on)}
          data-testid={`channel-toggle-${row.id}`}
        />
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
            data-testid={`channel-edit-${row.id}`}
          >
            编辑
          </Button>
          <Button size="small" danger onClick={() => remove(row)} data-testid={`channel-delete-${row.id}`}>
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title="充值渠道"
      extra={
        <ChannelsToolbar
          onReload={() => void reload()}
          reloading={query.isFetching && !query.isLoading}
          onAdd={() => setEditing({ channel: null })}
          addTestId="channel-add"
        />
      }
    >
      <Table<AdminDepositChannel>
        rowKey="id"
        columns={columns}
        dataSource={channels}
        loading={query.isLoading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({ 'data-testid': `channel-row-${row.id}` }) as HTMLAttributes<HTMLElement>}
        locale={{ emptyText: <Empty description="暂无充值渠道" /> }}
      />
      {editing && (
        <DepositChannelModal
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
