/** The whole Drizzle schema: each feature keeps its tables beside its code and is listed here. */

export * from '../modules/address-book/address-book.schema.ts';
export * from '../modules/adjustments/adjustments.schema.ts';
export * from '../modules/admins/admins.schema.ts';
export * from '../modules/audit/audit.schema.ts';
export * from '../modules/auth/account-security/login-events.schema.ts';
export * from '../modules/auth/attempts.schema.ts';
export * from '../modules/auth/auth.schema.ts';
export * from '../modules/auth/recovery/recovery.schema.ts';
export * from '../modules/changes/changes.schema.ts';
export * from '../modules/channels/channels.schema.ts';
export * from '../modules/deposits/deposits.schema.ts';
export * from '../modules/dual-control/dual-control.schema.ts';
export * from '../modules/home/home.schema.ts';
export * from '../modules/idempotency/idempotency.schema.ts';
export * from '../modules/jobs/jobs.schema.ts';
export * from '../modules/kyc/kyc.schema.ts';
export * from '../modules/ledger/ledger.schema.ts';
export * from '../modules/market-data/market-data.schema.ts';
export * from '../modules/market-watch/market-watch.schema.ts';
export * from '../modules/notifications/notifications.schema.ts';
export * from '../modules/reconciliation/reconciliation.schema.ts';
export * from '../modules/risk/risk.schema.ts';
export * from '../modules/stats/stats.schema.ts';
export * from '../modules/team/team.schema.ts';
export * from '../modules/trading/trading.schema.ts';
export * from '../modules/withdrawals/withdrawals.schema.ts';
