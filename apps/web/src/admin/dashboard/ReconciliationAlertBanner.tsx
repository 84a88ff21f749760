import { type AdminNotificationEvent, DASHBOARD_REFRESH_MS, REALTIME_EVENTS } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/request.ts';
import { useSocketEvent } from '../../lib/socket.ts';
import {
  acknowledgeReconciliation,
  fetchReconciliationAlert,
  RECONCILIATION_ALERT_QUERY_KEY,
} from './reconciliationApi.ts';

/** The 对账记录 screen, on its 待确认 runs: where the breaches are listed one by one. */
export const RECONCILIATION_RUNS_LINK = '/admin/wallet/reconciliation?result=unacknowledged';

/**
 * The red 对账异常 alert: shown while a failed reconciliation run waits for an admin, with its
 * summary; 查看详情 opens 对账记录 on the runs that wait, 确认已知悉 acknowledges this one (audited on
 * the server). Refreshed with the dashboard and at
 * once when the job's admin_notification arrives. Nothing is shown while the call fails: the
 * dashboard's own error covers a server that cannot be reached.
 */
export function ReconciliationAlertBanner() {
  const { message } = App.useApp();
  const { t } = useTranslation('admin');
  const client = useQueryClient();
  const navigate = useNavigate();
  const { data: alert, refetch } = useQuery({
    queryKey: RECONCILIATION_ALERT_QUERY_KEY,
    queryFn: ({ signal }) => fetchReconciliationAlert(signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
  useSocketEvent<Partial<AdminNotificationEvent> | undefined>(REALTIME_EVENTS.adminNotification, (event) => {
    if (event?.type === 'reconciliation') void refetch();
  });
  const acknowledge = useMutation({
    mutationFn: acknowledgeReconciliation,
    onSuccess: () => {
      message.success(t('dashboard.acknowledged'));
      void client.invalidateQueries({ queryKey: RECONCILIATION_ALERT_QUERY_KEY });
    },
    onError: (error) => {
      message.error(errorMessage(error, t('dashboard.acknowledgeFailed')));
      void client.invalidateQueries({ queryKey: RECONCILIATION_ALERT_QUERY_KEY });
    },
  });

  if (!alert) return null;
  const more =
    alert.unacknowledged > 1
      ? t('dashboard.reconciliationMore', { count: alert.unacknowledged - 1, n: alert.unacknowledged - 1 })
      : '';
  return (
    <Alert
      type="error"
      showIcon
      data-testid="reconciliation-alert"
      title={t('dashboard.reconciliationTitle', { summary: alert.summary })}
      description={t('dashboard.reconciliationText', {
        time: formatDateTime(alert.finished_at),
        count: alert.breach_count,
        n: alert.breach_count,
        more,
      })}
      action={
        <Space>
          <Button
            size="small"
            onClick={() => navigate(RECONCILIATION_RUNS_LINK)}
            data-testid="reconciliation-alert-details"
          >
            {t('dashboard.details')}
          </Button>
          <Button
            danger
            size="small"
            loading={acknowledge.isPending}
            onClick={() => acknowledge.mutate(alert.run_id)}
            data-testid="reconciliation-alert-ack"
          >
            {t('dashboard.acknowledge')}
          </Button>
        </Space>
      }
    />
  );
}
