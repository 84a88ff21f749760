import { bigint, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';

/**
 * Leases of background jobs: with several instances, the holder of a live lease runs the job.
 * A lease expires unless renewed, so a crashed holder is replaced within one lease period.
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Fencing token: grows by one with each new holder (not on renewal). */
  token: bigint('token', { mode: 'number' }).notNull().default(1),
});

/**
 * Operating switches shared by every instance (for example whether the market feed should run), so
 * that an admin's start or stop holds across instances and restarts.
 */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
