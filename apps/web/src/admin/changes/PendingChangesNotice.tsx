import { type AdminNotificationEvent, type ChangesSummary, REALTIME_EVENTS } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Badge, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { playBeep } from '../../lib/operatorAlerts.ts';
import { useSocketEvent } from '../../lib/socket.ts';
import { CHANGES_QUERY_ROOT, CHANGES_SUMMARY_KEY, fetchChangesSummary } from './changesApi.ts';

/** How often the shell asks again when no push arrives (a missed push is caught within this). */
export const CHANGES_SUMMARY_REFRESH_MS = 60_000;

export const CHANGES_PAGE = '/admin/changes';

/**
 * The open changes as every back-office screen shows them (issue 32: every admin learns of a
 * change at once): read on entry, every minute, and at once on an admin_notification of type
 * `change`, which also refreshes the 待生效变更 lists; a delayed change beeps and pops a notice, since
 * it applies by itself in 24 h unless someone cancels it.
 */
export function usePendingChangesSummary(): ChangesSummary | undefined {
  const client = useQueryClient();
  const { notification } = App.useApp();
  const { t } = useTranslation('admin');
  const { data } = useQuery({
    queryKey: CHANGES_SUMMARY_KEY,
    queryFn: ({ signal }) => fetchChangesSummary(signal),
    refetchInterval: CHANGES_SUMMARY_REFRESH_MS,
  });
  useSocketEvent<Partial<AdminNotificationEvent> | undefined>(REALTIME_EVENTS.adminNotification, (event) => {
    if (event?.type !== 'change') return;
    void client.invalidateQueries({ queryKey: CHANGES_QUERY_ROOT });
    if (event.status === 'delayed') {
      playBeep();
      notification.warning({
        key: `change-${event.id ?? ''}`,
        title: event.title,
        description: t('changes.notice.delayed', { message: event.message ?? '' }),
        duration: 0,
      });
    }
  });
  return data;
}

/** The menu entry's count: the changes waiting for this admin's approval. */
export function PendingChangesCount({ summary }: { summary: ChangesSummary | undefined }) {
  const count = summary?.awaiting_me ?? 0;
  if (count === 0) return null;
  return (
    <Badge count={count} size="small" data-testid="changes-awaiting-count" style={{ marginInlineStart: 8 }} />
  );
}

/**
 * The banner over every screen while a change is in its 24 h delay: it applies by itself, so every
 * admin sees it until it is applied, approved or cancelled.
 */
export function DelayedChangesBanner({ summary }: { summary: ChangesSummary | undefined }) {
  const navigate = useNavigate();
  const { t } = useTranslation('admin');
  if (!summary || summary.delayed === 0 || !summary.next_effective_at) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="delayed-changes-banner"
      style={{ marginBottom: 16 }}
      title={t('changes.notice.banner', {
        count: summary.delayed,
        n: summary.delayed,
        time: formatDateTime(summary.next_effective_at),
      })}
      description={t('changes.notice.bannerText')}
      action={
        <Button
          size="small"
          onClick={() => navigate(`${CHANGES_PAGE}?status=delayed`)}
          data-testid="delayed-changes-view"
        >
          {t('changes.notice.view')}
        </Button>
      }
    />
  );
}
