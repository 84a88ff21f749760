import { ArrowDownOutlined, ArrowUpOutlined, ReloadOutlined, SwapOutlined } from '@ant-design/icons';
import {
  type DepositStatus,
  depositStatuses,
  type RecentActivity,
  type WalletOverview,
  type WithdrawalStatus,
  withdrawalStatuses,
} from '@platform/contracts';
import { formatDateTime, formatExactAmount } from '@platform/domain';
import { Button, Card, Empty, Flex, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const ICON_COLORS: Record<RecentActivity['type'], string> = {
  deposit: '#389e0d',
  withdrawal: '#cf1322',
  other: '#1677ff',
};
/** The kind's arrow: in its colour once the money has moved, grey while it has not (or never will). */
function ActivityIcon({ item }: { item: RecentActivity }) {
  const style = { color: MONEY_MOVED[item.type] === item.status ? ICON_COLORS[item.type] : '#bfbfbf' };
  if (item.type === 'deposit') return <ArrowDownOutlined style={style} />;
  if (item.type === 'withdrawal') return <ArrowUpOutlined style={style} />;
  return <SwapOutlined style={style} />;
}
const SIGN: Record<RecentActivity['type'], string> = { deposit: '+', withdrawal: '-', other: '' };

/** Money has moved only for an approved deposit and a completed (paid out) withdrawal. */
const MONEY_MOVED: Record<RecentActivity['type'], string | null> = {
  deposit: 'approved',
  withdrawal: 'completed',
  other: null,
};

const STATUS_COLORS: Record<string, string> = {
  pending: 'gold',
  reviewing: 'orange',
  processing: 'blue',
  approved: 'cyan',
  completed: 'green',
  rejected: 'red',
};

function statusLabel(item: RecentActivity, t: TFunction<'admin'>): string {
  if (item.type === 'deposit' && (depositStatuses as readonly string[]).includes(item.status))
    return t(`deposits.status.${item.status as DepositStatus}`);
  if (item.type === 'withdrawal' && (withdrawalStatuses as readonly string[]).includes(item.status))
    return t(`withdrawals.status.${item.status as WithdrawalStatus}`);
  return item.status;
}

/** The status tag; an approved deposit is green like a completed withdrawal (its money has moved). */
function StatusTag({ item }: { item: RecentActivity }) {
  const { t } = useTranslation('admin');
  const moved = MONEY_MOVED[item.type] === item.status;
  return (
    <Tag
      color={moved ? 'green' : (STATUS_COLORS[item.status] ?? 'default')}
      style={{ marginInlineEnd: 0 }}
      data-testid="wallet-activity-status"
    >
      {statusLabel(item, t)}
    </Tag>
  );
}

/** The amount with every digit; signed and coloured only when the money has moved. */
function ActivityAmount({ item }: { item: RecentActivity }) {
  const moved = MONEY_MOVED[item.type] === item.status;
  const text = formatExactAmount(item.amount, item.currency);
  if (!moved) {
    return (
      <Typography.Text type="secondary" data-testid="wallet-activity-amount">
        {text}
      </Typography.Text>
    );
  }
  return (
    <Typography.Text
      strong
      type={item.type === 'withdrawal' ? 'danger' : 'success'}
      data-testid="wallet-activity-amount"
    >
      {SIGN[item.type]}
      {text}
    </Typography.Text>
  );
}

/** 最近活动: the latest deposits and withdrawals with their status; 查看全部 opens the journal. */
export function RecentActivities({
  data,
  onRefresh,
  refreshing,
}: {
  data: WalletOverview;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const { t } = useTranslation('admin');
  return (
    <Card
      title={t('walletOverview.recent')}
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
            aria-label={t('walletOverview.refreshRecent')}
            data-testid="wallet-activities-refresh"
          />
          <Link to="/admin/transactions" data-testid="wallet-activities-all">
            {t('walletOverview.viewAll')}
          </Link>
        </Flex>
      }
    >
      {data.recentActivities.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('walletOverview.noRecent')} />
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
              <ActivityIcon item={item} />
              <Flex vertical flex={1} style={{ minWidth: 0 }}>
                <Typography.Text ellipsis>{item.description}</Typography.Text>
                <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                  {item.user_email} · {formatDateTime(item.created_at)}
                </Typography.Text>
              </Flex>
              <Flex vertical align="end" gap={2} style={{ flex: 'none' }}>
                <ActivityAmount item={item} />
                <StatusTag item={item} />
              </Flex>
            </Flex>
          ))}
        </Flex>
      )}
    </Card>
  );
}
