import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';

/**
 * One-time admin activation links (issue 32, docs/admins.md): only the token's SHA-256 is stored.
 * A link is in force while unused, unrevoked and before expires_at (24 h); a new link for the same
 * admin, or the admin's deletion, revokes the ones before.
 */
export const adminActivations = pgTable(
  'admin_activations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    /** The super admin who issued it. */
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('admin_activations_token_key').on(t.tokenHash),
    index('admin_activations_user_idx')
      .on(t.userId)
      .where(sql`${t.usedAt} IS NULL AND ${t.revokedAt} IS NULL`),
  ],
);
