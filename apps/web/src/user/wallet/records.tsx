import { RightOutlined } from '@ant-design/icons';
import type { LedgerReference, UserDeposit, UserTransaction, UserWithdrawal } from '@platform/contracts';
import { formatBalance, formatChange, formatCharge, formatDateTime } from '@platform/domain';
import { Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DepositStatusTag, WithdrawalStatusTag } from '../../components/StatusTags.tsx';
import { TxHashLink } from '../../components/TxHashLink.tsx';
import { i18n } from '../../i18n/index.ts';
import { shortenHash } from '../../lib/blockExplorer.ts';

/** One row of a phone list: what it is and when on the left, amount and state on the right. */
export function RecordRow({
  title,
  right,
  lines,
  to,
  testId,
}: {
  title: ReactNode;
  right: ReactNode;
  lines: ReactNode[];
  /** The record's own page: the whole row opens it. */
  to?: string | null;
  testId?: string;
}) {
  const row = (
    <Flex
      justify="space-between"
      align="flex-start"
      gap={12}
      style={{ padding: '12px 0', borderBottom: '1px solid var(--app-divider)' }}
      data-testid={testId}
    >
      <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Typography.Text strong>{title}</Typography.Text>
        {lines.filter(Boolean).map((line, i) => (
          // The lines are fixed per row kind; their order never changes. A long token (an e-mail, a
          // hash) breaks where it must; an English word stays whole.
          // biome-ignore lint/suspicious/noArrayIndexKey: positional lines
          <Typography.Text key={i} type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
            {line}
          </Typography.Text>
        ))}
      </Flex>
      <Flex vertical align="flex-end" gap={4} style={{ flexShrink: 0, maxWidth: '55%' }}>
        {right}
      </Flex>
      {to && <RightOutlined style={{ color: '#bfbfbf', fontSize: 12, alignSelf: 'center' }} />}
    </Flex>
  );
  if (!to) return row;
  return (
    <Link to={to} style={{ color: 'inherit', display: 'block' }} data-testid={testId && `open-${testId}`}>
      {row}
    </Link>
  );
}

export function DepositRecord({ deposit }: { deposit: UserDeposit }) {
  const { t } = useTranslation('user');
  return (
    <RecordRow
      testId={`deposit-record-${deposit.id}`}
      to={`/wallet/deposits/${deposit.id}`}
      title={formatBalance(deposit.amount, deposit.currency)}
      right={<DepositStatusTag status={deposit.status} />}
      lines={[
        `${deposit.channel_name} · ${formatDateTime(deposit.created_at)}`,
        deposit.tx_hash ? t('wallet.txHash', { hash: shortenHash(deposit.tx_hash) }) : null,
        deposit.status === 'rejected' && deposit.admin_note
          ? t('wallet.rejectReason', { reason: deposit.admin_note })
          : null,
      ]}
    />
  );
}

/** Where a withdrawal goes: the address for usdt, otherwise the payee's account and name. */
export function payeeText(w: Pick<UserWithdrawal, 'withdraw_type' | 'address' | 'account_info'>): string {
  const none = i18n.t('user:wallet.notGiven');
  if (w.withdraw_type === 'usdt') return w.address ? shortenHash(w.address, 6) : none;
  const info = w.account_info;
  return info ? `${info.name} ${info.account}` : none;
}

/** The payout's transaction hash of a completed USDT withdrawal, linked to its block explorer. */
export function PayoutHash({ withdrawal, full = false }: { withdrawal: UserWithdrawal; full?: boolean }) {
  const { t } = useTranslation('user');
  if (withdrawal.withdraw_type !== 'usdt' || withdrawal.status !== 'completed') return null;
  if (!withdrawal.tx_hash)
    return <Typography.Text type="secondary">{t('wallet.notRecorded')}</Typography.Text>;
  return (
    <span data-testid={`withdrawal-tx-hash-${withdrawal.id}`}>
      <TxHashLink hash={withdrawal.tx_hash} full={full} />
    </span>
  );
}

