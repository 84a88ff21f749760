import type { AdminOrderStats } from '@platform/contracts';
import { formatCount, formatNumber } from '@platform/domain';
import { Card, Col, Row } from 'antd';
import { FitStatistic } from '../../../components/FitStatistic.tsx';

const CARDS: { key: keyof AdminOrderStats; title: string; money?: boolean; color?: string }[] = [
  { key: 'totalOrders', title: '总订单数' },
  { key: 'todayOrders', title: '今日订单', color: '#1677ff' },
  { key: 'pendingOrders', title: '待成交', color: '#d48806' },
  { key: 'filledOrders', title: '已成交', color: '#389e0d' },
  { key: 'totalVolume', title: '总交易量', money: true },
  { key: 'todayVolume', title: '今日交易量', money: true, color: '#1677ff' },
];

/** The six cards of the order list, over all orders whatever the filter (test ids order-stat-<key>). */
export function OrderStatCards({ stats, loading }: { stats: AdminOrderStats | undefined; loading: boolean }) {
  return (
    <Row gutter={[16, 16]}>
      {CARDS.map((card) => {
        const value = stats?.[card.key];
        return (
          <Col key={card.key} xs={card.money ? 24 : 12} sm={12} md={8} xl={4}>
            <Card size="small" data-testid={`order-stat-${card.key}`} style={{ height: '100%' }}>
              <FitStatistic
                title={card.title}
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
