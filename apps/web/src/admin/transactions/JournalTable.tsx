import type { JournalEntry, JournalTransaction } from '@platform/contracts';
import { formatBalance, formatChange, formatDateTime } from '@platform/domain';
import { Empty, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
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

const entryColumns = (t: TFunction<'admin'>): TableColumnsType<JournalEntry> => [
  {
    title: t('journal.account'),
    key: 'account',
    render: (_, entry) =>
      entry.account === 'system' ? (
        <Tag>{accountLabel(entry)}</Tag>
      ) : (
        <Tag color="blue">{accountLabel(entry)}</Tag>
      ),
  },
  {
    title: t('journal.user'),
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
  { title: t('journal.currency'), dataIndex: 'currency', key: 'currency' },
  {
    title: t('journal.amount'),
    key: 'amount',
    align: 'right',
    render: (_, entry) => <Amount entry={entry} />,
  },
  {
    title: t('journal.balanceAfter'),
    key: 'balance_after',
    align: 'right',
    render: (_, entry) => formatBalance(entry.balance_after, entry.currency),
  },
];

function EntriesDetail({ tx }: { tx: JournalTransaction }) {
  const { t } = useTranslation('admin');
  return (
    <Flex vertical gap={8} data-testid={`journal-entries-${tx.id}`}>
      <Typography.Text type="secondary">
        {t('journal.idempotencyKey')}
        <Typography.Text copyable>{tx.idempotency_key}</Typography.Text>
      </Typography.Text>
      <Table<JournalEntry>
        size="small"
        rowKey={entryKey}
        columns={entryColumns(t)}
        dataSource={tx.entries}
        pagination={false}
      />
    </Flex>
  );
}

const columns = (t: TFunction<'admin'>): TableColumnsType<JournalTransaction> => [
  {
    title: t('journal.time'),
    dataIndex: 'created_at',
    key: 'created_at',
    width: 180,
    render: (value: string) => formatDateTime(value),
  },
  {
    title: t('journal.kind'),
    dataIndex: 'kind',
    key: 'kind',
    width: 140,
    render: (kind: string) => <Tag color={KIND_COLORS[kind]}>{kindLabel(kind)}</Tag>,
  },
  {
    title: t('journal.users'),
    key: 'users',
    render: (_, tx) => {
      const emails = usersOf(tx);
      return emails.length > 0 ? (
        emails.join(t('journal.usersSeparator'))
      ) : (
        <Typography.Text type="secondary">{t('journal.system')}</Typography.Text>
      );
    },
  },
  { title: t('journal.entries'), key: 'entries', render: (_, tx) => <EntrySummary tx={tx} /> },
  {
    title: t('journal.memo'),
    dataIndex: 'memo',
    key: 'memo',
    render: (memo: string | null) => memo || '-',
  },
  { title: t('journal.id'), dataIndex: 'id', key: 'id', width: 100, render: (id: number) => `#${id}` },
];

export interface JournalTableProps {
  transactions: JournalTransaction[];
  loading: boolean;
}

/** The journal, one row per transaction, its entries in an expandable row. */
export function JournalTable({ transactions, loading }: JournalTableProps) {
  const { t } = useTranslation('admin');
  return (
    <Table<JournalTransaction>
      rowKey="id"
      size="middle"
      loading={loading}
      columns={columns(t)}
      dataSource={transactions}
      pagination={false}
      scroll={{ x: 900 }}
      expandable={{ expandedRowRender: (tx) => <EntriesDetail tx={tx} />, expandRowByClick: true }}
      onRow={(tx) => ({ 'data-testid': `journal-row-${tx.id}` }) as HTMLAttributes<HTMLElement>}
      locale={{ emptyText: <Empty description={t('journal.empty')} /> }}
    />
  );
}
