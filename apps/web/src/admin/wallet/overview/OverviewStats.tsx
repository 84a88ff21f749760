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
  const { totalUsers, depositedUsers, activeUsers } = data.userStats;
  return (
    <Card title="用户统计" size="small">
      <StatGrid
        prefix="wallet-users"
        span={8}
        stats={[
          { key: 'total', title: '总用户数', value: formatCount(totalUsers), icon: <TeamOutlined /> },
          { key: 'deposited', title: '充值用户', value: formatCount(depositedUsers) },
          { key: 'active', title: '活跃用户', value: formatCount(activeUsers) },
        ]}
      />
    </Card>
  );
}

/** Total assets, today's deposits and withdrawals, pending counts, today's trading volume. */
export function SummaryCards({ data }: { data: WalletOverview }) {
  return (
    <StatGrid
      prefix="wallet-summary"
      span={4}
      stats={[
        {
          key: 'totalAssets',
          title: '平台总资产',
          value: formatUSDT(data.totalAssets),
        },
        {
          key: 'totalDeposits',
          title: '今日充值',
          value: formatUSDT(data.totalDeposits),
          icon: <ArrowDownOutlined />,
          color: '#389e0d',
        },
        {
          key: 'totalWithdrawals',
          title: '今日提现',
          value: formatUSDT(data.totalWithdrawals),
          icon: <ArrowUpOutlined />,
          color: '#cf1322',
        },
        {
          key: 'pendingDeposits',
          title: '待审核充值',
          value: formatCount(data.pendingDeposits),
          icon: <ClockCircleOutlined />,
          color: '#d48806',
        },
        {
          key: 'pendingWithdrawals',
          title: '待处理提现',
          value: formatCount(data.pendingWithdrawals),
          icon: <ClockCircleOutlined />,
          color: '#d48806',
        },
        {
          key: 'todayVolume',
          title: '今日交易量',
          value: formatUSDT(data.todayVolume),
          icon: <LineChartOutlined />,
        },
      ]}
    />
  );
}

/** Today's deposits, withdrawals, net inflow (deposits − withdrawals) and the pending counts. */
export function TodayStats({ data }: { data: WalletOverview }) {
  const net = netInflow(data.totalDeposits, data.totalWithdrawals);
  return (
    <Card title="今日统计" size="small">
      <StatGrid
        prefix="wallet-today"
        span={8}
        stats={[
          { key: 'deposits', title: '今日充值', value: formatUSDT(data.totalDeposits), color: '#389e0d' },
          {
            key: 'withdrawals',
            title: '今日提现',
            value: formatUSDT(data.totalWithdrawals),
            color: '#cf1322',
          },
          {
            key: 'netInflow',
            title: '净流入',
            value: formatUSDT(net),
            color: net.startsWith('-') ? '#cf1322' : '#389e0d',
          },
          { key: 'pendingDeposits', title: '待审核充值', value: formatCount(data.pendingDeposits) },
          { key: 'pendingWithdrawals', title: '待处理提现', value: formatCount(data.pendingWithdrawals) },
        ]}
      />
    </Card>
  );
}
