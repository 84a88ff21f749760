/** The whole Drizzle schema: each feature keeps its tables beside its code and is listed here. */
export * from '../modules/auth/auth.schema.ts';
export * from '../modules/ledger/ledger.schema.ts';
