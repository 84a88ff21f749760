import { Decimal, formatNumber, formatPercent } from '@platform/domain';
import { Empty, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StackedDateTime } from '../../../components/StackedDateTime.tsx';
import { ListTable } from '../../shell/AdminListPage.tsx';
import { profitColour, signedAmount } from '../overview/OverviewCards.tsx';
import type { FundingReportRow } from './fundingApi.ts';

const numeric = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
type Row = FundingReportRow & { id: number };

/**
 * 资金费用's table: one row per pair and funding instant with the fixed rate and mark, how many
 * positions paid or received, and the house's net (what users paid minus what they received).
 */
export function FundingReportTable({
  rows,
  loading,
  emptyText,
}: {
  rows: FundingReportRow[];
  loading: boolean;
  emptyText: string;
}) {
  const { t } = useTranslation('admin');
  const columns: TableColumnsType<Row> = [
    {
      title: t('trading.funding.columns.at'),
      key: 'at',
      width: 120,
      render: (_, r) => <StackedDateTime value={r.funding_at} />,
    },
    {
      title: t('trading.funding.columns.symbol'),
      key: 'symbol',
      width: 100,
      render: (_, r) => <Typography.Text strong>{r.symbol}</Typography.Text>,
    },
    {
      title: t('trading.funding.columns.rate'),
      key: 'rate',
      width: 100,
      align: 'right',
      render: (_, r) => (
        <span style={{ ...numeric, color: profitColour(r.rate) }} data-testid={`funding-rate-${r.id}`}>
          {formatPercent(new Decimal(r.rate).times(100), 4)}
        </span>
      ),
    },
    {
      title: t('trading.funding.columns.mark'),
      key: 'mark',
      width: 110,
      align: 'right',
      render: (_, r) => <span style={numeric}>{formatNumber(r.mark_price, 4)}</span>,
    },
    {
      title: t('trading.funding.columns.positions'),
      key: 'positions',
      width: 80,
      align: 'right',
      render: (_, r) => <span style={numeric}>{r.positions}</span>,
    },
    {
      title: t('trading.funding.columns.paid'),
      key: 'paid',
      width: 120,
      align: 'right',
      render: (_, r) => <span style={numeric}>{formatNumber(r.paid_by_users, 2)}</span>,
    },
    {
      title: t('trading.funding.columns.received'),
      key: 'received',
      width: 120,
      align: 'right',
      render: (_, r) => <span style={numeric}>{formatNumber(r.received_by_users, 2)}</span>,
    },
    {
      title: t('trading.funding.columns.net'),
      key: 'net',
      width: 120,
      align: 'right',
      render: (_, r) => (
        <span style={{ ...numeric, color: profitColour(r.house_net) }} data-testid={`funding-net-${r.id}`}>
          {signedAmount(r.house_net)}
        </span>
      ),
    },
    {
      title: t('trading.funding.columns.liquidated'),
      key: 'liquidated',
      width: 110,
      align: 'right',
      render: (_, r) => <span style={numeric}>{r.liquidated}</span>,
    },
  ];
  return (
    <ListTable<Row>
      columns={columns}
      rows={rows.map((r, i) => ({ ...r, id: i + 1 }))}
      loading={loading}
      rowTestId="funding-row"
      empty={<Empty description={emptyText} />}
    />
  );
}
