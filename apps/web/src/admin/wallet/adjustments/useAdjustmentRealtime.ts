import {
  ADJUSTMENT_STATUS_UPDATE_EVENT,
  type AdjustmentStatusUpdateEvent,
  type AdminNotificationEvent,
  REALTIME_EVENTS,
} from '@platform/contracts';
import { playBeep, showBrowserNotification } from '../../../lib/operatorAlerts.ts';
import { useSocketEvent } from '../../../lib/socket.ts';

export const NEW_ADJUSTMENT_TITLE = '新的余额调整待复核';
export const NEW_ADJUSTMENT_BODY = '有新的余额调整需要另一位管理员复核';

/**
 * 余额调整 in realtime. admin_notification of type adjustment (a proposal that waits for this admin's
 * review; the server never sends it to the proposer): beep if asked, a browser notification when
 * permitted, reload. adjustment_status_update (anyone's approval or rejection): reload.
 */
export function useAdjustmentRealtime(reload: () => void): void {
  useSocketEvent<Partial<AdminNotificationEvent> | undefined>(REALTIME_EVENTS.adminNotification, (event) => {
    if (event?.type !== 'adjustment') return;
    if (event.sound) playBeep();
    showBrowserNotification(event.title || NEW_ADJUSTMENT_TITLE, event.message || NEW_ADJUSTMENT_BODY);
    reload();
  });
  useSocketEvent<AdjustmentStatusUpdateEvent>(ADJUSTMENT_STATUS_UPDATE_EVENT, () => reload());
}
