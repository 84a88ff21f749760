import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * A lease on a named background job (ARCHITECTURE.md, "Background jobs, instances and shutdown"):
 * with several instances, exactly one holds it and runs the job. The holder renews it well before
 * it expires; a holder that dies stops renewing and another instance takes over within
 * `takeoverWithinMs` (the TTL, then one standby turn). On PGlite there is one process, so it always wins.
 *
 * Each new holder gets a fencing token one higher than the last (renewals keep it; a release only
 * expires the row, so the count never restarts). A holder that paused past its expiry (a long GC, a
 * frozen VM) still believes it holds the lease; `fence` inside the guarded work's own transaction
 * stops it from writing once someone else has taken over.
 */
export interface Lease {
  readonly name: string;
  readonly holder: string;
  /** How often its loop renews it (and a standby tries to take it): a fifth of the TTL. */
  readonly renewEveryMs: number;
  /** The longest a dead holder delays the job: the TTL, then at most one standby turn. */
  readonly takeoverWithinMs: number;
  /** This holder's current tenure (its fencing token), or null while it does not hold the lease. */
  readonly tenure: LeaseTenure | null;
  /** Takes or renews the lease; true while this instance holds it. */
  acquire(): Promise<boolean>;
  /**
   * Inside the guarded work's transaction: throws `LeaseLostError` unless this holder still holds an
   * unexpired lease with its token. The row is locked FOR SHARE, so no one takes the lease over
   * before that transaction ends.
   */
  fence(exec: Executor): Promise<void>;
  release(): Promise<void>;
}

export class LeaseLostError extends Error {
  constructor(name: string, token: number | null) {
    super(`lease ${name} (token ${token ?? 'none'}) is no longer held`);
  }
}

/** A new tenure: its token, and the holder whose (expired or released) lease it replaced. */
export interface LeaseTenure {
  token: number;
  previousHolder?: string;
}

/**
 * Every job guarded by a lease, with its TTL, so each job's takeover time is stated in one place
 * (README, "Several instances"): a dead holder's job moves again within leaseTakeoverWithinMs.
 * The trading jobs (limit triggers, expiry, liquidation, take-profit / stop-loss) and the feed's
 * publisher, the price alerts and the exposure's risk alerts, within 12 s; reconciliation and the pruning of idempotency keys, which nothing waits
 * for, and the delayed admin changes (due 24 h after their proposal), within 72 s. A shorter TTL is not free: a holder stalled past it (GC, a slow database) loses
 * the lease, and its fence stops it.
 */
export const LEASED_JOBS = {
  trading: { name: 'trading-jobs', ttlMs: 10_000 },
  marketFeed: { name: 'market-feed', ttlMs: 10_000 },
  reconciliation: { name: 'reconciliation', ttlMs: 60_000 },
  idempotencyPrune: { name: 'idempotency-prune', ttlMs: 60_000 },
  adminChanges: { name: 'admin-changes', ttlMs: 60_000 },
  priceAlerts: { name: 'price-alerts', ttlMs: 10_000 },
  riskAlerts: { name: 'risk-alerts', ttlMs: 10_000 },
} as const;

/** Renewal five times per TTL: a holder survives four failed renewals before losing its lease. */
export function leaseRenewEveryMs(ttlMs: number): number {
  return Math.max(50, Math.floor(ttlMs / 5));
}

export function leaseTakeoverWithinMs(ttlMs: number): number {
  return ttlMs + leaseRenewEveryMs(ttlMs);
}

export function createLease(
  db: Db,
  name: string,
  ttlMs: number,
  holder = `${process.pid}-${randomUUID()}`,
): Lease {
  const ttl = `${Math.ceil(ttlMs)} milliseconds`;
  let tenure: LeaseTenure | null = null;
  return {
    name,
    holder,
    renewEveryMs: leaseRenewEveryMs(ttlMs),
    takeoverWithinMs: leaseTakeoverWithinMs(ttlMs),
    get tenure() {
      return tenure;
    },
    async acquire() {
      // `before` reads the row as it was before this statement (one snapshot), to name whom we replace.
      const rows = await queryRows<{ token: string; previous: string | null }>(
        db,
        sql`
        WITH before AS (SELECT holder FROM job_leases WHERE name = ${name})
        INSERT INTO job_leases (name, holder, expires_at, token)
        VALUES (${name}, ${holder}, now() + ${ttl}::interval, 1)
        ON CONFLICT (name) DO UPDATE SET
          holder = excluded.holder,
          expires_at = excluded.expires_at,
          token = CASE WHEN job_leases.holder = excluded.holder AND job_leases.expires_at >= now()
                  THEN job_leases.token ELSE job_leases.token + 1 END
        WHERE job_leases.expires_at < now() OR job_leases.holder = excluded.holder
        RETURNING token, (SELECT holder FROM before) AS previous`,
      );
      const row = rows[0];
      if (!row) {
        tenure = null;
        return false;
      }
      const token = Number(row.token);
      if (tenure?.token !== token) {
        tenure = {
          token,
          ...(row.previous && row.previous !== holder ? { previousHolder: row.previous } : {}),
        };
      }
      return true;
    },
    async fence(exec) {
      const token = tenure?.token ?? null;
      const rows =
        token === null
          ? []
          : await queryRows<{ token: string }>(
              exec,
              sql`
              SELECT token FROM job_leases
              WHERE name = ${name} AND holder = ${holder} AND token = ${token} AND expires_at > now()
              FOR SHARE`,
            );
      if (rows.length === 0) throw new LeaseLostError(name, token);
    },
    async release() {
      // Expire rather than delete: the next holder's token must still be higher than ours.
      await db.execute(
        sql`UPDATE job_leases SET expires_at = now() - interval '1 millisecond' WHERE name = ${name} AND holder = ${holder}`,
      );
      tenure = null;
    },
  };
}
