import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../ledger/ledger.repository.ts';

/**
 * A lease on a named background job (DESIGN §2): with several instances, exactly one holds it and
 * runs the job. The holder renews it well before it expires; a holder that dies stops renewing and
 * another instance takes over after at most `ttlMs`. On PGlite there is one process, so it always wins.
 */
export interface Lease {
  readonly name: string;
  readonly holder: string;
  /** Takes or renews the lease; true while this instance holds it. */
  acquire(): Promise<boolean>;
  release(): Promise<void>;
}

export function createLease(
  db: Db,
  name: string,
  ttlMs: number,
  holder = `${process.pid}-${randomUUID()}`,
): Lease {
  const ttl = `${Math.ceil(ttlMs)} milliseconds`;
  return {
    name,
    holder,
    async acquire() {
      const rows = await queryRows<{ holder: string }>(
        db,
        sql`
        INSERT INTO job_leases (name, holder, expires_at)
        VALUES (${name}, ${holder}, now() + ${ttl}::interval)
        ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
        WHERE job_leases.expires_at < now() OR job_leases.holder = excluded.holder
        RETURNING holder`,
      );
      return rows.length === 1;
    },
    async release() {
      await db.execute(sql`DELETE FROM job_leases WHERE name = ${name} AND holder = ${holder}`);
    },
  };
}
