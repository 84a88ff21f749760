import type { AdminWithdrawChannel } from '@platform/contracts';
import { type TableColumnsType, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/request.ts';
import {
  ChannelListCard,
  channelAmount,
  descriptionColumn,
  nameColumn,
  useChannelList,
} from './channels/ChannelListCard.tsx';
import {
  deleteWithdrawChannel,
  fetchWithdrawChannels,
  WITHDRAW_CHANNELS_KEY,
} from './channels/channelsApi.ts';
import { feePercent, WithdrawChannelModal } from './channels/WithdrawChannelModal.tsx';

const columns = (t: TFunction<'admin'>): TableColumnsType<AdminWithdrawChannel> => [
  nameColumn(t),
  { title: t('channels.currency'), dataIndex: 'currency' },
  descriptionColumn(t),
  {
    title: t('channels.type'),
    key: 'type',
    render: (_, row) => <Tag>{t(`channels.withdrawType.${row.type}`)}</Tag>,
  },
  {
    title: t('channels.minAmount'),
    key: 'min',
    align: 'right',
    render: (_, row) => channelAmount(row.min_amount),
  },
  {
    title: t('channels.maxAmount'),
    key: 'max',
    align: 'right',
    render: (_, row) => channelAmount(row.max_amount),
  },
  {
    title: t('channels.feeRate'),
    key: 'fee',
    align: 'right',
    render: (_, row) => (
      <span data-testid={`withdraw-channel-fee-${row.id}`}>{feePercent(row.fee_rate)}%</span>
    ),
  },
  {
    title: t('channels.statusColumn'),
    key: 'status',
    render: (_, row) => (
      <Tag color={row.status === 'active' ? 'success' : 'default'}>{t(`channels.status.${row.status}`)}</Tag>
    ),
  },
];

/** 提现通道: the withdrawal channels with add/edit modal and delete (spec 001 §2). */
export default function WithdrawChannelsPage() {
  const { t } = useTranslation('admin');
  const list = useChannelList(WITHDRAW_CHANNELS_KEY, fetchWithdrawChannels);
  return (
    <ChannelListCard
      list={list}
      kind="withdraw"
      testIdPrefix="withdraw-channel"
      columns={columns(t)}
      remove={deleteWithdrawChannel}
      deleteFailure={(error) => errorMessage(error, t('channels.deleteFailedPlain'))}
      FormModal={WithdrawChannelModal}
    />
  );
}
