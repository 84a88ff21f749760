import { UnorderedListOutlined } from '@ant-design/icons';
import { type AdminNotificationEvent, REALTIME_EVENTS } from '@platform/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OverviewFrame } from '../../components/OverviewFrame.tsx';
import { useSocketEvent } from '../../lib/socket.ts';
import { RiskAlerts, RiskLargest, RiskPairsTable, RiskTotals } from './risk/RiskTables.tsx';
import { RiskThresholds } from './risk/RiskThresholds.tsx';
import { fetchRiskExposure, RISK_EXPOSURE_KEY, RISK_REFRESH_MS } from './risk/riskApi.ts';

/**
 * 风险敞口 (issue 34, docs/risk-exposure.md): the house's exposure as counterparty, per pair and in
 * total, the stress lines, the largest positions and users (linked to 持仓列表 and the user list), the
 * alerts in force and the thresholds that raise them; reloaded every 5 s. Every figure is defined in
 * packages/contracts/src/risk-exposure.ts.
 */
export default function RiskExposurePage() {
  const { t } = useTranslation('admin');
  const client = useQueryClient();
  // A threshold crossed: reload at once rather than at the next 5 s turn.
  useSocketEvent<Partial<AdminNotificationEvent> | undefined>(REALTIME_EVENTS.adminNotification, (event) => {
    if (event?.type === 'risk') void client.invalidateQueries({ queryKey: RISK_EXPOSURE_KEY });
  });
  return (
    <OverviewFrame
      title={t('menu.risk')}
      testId="risk"
      queryKey={RISK_EXPOSURE_KEY}
      fetch={fetchRiskExposure}
      refreshMs={RISK_REFRESH_MS}
      loadFailed={t('trading.risk.loadFailed')}
      link={{
        to: '/admin/trading/positions',
        label: t('menu.positions'),
        icon: <UnorderedListOutlined />,
        testId: 'risk-go-positions',
      }}
    >
      {(data) => (
        <>
          <RiskAlerts data={data} />
          <RiskTotals data={data} />
          <RiskPairsTable data={data} />
          <RiskLargest data={data} />
          <RiskThresholds symbols={data.pairs.map((p) => p.symbol)} />
        </>
      )}
    </OverviewFrame>
  );
}
