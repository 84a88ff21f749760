import {
  ORDER_SIDE_LABELS,
  RISK_ALERT_KIND_LABELS,
  type RiskExposureData,
  type RiskExposurePair,
} from '@platform/contracts';
import { formatDateTime, formatNumber, toDec } from '@platform/domain';
import { Alert, Card, Col, Flex, Row, Statistic, Table, type TableColumnsType, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
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
  if (data.alerts.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      data-testid="risk-alerts"
      title={`风险敞口预警（${data.alerts.length}）`}
      action={action}
      description={
        <Flex vertical gap={2}>
          {data.alerts.map((a) => (
            <span key={`${a.symbol}-${a.kind}`}>
              {a.symbol} {RISK_ALERT_KIND_LABELS[a.kind]} {formatNumber(a.value, 2)} USDT ≥ 阈值{' '}
              {formatNumber(a.threshold, 2)} USDT，自 {formatDateTime(a.since)}
            </span>
          ))}
        </Flex>
      }
    />
  );
}

/** The totals over every pair, and the stress lines. */
export function RiskTotals({ data }: { data: RiskExposureData }) {
  const t = data.totals;
  const cards: { key: string; title: string; value: string; signed?: boolean; hint?: string }[] = [
    { key: 'long', title: '永续多头名义价值', value: t.perpetual_long_notional },
    { key: 'short', title: '永续空头名义价值', value: t.perpetual_short_notional },
    { key: 'net', title: '永续净敞口（多 − 空）', value: t.perpetual_net_notional, signed: true },
    {
      key: 'pnl',
      title: '永续未实现盈亏（平台）',
      value: t.perpetual_unrealised_pnl,
      signed: true,
      hint: '正数：用户亏损、平台盈利',
    },
    { key: 'timed', title: '限时合约最坏赔付', value: t.timed_worst_case_payout },
    {
      key: 'funding',
      title: '24h 资金费 收 / 付',
      value: `${formatNumber(t.funding_received, 2)} / ${formatNumber(t.funding_paid, 2)}`,
    },
  ];
  if (data.insurance_fund !== null)
    cards.push({ key: 'insurance', title: '保险基金', value: data.insurance_fund });
  return (
    <Flex vertical gap={16}>
      <Row gutter={[12, 12]}>
        {cards.map((c) => (
          <Col key={c.key} xs={12} md={8} xl={24 / cards.length > 3 ? Math.floor(24 / cards.length) : 6}>
            <Card size="small">
              <Statistic
                title={c.title}
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
        title="压力测试：各交易对同时变动后的平台盈亏"
        extra={
          <Typography.Text type="secondary">
            持仓 {t.open_positions} 个 · 限时合约 {t.open_contracts} 个
          </Typography.Text>
        }
      >
        <Flex gap={32} wrap data-testid="risk-stress">
          {data.stress.map((s) => (
            <Flex key={s.move} vertical>
              <Typography.Text type="secondary">行情 {movePercent(s.move)}</Typography.Text>
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
  const marks = new Map(data.marks.map((m) => [m.symbol, m.price]));
  const columns: TableColumnsType<RiskExposurePair> = [
    {
      title: '交易对',
      key: 'symbol',
      width: 110,
      render: (_, p) => (
        <Flex vertical>
          <Typography.Text strong>{p.symbol}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            标记 {marks.has(p.symbol) ? formatNumber(marks.get(p.symbol) as string, 4) : '--'}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: '多头名义', key: 'long', align: 'right', render: (_, p) => usdt(p.perpetual_long_notional) },
    { title: '空头名义', key: 'short', align: 'right', render: (_, p) => usdt(p.perpetual_short_notional) },
    {
      title: '未实现盈亏（平台）',
      key: 'pnl',
      align: 'right',
      render: (_, p) => signed(p.perpetual_unrealised_pnl),
    },
    { title: '看涨押注', key: 'up', align: 'right', render: (_, p) => usdt(p.timed_open_stake_up) },
    { title: '看跌押注', key: 'down', align: 'right', render: (_, p) => usdt(p.timed_open_stake_down) },
    { title: '最坏赔付', key: 'worst', align: 'right', render: (_, p) => usdt(p.timed_worst_case_payout) },
    {
      title: '资金费 收 / 付',
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
    <Card size="small" title="各交易对敞口（USDT）">
      <Table<RiskExposurePair>
        rowKey="symbol"
        size="small"
        columns={columns}
        dataSource={data.pairs}
        pagination={false}
        locale={{ emptyText: '暂无未平仓的持仓或合约' }}
        data-testid="risk-pairs"
      />
      {data.unpriced.length > 0 && (
        <Typography.Text type="warning">无参考价、未计入：{data.unpriced.join('、')}</Typography.Text>
      )}
    </Card>
  );
}

/** The largest open positions and users, linked to 持仓列表 and the user list. */
export function RiskLargest({ data }: { data: RiskExposureData }) {
  type Position = RiskExposureData['largest_positions'][number];
  type User = RiskExposureData['largest_users'][number];
  const positionColumns: TableColumnsType<Position> = [
    {
      title: '仓位',
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
      title: '方向',
      key: 'side',
      width: 80,
      render: (_, p) => (
        <span style={{ color: p.side === 'long' ? RISE_COLOUR : FALL_COLOUR, whiteSpace: 'nowrap' }}>
          {ORDER_SIDE_LABELS[p.side]} {p.leverage}x
        </span>
      ),
    },
    { title: '名义价值', key: 'notional', align: 'right', render: (_, p) => usdt(p.notional) },
    { title: '平台盈亏', key: 'pnl', align: 'right', render: (_, p) => signed(p.house_pnl) },
  ];
  const userColumns: TableColumnsType<User> = [
    {
      title: '用户',
      key: 'user',
      render: (_, u) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Link to={userLink(u.user.email)} data-testid={`risk-user-${u.user.id}`}>
            {u.user.email}
          </Link>
          <Link to={positionsLink(u.user.id)} style={{ fontSize: 12 }}>
            ID {u.user.id} · 持仓
          </Link>
        </Flex>
      ),
    },
    { title: '永续名义', key: 'perp', align: 'right', render: (_, u) => usdt(u.perpetual_notional) },
    { title: '合约最坏赔付', key: 'timed', align: 'right', render: (_, u) => usdt(u.timed_payout) },
    { title: '敞口', key: 'exposure', align: 'right', render: (_, u) => <strong>{usdt(u.exposure)}</strong> },
  ];
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card size="small" title="最大持仓（按标记价名义价值）">
          <Table<Position>
            rowKey="id"
            size="small"
            columns={positionColumns}
            dataSource={data.largest_positions}
            pagination={false}
            locale={{ emptyText: '暂无持仓' }}
            data-testid="risk-largest-positions"
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card size="small" title="敞口最大的用户">
          <Table<User>
            rowKey={(u) => u.user.id}
            size="small"
            columns={userColumns}
            dataSource={data.largest_users}
            pagination={false}
            locale={{ emptyText: '暂无用户' }}
            data-testid="risk-largest-users"
          />
        </Card>
      </Col>
    </Row>
  );
}
