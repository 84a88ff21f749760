import type { AdminWithdrawal } from '@platform/contracts';
import { formatExactAmount, payoutTxHashOf } from '@platform/domain';
import { type ButtonProps, Descriptions, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
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
      title="确认出款（已出款）"
      okText="确认出款"
      cancelText="取消"
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
              { key: 'id', label: '订单', children: `#${row.id} · ${row.user.email}` },
              { key: 'amount', label: '出款金额', children: formatExactAmount(row.amount, row.currency) },
              { key: 'payee', label: '收款地址', children: <PayeeInfo row={row} /> },
            ]}
          />
          <Form.Item
            label="出款交易哈希"
            required
            validateStatus={problem ? 'error' : undefined}
            help={
              problem ??
              (checked?.hash ? (
                <span data-testid="payout-preview">
                  区块浏览器：
                  <TxHashLink hash={checked.hash} />
                </span>
              ) : (
                `用户将在提现记录中看到此哈希及区块浏览器链接（${row.network === 'ERC20' ? 'ERC20：0x 开头的 64 位十六进制' : 'TRC20：64 位十六进制'}）`
              ))
            }
          >
            <Input
              autoFocus
              value={hash}
              maxLength={200}
              placeholder={row.network === 'ERC20' ? '0x…' : '64 位十六进制交易哈希'}
              onChange={(event) => setHash(event.target.value)}
              onBlur={() => setTouched(hash.trim() !== '')}
              data-testid="payout-tx-hash"
            />
          </Form.Item>
          <Form.Item label="备注（可选）" style={{ marginBottom: 0 }}>
            <Input
              value={note}
              maxLength={500}
              onChange={(event) => setNote(event.target.value)}
              data-testid="payout-note"
            />
          </Form.Item>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            出款后不可撤销，交易哈希将写入审计日志。
          </Typography.Text>
        </Form>
      )}
    </Modal>
  );
}
