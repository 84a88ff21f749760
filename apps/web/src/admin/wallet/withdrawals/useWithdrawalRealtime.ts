import {
  type AdminNotificationEvent,
  REALTIME_EVENTS,
  type WithdrawalStatusUpdateEvent,
} from '@platform/contracts';
import { useTranslation } from 'react-i18next';
import { playBeep, showBrowserNotification } from '../../../lib/operatorAlerts.ts';
import { useSocketEvent } from '../../../lib/socket.ts';

/**
 * admin_notification about a withdrawal: beep if asked, a browser notification when permitted, reload.
 * withdrawal_status_update: reload.
 */
export function useWithdrawalRealtime(reload: () => void): void {
  const { t } = useTranslation('admin');
  useSocketEvent<Partial<AdminNotificationEvent> | undefined>(REALTIME_EVENTS.adminNotification, (event) => {
    // Only withdrawal notices (untyped ones too, as ever): deposits, adjustments, payouts and
    // reconciliation alerts have their own pages and must not beep or reload this one.
    if (event?.type && event.type !== 'withdrawal') return;
    if (event?.sound) playBeep();
    showBrowserNotification(
      event?.title || t('withdrawals.newTitle'),
      event?.message || t('withdrawals.newBody'),
    );
    reload();
  });
  useSocketEvent<WithdrawalStatusUpdateEvent>(REALTIME_EVENTS.withdrawalStatusUpdate, () => reload());
}
