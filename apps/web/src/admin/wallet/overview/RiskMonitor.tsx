import type { WalletOverview } from '@platform/contracts';
import { formatCount, formatPercent, formatUSDT, riskMetrics } from '@platform/domain';
import { Card, Col, Progress, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { FitStatistic } from '../../../components/FitStatistic.tsx';

/** A percentage string ('62.5') as the number a progress bar draws; display only. */
const barPercent = (percent: string) => Math.min(100, Math.max(0, Number(percent)));

function RiskItem({
  id,
  title,
  value,
  hint,
  bar,
}: {
  id: string;
  title: string;
  value: string;
  hint: string;
  bar?: string;
}) {
  let extra: ReactNode = null;
  if (bar !== undefined) extra = <Progress percent={barPercent(bar)} showInfo={false} size="small" />;
  return (
    <Col xs={12} xl={6}>
      <Card size="small" style={{ height: '100%' }} data-testid={`wallet-risk-${id}`}>
        <FitStatistic title={title} value={value} styles={{ content: { fontSize: 20 } }} />
        {extra}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {hint}
        </Typography.Text>
      </Card>
    </Col>
  );
}

/** 风险监控: today's deposit share, average assets per user, pending orders, deposit conversion rate. */
export function RiskMonitor({ data }: { data: WalletOverview }) {
  const risk = riskMetrics({
    totalAssets: data.totalAssets,
    totalDeposits: data.totalDeposits,
    totalWithdrawals: data.totalWithdrawals,
    pendingDeposits: data.pendingDeposits,
    pendingWithdrawals: data.pendingWithdrawals,
    totalUsers: data.userStats.totalUsers,
    depositedUsers: data.userStats.depositedUsers,
  });
  return (
    <Card title="风险监控" size="small">
      <Row gutter={[16, 16]}>
        <RiskItem
          id="depositShare"
          title="充值占比"
          value={formatPercent(risk.depositShare, 1, { sign: false })}
          hint="今日充值 / (充值 + 提现)"
          bar={risk.depositShare}
        />
        <RiskItem
          id="averageAssetsPerUser"
          title="人均资产"
          value={formatUSDT(risk.averageAssetsPerUser)}
          hint="平台总资产 / 总用户数"
        />
        <RiskItem
          id="pendingOrders"
          title="待处理订单"
          value={formatCount(risk.pendingOrders)}
          hint="待审核充值 + 待处理提现"
        />
        <RiskItem
          id="depositConversionRate"
          title="充值转化率"
          value={formatPercent(risk.depositConversionRate, 1, { sign: false })}
          hint="充值用户 / 总用户数"
          bar={risk.depositConversionRate}
        />
      </Row>
    </Card>
  );
}
