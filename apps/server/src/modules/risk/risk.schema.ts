import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { money } from '../../db/columns.ts';
import { users } from '../users/users.schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A pair's alert thresholds of the house's exposure (风险敞口, migration 0054), USDT; null: no alert
 * of that kind. Saved by an admin (audited risk_threshold.save), not a pending change: they move no money.
 */
export const riskThresholds = pgTable(
  'risk_thresholds',
  {
    symbol: text('symbol').primaryKey(),
    netNotional: money('net_notional'),
    worstCaseLoss: money('worst_case_loss'),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('risk_thresholds_positive', sql`${t.netNotional} > 0 AND ${t.worstCaseLoss} > 0`),
    check('risk_thresholds_some', sql`${t.netNotional} IS NOT NULL OR ${t.worstCaseLoss} IS NOT NULL`),
  ],
);

/**
 * A threshold crossed and not yet back under: the dashboard's alert. The row is inserted when the
 * crossing is first seen (ON CONFLICT DO NOTHING: the insert that wins notifies the admins, once) and
 * deleted when the value is back under the threshold.
 */
export const riskAlerts = pgTable(
  'risk_alerts',
  {
    symbol: text('symbol').notNull(),
    /** net_notional | worst_case_loss */
    kind: text('kind').notNull(),
    threshold: money('threshold').notNull(),
    value: money('value').notNull(),
    since: at('since').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.symbol, t.kind], name: 'risk_alerts_pkey' }),
    check('risk_alerts_kind', sql`${t.kind} IN ('net_notional', 'worst_case_loss')`),
  ],
);
