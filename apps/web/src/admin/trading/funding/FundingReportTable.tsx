import { Decimal, formatNumber, formatPercent } from '@platform/domain';
import { Empty, type TableColumnsType, Typography } from 'antd';
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
  const columns: TableColumnsType<Row> = [
    {
      title: '结算时间',
      key: 'at',
      width: 120,
      render: (_, r) => <StackedDateTime value={r.funding_at} />,
    },
    {
      title: '交易对',
      key: 'symbol',
      width: 100,
      render: (_, r) => <Typography.Text strong>{r.symbol}</Typography.Text>,
    },
    {
      title: '资金费率',
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
      title: '标记价格',
      key: 'mark',
      width: 110,
      align: 'right',
      render: (_, r) => <span style={numeric}>{formatNumber(r.mark_price, 4)}</span>,
    },
    {
      title: '仓位数',
      key: 'positions',
      width: 80,
      align: 'right',
      render: (_, r) => <span style={numeric}>{r.positions}</span>,
    },
    {
      title: '用户支付',
      key: 'paid',
      width: 120,
      align: 'right',
      render: (_, r) => <span style={numeric}>{formatNumber(r.paid_by_users, 2)}</span>,
    },
    {
      title: '用户收取',
      key: 'received',
      width: 120,
      align: 'right',
      render: (_, r) => <span style={numeric}>{formatNumber(r.received_by_users, 2)}</span>,
    },
    {
      title: '平台净额',
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
      title: '因资金费强平',
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
