import type { WalletOverview } from '@platform/contracts';
import { formatCount, formatPercent, formatUSDT, riskMetrics } from '@platform/domain';
import { Card, Col, Progress, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('admin');
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
    <Card title={t('walletOverview.risk')} size="small">
      <Row gutter={[16, 16]}>
        <RiskItem
          id="depositShare"
          title={t('walletOverview.depositShare')}
          value={formatPercent(risk.depositShare, 1, { sign: false })}
          hint={t('walletOverview.depositShareHint')}
          bar={risk.depositShare}
        />
        <RiskItem
          id="averageAssetsPerUser"
          title={t('walletOverview.averageAssets')}
          value={formatUSDT(risk.averageAssetsPerUser)}
          hint={t('walletOverview.averageAssetsHint')}
        />
        <RiskItem
          id="pendingOrders"
          title={t('walletOverview.pendingOrders')}
          value={formatCount(risk.pendingOrders)}
          hint={t('walletOverview.pendingOrdersHint')}
        />
        <RiskItem
          id="depositConversionRate"
          title={t('walletOverview.conversion')}
          value={formatPercent(risk.depositConversionRate, 1, { sign: false })}
          hint={t('walletOverview.conversionHint')}
          bar={risk.depositConversionRate}
        />
      </Row>
    </Card>
  );
}
