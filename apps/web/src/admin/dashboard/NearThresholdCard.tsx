import {
  type AdminDashboard,
  NEAR_THRESHOLD_DAYS,
  NEAR_THRESHOLD_MIN_COUNT,
  NEAR_THRESHOLD_RATIO,
  type NearThresholdUser,
} from '@platform/contracts';
import { formatCount, formatNumber } from '@platform/domain';
import { Card, Empty, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The user's page in 用户管理, found by e-mail (the list reads `search` from the address). */
export const userLink = (email: string) => `/admin/users?search=${encodeURIComponent(email)}`;

/** The rule's percentage: `近 7 天内至少 2 笔金额在复核阈值 80%–100% 之间的申请`. */
const RULE_PERCENT = Number(NEAR_THRESHOLD_RATIO) * 100;

/**
 * 临界金额预警 (issue 32, structuring): users whose deposit or withdrawal requests cluster just
 * under the dual-control threshold, with how many and their sum; each row opens the user.
 */
export function NearThresholdCard({ data }: { data: AdminDashboard }) {
  const { t } = useTranslation('admin');
  const rows = data.nearThreshold;
  return (
    <Card
      size="small"
      title={
        <span>
          {t('dashboard.nearThreshold')}{' '}
          {rows.length > 0 && (
            <Tag color="red" style={{ marginInlineStart: 4 }}>
              {formatCount(rows.length)}
            </Tag>
          )}
        </span>
      }
      data-testid="dashboard-near-threshold"
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
        {t('dashboard.nearThresholdRule', {
          days: NEAR_THRESHOLD_DAYS,
          count: NEAR_THRESHOLD_MIN_COUNT,
          percent: RULE_PERCENT,
        })}
      </Typography.Paragraph>
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noNearThreshold')} />
      ) : (
        <Table<NearThresholdUser>
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          rowKey={(row) => `${row.kind}:${row.user_id}`}
          dataSource={rows}
          columns={[
            {
              title: t('dashboard.user'),
              key: 'user',
              render: (_, row) => (
                <Link
                  to={userLink(row.user_email)}
                  data-testid={`near-threshold-user-${row.kind}-${row.user_id}`}
                >
                  {row.user_email}
                </Link>
              ),
            },
            { title: t('dashboard.kind'), key: 'kind', render: (_, row) => t(`dashboard.kinds.${row.kind}`) },
            { title: t('dashboard.count'), key: 'count', render: (_, row) => formatCount(row.count) },
            {
              title: t('dashboard.total'),
              key: 'total',
              render: (_, row) => formatNumber(row.total, 2),
            },
            {
              title: t('dashboard.threshold'),
              key: 'threshold',
              render: (_, row) => formatNumber(row.threshold, 2),
            },
          ]}
        />
      )}
    </Card>
  );
}
