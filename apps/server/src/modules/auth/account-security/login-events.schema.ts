import { loginFailureReasons } from '@platform/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../users/users.schema.ts';

/**
 * Login attempts on an account (migration 0035): every success, and every failure once the account
 * was named (a wrong password, a wrong 2FA code, a disabled account, the 2FA limit reached). An
 * attempt on an unknown account has no owner to show it to and is not kept. At most
 * LOGIN_EVENTS_KEPT per account: each insert drops the older ones.
 */
export const loginEvents = pgTable(
  'login_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    success: boolean('success').notNull(),
    failureReason: text('failure_reason', { enum: loginFailureReasons }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_events_user_id_idx').on(t.userId, t.id),
    check(
      'login_events_reason',
      sql`(${t.success} AND ${t.failureReason} IS NULL) OR (NOT ${t.success} AND ${t.failureReason} IN ('password', 'totp', 'disabled', 'locked'))`,
    ),
  ],
);
