import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../users/users.schema.ts';

export const ACCOUNT_TOKEN_PURPOSES = ['email_verification', 'password_reset'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/**
 * One-time links of account recovery (migration 0048, docs/mail.md): only the token's SHA-256 is
 * kept; a link is spent once (used_at), before expires_at by the database's clock.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    purpose: text('purpose', { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address the link went to: a verification counts only while the account still has it. */
    email: text('email').notNull(),
    /** The super admin who issued a support link; null for a link sent by mail. */
    issuedBy: bigint('issued_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    // Named as migration 0048's inline REFERENCES named them (PostgreSQL's `<table>_<column>_fkey`).
    foreignKey({
      name: 'account_tokens_user_id_fkey',
      columns: [t.userId],
      foreignColumns: [users.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'account_tokens_issued_by_fkey',
      columns: [t.issuedBy],
      foreignColumns: [users.id],
    }).onDelete('set null'),
    uniqueIndex('account_tokens_token_hash_key').on(t.tokenHash),
    index('account_tokens_user_purpose_idx').on(t.userId, t.purpose, t.createdAt),
    check('account_tokens_purpose', sql`${t.purpose} IN ('email_verification', 'password_reset')`),
  ],
);
