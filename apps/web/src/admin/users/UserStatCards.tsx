import type { UserStats } from '@platform/contracts';
import { formatCount } from '@platform/domain';
import { Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { FitStatistic } from '../../components/FitStatistic.tsx';

const CARDS: { key: keyof UserStats; color?: string }[] = [
  { key: 'total' },
  { key: 'active', color: '#389e0d' },
  { key: 'inactive', color: '#cf1322' },
  { key: 'kycPending', color: '#d48806' },
  { key: 'kycApproved', color: '#1677ff' },
];

/** The five stat cards of the user list (test ids user-stat-<key>). */
export function UserStatCards({ stats, loading }: { stats: UserStats | undefined; loading: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <Row gutter={[16, 16]}>
      {CARDS.map((card) => (
        <Col key={card.key} xs={12} md={8} xl={{ flex: '20%' }}>
          <Card size="small" data-testid={`user-stat-${card.key}`}>
            <FitStatistic
              title={t(`users.cards.${card.key}`)}
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
