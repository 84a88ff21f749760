import type { RiskExposureData, RiskExposurePair } from '@platform/contracts';
import { formatDateTime, formatNumber, toDec } from '@platform/domain';
import { Alert, Card, Col, Flex, Row, Statistic, Table, type TableColumnsType, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { adminTradingZhCN } from '../../../i18n/admin/trading/zh-CN.ts';
import { profitColour, signedAmount } from '../overview/OverviewCards.tsx';
import { FALL_COLOUR, RISE_COLOUR } from '../pairs/PairsTable.tsx';
import { positionsLink, userLink } from './riskApi.ts';

const numeric = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
const usdt = (value: string) => <span style={numeric}>{formatNumber(value, 2)}</span>;
const signed = (value: string) => (
  <span style={{ ...numeric, color: profitColour(value) }}>{signedAmount(value)}</span>
);
const movePercent = (move: string) => {
  const pct = (toDec(move)?.times(100) ?? 0).toString();
  return `${Number(pct) > 0 ? '+' : ''}${pct}%`;
};

/** The alerts in force: a threshold crossed and not yet back under (admins were notified once). */
export function RiskAlerts({ data, action }: { data: RiskExposureData; action?: ReactNode }) {
  const { t } = useTranslation('admin');
  if (data.alerts.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      data-testid="risk-alerts"
      title={t('trading.risk.alertsTitle', { n: data.alerts.length })}
      action={action}
      description={
        <Flex vertical gap={2}>
          {data.alerts.map((a) => (
            <span key={`${a.symbol}-${a.kind}`}>
              {t('trading.risk.alert', {
                symbol: a.symbol,
                kind: t(`trading.risk.alertKind.${a.kind}`),
                value: formatNumber(a.value, 2),
                threshold: formatNumber(a.threshold, 2),
                since: formatDateTime(a.since),
              })}
            </span>
          ))}
        </Flex>
      }
    />
  );
}

type TotalKey = keyof typeof adminTradingZhCN.risk.totals;

/** The totals over every pair, and the stress lines. */
export function RiskTotals({ data }: { data: RiskExposureData }) {
  const { t } = useTranslation('admin');
  const totals = data.totals;
  const cards: { key: TotalKey; value: string; signed?: boolean; hint?: string }[] = [
    { key: 'long', value: totals.perpetual_long_notional },
    { key: 'short', value: totals.perpetual_short_notional },
    { key: 'net', value: totals.perpetual_net_notional, signed: true },
    { key: 'pnl', value: totals.perpetual_unrealised_pnl, signed: true, hint: t('trading.risk.pnlHint') },
    { key: 'timed', value: totals.timed_worst_case_payout },
    {
      key: 'funding',
      value: `${formatNumber(totals.funding_received, 2)} / ${formatNumber(totals.funding_paid, 2)}`,
    },
  ];
  if (data.insurance_fund !== null) cards.push({ key: 'insurance', value: data.insurance_fund });
  return (
    <Flex vertical gap={16}>
      <Row gutter={[12, 12]}>
        {cards.map((c) => (
          // Three a row at desktop: narrower cards wrapped the English titles over three or four lines.
          <Col key={c.key} xs={12} md={8} xl={8}>
            <Card size="small">
              <Statistic
                title={t(`trading.risk.totals.${c.key}`)}
                value={
                  c.key === 'funding' ? c.value : c.signed ? signedAmount(c.value) : formatNumber(c.value, 2)
                }
                styles={{ content: { fontSize: 18, color: c.signed ? profitColour(c.value) : undefined } }}
                suffix={c.key === 'funding' ? undefined : 'USDT'}
                data-testid={`risk-total-${c.key}`}
              />
              {c.hint && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {c.hint}
                </Typography.Text>
              )}
            </Card>
          </Col>
        ))}
      </Row>
      <Card
        size="small"
        title={t('trading.risk.stressTitle')}
        extra={
          <Typography.Text type="secondary">
            {t('trading.risk.openCounts', {
              positions: t('trading.risk.openPositions', {
                count: totals.open_positions,
                n: totals.open_positions,
              }),
              contracts: t('trading.risk.openContracts', {
                count: totals.open_contracts,
                n: totals.open_contracts,
              }),
            })}
          </Typography.Text>
        }
      >
        <Flex gap={32} wrap data-testid="risk-stress">
          {data.stress.map((s) => (
            <Flex key={s.move} vertical>
              <Typography.Text type="secondary">
                {t('trading.risk.move', { move: movePercent(s.move) })}
              </Typography.Text>
              <Typography.Text
                strong
                style={{ ...numeric, fontSize: 18, color: profitColour(s.house_result) }}
              >
                {signedAmount(s.house_result)} USDT
              </Typography.Text>
            </Flex>
          ))}
        </Flex>
      </Card>
    </Flex>
  );
}

