import {
  type AdminWithdrawChannel,
  CHANNEL_STATUS_LABELS,
  WITHDRAW_METHOD_LABELS,
} from '@platform/contracts';
import { type TableColumnsType, Tag } from 'antd';
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

const columns: TableColumnsType<AdminWithdrawChannel> = [
  nameColumn(),
  { title: '币种', dataIndex: 'currency' },
  descriptionColumn(),
  { title: '类型', key: 'type', render: (_, row) => <Tag>{WITHDRAW_METHOD_LABELS[row.type]}</Tag> },
  { title: '最小金额', key: 'min', align: 'right', render: (_, row) => channelAmount(row.min_amount) },
  { title: '最大金额', key: 'max', align: 'right', render: (_, row) => channelAmount(row.max_amount) },
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
];

/** 提现通道: the withdrawal channels with add/edit modal and delete (spec 001 §2). */
export default function WithdrawChannelsPage() {
  const list = useChannelList(WITHDRAW_CHANNELS_KEY, fetchWithdrawChannels);
  return (
    <ChannelListCard
      list={list}
      kind="提现"
      testIdPrefix="withdraw-channel"
      columns={columns}
      remove={deleteWithdrawChannel}
      deleteFailure={(error) => errorMessage(error, '删除失败')}
      FormModal={WithdrawChannelModal}
    />
  );
}
