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
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
  key:
    | 'totalVolume'
    | 'todayVolume'
    | 'activeOrders'
    | 'completedOrders'
    | 'activeUsers'
    | 'tradingPairs'
    | 'profitLoss'
    | 'totalFees';
  icon: ReactNode;
  value: (data: TradingStats) => string;
  /** USDT amounts carry the currency as a small suffix, so that large ones stay on one line. */
  money?: boolean;
  color?: (data: TradingStats) => string | undefined;
}

const CARDS: CardSpec[] = [
  {
    key: 'totalVolume',
    icon: <LineChartOutlined />,
    value: (d) => formatNumber(d.totalVolume, 2),
    money: true,
  },
  {
    key: 'todayVolume',
    icon: <FundOutlined />,
    value: (d) => formatNumber(d.todayVolume, 2),
    money: true,
  },
  {
    key: 'activeOrders',
    icon: <ClockCircleOutlined />,
    value: (d) => formatCount(d.activeOrders),
    color: () => '#d48806',
  },
  {
    key: 'completedOrders',
    icon: <CheckCircleOutlined />,
    value: (d) => formatCount(d.completedOrders),
    color: () => RISE_COLOUR,
  },
  {
    key: 'activeUsers',
    icon: <TeamOutlined />,
    value: (d) => formatCount(d.activeUsers),
  },
  { key: 'tradingPairs', icon: <SwapOutlined />, value: (d) => formatCount(d.tradingPairs) },
  {
    key: 'profitLoss',
    icon: <DollarOutlined />,
    value: (d) => signedAmount(d.profitLoss),
    money: true,
    color: (d) => profitColour(d.profitLoss),
  },
  {
    key: 'totalFees',
    icon: <WalletOutlined />,
    value: (d) => formatNumber(d.totalFees, 2),
    money: true,
    color: () => '#1677ff',
  },
];

/** The eight cards (test ids trading-card-<key>). */
export function StatCards({ data }: { data: TradingStats }) {
  const { t } = useTranslation('admin');
  return (
    <Row gutter={[16, 16]}>
      {CARDS.map((card) => {
        const color = card.color?.(data);
        return (
          <Col key={card.key} xs={24} sm={12} xl={6}>
            <Card size="small" data-testid={`trading-card-${card.key}`} style={{ height: '100%' }}>
              <FitStatistic
                title={t(`marketData.overview.cards.${card.key}`)}
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

type Translate = TFunction<'admin'>;

interface EntrySpec {
  key: 'orders' | 'pairs' | 'options';
  description: (data: TradingStats, t: Translate) => string;
  path: string;
  icon: ReactNode;
  badge?: (t: Translate) => string;
}

const ENTRIES: EntrySpec[] = [
  {
    key: 'orders',
    description: (d, t) =>
      t('marketData.overview.entries.ordersText', {
        active: formatCount(d.activeOrders),
        today: formatCount(d.todayOrders),
      }),
    path: '/admin/trading/orders',
    icon: <FileTextOutlined style={{ fontSize: 24, color: '#1677ff' }} />,
  },
  {
    key: 'pairs',
    description: (d, t) =>
      t('marketData.overview.entries.pairsText', { count: d.tradingPairs, n: formatCount(d.tradingPairs) }),
    path: '/admin/trading/pairs',
    icon: <TransactionOutlined style={{ fontSize: 24, color: '#389e0d' }} />,
    badge: (t) => t('marketData.overview.entries.pairsBadge'),
  },
  {
    key: 'options',
    description: (d, t) =>
      t('marketData.overview.entries.optionsText', { n: formatCount(d.optionContracts) }),
    path: '/admin/trading/options',
    icon: <SettingOutlined style={{ fontSize: 24, color: '#722ed1' }} />,
  },
];

/** Entry cards to the order list, the pairs (badge OKX同步 / OKX sync) and option control (open contracts). */
export function EntryCards({ data }: { data: TradingStats }) {
  const { t } = useTranslation('admin');
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
                  <Typography.Text strong>{t(`marketData.overview.entries.${entry.key}`)}</Typography.Text>
                  {entry.badge && (
                    <Badge
                      count={entry.badge(t)}
                      color="#1677ff"
                      data-testid={`trading-entry-badge-${entry.key}`}
                    />
                  )}
                </Flex>
                <Typography.Text type="secondary" data-testid={`trading-entry-text-${entry.key}`}>
                  {entry.description(data, t)}
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
  const { t } = useTranslation('admin');
  const items = [
    { key: 'todayVolume', value: formatUSDT(data.todayVolume) },
    { key: 'todayOrders', value: formatCount(data.todayOrders) },
    { key: 'activeUsers', value: formatCount(data.activeUsers) },
    { key: 'avgOrderAmount', value: formatUSDT(data.avgOrderAmount) },
  ] as const;
  return (
    <Card
      title={t('marketData.overview.realtime.title')}
      size="small"
      style={{ height: '100%' }}
      data-testid="trading-realtime"
    >
      <Row gutter={[16, 16]}>
        {items.map((item) => (
          <Col key={item.key} span={12}>
            <FitStatistic
              title={t(`marketData.overview.realtime.${item.key}`)}
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
