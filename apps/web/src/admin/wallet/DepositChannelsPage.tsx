import { type AdminDepositChannel, DEPOSIT_CHANNEL_TYPE_LABELS } from '@platform/contracts';
import { App, Switch, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { QrImage } from '../../components/QrImage.tsx';
import { errorMessage } from '../../lib/request.ts';
import {
  ChannelListCard,
  channelAmount,
  descriptionColumn,
  nameColumn,
  useChannelList,
} from './channels/ChannelListCard.tsx';
import {
  DEPOSIT_CHANNELS_KEY,
  deleteDepositChannel,
  fetchDepositChannels,
  setDepositChannelStatus,
} from './channels/channelsApi.ts';
import { DepositChannelModal } from './channels/DepositChannelModal.tsx';

/** 充值通道: the deposit channels with an enable switch, add/edit modal and delete (spec 001 §2). */
export default function DepositChannelsPage() {
  const { message } = App.useApp();
  const list = useChannelList(DEPOSIT_CHANNELS_KEY, fetchDepositChannels);
  const [toggling, setToggling] = useState<ReadonlySet<number>>(new Set());

  const toggle = async (channel: AdminDepositChannel, on: boolean) => {
    setToggling((s) => new Set(s).add(channel.id));
    try {
      message.success(await setDepositChannelStatus(channel.id, on ? 'active' : 'inactive'));
    } catch (error) {
      message.error(`更新状态失败: ${errorMessage(error, '未知错误')}`);
    } finally {
      setToggling((s) => {
        const next = new Set(s);
        next.delete(channel.id);
        return next;
      });
      await list.reload();
    }
  };

  const columns: TableColumnsType<AdminDepositChannel> = [
    nameColumn(),
    descriptionColumn(),
    // Widths that fit 1366 px (LAPTOP_TABLE_WIDTH) with nothing under the pinned 启用 and 操作.
    {
      title: '类型',
      key: 'type',
      width: 96,
      render: (_, row) => <Tag>{DEPOSIT_CHANNEL_TYPE_LABELS[row.type]}</Tag>,
    },
    { title: '币种', dataIndex: 'currency', width: 64 },
    {
      title: '地址/收款信息',
      key: 'address',
      width: 190,
      render: (_, row) => (
        <Typography.Text copyable={{ text: row.address }} ellipsis>
          {row.address}
        </Typography.Text>
      ),
    },
    {
      title: '限额',
      key: 'limits',
      width: 130,
      render: (_, row) =>
        `${channelAmount(row.min_amount)} - ${channelAmount(row.max_amount)} ${row.currency}`,
    },
    {
      title: '二维码',
      key: 'qr',
      width: 72,
      render: (_, row) =>
        row.qr_code_url ? (
          <QrImage url={row.qr_code_url} size={48} />
        ) : (
          <Typography.Text type="secondary">无</Typography.Text>
        ),
    },
    {
      // Pinned beside 操作: the switch is an action too.
      title: '启用',
      key: 'status',
      fixed: 'right',
      width: 72,
      render: (_, row) => (
        <Switch
          checked={row.status === 'active'}
          loading={toggling.has(row.id)}
          onChange={(on) => void toggle(row, on)}
          data-testid={`channel-toggle-${row.id}`}
        />
      ),
    },
  ];

  return (
    <ChannelListCard
      list={list}
      kind="充值"
      testIdPrefix="channel"
      columns={columns}
      remove={deleteDepositChannel}
      deleteFailure={(error) => `删除失败: ${errorMessage(error, '未知错误')}`}
      FormModal={DepositChannelModal}
    />
  );
}
