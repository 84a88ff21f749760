import type { AdminDeposit } from '@platform/contracts';
import { formatExactAmount } from '@platform/domain';
import { Button, Empty, Flex, Space, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StackedDateTime } from '../../../components/StackedDateTime.tsx';
import { DepositStatusTag } from '../../../components/StatusTags.tsx';
import { TxHashLink } from '../../../components/TxHashLink.tsx';
import { SecondApprovalTag } from '../../dualControl.tsx';
import { useIsOwnRequest } from '../../ownRequest.tsx';
import { LAPTOP_TABLE_WIDTH, ListTable } from '../../shell/AdminListPage.tsx';
import { ShortAddress } from './DepositBits.tsx';
import { DepositReviewButtons } from './DepositReviewButtons.tsx';

export interface DepositsTableProps {
  rows: AdminDeposit[];
  loading: boolean;
  selected: number[];
  onSelect: (ids: number[]) => void;
  /** Deposits whose review is on its way: their buttons are disabled. */
  busy: ReadonlySet<number>;
  onApprove: (row: AdminDeposit) => void;
  onReject: (row: AdminDeposit) => void;
  onDetail: (row: AdminDeposit) => void;
}

export function DepositsTable({
  rows,
  loading,
  selected,
  onSelect,
  busy,
  onApprove,
  onReject,
  onDetail,
}: DepositsTableProps) {
  // The signed-in admin's own deposits cannot be reviewed by them (the server refuses with 403).
  const { t } = useTranslation('admin');
  const isOwn = useIsOwnRequest();
  const columns: TableColumnsType<AdminDeposit> = [
    { title: 'ID', dataIndex: 'id', width: 64 },
    // Long e-mails and channel names are cut (whole in the tooltip), so the other columns stay in view.
    {
      title: t('deposits.userEmail'),
      key: 'user_email',
      width: 180,
      render: (_, row) => (
        <Typography.Text ellipsis={{ tooltip: row.user_email }} style={{ maxWidth: 164 }}>
          {row.user_email}
        </Typography.Text>
      ),
    },
    {
      title: t('deposits.amount'),
      key: 'amount',
      align: 'right',
      // Every digit: the operator approves exactly this amount.
      // 待复核 beside the amount too: on a narrow screen the status column may be scrolled away.
      render: (_, row) => (
        <Space size={6}>
          <SecondApprovalTag compact first={row.first_approval} testId={`deposit-awaiting-${row.id}`} />
          <strong>{formatExactAmount(row.amount, row.currency)}</strong>
        </Space>
      ),
    },
    {
      title: t('deposits.channel'),
      key: 'channel_name',
      width: 130,
      render: (_, row) => (
        <Typography.Text ellipsis={{ tooltip: row.channel_name }} style={{ maxWidth: 114 }}>
          {row.channel_name}
        </Typography.Text>
      ),
    },
    {
      title: t('deposits.toAddress'),
      key: 'to_address',
      render: (_, row) => <ShortAddress value={row.to_address} />,
    },
    { title: t('deposits.txHash'), key: 'tx_hash', render: (_, row) => <TxHashLink hash={row.tx_hash} /> },
    {
      title: t('deposits.statusColumn'),
      key: 'status',
      render: (_, row) => (
        <Flex vertical gap={2} align="flex-start">
          <DepositStatusTag status={row.status} />
          <SecondApprovalTag first={row.first_approval} testId={`deposit-second-approval-${row.id}`} />
        </Flex>
      ),
    },
    {
      title: t('deposits.createdAt'),
      key: 'created_at',
      width: 104,
      render: (_, row) => <StackedDateTime value={row.created_at} />,
    },
    {
      // Pinned to the right: below LAPTOP_TABLE_WIDTH the table scrolls under it and the buttons
      // stay in reach; 复核通过 wraps to a second line rather than widening the column.
      title: t('deposits.actions'),
      key: 'actions',
      fixed: 'right',
      width: 160,
      render: (_, row) => (
        <Space size={4} wrap>
          <Button size="small" onClick={() => onDetail(row)} data-testid={`deposit-detail-${row.id}`}>
            {t('deposits.details')}
          </Button>
          <DepositReviewButtons row={row} busy={busy} onApprove={onApprove} onReject={onReject} />
        </Space>
      ),
    },
  ];

  return (
    <ListTable<AdminDeposit>
      columns={columns}
      rows={rows}
      loading={loading}
      rowTestId="deposit-row"
      scrollX={LAPTOP_TABLE_WIDTH}
      empty={<Empty description={t('deposits.empty')} />}
      selection={{
        selected,
        onSelect,
        checkbox: (row) => ({ disabled: row.status !== 'pending' || isOwn(row.user_id) }),
      }}
    />
  );
}
