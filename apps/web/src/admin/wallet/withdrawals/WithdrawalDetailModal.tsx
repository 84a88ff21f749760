import type { AdminWithdrawal } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { Button, Descriptions, type DescriptionsProps, Modal } from 'antd';
import { WithdrawalStatusTag } from '../../../components/StatusTags.tsx';
import { TxHashLink } from '../../../components/TxHashLink.tsx';
import { AmountWithFee, methodLabel, PayeeInfo } from './WithdrawalBits.tsx';

function detailItems(row: AdminWithdrawal): DescriptionsProps['items'] {
  return [
    { key: 'id', label: '订单号', children: row.id },
    { key: 'status', label: '状态', children: <WithdrawalStatusTag status={row.status} /> },
    { key: 'email', label: '用户邮箱', children: row.user.email },
    { key: 'phone', label: '用户手机', children: row.user.phone || '未提供' },
    { key: 'method', label: '提现方式', children: methodLabel(row) },
    { key: 'amount', label: '提现金额', children: <AmountWithFee row={row} /> },
    { key: 'created_at', label: '申请时间', children: formatDateTime(row.created_at) },
    { key: 'updated_at', label: '更新时间', children: formatDateTime(row.updated_at) },
    { key: 'payee', label: '收款信息', children: <PayeeInfo row={row} /> },
    { key: 'user_remark', label: '用户备注', children: row.user_remark || '无' },
    { key: 'admin_remark', label: '管理员备注', children: row.admin_remark || '无' },
    ...(row.withdraw_type === 'usdt' && row.status === 'completed'
      ? [
          {
            key: 'tx_hash',
            label: '出款交易哈希',
            children: row.tx_hash ? <TxHashLink hash={row.tx_hash} full /> : '未记录（早于出款哈希的记录）',
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
  return (
    <Modal
      open={row !== null}
      title="提现详情"
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
      width={640}
      destroyOnHidden
    >
      {row && (
        <Descriptions
          bordered
          column={1}
          size="small"
          data-testid="withdrawal-detail"
          items={detailItems(row)}
        />
      )}
    </Modal>
  );
}
