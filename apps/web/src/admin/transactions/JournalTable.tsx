import type { JournalEntry, JournalTransaction } from '@platform/contracts';
import { formatBalance, formatChange, formatDateTime } from '@platform/domain';
import { Empty, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { accountLabel, amountColor, kindLabel } from './journalFormat.ts';

const KIND_COLORS: Record<string, string> = {
  deposit: 'green',
  withdrawal_freeze: 'orange',
  withdrawal_complete: 'blue',
  withdrawal_reject: 'purple',
};

/**
 * An entry's change, to its currency's display precision (USDT 2 places, other crypto 8) and rounded
 * down as every change of money is shown (packages/domain's display-precision), credits with a plus.
 */
function Amount({ entry }: { entry: Pick<JournalEntry, 'amount' | 'currency'> }) {
  return (
    <Typography.Text style={{ color: amountColor(entry.amount), fontVariantNumeric: 'tabular-nums' }}>
      {formatChange(entry.amount, entry.currency)}
    </Typography.Text>
  );
}

/** An account appears at most once in a transaction (the ledger refuses it twice). */
const entryKey = (entry: JournalEntry) =>
  `${entry.account}-${entry.user_id}-${entry.bucket}-${entry.currency}`;

/** The users a transaction touches (system accounts are not users). */
function usersOf(tx: JournalTransaction): string[] {
  const emails = tx.entries.filter((e) => e.account === 'user').map((e) => e.user_email ?? `#${e.user_id}`);
  return [...new Set(emails)];
}

/** The user entries of a transaction in one line each; a system-only transaction shows its entries. */
function EntrySummary({ tx }: { tx: JournalTransaction }) {
  const userEntries = tx.entries.filter((e) => e.account === 'user');
  const shown = userEntries.length > 0 ? userEntries : tx.entries;
  return (
    <Flex vertical gap={2}>
      {shown.map((entry) => (
        <span key={entryKey(entry)}>
          <Typography.Text type="secondary">{accountLabel(entry)} </Typography.Text>
          <Amount entry={entry} />
        </span>
      ))}
    </Flex>
  );
}

const entryColumns: TableColumnsType<JournalEntry> = [
  {
    title: '账户',
    key: 'account',
    render: (_, entry) =>
      entry.account === 'system' ? (
        <Tag>{accountLabel(entry)}</Tag>
      ) : (
        <Tag color="blue">{accountLabel(entry)}</Tag>
      ),
  },
  {
    title: '用户',
    key: 'user',
    render: (_, entry) =>
      entry.account === 'user' ? (
        <span>
          {entry.user_email ?? '-'} <Typography.Text type="secondary">ID {entry.user_id}</Typography.Text>
        </span>
      ) : (
        <Typography.Text type="secondary">{entry.bucket}</Typography.Text>
      ),
  },
  { title: '币种', dataIndex: 'currency', key: 'currency' },
  { title: '金额', key: 'amount', align: 'right', render: (_, entry) => <Amount entry={entry} /> },
  {
    title: '变动后余额',
    key: 'balance_after',
    align: 'right',
    render: (_, entry) => formatBalance(entry.balance_after, entry.currency),
  },
];

function EntriesDetail({ tx }: { tx: JournalTransaction }) {
  return (
    <Flex vertical gap={8} data-testid={`journal-entries-${tx.id}`}>
      <Typography.Text type="secondary">
        幂等键：<Typography.Text copyable>{tx.idempotency_key}</Typography.Text>
      </Typography.Text>
      <Table<JournalEntry>
        size="small"
        rowKey={entryKey}
        columns={entryColumns}
        dataSource={tx.entries}
        pagination={false}
      />
    </Flex>
  );
}

const columns: TableColumnsType<JournalTransaction> = [
  {
    title: '时间',
    dataIndex: 'created_at',
    key: 'created_at',
    width: 180,
    render: (value: string) => formatDateTime(value),
  },
  {
    title: '类型',
    dataIndex: 'kind',
    key: 'kind',
    width: 140,
    render: (kind: string) => <Tag color={KIND_COLORS[kind]}>{kindLabel(kind)}</Tag>,
  },
  {
    title: '用户',
    key: 'users',
    render: (_, tx) => {
      const emails = usersOf(tx);
      return emails.length > 0 ? emails.join('、') : <Typography.Text type="secondary">系统</Typography.Text>;
    },
  },
  { title: '分录', key: 'entries', render: (_, tx) => <EntrySummary tx={tx} /> },
  {
    title: '备注',
    dataIndex: 'memo',
    key: 'memo',
    render: (memo: string | null) => memo || '-',
  },
  { title: '流水号', dataIndex: 'id', key: 'id', width: 100, render: (id: number) => `#${id}` },
];

export interface JournalTableProps {
  transactions: JournalTransaction[];
  loading: boolean;
}

/** The journal, one row per transaction, its entries in an expandable row. */
export function JournalTable({ transactions, loading }: JournalTableProps) {
  return (
    <Table<JournalTransaction>
      rowKey="id"
      size="middle"
      loading={loading}
      columns={columns}
      dataSource={transactions}
      pagination={false}
      scroll={{ x: 900 }}
      expandable={{ expandedRowRender: (tx) => <EntriesDetail tx={tx} />, expandRowByClick: true }}
      onRow={(tx) => ({ 'data-testid': `journal-row-${tx.id}` }) as HTMLAttributes<HTMLElement>}
      locale={{ emptyText: <Empty description="暂无资金流水" /> }}
    />
  );
}
