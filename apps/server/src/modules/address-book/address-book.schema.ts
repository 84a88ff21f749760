import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';

/** 地址簿 (migration 0046): a user's saved USDT withdrawal addresses, each once, with a label. */
export const withdrawalAddresses = pgTable(
  'withdrawal_addresses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    network: text('network', { enum: ['TRC20', 'ERC20'] }).notNull(),
    address: text('address').notNull(),
    label: text('label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('withdrawal_addresses_user_address').on(t.userId, t.address),
    check('withdrawal_addresses_network', sql`${t.network} IN ('TRC20', 'ERC20')`),
  ],
);

/** Whitelist mode (migration 0047): a row while it is on. */
export const withdrawalWhitelistModes = pgTable('withdrawal_whitelist_modes', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabledAt: timestamp('enabled_at', { withTimezone: true }).notNull().defaultNow(),
});
