import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { envelope } from './envelope.ts';
import { pageQuery, pagination } from './pagination.ts';

/**
 * The user's notification centre (issue 20): what happened to their money, identity and trades,
 * and the platform's announcements, newest first, each read or unread for this user.
 */

export const notificationTypes = [
  'deposit',
  'withdrawal',
  'kyc',
  'flash_settlement',
  'option_settlement',
  'perpetual_close',
  'team_reward',
  'team_salary',
  'announcement',
  'security',
  'price_alert',
] as const;
export const notificationType = z.enum(notificationTypes);
export type NotificationType = z.infer<typeof notificationType>;
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  deposit: '充值',
  withdrawal: '提现',
  kyc: '实名认证',
  flash_settlement: '秒合约',
  option_settlement: '期权',
  perpetual_close: '永续合约',
  team_reward: '团队奖励',
  team_salary: '团队工资',
  announcement: '公告',
  security: '账户安全',
  price_alert: '价格提醒',
};

export const userNotification = z.object({
  id: z.number().int(),
  type: notificationType,
  title: z.string(),
  body: z.string(),
  /** Where the row leads in the user app (a path), or null (the body is all there is). */
  link: z.string().nullable(),
  created_at: z.string(),
  read: z.boolean(),
});
export type UserNotification = z.infer<typeof userNotification>;

export const notificationsQuery = pageQuery.extend({
  /** Only this kind (the timed screens ask for their unread settlements). */
  type: notificationType.optional(),
  unread: z
    .enum(['true', 'false'], { error: 'unread 必须是 true 或 false' })
    .transform((v) => v === 'true')
    .optional(),
});
export type NotificationsQuery = z.infer<typeof notificationsQuery>;

export const notificationsReply = envelope(
  z.object({
    notifications: z.array(userNotification),
    pagination,
    /** The caller's unread notifications of every type, whatever the filter. */
    unread: z.number().int(),
  }),
);
export type NotificationsData = NonNullable<z.infer<typeof notificationsReply>['data']>;

/** Ids one call may mark at most (put a limit on everything). */
export const MAX_NOTIFICATION_IDS = 100;

export const NOTIFICATION_TEXTS = {
  listLoaded: '获取通知成功',
  marked: '已标记为已读',
  idsInvalid: 'ids 必须是通知 id 的数组',
  tooManyIds: `一次最多标记 ${MAX_NOTIFICATION_IDS} 条通知`,
  notFound: (ids: readonly number[]) => `通知不存在或不属于当前用户：${ids.join('、')}`,
} as const;

export const markNotificationsReadBody = z
  .object({
    /** The caller's notifications to mark read; without it, all of them. */
    ids: z
      .array(
        z
          .number({ error: NOTIFICATION_TEXTS.idsInvalid })
          .int(NOTIFICATION_TEXTS.idsInvalid)
          .positive(NOTIFICATION_TEXTS.idsInvalid),
        {
          error: NOTIFICATION_TEXTS.idsInvalid,
        },
      )
      .min(1, NOTIFICATION_TEXTS.idsInvalid)
      .max(MAX_NOTIFICATION_IDS, NOTIFICATION_TEXTS.tooManyIds)
      .optional(),
  })
  .strict();
export type MarkNotificationsReadBody = z.infer<typeof markNotificationsReadBody>;

export const markNotificationsReadReply = envelope(
  z.object({
    /** Notifications that turned read with this call (already read ones are not counted). */
    marked: z.number().int(),
    unread: z.number().int(),
  }),
);
export type MarkNotificationsReadData = NonNullable<z.infer<typeof markNotificationsReadReply>['data']>;

/** Socket event to the user after a commit that wrote notifications of theirs: { notifications }. */
export const NOTIFICATION_EVENT = 'notification';
export interface NotificationEvent {
  notifications: UserNotification[];
}

export const listNotifications = endpoint({
  method: 'GET',
  path: '/api/notifications',
  operationId: 'listNotifications',
  summary: '通知',
  description: "The caller's notifications.",
  query: notificationsQuery,
  reply: notificationsReply,
});
export const markNotificationsRead = endpoint({
  method: 'POST',
  path: '/api/notifications/read',
  operationId: 'markNotificationsRead',
  summary: '标记通知已读',
  description: 'Marks notifications as read.',
  body: markNotificationsReadBody,
  reply: markNotificationsReadReply,
});
