import type { AdminWithdrawal } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { Button, Descriptions, type DescriptionsProps, Modal } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { WithdrawalStatusTag } from '../../../components/StatusTags.tsx';
import { TxHashLink } from '../../../components/TxHashLink.tsx';
import { AmountWithFee, methodLabel, PayeeInfo } from './WithdrawalBits.tsx';

function detailItems(row: AdminWithdrawal, t: TFunction<'admin'>): DescriptionsProps['items'] {
  return [
    { key: 'id', label: t('withdrawals.orderId'), children: row.id },
    {
      key: 'status',
      label: t('withdrawals.statusColumn'),
      children: <WithdrawalStatusTag status={row.status} />,
    },
    { key: 'email', label: t('withdrawals.userEmail'), children: row.user.email },
    {
      key: 'phone',
      label: t('withdrawals.userPhone'),
      children: row.user.phone || t('withdrawals.notProvided'),
    },
    { key: 'method', label: t('withdrawals.withdrawMethod'), children: methodLabel(row, t) },
    { key: 'amount', label: t('withdrawals.amount'), children: <AmountWithFee row={row} /> },
    { key: 'created_at', label: t('withdrawals.createdAt'), children: formatDateTime(row.created_at) },
    { key: 'updated_at', label: t('withdrawals.updatedAt'), children: formatDateTime(row.updated_at) },
    { key: 'payee', label: t('withdrawals.payee'), children: <PayeeInfo row={row} /> },
    {
      key: 'user_remark',
      label: t('withdrawals.userRemark'),
      children: row.user_remark || t('withdrawals.none'),
    },
    {
      key: 'admin_remark',
      label: t('withdrawals.adminRemark'),
      children: row.admin_remark || t('withdrawals.none'),
    },
    ...(row.withdraw_type === 'usdt' && row.status === 'completed'
      ? [
          {
            key: 'tx_hash',
            label: t('withdrawals.payoutTxHash'),
            children: row.tx_hash ? <TxHashLink hash={row.tx_hash} full /> : t('withdrawals.txHashMissing'),
          },
        ]
      : []),
  ];
}

/** Every field of one withdrawal. */
export function WithdrawalDetailModal({
  row,
  onClose,
}: {
  row: AdminWithdrawal | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Modal
      open={row !== null}
      title={t('withdrawals.detailTitle')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('withdrawals.close')}</Button>}
      width={640}
      destroyOnHidden
    >
      {row && (
        <Descriptions
          bordered
          column={1}
          size="small"
          data-testid="withdrawal-detail"
          items={detailItems(row, t)}
        />
      )}
    </Modal>
  );
}
