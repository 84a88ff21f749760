import type { AdminDashboard } from '@platform/contracts';
import { formatCount } from '@platform/domain';
import { Badge, Button, Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Where each 待复核 count leads: the list with only what waits for a second admin. */
export const SECOND_APPROVAL_LINKS = [
  { key: 'deposits', path: '/admin/wallet/deposits?awaiting=true' },
  { key: 'withdrawals', path: '/admin/wallet/withdrawals?status=awaiting_second' },
  { key: 'payouts', path: '/admin/team/salary' },
  { key: 'adjustments', path: '/admin/wallet/adjustments?status=pending' },
] as const;

/**
 * 待复核 (dual control, issue 17): what one admin approved and waits for another — deposits and
 * withdrawals at or above their thresholds, salary and reward payouts, and manual adjustments
 * (always two admins). Each count opens its list.
 */
export function SecondApprovalsCard({ data }: { data: AdminDashboard }) {
  const navigate = useNavigate();
  const { t } = useTranslation('admin');
  const counts = data.secondApprovals;
  const total = counts.deposits + counts.withdrawals + counts.payouts + counts.adjustments;
  return (
    <Card
      size="small"
      title={
        <span>
          {t('dashboard.secondApprovals', { tag: t('dashboard.awaitingTag') })}{' '}
          <Badge count={total} overflowCount={9999} showZero color={total ? '#fa8c16' : '#d9d9d9'} />
        </span>
      }
      data-testid="dashboard-second-approvals"
    >
      <Row gutter={[12, 12]}>
        {SECOND_APPROVAL_LINKS.map((link) => (
          <Col key={link.key} xs={12} md={6}>
            <Button
              block
              onClick={() => navigate(link.path)}
              data-testid={`dashboard-second-approvals-${link.key}`}
              style={{ height: 'auto', padding: '8px 12px' }}
            >
              <span style={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
                <Typography.Text type="secondary">{t(`dashboard.second.${link.key}`)}</Typography.Text>
                <Typography.Text
                  strong
                  style={{ fontSize: 20, color: counts[link.key] ? '#d46b08' : undefined }}
                >
                  {formatCount(counts[link.key])}
                </Typography.Text>
              </span>
            </Button>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
