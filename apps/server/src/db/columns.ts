import { numeric } from 'drizzle-orm/pg-core';

/**
 * NUMERIC with 18 decimal places: amounts never pass through a JavaScript number. The column type
 * of every module's money columns, here below the modules so that no schema imports the ledger's
 * tables to get it.
 */
export const money = (name: string) => numeric(name, { precision: 38, scale: 18 });
