import {
  type AdminNotificationEvent,
  REALTIME_EVENTS,
  type WithdrawalStatusUpdateEvent,
} from '@platform/contracts';
import { playBeep, showBrowserNotification } from '../../../lib/operatorAlerts.ts';
import { useSocketEvent } from '../../../lib/socket.ts';

export const NEW_WITHDRAWAL_TITLE = '新的提现申请';
export const NEW_WITHDRAWAL_BODY = '有新的提现申请需要处理';

/**
 * admin_notification about a withdrawal: beep if asked, a browser notification when permitted, reload.
 * withdrawal_status_update: reload.
 */
export function useWithdrawalRealtime(reload: () => void): void {
  useSocketEvent<Partial<AdminNotificationEvent> | undefined>(REALTIME_EVENTS.adminNotification, (event) => {
    // Only withdrawal notices (untyped ones too, as ever): deposits, adjustments, payouts and
    // reconciliation alerts have their own pages and must not beep or reload this one.
    if (event?.type && event.type !== 'withdrawal') return;
    if (event?.sound) playBeep();
    showBrowserNotification(event?.title || NEW_WITHDRAWAL_TITLE, event?.message || NEW_WITHDRAWAL_BODY);
    reload();
  });
  useSocketEvent<WithdrawalStatusUpdateEvent>(REALTIME_EVENTS.withdrawalStatusUpdate, () => reload());
}
