import { ArrowDownOutlined, ArrowUpOutlined, ReloadOutlined, SwapOutlined } from '@ant-design/icons';
import type { RecentActivity, WalletOverview } from '@platform/contracts';
import { formatCrypto, formatDateTime } from '@platform/domain';
import { Button, Card, Empty, Flex, Typography } from 'antd';
import { Link } from 'react-router';

const ICONS: Record<RecentActivity['type'], React.ReactNode> = {
  deposit: <ArrowDownOutlined style={{ color: '#389e0d' }} />,
  withdrawal: <ArrowUpOutlined style={{ color: '#cf1322' }} />,
  other: <SwapOutlined style={{ color: '#1677ff' }} />,
};
const SIGN: Record<RecentActivity['type'], string> = { deposit: '+', withdrawal: '-', other: '' };

/** 最近活动: the latest deposits and withdrawals; 查看全部 opens the journal. */
export function RecentActivities({
  data,
  onRefresh,
  refreshing,
}: {
  data: WalletOverview;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  return (
    <Card
      title="最近活动"
      size="small"
      style={{ height: '100%' }}
      extra={
        <Flex gap={8} align="center">
          <Button
            size="small"
            type="text"
            icon={<ReloadOutlined />}
            loading={refreshing}
            onClick={onRefresh}
            aria-label="刷新最近活动"
            data-testid="wallet-activities-refresh"
          />
          <Link to="/admin/transactions" data-testid="wallet-activities-all">
            查看全部
          </Link>
        </Flex>
      }
    >
      {data.recentActivities.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无最近活动" />
      ) : (
        <Flex vertical>
          {data.recentActivities.map((item, index) => (
            <Flex
              key={item.id}
              align="center"
              gap={12}
              data-testid="wallet-activity"
              style={{ padding: '8px 0', borderTop: index ? '1px solid #f0f0f0' : undefined }}
            >
              {ICONS[item.type]}
              <Flex vertical flex={1} style={{ minWidth: 0 }}>
                <Typography.Text ellipsis>{item.description}</Typography.Text>
                <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                  {item.user_email} · {formatDateTime(item.created_at)}
                </Typography.Text>
              </Flex>
              <Typography.Text strong type={item.type === 'withdrawal' ? 'danger' : 'success'}>
                {SIGN[item.type]}
                {formatCrypto(item.amount, item.currency)}
              </Typography.Text>
            </Flex>
          ))}
        </Flex>
      )}
    </Card>
  );
}
