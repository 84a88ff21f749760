import {
  type AdminDashboard,
  NEAR_THRESHOLD_DAYS,
  NEAR_THRESHOLD_MIN_COUNT,
  NEAR_THRESHOLD_RATIO,
  type NearThresholdUser,
} from '@platform/contracts';
import { formatCount, formatNumber } from '@platform/domain';
import { Card, Empty, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';

const KIND_LABELS: Record<NearThresholdUser['kind'], string> = { deposit: '充值', withdrawal: '提现' };

/** The user's page in 用户管理, found by e-mail (the list reads `search` from the address). */
export const userLink = (email: string) => `/admin/users?search=${encodeURIComponent(email)}`;

/** `近 7 天内至少 2 笔金额在复核阈值 80%–100% 之间的申请` */
export const NEAR_THRESHOLD_RULE = `近 ${NEAR_THRESHOLD_DAYS} 天内至少 ${NEAR_THRESHOLD_MIN_COUNT} 笔金额在复核阈值 ${
  Number(NEAR_THRESHOLD_RATIO) * 100
}%–100% 之间的申请（可能在拆分金额规避双人复核）`;

/**
 * 临界金额预警 (issue 32, structuring): users whose deposit or withdrawal requests cluster just
 * under the dual-control threshold, with how many and their sum; each row opens the user.
 */
export function NearThresholdCard({ data }: { data: AdminDashboard }) {
  const rows = data.nearThreshold;
  return (
    <Card
      size="small"
      title={
        <span>
          临界金额预警{' '}
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
        {NEAR_THRESHOLD_RULE}
      </Typography.Paragraph>
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无临界金额预警" />
      ) : (
        <Table<NearThresholdUser>
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          rowKey={(row) => `${row.kind}:${row.user_id}`}
          dataSource={rows}
          columns={[
            {
              title: '用户',
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
            { title: '类型', key: 'kind', render: (_, row) => KIND_LABELS[row.kind] },
            { title: '笔数', key: 'count', render: (_, row) => formatCount(row.count) },
            {
              title: '合计 (USDT)',
              key: 'total',
              render: (_, row) => formatNumber(row.total, 2),
            },
            {
              title: '阈值 (USDT)',
              key: 'threshold',
              render: (_, row) => formatNumber(row.threshold, 2),
            },
          ]}
        />
      )}
    </Card>
  );
}
