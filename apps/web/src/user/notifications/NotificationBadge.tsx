import { Badge } from 'antd';
import type { ReactNode } from 'react';
import { useUnreadCount } from './useNotifications.ts';

/** `children` (the 我的 tab's icon) with the count of unread notifications, live. */
export function NotificationBadge({ children }: { children: ReactNode }) {
  const unread = useUnreadCount() ?? 0;
  return (
    <Badge
      count={unread}
      size="small"
      overflowCount={99}
      offset={[4, 0]}
      title={unread > 0 ? `${unread} 条未读通知` : undefined}
    >
      <span data-testid="nav-unread" data-unread={unread} style={{ fontSize: 'inherit', color: 'inherit' }}>
        {children}
      </span>
    </Badge>
  );
}
