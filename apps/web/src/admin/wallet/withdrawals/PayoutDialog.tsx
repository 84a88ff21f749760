import type { AdminWithdrawal } from '@platform/contracts';
import { formatExactAmount, payoutTxHashOf } from '@platform/domain';
import { type ButtonProps, Descriptions, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TxHashLink } from '../../../components/TxHashLink.tsx';
import { PayeeInfo } from './WithdrawalBits.tsx';

export interface PayoutDialogProps {
  /** The USDT withdrawal being marked 已出款; null when closed. */
  row: AdminWithdrawal | null;
  onClose: () => void;
  onConfirm: (row: AdminWithdrawal, txHash: string, adminNote: string | undefined) => void;
}

const testId = (id: string): ButtonProps => ({ 'data-testid': id }) as ButtonProps;

/**
 * 确认出款 of a USDT withdrawal: what was paid and where, and the payout's transaction hash, which
 * the owner then sees linked to the block explorer. The hash is checked against the address's
 * network as the server checks it (payoutTxHashOf), and the link is shown before it is sent.
 */
export function PayoutDialog({ row, onClose, onConfirm }: PayoutDialogProps) {
  const { t } = useTranslation('admin');
  const [hash, setHash] = useState('');
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const checked = row ? payoutTxHashOf(hash, row.network) : null;
  const problem = touched ? checked?.problem : undefined;

  const close = () => {
    setHash('');
    setNote('');
    setTouched(false);
    onClose();
  };
  const confirm = () => {
    setTouched(true);
    if (!row || !checked?.hash) return;
    onConfirm(row, checked.hash, note.trim() || undefined);
    close();
  };

  return (
    <Modal
      open={row !== null}
      title={t('withdrawals.payoutTitle')}
      okText={t('withdrawals.payoutOk')}
      cancelText={t('withdrawals.cancel')}
      onOk={confirm}
      onCancel={close}
      okButtonProps={testId('payout-ok')}
      cancelButtonProps={testId('payout-cancel')}
      width={560}
      destroyOnHidden
    >
      {row && (
        <Form layout="vertical" data-testid="payout-dialog" onFinish={confirm}>
          <Descriptions
            size="small"
            column={1}
            style={{ marginBottom: 16 }}
            items={[
              { key: 'id', label: t('withdrawals.order'), children: `#${row.id} · ${row.user.email}` },
              {
                key: 'amount',
                label: t('withdrawals.payoutAmount'),
                children: formatExactAmount(row.amount, row.currency),
              },
              { key: 'payee', label: t('withdrawals.payoutAddress'), children: <PayeeInfo row={row} /> },
            ]}
          />
          <Form.Item
            label={t('withdrawals.payoutTxHash')}
            required
            validateStatus={problem ? 'error' : undefined}
            help={
              problem ??
              (checked?.hash ? (
                <span data-testid="payout-preview">
                  {t('withdrawals.explorer')}
                  <TxHashLink hash={checked.hash} />
                </span>
              ) : (
                t('withdrawals.payoutHashHint', {
                  format: t(
                    row.network === 'ERC20' ? 'withdrawals.hashFormatErc20' : 'withdrawals.hashFormatTrc20',
                  ),
                })
              ))
            }
          >
            <Input
              autoFocus
              value={hash}
              maxLength={200}
              placeholder={row.network === 'ERC20' ? '0x…' : t('withdrawals.hashPlaceholder')}
              onChange={(event) => setHash(event.target.value)}
              onBlur={() => setTouched(hash.trim() !== '')}
              data-testid="payout-tx-hash"
            />
          </Form.Item>
          <Form.Item label={t('withdrawals.noteOptional')} style={{ marginBottom: 0 }}>
            <Input
              value={note}
              maxLength={500}
              onChange={(event) => setNote(event.target.value)}
              data-testid="payout-note"
            />
          </Form.Item>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('withdrawals.payoutWarning')}
          </Typography.Text>
        </Form>
      )}
    </Modal>
  );
}
