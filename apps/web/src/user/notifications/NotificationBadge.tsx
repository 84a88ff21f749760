import { Badge } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnreadCount } from './useNotifications.ts';

/** `children` (the 我的 tab's icon) with the count of unread notifications, live. */
export function NotificationBadge({ children }: { children: ReactNode }) {
  const unread = useUnreadCount() ?? 0;
  const { t } = useTranslation('user');
  return (
    <Badge
      count={unread}
      size="small"
      overflowCount={99}
      offset={[4, 0]}
      title={unread > 0 ? t('notifications.unreadCount', { count: unread, unread }) : undefined}
    >
      <span data-testid="nav-unread" data-unread={unread} style={{ fontSize: 'inherit', color: 'inherit' }}>
        {children}
      </span>
    </Badge>
  );
}
