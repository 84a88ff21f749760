import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  DollarOutlined,
  FileTextOutlined,
  FundOutlined,
  LineChartOutlined,
  RightOutlined,
  SettingOutlined,
  SwapOutlined,
  TeamOutlined,
  TransactionOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { TradingStats } from '@platform/contracts';
import { formatCount, formatNumber, formatUSDT, toDec } from '@platform/domain';
import { Badge, Card, Col, Flex, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { FitStatistic } from '../../../components/FitStatistic.tsx';
import { FALL_COLOUR, RISE_COLOUR } from '../pairs/PairsTable.tsx';

/** A signed amount with 2 decimals: "+82.50" above zero, "-117.50" below, "0.00" at zero. */
export function signedAmount(value: string): string {
  const parsed = toDec(value);
  const text = formatNumber(value, 2);
  return parsed?.gt(0) && text !== formatNumber('0', 2) ? `+${text}` : text;
}

/** Green for a gain, red for a loss, no colour at zero. */
export function profitColour(value: string): string | undefined {
  const parsed = toDec(value);
  if (!parsed || parsed.isZero()) return undefined;
  return parsed.isNegative() ? FALL_COLOUR : RISE_COLOUR;
}

interface CardSpec {
  key: string;
  title: string;
  icon: ReactNode;
  value: (data: TradingStats) => string;
  /** USDT amounts carry the currency as a small suffix, so that large ones stay on one line. */
  money?: boolean;
  color?: (data: TradingStats) => string | undefined;
}

const CARDS: CardSpec[] = [
  {
    key: 'totalVolume',
    title: '总交易量',
    icon: <LineChartOutlined />,
    value: (d) => formatNumber(d.totalVolume, 2),
    money: true,
  },
  {
    key: 'todayVolume',
    title: '今日交易量',
    icon: <FundOutlined />,
    value: (d) => formatNumber(d.todayVolume, 2),
    money: true,
  },
  {
    key: 'activeOrders',
    title: '活跃订单',
    icon: <ClockCircleOutlined />,
    value: (d) => formatCount(d.activeOrders),
    color: () => '#d48806',
  },
  {
    key: 'completedOrders',
    title: '已完成订单',
    icon: <CheckCircleOutlined />,
    value: (d) => formatCount(d.completedOrders),
    color: () => RISE_COLOUR,
  },
  {
    key: 'activeUsers',
    title: '今日活跃用户',
    icon: <TeamOutlined />,
    value: (d) => formatCount(d.activeUsers),
  },
  { key: 'tradingPairs', title: '交易对', icon: <SwapOutlined />, value: (d) => formatCount(d.tradingPairs) },
  {
    key: 'profitLoss',
    title: '总盈亏',
    icon: <DollarOutlined />,
    value: (d) => signedAmount(d.profitLoss),
    money: true,
    color: (d) => profitColour(d.profitLoss),
  },
  {
    key: 'totalFees',
    title: '手续费收入',
    icon: <WalletOutlined />,
    value: (d) => formatNumber(d.totalFees, 2),
    money: true,
    color: () => '#1677ff',
  },
];

/** The eight cards (test ids trading-card-<key>). */
export function StatCards({ data }: { data: TradingStats }) {
  return (
    <Row gutter={[16, 16]}>
      {CARDS.map((card) => {
        const color = card.color?.(data);
        return (
          <Col key={card.key} xs={24} sm={12} xl={6}>
            <Card size="small" data-testid={`trading-card-${card.key}`} style={{ height: '100%' }}>
              <FitStatistic
                title={card.title}
                prefix={card.icon}
                value={card.value(data)}
                suffix={card.money ? <span style={{ fontSize: 14 }}>USDT</span> : undefined}
                styles={{ content: { color, whiteSpace: 'nowrap' } }}
              />
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}

interface EntrySpec {
  key: 'orders' | 'pairs' | 'options';
  title: string;
  description: (data: TradingStats) => string;
  path: string;
  icon: ReactNode;
  badge?: string;
}

const ENTRIES: EntrySpec[] = [
  {
    key: 'orders',
    title: '订单管理',
    description: (d) =>
      `活跃订单 ${formatCount(d.activeOrders)} 个，今日订单 ${formatCount(d.todayOrders)} 个`,
    path: '/admin/trading/orders',
    icon: <FileTextOutlined style={{ fontSize: 24, color: '#1677ff' }} />,
  },
  {
    key: 'pairs',
    title: '交易对管理',
    description: (d) => `已启用 ${formatCount(d.tradingPairs)} 个交易对`,
    path: '/admin/trading/pairs',
    icon: <TransactionOutlined style={{ fontSize: 24, color: '#389e0d' }} />,
    badge: 'OKX同步',
  },
  {
    key: 'options',
    title: '期权控制',
    description: (d) => `持仓期权合约 ${formatCount(d.optionContracts)} 个`,
    path: '/admin/trading/options',
    icon: <SettingOutlined style={{ fontSize: 24, color: '#722ed1' }} />,
  },
];

/** Entry cards to the order list, the pairs (badge OKX同步) and option control (open contracts). */
export function EntryCards({ data }: { data: TradingStats }) {
  const navigate = useNavigate();
  return (
    <Row gutter={[16, 16]}>
      {ENTRIES.map((entry) => (
        <Col key={entry.key} xs={24} md={8}>
          <Card
            hoverable
            size="small"
            onClick={() => navigate(entry.path)}
            data-testid={`trading-entry-${entry.key}`}
          >
            <Flex align="center" gap={16}>
              {entry.icon}
              <Flex vertical flex={1} style={{ minWidth: 0 }}>
                <Flex align="center" gap={8}>
                  <Typography.Text strong>{entry.title}</Typography.Text>
                  {entry.badge && (
                    <Badge
                      count={entry.badge}
                      color="#1677ff"
                      data-testid={`trading-entry-badge-${entry.key}`}
                    />
                  )}
                </Flex>
                <Typography.Text type="secondary" data-testid={`trading-entry-text-${entry.key}`}>
                  {entry.description(data)}
                </Typography.Text>
              </Flex>
              <RightOutlined />
            </Flex>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** 实时数据: today's turnover, order count, active users and the average order amount (USDT, 2 decimals). */
export function RealtimeBlock({ data }: { data: TradingStats }) {
  const items = [
    { key: 'todayVolume', title: '今日成交额', value: formatUSDT(data.todayVolume) },
    { key: 'todayOrders', title: '今日订单数', value: formatCount(data.todayOrders) },
    { key: 'activeUsers', title: '活跃用户', value: formatCount(data.activeUsers) },
    { key: 'avgOrderAmount', title: '平均订单金额', value: formatUSDT(data.avgOrderAmount) },
  ];
  return (
    <Card title="实时数据" size="small" style={{ height: '100%' }} data-testid="trading-realtime">
      <Row gutter={[16, 16]}>
        {items.map((item) => (
          <Col key={item.key} span={12}>
            <FitStatistic
              title={item.title}
              value={item.value}
              styles={{ content: { fontSize: 20 } }}
              data-testid={`trading-realtime-${item.key}`}
            />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
