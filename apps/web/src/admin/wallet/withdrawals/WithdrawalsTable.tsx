import type { AdminWithdrawal, WithdrawalStatus } from '@platform/contracts';
import { formatDateTime, isWithdrawalFinal } from '@platform/domain';
import { Empty, Flex, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { WithdrawalStatusTag } from '../../../components/StatusTags.tsx';
import { TxHashLink } from '../../../components/TxHashLink.tsx';
import { SecondApprovalTag, useIsFirstApprover } from '../../dualControl.tsx';
import { useIsOwnRequest } from '../../ownRequest.tsx';
import { LAPTOP_TABLE_WIDTH, ListTable } from '../../shell/AdminListPage.tsx';
import { AmountWithFee, methodLabel, PayeeInfo, UserInfo } from './WithdrawalBits.tsx';
import { WithdrawalRowActions } from './WithdrawalRowActions.tsx';

export interface WithdrawalsTableProps {
  rows: AdminWithdrawal[];
  loading: boolean;
  selected: number[];
  onSelect: (ids: number[]) => void;
  busy: ReadonlySet<number>;
  onChange: (row: AdminWithdrawal, status: WithdrawalStatus) => void;
  onReject: (row: AdminWithdrawal) => void;
  onDetail: (row: AdminWithdrawal) => void;
}

export function WithdrawalsTable({
  rows,
  loading,
  selected,
  onSelect,
  busy,
  onChange,
  onReject,
  onDetail,
}: WithdrawalsTableProps) {
  // The signed-in admin's own withdrawals cannot be moved by them (the server refuses with 403).
  const { t } = useTranslation('admin');
  const isOwn = useIsOwnRequest();
  // Dual control: the admin who recorded the first approval cannot approve again (409).
  const isFirstApprover = useIsFirstApprover();
  const columns: TableColumnsType<AdminWithdrawal> = [
    { title: t('withdrawals.user'), key: 'user', render: (_, row) => <UserInfo row={row} /> },
    { title: t('withdrawals.withdrawMethod'), key: 'method', render: (_, row) => methodLabel(row, t) },
    {
      title: t('withdrawals.amount'),
      key: 'amount',
      align: 'right',
      render: (_, row) => <AmountWithFee row={row} />,
    },
    { title: t('withdrawals.payee'), key: 'payee', width: 200, render: (_, row) => <PayeeInfo row={row} /> },
    {
      title: t('withdrawals.statusColumn'),
      key: 'status',
      render: (_, row) => (
        <Flex vertical gap={2} align="flex-start">
          <WithdrawalStatusTag status={row.status} />
          <SecondApprovalTag first={row.first_approval} testId={`withdrawal-second-approval-${row.id}`} />
          {row.tx_hash && (
            <span style={{ fontSize: 12 }} data-testid={`withdrawal-tx-hash-${row.id}`}>
              <TxHashLink hash={row.tx_hash} />
            </span>
          )}
        </Flex>
      ),
    },
    {
      title: t('withdrawals.createdAt'),
      key: 'created_at',
      render: (_, row) => formatDateTime(row.created_at),
    },
    {
      // Pinned to the right: below LAPTOP_TABLE_WIDTH the table scrolls under it, the actions in reach.
      title: t('withdrawals.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <WithdrawalRowActions
          row={row}
          busy={busy.has(row.id)}
          onChange={onChange}
          onReject={onReject}
          onDetail={onDetail}
          own={isOwn(row.user_id)}
          firstApprover={isFirstApprover(row.first_approval)}
        />
      ),
    },
  ];

  return (
    <ListTable<AdminWithdrawal>
      columns={columns}
      rows={rows}
      loading={loading}
      rowTestId="withdrawal-row"
      scrollX={LAPTOP_TABLE_WIDTH}
      empty={<Empty description={t('withdrawals.empty')} data-testid="withdrawals-empty" />}
      selection={{
        selected,
        onSelect,
        checkbox: (row) => ({
          disabled: isWithdrawalFinal(row.status) || busy.has(row.id) || isOwn(row.user_id),
        }),
      }}
    />
  );
}
