import type { AdminOrderStats } from '@platform/contracts';
import { formatCount, formatNumber } from '@platform/domain';
import { Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { FitStatistic } from '../../../components/FitStatistic.tsx';

const CARDS: { key: keyof AdminOrderStats; money?: boolean; color?: string }[] = [
  { key: 'totalOrders' },
  { key: 'todayOrders', color: '#1677ff' },
  { key: 'pendingOrders', color: '#d48806' },
  { key: 'filledOrders', color: '#389e0d' },
  { key: 'totalVolume', money: true },
  { key: 'todayVolume', money: true, color: '#1677ff' },
];

/** The six cards of the order list, over all orders whatever the filter (test ids order-stat-<key>). */
export function OrderStatCards({ stats, loading }: { stats: AdminOrderStats | undefined; loading: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <Row gutter={[16, 16]}>
      {CARDS.map((card) => {
        const value = stats?.[card.key];
        return (
          <Col key={card.key} xs={card.money ? 24 : 12} sm={12} md={8} xl={4}>
            <Card size="small" data-testid={`order-stat-${card.key}`} style={{ height: '100%' }}>
              <FitStatistic
                title={t(`trading.orders.stats.${card.key}`)}
                loading={loading && !stats}
                value={value === undefined ? '-' : card.money ? formatNumber(value, 2) : formatCount(value)}
                suffix={
                  card.money && value !== undefined ? <span style={{ fontSize: 13 }}>USDT</span> : undefined
                }
                styles={{ content: { color: card.color, fontSize: 20, whiteSpace: 'nowrap' } }}
              />
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
