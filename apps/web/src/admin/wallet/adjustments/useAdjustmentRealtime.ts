import {
  ADJUSTMENT_STATUS_UPDATE_EVENT,
  type AdjustmentStatusUpdateEvent,
  type AdminNotificationEvent,
  REALTIME_EVENTS,
} from '@platform/contracts';
import { useTranslation } from 'react-i18next';
import { playBeep, showBrowserNotification } from '../../../lib/operatorAlerts.ts';
import { useSocketEvent } from '../../../lib/socket.ts';

/**
 * 余额调整 in realtime. admin_notification of type adjustment (a proposal that waits for this admin's
 * review; the server never sends it to the proposer): beep if asked, a browser notification when
 * permitted, reload. adjustment_status_update (anyone's approval or rejection): reload.
 */
export function useAdjustmentRealtime(reload: () => void): void {
  const { t } = useTranslation('admin');
  useSocketEvent<Partial<AdminNotificationEvent> | undefined>(REALTIME_EVENTS.adminNotification, (event) => {
    if (event?.type !== 'adjustment') return;
    if (event.sound) playBeep();
    showBrowserNotification(
      event.title || t('adjustmentForm.newTitle'),
      event.message || t('adjustmentForm.newBody'),
    );
    reload();
  });
  useSocketEvent<AdjustmentStatusUpdateEvent>(ADJUSTMENT_STATUS_UPDATE_EVENT, () => reload());
}