/** Per pair: perpetual notional and P&L against the house, open timed stakes, funding. */
export function RiskPairsTable({ data }: { data: RiskExposureData }) {
  const { t } = useTranslation('admin');
  const marks = new Map(data.marks.map((m) => [m.symbol, m.price]));
  const columns: TableColumnsType<RiskExposurePair> = [
    {
      title: t('trading.risk.pairColumns.symbol'),
      key: 'symbol',
      width: 110,
      render: (_, p) => (
        <Flex vertical>
          <Typography.Text strong>{p.symbol}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('trading.risk.mark', {
              price: marks.has(p.symbol) ? formatNumber(marks.get(p.symbol) as string, 4) : '--',
            })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('trading.risk.pairColumns.long'),
      key: 'long',
      align: 'right',
      render: (_, p) => usdt(p.perpetual_long_notional),
    },
    {
      title: t('trading.risk.pairColumns.short'),
      key: 'short',
      align: 'right',
      render: (_, p) => usdt(p.perpetual_short_notional),
    },
    {
      title: t('trading.risk.pairColumns.pnl'),
      key: 'pnl',
      align: 'right',
      render: (_, p) => signed(p.perpetual_unrealised_pnl),
    },
    {
      title: t('trading.risk.pairColumns.up'),
      key: 'up',
      align: 'right',
      render: (_, p) => usdt(p.timed_open_stake_up),
    },
    {
      title: t('trading.risk.pairColumns.down'),
      key: 'down',
      align: 'right',
      render: (_, p) => usdt(p.timed_open_stake_down),
    },
    {
      title: t('trading.risk.pairColumns.worst'),
      key: 'worst',
      align: 'right',
      render: (_, p) => usdt(p.timed_worst_case_payout),
    },
    {
      title: t('trading.risk.pairColumns.funding'),
      key: 'funding',
      align: 'right',
      render: (_, p) => (
        <span style={numeric}>
          {formatNumber(p.funding_received, 2)} / {formatNumber(p.funding_paid, 2)}
        </span>
      ),
    },
  ];
  return (
    <Card size="small" title={t('trading.risk.pairsTitle')}>
      {/* Its columns scroll inside the card on a phone (their English titles are wider than the
          screen) instead of widening the page; the two lists below likewise. */}
      <Table<RiskExposurePair>
        rowKey="symbol"
        size="small"
        columns={columns}
        dataSource={data.pairs}
        pagination={false}
        locale={{ emptyText: t('trading.risk.pairsEmpty') }}
        scroll={{ x: 'max-content' }}
        data-testid="risk-pairs"
      />
      {data.unpriced.length > 0 && (
        <Typography.Text type="warning">
          {t('trading.risk.unpriced', { symbols: data.unpriced.join(t('trading.risk.listSeparator')) })}
        </Typography.Text>
      )}
    </Card>
  );
}

/** The largest open positions and users, linked to 持仓列表 and the user list. */
export function RiskLargest({ data }: { data: RiskExposureData }) {
  const { t } = useTranslation('admin');
  type Position = RiskExposureData['largest_positions'][number];
  type User = RiskExposureData['largest_users'][number];
  const positionColumns: TableColumnsType<Position> = [
    {
      title: t('trading.risk.positionColumns.position'),
      key: 'position',
      render: (_, p) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Link to={positionsLink(p.user.id, p.symbol)} data-testid={`risk-position-${p.id}`}>
            #{p.id} {p.symbol}
          </Link>
          <Typography.Text type="secondary" ellipsis={{ tooltip: p.user.email }} style={{ fontSize: 12 }}>
            {p.user.email}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('trading.risk.positionColumns.side'),
      key: 'side',
      width: 80,
      render: (_, p) => (
        <span style={{ color: p.side === 'long' ? RISE_COLOUR : FALL_COLOUR, whiteSpace: 'nowrap' }}>
          {t(`trading.side.${p.side}`)} {p.leverage}x
        </span>
      ),
    },
    {
      title: t('trading.risk.positionColumns.notional'),
      key: 'notional',
      align: 'right',
      render: (_, p) => usdt(p.notional),
    },
    {
      title: t('trading.risk.positionColumns.pnl'),
      key: 'pnl',
      align: 'right',
      render: (_, p) => signed(p.house_pnl),
    },
  ];
  const userColumns: TableColumnsType<User> = [
    {
      title: t('trading.risk.userColumns.user'),
      key: 'user',
      render: (_, u) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Link to={userLink(u.user.email)} data-testid={`risk-user-${u.user.id}`}>
            {u.user.email}
          </Link>
          <Link to={positionsLink(u.user.id)} style={{ fontSize: 12 }}>
            {t('trading.risk.userPositions', { id: u.user.id })}
          </Link>
        </Flex>
      ),
    },
    {
      title: t('trading.risk.userColumns.perp'),
      key: 'perp',
      align: 'right',
      render: (_, u) => usdt(u.perpetual_notional),
    },
    {
      title: t('trading.risk.userColumns.timed'),
      key: 'timed',
      align: 'right',
      render: (_, u) => usdt(u.timed_payout),
    },
    {
      title: t('trading.risk.userColumns.exposure'),
      key: 'exposure',
      align: 'right',
      render: (_, u) => <strong>{usdt(u.exposure)}</strong>,
    },
  ];
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('trading.risk.largestPositions')}>
          <Table<Position>
            rowKey="id"
            size="small"
            columns={positionColumns}
            dataSource={data.largest_positions}
            pagination={false}
            locale={{ emptyText: t('trading.risk.noPositions') }}
            scroll={{ x: 'max-content' }}
            data-testid="risk-largest-positions"
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('trading.risk.largestUsers')}>
          <Table<User>
            rowKey={(u) => u.user.id}
            size="small"
            columns={userColumns}
            dataSource={data.largest_users}
            pagination={false}
            locale={{ emptyText: t('trading.risk.noUsers') }}
            scroll={{ x: 'max-content' }}
            data-testid="risk-largest-users"
          />
        </Card>
      </Col>
    </Row>
  );
}
