import type { UserStats } from '@platform/contracts';
import { formatCount } from '@platform/domain';
import { Card, Col, Row } from 'antd';
import { FitStatistic } from '../../components/FitStatistic.tsx';

const CARDS: { key: keyof UserStats; title: string; color?: string }[] = [
  { key: 'total', title: '总用户数' },
  { key: 'active', title: '活跃用户', color: '#389e0d' },
  { key: 'inactive', title: '已禁用', color: '#cf1322' },
  { key: 'kycPending', title: 'KYC待审核', color: '#d48806' },
  { key: 'kycApproved', title: 'KYC已认证', color: '#1677ff' },
];

/** The five stat cards of the user list (test ids user-stat-<key>). */
export function UserStatCards({ stats, loading }: { stats: UserStats | undefined; loading: boolean }) {
  return (
    <Row gutter={[16, 16]}>
      {CARDS.map((card) => (
        <Col key={card.key} xs={12} md={8} xl={{ flex: '20%' }}>
          <Card size="small" data-testid={`user-stat-${card.key}`}>
            <FitStatistic
              title={card.title}
              loading={loading && !stats}
              value={stats ? formatCount(stats[card.key]) : '-'}
              styles={card.color ? { content: { color: card.color } } : undefined}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
