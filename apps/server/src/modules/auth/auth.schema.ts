import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';

/**
 * Every bearer token is backed by a row here, so logout, disabling a user and changing a password
 * revoke it at once. Only a hash of the token is stored.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The last request, refreshed at most once a minute by the lookup (admin idle timeout). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

/**
 * A user's TOTP secret (RFC 6238). `pending_secret` is the one /2fa/setup handed out, moved to
 * `secret` once /2fa/enable proves the authenticator has it. `last_used_step` is the time step of
 * the last accepted code: a code is accepted only for a later step, so nobody can replay it.
 * The secret never leaves the server except in the setup reply.
 */
export const twoFactorCredentials = pgTable(
  'two_factor_credentials',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    secret: text('secret'),
    pendingSecret: text('pending_secret'),
    pendingCreatedAt: timestamp('pending_created_at', { withTimezone: true }),
    enabledAt: timestamp('enabled_at', { withTimezone: true }),
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('two_factor_credentials_enabled_has_secret', sql`(${t.enabledAt} IS NULL) = (${t.secret} IS NULL)`),
  ],
);

/** Single-use recovery codes: only their SHA-256 is stored; `used_at` is set when one is spent. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_user_code_key').on(t.userId, t.codeHash)],
);
