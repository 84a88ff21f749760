import type { AdminDeposit } from '@platform/contracts';
import { formatDateTime, formatExactAmount } from '@platform/domain';
import { Button, Descriptions, type DescriptionsProps, Modal, Space, Typography } from 'antd';
import { DepositStatusTag } from '../../../components/StatusTags.tsx';
import { TxHashLink } from '../../../components/TxHashLink.tsx';
import { type DepositReviewActions, DepositReviewButtons } from './DepositReviewButtons.tsx';

const orDash = (value: string | null | undefined) => (value ? value : '-');

function detailItems(deposit: AdminDeposit): DescriptionsProps['items'] {
  return [
    { key: 'id', label: '充值ID', children: deposit.id },
    { key: 'user_id', label: '用户ID', children: deposit.user_id },
    { key: 'user_email', label: '用户邮箱', children: deposit.user_email },
    { key: 'amount', label: '充值金额', children: formatExactAmount(deposit.amount, deposit.currency) },
    { key: 'currency', label: '币种', children: deposit.currency },
    { key: 'channel', label: '充值通道', children: deposit.channel_name },
    {
      key: 'to_address',
      label: '收款地址',
      children: deposit.to_address ? (
        <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
          {deposit.to_address}
        </Typography.Text>
      ) : (
        '-'
      ),
    },
    { key: 'tx_hash', label: '交易哈希', children: <TxHashLink hash={deposit.tx_hash} full /> },
    { key: 'status', label: '状态', children: <DepositStatusTag status={deposit.status} /> },
    { key: 'remark', label: '用户备注', children: orDash(deposit.remark) },
    { key: 'admin_note', label: '审核备注', children: orDash(deposit.admin_note) },
    { key: 'created_at', label: '创建时间', children: formatDateTime(deposit.created_at) },
    { key: 'reviewed_at', label: '审核时间', children: formatDateTime(deposit.reviewed_at) },
    { key: 'processed_at', label: '处理时间', children: formatDateTime(deposit.processed_at) },
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
  return (
    <Modal
      open={deposit !== null}
      title="充值详情"
      onCancel={onClose}
      footer={
        <Space>
          {deposit && review ? (
            <DepositReviewButtons row={deposit} testIdPrefix="deposit-detail" {...review} />
          ) : null}
          <Button onClick={onClose}>关闭</Button>
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
          items={detailItems(deposit)}
        />
      )}
    </Modal>
  );
}
