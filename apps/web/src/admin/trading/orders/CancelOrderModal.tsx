import { type ButtonProps, Descriptions, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState('');
  useEffect(() => {
    if (order) setReason('');
  }, [order]);

  return (
    <Modal
      open={order !== null}
      title={t('trading.orders.confirmTitle')}
      okText={t('trading.orders.confirmOk')}
      cancelText={t('trading.orders.dismiss')}
      okButtonProps={{ danger: true, loading: submitting, ...testId('order-cancel-ok') }}
      cancelButtonProps={testId('order-cancel-dismiss')}
      onOk={() => order && onConfirm(order, reason)}
      onCancel={onClose}
      destroyOnHidden
    >
      {order && (
        <>
          <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('trading.orders.order')}>
              #{order.id} · {order.trading_pair} · {t(`trading.product.${order.type}`)} ·{' '}
              {t(`trading.side.${order.side}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('trading.orders.user')}>{order.user.email}</Descriptions.Item>
            <Descriptions.Item label={t('trading.orders.amount')}>{orderAmountText(order)}</Descriptions.Item>
            <Descriptions.Item label={t('trading.orders.price')}>{orderPriceText(order)}</Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('trading.orders.cancelNote')}
          </Typography.Paragraph>
          <Input.TextArea
            rows={3}
            maxLength={200}
            showCount
            value={reason}
            placeholder={t('trading.orders.reasonExample')}
            onChange={(event) => setReason(event.target.value)}
            data-testid="order-cancel-reason"
            style={{ marginBottom: 20 }}
          />
        </>
      )}
    </Modal>
  );
}
