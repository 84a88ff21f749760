import type { AdminDeposit } from '@platform/contracts';
import { formatDateTime, formatExactAmount } from '@platform/domain';
import { Button, Descriptions, type DescriptionsProps, Modal, Space, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DepositStatusTag } from '../../../components/StatusTags.tsx';
import { TxHashLink } from '../../../components/TxHashLink.tsx';
import { type DepositReviewActions, DepositReviewButtons } from './DepositReviewButtons.tsx';

const orDash = (value: string | null | undefined) => (value ? value : '-');

function detailItems(deposit: AdminDeposit, t: TFunction<'admin'>): DescriptionsProps['items'] {
  return [
    { key: 'id', label: t('deposits.depositId'), children: deposit.id },
    { key: 'user_id', label: t('deposits.userId'), children: deposit.user_id },
    { key: 'user_email', label: t('deposits.userEmail'), children: deposit.user_email },
    {
      key: 'amount',
      label: t('deposits.depositAmount'),
      children: formatExactAmount(deposit.amount, deposit.currency),
    },
    { key: 'currency', label: t('deposits.currency'), children: deposit.currency },
    { key: 'channel', label: t('deposits.channel'), children: deposit.channel_name },
    {
      key: 'to_address',
      label: t('deposits.toAddress'),
      children: deposit.to_address ? (
        <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
          {deposit.to_address}
        </Typography.Text>
      ) : (
        '-'
      ),
    },
    { key: 'tx_hash', label: t('deposits.txHash'), children: <TxHashLink hash={deposit.tx_hash} full /> },
    {
      key: 'status',
      label: t('deposits.statusColumn'),
      children: <DepositStatusTag status={deposit.status} />,
    },
    { key: 'remark', label: t('deposits.remark'), children: orDash(deposit.remark) },
    { key: 'admin_note', label: t('deposits.adminNote'), children: orDash(deposit.admin_note) },
    { key: 'created_at', label: t('deposits.createdAt'), children: formatDateTime(deposit.created_at) },
    { key: 'reviewed_at', label: t('deposits.reviewedAt'), children: formatDateTime(deposit.reviewed_at) },
    { key: 'processed_at', label: t('deposits.processedAt'), children: formatDateTime(deposit.processed_at) },
  ];
}

/** Every field of one deposit; a pending one has 通过 / 拒绝 as in its row (`review`, the page's calls). */
export function DepositDetailModal({
  deposit,
  onClose,
  review,
}: {
  deposit: AdminDeposit | null;
  onClose: () => void;
  review?: DepositReviewActions;
}) {
  const { t } = useTranslation('admin');
  return (
    <Modal
      open={deposit !== null}
      title={t('deposits.detailTitle')}
      onCancel={onClose}
      footer={
        <Space>
          {deposit && review ? (
            <DepositReviewButtons row={deposit} testIdPrefix="deposit-detail" {...review} />
          ) : null}
          <Button onClick={onClose}>{t('deposits.close')}</Button>
        </Space>
      }
      width={680}
      destroyOnHidden
    >
      {deposit && (
        <Descriptions
          bordered
          column={1}
          size="small"
          data-testid="deposit-detail"
          items={detailItems(deposit, t)}
        />
      )}
    </Modal>
  );
}
