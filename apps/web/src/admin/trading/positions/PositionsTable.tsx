import type { AdminPerpetualPosition } from '@platform/contracts';
import { formatNumber } from '@platform/domain';
import { Empty, Flex, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StackedDateTime } from '../../../components/StackedDateTime.tsx';
import { LAPTOP_TABLE_WIDTH, ListTable } from '../../shell/AdminListPage.tsx';
import { profitColour, signedAmount } from '../overview/OverviewCards.tsx';
import { FALL_COLOUR, RISE_COLOUR } from '../pairs/PairsTable.tsx';

const numeric = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
const price = (value: string | null) => (value === null ? '--' : formatNumber(value, 4));

/**
 * 持仓列表's table: each open position with its owner, the mark (latest index tick) and the
 * unrealised P&L at it. Column widths add up within LAPTOP_TABLE_WIDTH: it fits 1366 px.
 */
export function PositionsTable({
  rows,
  loading,
  emptyText,
}: {
  rows: AdminPerpetualPosition[];
  loading: boolean;
  emptyText: string;
}) {
  const { t } = useTranslation('admin');
  const columns: TableColumnsType<AdminPerpetualPosition> = [
    {
      title: t('trading.positions.columns.user'),
      key: 'user',
      width: 170,
      render: (_, p) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text ellipsis={{ tooltip: p.user.email }}>{p.user.email}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            ID {p.user.id} · #{p.id}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('trading.positions.columns.symbol'),
      key: 'symbol',
      width: 96,
      render: (_, p) => <Typography.Text strong>{p.symbol}</Typography.Text>,
    },
    {
      title: t('trading.positions.columns.side'),
      key: 'side',
      width: 84,
      render: (_, p) => (
        <span style={{ color: p.side === 'long' ? RISE_COLOUR : FALL_COLOUR, whiteSpace: 'nowrap' }}>
          {t(`trading.side.${p.side}`)} {p.leverage}x
        </span>
      ),
    },
    {
      title: t('trading.positions.columns.quantity'),
      key: 'quantity',
      width: 84,
      align: 'right',
      render: (_, p) => <span style={numeric}>{formatNumber(p.quantity, 4)}</span>,
    },
    {
      title: t('trading.positions.columns.entry'),
      key: 'entry',
      width: 92,
      align: 'right',
      render: (_, p) => <span style={numeric}>{price(p.entry_price)}</span>,
    },
    {
      title: t('trading.positions.columns.mark'),
      key: 'mark',
      width: 92,
      align: 'right',
      render: (_, p) => (
        <span style={numeric} data-testid={`position-mark-${p.id}`}>
          {price(p.mark_price)}
        </span>
      ),
    },
    {
      title: t('trading.positions.columns.margin'),
      key: 'margin',
      width: 92,
      align: 'right',
      render: (_, p) => <span style={numeric}>{formatNumber(p.margin, 2)}</span>,
    },
    {
      title: t('trading.positions.columns.pnl'),
      key: 'pnl',
      width: 96,
      align: 'right',
      render: (_, p) =>
        p.unrealised_pnl === null ? (
          '--'
        ) : (
          <span
            style={{ ...numeric, color: profitColour(p.unrealised_pnl) }}
            data-testid={`position-pnl-${p.id}`}
          >
            {signedAmount(p.unrealised_pnl)}
          </span>
        ),
    },
    {
      title: t('trading.positions.columns.liquidation'),
      key: 'liquidation',
      width: 92,
      align: 'right',
      render: (_, p) => (
        <span style={numeric}>
          {p.liquidation_price === '0' ? t('trading.positions.noLiquidation') : price(p.liquidation_price)}
        </span>
      ),
    },
    {
      title: t('trading.positions.columns.opened'),
      key: 'opened',
      width: 100,
      render: (_, p) => <StackedDateTime value={p.opened_at} />,
    },
  ];
  return (
    <ListTable
      columns={columns}
      rows={rows}
      loading={loading}
      rowTestId="admin-position-row"
      empty={<Empty description={emptyText} />}
      scrollX={LAPTOP_TABLE_WIDTH}
      tableLayout="fixed"
    />
  );
}
