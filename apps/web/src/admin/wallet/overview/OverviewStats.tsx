import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  ClockCircleOutlined,
  LineChartOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { WalletOverview } from '@platform/contracts';
import { formatCount, formatUSDT, netInflow } from '@platform/domain';
import { Card, Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FitStatistic } from '../../../components/FitStatistic.tsx';

interface StatSpec {
  key: string;
  title: string;
  value: string;
  icon?: ReactNode;
  color?: string;
}

function StatGrid({ stats, prefix, span }: { stats: StatSpec[]; prefix: string; span: number }) {
  return (
    <Row gutter={[16, 16]}>
      {stats.map((stat) => (
        <Col key={stat.key} xs={12} md={8} xl={span}>
          <Card size="small" style={{ height: '100%' }} data-testid={`${prefix}-${stat.key}`}>
            <FitStatistic
              title={stat.title}
              prefix={stat.icon}
              value={stat.value}
              styles={{ content: { fontSize: 20, ...(stat.color ? { color: stat.color } : {}) } }}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** Total, deposited and active users. */
export function UserStats({ data }: { data: WalletOverview }) {
  const { t } = useTranslation('admin');
  const { totalUsers, depositedUsers, activeUsers } = data.userStats;
  return (
    <Card title={t('walletOverview.userStats')} size="small">
      <StatGrid
        prefix="wallet-users"
        span={8}
        stats={[
          {
            key: 'total',
            title: t('walletOverview.totalUsers'),
            value: formatCount(totalUsers),
            icon: <TeamOutlined />,
          },
          { key: 'deposited', title: t('walletOverview.depositedUsers'), value: formatCount(depositedUsers) },
          { key: 'active', title: t('walletOverview.activeUsers'), value: formatCount(activeUsers) },
        ]}
      />
    </Card>
  );
}

/** Total assets, today's deposits and withdrawals, pending counts, today's trading volume. */
export function SummaryCards({ data }: { data: WalletOverview }) {
  const { t } = useTranslation('admin');
  return (
    <StatGrid
      prefix="wallet-summary"
      span={4}
      stats={[
        {
          key: 'totalAssets',
          title: t('walletOverview.totalAssets'),
          value: formatUSDT(data.totalAssets),
        },
        {
          key: 'totalDeposits',
          title: t('walletOverview.todayDeposits'),
          value: formatUSDT(data.totalDeposits),
          icon: <ArrowDownOutlined />,
          color: '#389e0d',
        },
        {
          key: 'totalWithdrawals',
          title: t('walletOverview.todayWithdrawals'),
          value: formatUSDT(data.totalWithdrawals),
          icon: <ArrowUpOutlined />,
          color: '#cf1322',
        },
        {
          key: 'pendingDeposits',
          title: t('walletOverview.pendingDeposits'),
          value: formatCount(data.pendingDeposits),
          icon: <ClockCircleOutlined />,
          color: '#d48806',
        },
        {
          key: 'pendingWithdrawals',
          title: t('walletOverview.pendingWithdrawals'),
          value: formatCount(data.pendingWithdrawals),
          icon: <ClockCircleOutlined />,
          color: '#d48806',
        },
        {
          key: 'todayVolume',
          title: t('walletOverview.todayVolume'),
          value: formatUSDT(data.todayVolume),
          icon: <LineChartOutlined />,
        },
      ]}
    />
  );
}

/** Today's deposits, withdrawals, net inflow (deposits − withdrawals) and the pending counts. */
export function TodayStats({ data }: { data: WalletOverview }) {
  const { t } = useTranslation('admin');
  const net = netInflow(data.totalDeposits, data.totalWithdrawals);
  return (
    <Card title={t('walletOverview.today')} size="small">
      <StatGrid
        prefix="wallet-today"
        span={8}
        stats={[
          {
            key: 'deposits',
            title: t('walletOverview.todayDeposits'),
            value: formatUSDT(data.totalDeposits),
            color: '#389e0d',
          },
          {
            key: 'withdrawals',
            title: t('walletOverview.todayWithdrawals'),
            value: formatUSDT(data.totalWithdrawals),
            color: '#cf1322',
          },
          {
            key: 'netInflow',
            title: t('walletOverview.netInflow'),
            value: formatUSDT(net),
            color: net.startsWith('-') ? '#cf1322' : '#389e0d',
          },
          {
            key: 'pendingDeposits',
            title: t('walletOverview.pendingDeposits'),
            value: formatCount(data.pendingDeposits),
          },
          {
            key: 'pendingWithdrawals',
            title: t('walletOverview.pendingWithdrawals'),
            value: formatCount(data.pendingWithdrawals),
          },
        ]}
      />
    </Card>
  );
}
