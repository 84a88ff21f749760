import { ORDER_SIDE_LABELS, TRADE_PRODUCT_LABELS } from '@platform/contracts';
import { type ButtonProps, Descriptions, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { orderAmountText, orderPriceText } from './OrdersTable.tsx';
import type { AdminOrder } from './ordersApi.ts';

/** antd's ButtonProps have no index signature for data-* keys. */
const testId = (id: string): ButtonProps => ({ 'data-testid': id }) as ButtonProps;

export interface CancelOrderModalProps {
  /** The order to cancel; null keeps the dialog closed. */
  order: AdminOrder | null;
  submitting: boolean;
  onConfirm: (order: AdminOrder, reason: string) => void;
  onClose: () => void;
}

/** Confirms an operator's cancel of an open spot order, with an optional reason (at most 200 characters). */
export function CancelOrderModal({ order, submitting, onConfirm, onClose }: CancelOrderModalProps) {
  const [reason, setReason] = useState('');
  useEffect(() => {
    if (order) setReason('');
  }, [order]);

  return (
    <Modal
      open={order !== null}
      title="确认撤销该订单吗？"
      okText="确认撤单"
      cancelText="取消"
      okButtonProps={{ danger: true, loading: submitting, ...testId('order-cancel-ok') }}
      cancelButtonProps={testId('order-cancel-dismiss')}
      onOk={() => order && onConfirm(order, reason)}
      onCancel={onClose}
      destroyOnHidden
    >
      {order && (
        <>
          <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
            <Descriptions.Item label="订单">
              #{order.id} · {order.trading_pair} · {TRADE_PRODUCT_LABELS[order.type]} ·{' '}
              {ORDER_SIDE_LABELS[order.side]}
            </Descriptions.Item>
            <Descriptions.Item label="用户">{order.user.email}</Descriptions.Item>
            <Descriptions.Item label="数量">{orderAmountText(order)}</Descriptions.Item>
            <Descriptions.Item label="价格">{orderPriceText(order)}</Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            未成交部分将被撤销，冻结资金退回用户可用余额。撤单原因（选填）：
          </Typography.Paragraph>
          <Input.TextArea
            rows={3}
            maxLength={200}
            showCount
            value={reason}
            placeholder="例如：用户申请撤单"
            onChange={(event) => setReason(event.target.value)}
            data-testid="order-cancel-reason"
            style={{ marginBottom: 20 }}
          />
        </>
      )}
    </Modal>
  );
}
