import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema.ts';

/** Who changed what, from where, with the record before and after (DESIGN.md section 7). */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    adminId: bigint('admin_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** `<target>.<verb>`, e.g. `deposit.approve`, `withdrawal.status`, `admin.create`. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_logs_created_idx').on(t.createdAt),
    index('audit_logs_admin_created_idx').on(t.adminId, t.createdAt),
    index('audit_logs_action_created_idx').on(t.action, t.createdAt),
    index('audit_logs_target_idx').on(t.targetType, t.targetId),
  ],
);