export function WithdrawalRecord({ withdrawal }: { withdrawal: UserWithdrawal }) {
  const w = withdrawal;
  const { t } = useTranslation(['user', 'common']);
  return (
    <RecordRow
      testId={`withdrawal-record-${w.id}`}
      to={`/wallet/withdrawals/${w.id}`}
      title={formatBalance(w.amount, w.currency)}
      right={<WithdrawalStatusTag status={w.status} />}
      lines={[
        `${t(`common:withdrawMethod.${w.withdraw_type}`, { defaultValue: w.channel })} · ${formatDateTime(w.created_at)}`,
        t('wallet.feeAndTotal', {
          fee: formatCharge(w.fee, w.currency),
          total: formatCharge(w.total, w.currency),
        }),
        t('wallet.payee', { payee: payeeText(w) }),
        w.status === 'completed' && w.withdraw_type === 'usdt' && w.tx_hash
          ? t('wallet.payoutHash', { hash: shortenHash(w.tx_hash) })
          : null,
        w.admin_remark ? t('wallet.remark', { remark: w.admin_remark }) : null,
      ]}
    />
  );
}

/** A ledger kind in the language shown; unknown kinds as they are. */
export const kindLabel = (kind: string): string =>
  i18n.t(`common:ledgerKind.${kind}` as 'common:ledgerKind.deposit', { defaultValue: kind });

/** The page a statement row's record opens on: its order, deposit or withdrawal; rewards on 团队. */
export function referencePath(reference: LedgerReference | null): string | null {
  if (!reference) return null;
  switch (reference.kind) {
    case 'order':
      return `/orders/${reference.id}`;
    case 'deposit':
      return `/wallet/deposits/${reference.id}`;
    case 'withdrawal':
      return `/wallet/withdrawals/${reference.id}`;
    case 'reward':
      return '/team';
    default:
      return null;
  }
}

const bucketLabel = (bucket: string): string =>
  i18n.t(`common:ledgerBucket.${bucket}` as 'common:ledgerBucket.available', { defaultValue: bucket });

/** What the row did, in the statement's words: 冻结 and 解冻 are moves, not money in or out. */
function Movement({ tx }: { tx: UserTransaction }) {
  const { t } = useTranslation('user');
  const frozen = tx.changes.find((c) => c.bucket === 'frozen');
  if (tx.movement === 'freeze' || tx.movement === 'unfreeze') {
    const amount = frozen?.amount.replace(/^-/, '') ?? '0';
    return (
      <Flex align="center" gap={4} data-testid="statement-amount">
        <Tag color={tx.movement === 'freeze' ? 'blue' : 'cyan'} style={{ marginInlineEnd: 0 }}>
          {tx.movement === 'freeze' ? t('wallet.freeze') : t('wallet.unfreeze')}
        </Tag>
        <Typography.Text strong>{formatBalance(amount, tx.currency)}</Typography.Text>
      </Flex>
    );
  }
  if (tx.movement === 'internal') {
    return (
      <Typography.Text strong data-testid="statement-amount">
        {t('wallet.transfer')}
      </Typography.Text>
    );
  }
  return (
    <Typography.Text
      strong
      style={{ color: tx.movement === 'in' ? '#389e0d' : '#cf1322' }}
      data-testid="statement-amount"
    >
      {formatChange(tx.amount, tx.currency)}
    </Typography.Text>
  );
}

/**
 * One statement row (全部流水): the kind, the change of what the user holds (or 冻结 / 解冻 for a move
 * into or out of frozen), the balance after, and the record it belongs to, which the row opens.
 */
export function TransactionRecord({ tx }: { tx: UserTransaction }) {
  const shown = tx.changes.find((c) => c.bucket === 'available') ?? tx.changes[0];
  const moved = tx.changes.length > 1 && (tx.movement === 'in' || tx.movement === 'out');
  const { t } = useTranslation('user');
  return (
    <RecordRow
      testId={`transaction-record-${tx.id}`}
      to={referencePath(tx.reference)}
      title={kindLabel(tx.kind)}
      right={
        <>
          <Movement tx={tx} />
          {shown && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('wallet.balanceAfter', {
                bucket: bucketLabel(shown.bucket),
                balance: formatBalance(shown.balance_after, tx.currency),
              })}
            </Typography.Text>
          )}
        </>
      }
      lines={[
        tx.memo,
        moved
          ? tx.changes
              .map((c) => `${bucketLabel(c.bucket)} ${formatChange(c.amount, tx.currency, { unit: false })}`)
              .join(' · ')
          : null,
        formatDateTime(tx.created_at),
      ]}
    />
  );
}
