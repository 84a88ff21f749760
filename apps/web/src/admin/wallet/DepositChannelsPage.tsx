import type { AdminDepositChannel } from '@platform/contracts';
import { App, Switch, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const list = useChannelList(DEPOSIT_CHANNELS_KEY, fetchDepositChannels);
  const [toggling, setToggling] = useState<ReadonlySet<number>>(new Set());

  const toggle = async (channel: AdminDepositChannel, on: boolean) => {
    setToggling((s) => new Set(s).add(channel.id));
    try {
      message.success(await setDepositChannelStatus(channel.id, on ? 'active' : 'inactive'));
    } catch (error) {
      message.error(t('channels.statusFailed', { reason: errorMessage(error, t('channels.unknownError')) }));
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
    nameColumn(t),
    descriptionColumn(t),
    // Widths that fit 1366 px (LAPTOP_TABLE_WIDTH) with nothing under the pinned 启用 and 操作.
    {
      title: t('channels.type'),
      key: 'type',
      width: 96,
      render: (_, row) => <Tag>{t(`channels.depositType.${row.type}`)}</Tag>,
    },
    // Wide enough for the English title (Currency) whole; the address (cut with an ellipsis) gives way.
    { title: t('channels.currency'), dataIndex: 'currency', width: 80 },
    {
      title: t('channels.address'),
      key: 'address',
      width: 174,
      render: (_, row) => (
        <Typography.Text copyable={{ text: row.address }} ellipsis>
          {row.address}
        </Typography.Text>
      ),
    },
    {
      title: t('channels.limits'),
      key: 'limits',
      width: 130,
      render: (_, row) =>
        `${channelAmount(row.min_amount)} - ${channelAmount(row.max_amount)} ${row.currency}`,
    },
    {
      title: t('channels.qrCode'),
      key: 'qr',
      width: 72,
      render: (_, row) =>
        row.qr_code_url ? (
          <QrImage url={row.qr_code_url} size={48} />
        ) : (
          <Typography.Text type="secondary">{t('channels.none')}</Typography.Text>
        ),
    },
    {
      // Pinned beside 操作: the switch is an action too.
      title: t('channels.enabled'),
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
      kind="deposit"
      testIdPrefix="channel"
      columns={columns}
      remove={deleteDepositChannel}
      deleteFailure={(error) =>
        t('channels.deleteFailed', { reason: errorMessage(error, t('channels.unknownError')) })
      }
      FormModal={DepositChannelModal}
    />
  );
}
