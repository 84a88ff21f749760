import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';

/** 自选 (migration 0049): a user's favourite pairs, one row, in the user's order. */
export const favoritePairs = pgTable(
  'favorite_pairs',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    symbols: text('symbols').array().notNull().default(sql`'{}'`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('favorite_pairs_bounded', sql`cardinality(${t.symbols}) <= 50`)],
);

/** 价格提醒 (migration 0050): a user's alerts on a pair's index price. */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    direction: text('direction', { enum: ['above', 'below'] }).notNull(),
    price: numeric('price', { precision: 38, scale: 18 }).notNull(),
    repeat: text('repeat', { enum: ['once', 'every'] }).notNull(),
    status: text('status', { enum: ['active', 'triggered'] })
      .notNull()
      .default('active'),
    armed: boolean('armed').notNull().default(true),
    triggeredCount: integer('triggered_count').notNull().default(0),
    lastTriggeredAt: timestamp('last_triggered_at', { withTimezone: true }),
    lastTriggeredPrice: numeric('last_triggered_price', { precision: 38, scale: 18 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('price_alerts_user_idx').on(t.userId, t.id),
    index('price_alerts_active_symbol_idx').on(t.symbol).where(sql`${t.status} = 'active'`),
    check('price_alerts_direction', sql`${t.direction} IN ('above', 'below')`),
    check('price_alerts_repeat', sql`${t.repeat} IN ('once', 'every')`),
    check('price_alerts_status', sql`${t.status} IN ('active', 'triggered')`),
    check('price_alerts_price_positive', sql`${t.price} > 0`),
  ],
);
