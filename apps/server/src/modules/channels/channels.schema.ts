import { sql } from 'drizzle-orm';
import { bigint, check, index, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { money } from '../../db/columns.ts';

/** Where users send money: an address or payee account, with an optional QR image (spec 001 §3). */
export const depositChannels = pgTable(
  'deposit_channels',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    type: text('type', { enum: ['crypto', 'bank', 'alipay', 'wechat'] }).notNull(),
    currency: text('currency').notNull(),
    /** Wallet address for crypto, payee information otherwise. */
    address: text('address').notNull(),
    /** A private upload's URL (served only to signed-in users), or an external image URL. */
    qrCodeUrl: text('qr_code_url'),
    minAmount: money('min_amount').notNull().default('0'),
    maxAmount: money('max_amount').notNull(),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('deposit_channels_status_idx').on(t.status),
    check('deposit_channels_limits', sql`${t.minAmount} >= 0 AND ${t.maxAmount} >= ${t.minAmount}`),
    check('deposit_channels_currency_format', sql`${t.currency} ~ '^[A-Z0-9]{2,12}$'`),
  ],
);

/** How users are paid out; fee_rate is a fraction (0.015 is 1.5%). */
export const withdrawChannels = pgTable(
  'withdraw_channels',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    type: text('type', { enum: ['usdt', 'wechat', 'alipay'] }).notNull(),
    currency: text('currency').notNull(),
    minAmount: money('min_amount').notNull().default('0'),
    maxAmount: money('max_amount').notNull().default('999999999'),
    feeRate: numeric('fee_rate', { precision: 12, scale: 8 }).notNull().default('0'),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('withdraw_channels_type_status_idx').on(t.type, t.status),
    check('withdraw_channels_limits', sql`${t.minAmount} >= 0 AND ${t.maxAmount} >= ${t.minAmount}`),
    check('withdraw_channels_fee_rate', sql`${t.feeRate} >= 0 AND ${t.feeRate} <= 1`),
    check('withdraw_channels_currency_format', sql`${t.currency} ~ '^[A-Z0-9]{2,12}$'`),
  ],
);
