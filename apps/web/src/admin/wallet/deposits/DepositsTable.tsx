import type { AdminDeposit } from '@platform/contracts';
import { formatExactAmount } from '@platform/domain';
import { Button, Empty, Flex, Space, type TableColumnsType, Typography } from 'antd';
import { StackedDateTime } from '../../../components/StackedDateTime.tsx';
import { DepositStatusTag } from '../../../components/StatusTags.tsx';
import { TxHashLink } from '../../../components/TxHashLink.tsx';
import { SecondAdminTip, SecondApprovalTag, useIsFirstApprover } from '../../dualControl.tsx';
import { OwnRequestTip, useIsOwnRequest } from '../../ownRequest.tsx';
import { ListTable } from '../../shell/AdminListPage.tsx';
import { ShortAddress } from './DepositBits.tsx';

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
  const isOwn = useIsOwnRequest();
  // Dual control: the admin who recorded the first approval cannot approve again (409).
  const isFirstApprover = useIsFirstApprover();
  const columns: TableColumnsType<AdminDeposit> = [
    { title: 'ID', dataIndex: 'id', width: 64 },
    // Long e-mails and channel names are cut (whole in the tooltip), so the other columns stay in view.
    {
      title: '用户邮箱',
      key: 'user_email',
      render: (_, row) => (
        <Typography.Text ellipsis={{ tooltip: row.user_email }} style={{ maxWidth: 220 }}>
          {row.user_email}
        </Typography.Text>
      ),
    },
    {
      title: '金额',
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
      title: '充值通道',
      key: 'channel_name',
      render: (_, row) => (
        <Typography.Text ellipsis={{ tooltip: row.channel_name }} style={{ maxWidth: 160 }}>
          {row.channel_name}
        </Typography.Text>
      ),
    },
    { title: '收款地址', key: 'to_address', render: (_, row) => <ShortAddress value={row.to_address} /> },
    { title: '交易哈希', key: 'tx_hash', render: (_, row) => <TxHashLink hash={row.tx_hash} /> },
    {
      title: '状态',
      key: 'status',
      render: (_, row) => (
        <Flex vertical gap={2} align="flex-start">
          <DepositStatusTag status={row.status} />
          <SecondApprovalTag first={row.first_approval} testId={`deposit-second-approval-${row.id}`} />
        </Flex>
      ),
    },
    {
      title: '创建时间',
      key: 'created_at',
      width: 104,
      render: (_, row) => <StackedDateTime value={row.created_at} />,
    },
    {
      // Pinned to the right: on a narrow screen the table scrolls under it and the buttons stay in reach.
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 180,
      render: (_, row) => (
        <Space size={4}>
          <Button size="small" onClick={() => onDetail(row)} data-testid={`deposit-detail-${row.id}`}>
            详情
          </Button>
          {row.status === 'pending' && (
            <OwnRequestTip own={isOwn(row.user_id)}>
              <SecondAdminTip mine={isFirstApprover(row.first_approval)}>
                <Button
                  size="small"
                  type="primary"
                  disabled={busy.has(row.id) || isOwn(row.user_id) || isFirstApprover(row.first_approval)}
                  onClick={() => onApprove(row)}
                  data-testid={`deposit-approve-${row.id}`}
                >
                  {row.first_approval ? '复核通过' : '通过'}
                </Button>
              </SecondAdminTip>
              <Button
                size="small"
                danger
                disabled={busy.has(row.id) || isOwn(row.user_id)}
                onClick={() => onReject(row)}
                data-testid={`deposit-reject-${row.id}`}
              >
                拒绝
              </Button>
            </OwnRequestTip>
          )}
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
      empty={<Empty description="暂无充值记录" />}
      selection={{
        selected,
        onSelect,
        checkbox: (row) => ({ disabled: row.status !== 'pending' || isOwn(row.user_id) }),
      }}
    />
  );
}
