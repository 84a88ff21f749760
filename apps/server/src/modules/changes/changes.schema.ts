import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';

/**
 * Pending changes (issue 32, migration 0038; docs/pending-changes.md): a proposal of a
 * money-affecting setting, what it replaces (`before`, read when proposed) and the validated value
 * it applies (`after`). `pending` waits for another admin of `required_level`; `delayed` takes
 * effect at `effective_at` unless cancelled (no other eligible approver existed).
 */
export const adminChanges = pgTable(
  'admin_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after').notNull(),
    requiredLevel: text('required_level', { enum: ['admin', 'super_admin'] }).notNull(),
    status: text('status', { enum: ['pending', 'delayed', 'applied', 'rejected', 'cancelled', 'stale'] })
      .notNull()
      .default('pending'),
    proposerAdminId: bigint('proposer_admin_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    decidedByAdminId: bigint('decided_by_admin_id', { mode: 'number' }).references(() => users.id),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull().defaultNow(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
  },
  (t) => [
    index('admin_changes_status_idx').on(t.status, t.proposedAt),
    index('admin_changes_proposed_idx').on(t.proposedAt),
    index('admin_changes_due_idx').on(t.effectiveAt).where(sql`${t.status} = 'delayed'`),
    check('admin_changes_level', sql`${t.requiredLevel} IN ('admin', 'super_admin')`),
    check(
      'admin_changes_status',
      sql`${t.status} IN ('pending', 'delayed', 'applied', 'rejected', 'cancelled', 'stale')`,
    ),
  ],
);

export type AdminChangeRow = typeof adminChanges.$inferSelect;
