import { DEPOSIT_STATUS_LABELS, type DepositStatus } from '@platform/contracts';
import { Tag, Tooltip, Typography } from 'antd';
import { explorerUrl, shortenHash } from './explorer.ts';

const STATUS_COLORS: Record<DepositStatus, string> = {
  pending: 'gold',
  processing: 'blue',
  approved: 'green',
  rejected: 'red',
};

export function DepositStatusTag({ status }: { status: DepositStatus }) {
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="deposit-status">
      {DEPOSIT_STATUS_LABELS[status]}
    </Tag>
  );
}

/** A tx hash: a link to its block explorer (new tab) when the hash can be placed, else the text. */
export function TxHashLink({ hash, full = false }: { hash: string | null; full?: boolean }) {
  if (!hash) return <Typography.Text type="secondary">-</Typography.Text>;
  const url = explorerUrl(hash);
  const text = full ? hash : shortenHash(hash);
  if (!url) {
    return (
      <Tooltip title={hash}>
        <Typography.Text copyable={{ text: hash }} style={full ? { wordBreak: 'break-all' } : undefined}>
          {text}
        </Typography.Text>
      </Tooltip>
    );
  }
  return (
    <Tooltip title={full ? undefined : hash}>
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        style={full ? { wordBreak: 'break-all' } : undefined}
      >
        {text}
      </a>
    </Tooltip>
  );
}

/** An address shortened in the table with the full value on hover and a copy button. */
export function ShortAddress({ value }: { value: string | null }) {
  if (!value) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Tooltip title={value}>
      <Typography.Text copyable={{ text: value }}>{shortenHash(value, 6)}</Typography.Text>
    </Tooltip>
  );
}
