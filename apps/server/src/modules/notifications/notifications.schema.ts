import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';

/** Migration 0032. One id sequence for both kinds, so that an id names one notification. */
export const notificationIds = pgSequence('notification_ids');

/** A user's own notifications, append-only (read state lives in the read tables). */
export const notifications = pgTable(
  'notifications',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).notNull().default(sql`nextval('notification_ids')`),
    type: text('type').notNull(),
    /**
     * What it says (issue 38, migration 0057): a `notices` kind of the server catalogues and its
     * parameters, rendered in each reader's language (docs/i18n.md). Rows written before carry
     * their Chinese title and body instead, shown as stored.
     */
    kind: text('kind'),
    params: jsonb('params'),
    title: text('title'),
    body: text('body'),
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.id], name: 'notifications_pkey' }),
    check(
      'notifications_kind_or_text',
      sql`(${t.kind} IS NOT NULL AND ${t.params} IS NOT NULL) OR (${t.title} IS NOT NULL AND ${t.body} IS NOT NULL)`,
    ),
  ],
);

/** One row per broadcast (announcements), seen by every user registered before it. */
export const notificationBroadcasts = pgTable('notification_broadcasts', {
  id: bigint('id', { mode: 'number' }).primaryKey().default(sql`nextval('notification_ids')`),
  type: text('type').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  link: text('link'),
  source: text('source').notNull().unique('notification_broadcasts_source_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's "all read" mark: every notification with an id up to read_through is read. */
export const notificationReadMarks = pgTable(
  'notification_read_marks',
  {
    userId: bigint('user_id', { mode: 'number' }).primaryKey(),
    readThrough: bigint('read_through', { mode: 'number' }).notNull(),
  },
  // Foreign keys named as migration 0032's inline REFERENCES named them (`<table>_<column>_fkey`).
  (t) => [
    foreignKey({
      name: 'notification_read_marks_user_id_fkey',
      columns: [t.userId],
      foreignColumns: [users.id],
    }),
  ],
);

/** Notifications read one by one above the user's mark. */
export const notificationReads = pgTable(
  'notification_reads',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    notificationId: bigint('notification_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.notificationId], name: 'notification_reads_pkey' }),
    foreignKey({ name: 'notification_reads_user_id_fkey', columns: [t.userId], foreignColumns: [users.id] }),
  ],
);
