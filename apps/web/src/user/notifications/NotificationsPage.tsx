import type { NotificationType, UserNotification } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListFooter } from '../../components/ListFooter.tsx';
import { WithSupportContact } from '../../components/SupportContact.tsx';
import { errorMessage } from '../../lib/request.ts';
import { UserPage } from '../shell/UserPage.tsx';
import { QuerySection } from '../team/QuerySection.tsx';
import {
  fetchNotifications,
  markNotificationsRead,
  NOTIFICATIONS_QUERY_ROOT,
  notificationKeys,
} from './notificationsApi.ts';
import { useNotificationsLive } from './useNotifications.ts';

const TYPE_COLORS: Record<NotificationType, string> = {
  deposit: 'green',
  withdrawal: 'orange',
  kyc: 'blue',
  flash_settlement: 'purple',
  option_settlement: 'geekblue',
  perpetual_close: 'red',
  team_reward: 'gold',
  team_salary: 'gold',
  announcement: 'cyan',
  security: 'volcano',
  price_alert: 'magenta',
};

function NotificationRow({ item, onOpen }: { item: UserNotification; onOpen: () => void }) {
  const { t } = useTranslation('user');
  return (
    <button
      type="button"
      onClick={onOpen}
      data-testid={`notification-${item.id}`}
      data-read={item.read}
      style={{
        width: '100%',
        display: 'flex',
        flexDirection: 'column',
        gap: 4,
        padding: '12px 12px',
        border: 0,
        borderBottom: '1px solid var(--app-divider)',
        background: item.read ? 'transparent' : '#f5f9ff',
        cursor: 'pointer',
        textAlign: 'left',
        font: 'inherit',
        color: 'inherit',
      }}
    >
      <Flex align="center" gap={6} style={{ width: '100%', minWidth: 0 }}>
        {!item.read && (
          <span
            role="img"
            aria-label={t('notifications.unread')}
            style={{ width: 8, height: 8, borderRadius: 4, background: '#ff4d4f', flex: 'none' }}
          />
        )}
        <Tag color={TYPE_COLORS[item.type]} style={{ marginInlineEnd: 0, flex: 'none' }}>
          {t(`notifications.type.${item.type}`)}
        </Tag>
        <Typography.Text strong={!item.read} ellipsis style={{ flex: 1, minWidth: 0 }}>
          {item.title}
        </Typography.Text>
      </Flex>
      <Typography.Paragraph
        type="secondary"
        ellipsis={{ rows: 2 }}
        style={{ margin: 0, fontSize: 13 }}
        data-testid={`notification-${item.id}-body`}
      >
        {item.body}
      </Typography.Paragraph>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatDateTime(item.created_at)}
      </Typography.Text>
    </button>
  );
}

/**
 * 消息通知 (/me/notifications): the user's notifications, newest first, unread ones marked. A row
 * marks itself read and opens its link (the deposit, withdrawal, contract...); one without a link
 * (an announcement) opens its full text. 全部已读 marks every one read.
 */
export default function NotificationsPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<UserNotification | null>(null);
  const { t } = useTranslation('user');
  useNotificationsLive();
  const query = useQuery({
    queryKey: notificationKeys.page(page),
    queryFn: ({ signal }) => fetchNotifications({ page }, signal),
    placeholderData: (previous) => previous,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_ROOT });
  const mark = useMutation({
    mutationFn: (ids?: number[]) => markNotificationsRead(ids),
    onSuccess: refresh,
    onError: (error) => void message.error(errorMessage(error, t('notifications.markFailed'))),
  });

  const open = (item: UserNotification) => {
    if (!item.read) mark.mutate([item.id]);
    if (item.link) navigate(item.link);
    else setShown(item);
  };
  const unread = query.data?.unread ?? 0;

  return (
    <UserPage
      title={t('notifications.title')}
      back="/me"
      testId="notifications-page"
      extra={
        <Button
          size="small"
          disabled={unread === 0}
          loading={mark.isPending && mark.variables === undefined}
          onClick={() => mark.mutate(undefined)}
          data-testid="notifications-read-all"
        >
          {t('notifications.readAll')}
        </Button>
      }
    >
      <Card styles={{ body: { padding: 0 } }}>
        <QuerySection query={query} failed={t('notifications.failed')} rows={6}>
          {(data) =>
            data.notifications.length === 0 ? (
              <Empty
                description={t('notifications.empty')}
                style={{ padding: '32px 0' }}
                data-testid="notifications-empty"
              />
            ) : (
              <div data-testid="notifications-list">
                {data.notifications.map((item) => (
                  <NotificationRow key={item.id} item={item} onOpen={() => open(item)} />
                ))}
              </div>
            )
          }
        </QuerySection>
      </Card>
      <ListFooter
        pagination={query.data?.pagination}
        page={page}
        noun={t('notifications.unit')}
        onChange={setPage}
        testId="notifications"
      />
      <Modal
        open={shown !== null}
        title={shown?.title}
        onCancel={() => setShown(null)}
        footer={
          <Button type="primary" block onClick={() => setShown(null)}>
            {t('notifications.gotIt')}
          </Button>
        }
        data-testid="notification-detail"
      >
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
          <WithSupportContact text={shown?.body ?? ''} />
        </Typography.Paragraph>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {shown ? formatDateTime(shown.created_at) : ''}
        </Typography.Text>
      </Modal>
    </UserPage>
  );
}
