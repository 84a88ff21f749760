import {
  LEDGER_BUCKET_LABELS,
  LEDGER_KIND_LABELS,
  type UserDeposit,
  type UserTransaction,
  type UserWithdrawal,
  WITHDRAW_METHOD_LABELS,
} from '@platform/contracts';
import { formatCrypto, formatDateTime, toDec } from '@platform/domain';
import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { DepositStatusTag, TxHashLink } from '../../admin/wallet/deposits/DepositBits.tsx';
import { shortenHash } from '../../admin/wallet/deposits/explorer.ts';
import { WithdrawalStatusTag } from '../../admin/wallet/withdrawals/WithdrawalBits.tsx';

/** One row of a phone list: what it is and when on the left, amount and state on the right. */
export function RecordRow({
  title,
  right,
  lines,
  testId,
}: {
  title: ReactNode;
  right: ReactNode;
  lines: ReactNode[];
  testId?: string;
}) {
  return (
    <Flex
      justify="space-between"
      align="flex-start"
      gap={12}
      style={{ padding: '12px 0', borderBottom: '1px solid #f0f0f0' }}
      data-testid={testId}
    >
      <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Typography.Text strong>{title}</Typography.Text>
        {lines.filter(Boolean).map((line, i) => (
          // The lines are fixed per row kind; their order never changes.
          // biome-ignore lint/suspicious/noArrayIndexKey: positional lines
          <Typography.Text key={i} type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
            {line}
          </Typography.Text>
        ))}
      </Flex>
      <Flex vertical align="flex-end" gap={4} style={{ flexShrink: 0 }}>
        {right}
      </Flex>
    </Flex>
  );
}

export function DepositRecord({ deposit }: { deposit: UserDeposit }) {
  return (
    <RecordRow
      testId={`deposit-record-${deposit.id}`}
      title={formatCrypto(deposit.amount, deposit.currency)}
      right={<DepositStatusTag status={deposit.status} />}
      lines={[
        `${deposit.channel_name} · ${formatDateTime(deposit.created_at)}`,
        deposit.tx_hash ? (
          <>
            交易哈希：
            <TxHashLink hash={deposit.tx_hash} />
          </>
        ) : null,
        deposit.status === 'rejected' && deposit.admin_note ? `拒绝原因：${deposit.admin_note}` : null,
      ]}
    />
  );
}

/** Where a withdrawal goes: the address for usdt, otherwise the payee's account and name. */
export function payeeText(w: Pick<UserWithdrawal, 'withdraw_type' | 'address' | 'account_info'>): ReactNode {
  if (w.withdraw_type === 'usdt') {
    if (!w.address) return '未提供';
    return (
      <Typography.Text copyable={{ text: w.address }} style={{ fontSize: 'inherit', color: 'inherit' }}>
        {shortenHash(w.address, 6)}
      </Typography.Text>
    );
  }
  const info = w.account_info;
  return info ? `${info.name} ${info.account}` : '未提供';
}

export function WithdrawalRecord({ withdrawal }: { withdrawal: UserWithdrawal }) {
  const w = withdrawal;
  return (
    <RecordRow
      testId={`withdrawal-record-${w.id}`}
      title={formatCrypto(w.amount, w.currency)}
      right={<WithdrawalStatusTag status={w.status} />}
      lines={[
        `${WITHDRAW_METHOD_LABELS[w.withdraw_type] ?? w.channel} · ${formatDateTime(w.created_at)}`,
        `手续费 ${formatCrypto(w.fee, w.currency)} · 合计冻结 ${formatCrypto(w.total, w.currency)}`,
        <>收款：{payeeText(w)}</>,
        w.admin_remark ? `备注：${w.admin_remark}` : null,
      ]}
    />
  );
}

/** A ledger kind in Chinese; unknown kinds as they are. */
export const kindLabel = (kind: string) => LEDGER_KIND_LABELS[kind] ?? kind;

export function TransactionRecord({ tx }: { tx: UserTransaction }) {
  const amount = toDec(tx.amount);
  const positive = amount ? amount.gt(0) : false;
  return (
    <RecordRow
      testId={`transaction-record-${tx.id}`}
      title={kindLabel(tx.kind)}
      right={
        <>
          <Typography.Text strong style={{ color: positive ? '#389e0d' : '#cf1322' }}>
            {positive ? '+' : ''}
            {formatCrypto(tx.amount, tx.currency)}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {LEDGER_BUCKET_LABELS[tx.bucket] ?? tx.bucket}余额 {formatCrypto(tx.balance_after, tx.currency)}
          </Typography.Text>
        </>
      }
      lines={[tx.memo, formatDateTime(tx.created_at)]}
    />
  );
}
