import type { DepositStats } from '@platform/contracts';
import { formatCount, formatUSDT } from '@platform/domain';
import { Card, Col, Row } from 'antd';
import { FitStatistic } from '../../../components/FitStatistic.tsx';

const CARDS: { key: string; title: string; value: (stats: DepositStats) => string; color?: string }[] = [
  { key: 'total', title: '总充值笔数', value: (s) => formatCount(s.totalDeposits) },
  { key: 'pending', title: '待审核', value: (s) => formatCount(s.pendingDeposits), color: '#d48806' },
  { key: 'approved', title: '已通过', value: (s) => formatCount(s.approvedDeposits), color: '#389e0d' },
  { key: 'rejected', title: '已拒绝', value: (s) => formatCount(s.rejectedDeposits), color: '#cf1322' },
  // Deposit totals and stats show 0 decimals (spec 000 §9).
  { key: 'totalAmount', title: '充值总额', value: (s) => formatUSDT(s.totalAmount, 0) },
  { key: 'todayAmount', title: '今日充值', value: (s) => formatUSDT(s.todayAmount, 0) },
];

/** The six deposit stat cards (test ids deposit-stat-<key>). */
export function DepositStatCards({ stats, loading }: { stats: DepositStats | undefined; loading: boolean }) {
  return (
    <Row gutter={[16, 16]}>
      {CARDS.map((card) => (
        <Col key={card.key} xs={12} md={8} xl={4}>
          <Card size="small" data-testid={`deposit-stat-${card.key}`}>
            <FitStatistic
              title={card.title}
              loading={loading && !stats}
              value={stats ? card.value(stats) : '-'}
              styles={card.color ? { content: { color: card.color } } : undefined}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
