import { type AdminNotificationEvent, DASHBOARD_REFRESH_MS, REALTIME_EVENTS } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSocketEvent } from '../../lib/socket.ts';
import { RiskAlerts } from '../trading/risk/RiskTables.tsx';
import { fetchRiskExposure, RISK_EXPOSURE_KEY } from '../trading/risk/riskApi.ts';

/**
 * The dashboard's 风险敞口预警: the exposure's alerts in force (a pair's threshold crossed and not
 * back under), refreshed with the dashboard and at once when the alert step's admin_notification
 * (type risk) arrives; 查看 opens 风险敞口. Nothing is shown without alerts or while the call fails.
 */
export function RiskAlertBanner() {
  const navigate = useNavigate();
  const { t } = useTranslation('admin');
  const { data, refetch } = useQuery({
    queryKey: RISK_EXPOSURE_KEY,
    queryFn: ({ signal }) => fetchRiskExposure(signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
  useSocketEvent<Partial<AdminNotificationEvent> | undefined>(REALTIME_EVENTS.adminNotification, (event) => {
    if (event?.type === 'risk') void refetch();
  });
  if (!data || data.alerts.length === 0) return null;
  return (
    <RiskAlerts
      data={data}
      action={
        <Button size="small" onClick={() => navigate('/admin/trading/risk')} data-testid="risk-alert-details">
          {t('dashboard.view')}
        </Button>
      }
    />
  );
}
