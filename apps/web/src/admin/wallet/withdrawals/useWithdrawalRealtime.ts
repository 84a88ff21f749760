import {
  type AdminNotificationEvent,
  REALTIME_EVENTS,
  type WithdrawalStatusUpdateEvent,
} from '@platform/contracts';
import { useSocketEvent } from '../../../lib/socket.ts';
import { playBeep, showBrowserNotification } from './realtimeAlerts.ts';

/**
 * admin_notification about a withdrawal: beep if asked, a browser notification when permitted, reload.
 * withdrawal_status_update: reload.
 */
export function useWithdrawalRealtime(reload: () => void): void {
  useSocketEvent<Partial<AdminNotificationEvent> | undefined>(REALTIME_EVENTS.adminNotification, (event) => {
    // Deposits, adjustments and reconciliation alerts have their own pages.
    if (event?.type === 'deposit' || event?.type === 'reconciliation' || event?.type === 'adjustment') return;
    if (event?.sound) playBeep();
    showBrowserNotification(event?.title, event?.message);
    reload();
  });
  useSocketEvent<WithdrawalStatusUpdateEvent>(REALTIME_EVENTS.withdrawalStatusUpdate, () => reload());
}
