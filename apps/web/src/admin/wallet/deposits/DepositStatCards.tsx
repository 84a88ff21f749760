import type { DepositStats } from '@platform/contracts';
import { formatCount, formatUSDT } from '@platform/domain';
import { Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { FitStatistic } from '../../../components/FitStatistic.tsx';
import type { adminZhCN } from '../../../i18n/admin/zh-CN.ts';

const CARDS: {
  key: keyof typeof adminZhCN.deposits.stats;
  value: (stats: DepositStats) => string;
  color?: string;
}[] = [
  { key: 'total', value: (s) => formatCount(s.totalDeposits) },
  { key: 'pending', value: (s) => formatCount(s.pendingDeposits), color: '#d48806' },
  { key: 'approved', value: (s) => formatCount(s.approvedDeposits), color: '#389e0d' },
  { key: 'rejected', value: (s) => formatCount(s.rejectedDeposits), color: '#cf1322' },
  // Deposit totals and stats show 0 decimals (spec 000 §9).
  { key: 'totalAmount', value: (s) => formatUSDT(s.totalAmount, 0) },
  { key: 'todayAmount', value: (s) => formatUSDT(s.todayAmount, 0) },
];

/** The six deposit stat cards (test ids deposit-stat-<key>). */
export function DepositStatCards({ stats, loading }: { stats: DepositStats | undefined; loading: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <Row gutter={[16, 16]}>
      {CARDS.map((card) => (
        <Col key={card.key} xs={12} md={8} xl={4}>
          <Card size="small" data-testid={`deposit-stat-${card.key}`}>
            <FitStatistic
              title={t(`deposits.stats.${card.key}`)}
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
